"""The hash chain that makes damage to stored history detectable.

Every stored event carries ``hash = sha256(previous hash + the event's canonical JSON)``; the
first event of a table chains from the empty string. Every backend computes the hash when it
appends (reading the head's hash inside the same transaction) and checks the chain whenever it
reads events back, so a changed die face, a changed actor, a dropped or reordered event, damaged
UTF-8 or data that is no longer JSON is reported as ``DamagedTable`` with the first seq that
does not hold -- instead of being replayed as if it were true.

The chain detects damage (a disk, a bad restore, a hand edit); it is not a signature against
someone who may write to the database, who could recompute it.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from json.encoder import encode_basestring as _quoted
from typing import Any

from scenekeeper.store.base import EventRecord, StoreError, dump_canonical, dump_json

GENESIS = ""


class DamagedTable(StoreError):
    """A table's stored history does not hold from event ``seq`` on (``reason`` says why)."""

    def __init__(self, table_id: str, seq: int, reason: str) -> None:
        super().__init__(f"table {table_id!r} is damaged from event #{seq}: {reason}")
        self.table_id = table_id
        self.seq = seq
        self.reason = reason


class DamagedSnapshot(StoreError):
    """A stored snapshot cannot be read; it is only a cache, so callers ignore it."""

    def __init__(self, table_id: str, seq: int, reason: str) -> None:
        super().__init__(f"table {table_id!r}: the snapshot at #{seq} cannot be read: {reason}")
        self.table_id = table_id
        self.seq = seq


def canonical(value: object) -> bytes:
    """One byte string per JSON value, whatever the key order or the backend that stored it."""
    return _CANONICAL.encode(value).encode("utf-8")


_CANONICAL = json.JSONEncoder(
    ensure_ascii=False, allow_nan=False, sort_keys=True, separators=(",", ":")
)


def event_hash(prev: str, record: EventRecord) -> str:
    data = record.data
    body = canonical(
        [
            record.seq,
            record.type,
            data if type(data) is dict else dict(data),
            record.actor,
            record.time,
            record.command_seq,
            record.command,
        ]
    )
    return hashlib.sha256(prev.encode("ascii") + b"\n" + body).hexdigest()


#: An event as the SQL backends store it: the columns of ``events`` in order, data as JSON text,
#: the chain hash last.
EventRow = tuple[str, int, str, str, str, str, int, str, str]


@dataclass(frozen=True)
class Encoded:
    """An event ready to store: the record, its data as the JSON text to store, and the
    canonical body its chain hash is made of (the record with that text as its data)."""

    record: EventRecord
    text: str
    body: bytes


def encode(events: Sequence[EventRecord]) -> list[Encoded]:
    """Encode a batch (already checked with ``check_batch``) before any lock is taken: a bad
    record fails the whole batch with ``StoreError`` and nothing is written.

    The data is stored as written (its keys in their order: a sheet's traits read back in the
    order they were given) and hashed in its canonical form (keys sorted), spliced into the
    record's: exactly ``event_hash`` of the record as it reads back, without reading the text
    back or encoding the record's other fields again (issue 36: two encodings per event, where
    there were three and a reading back). Data with a key that is not text (JSON makes it
    text, so its order could change on reading back) takes the long way: hashed as it reads
    back."""
    encoded = []
    for event in events:
        what = f"data of event seq {event.seq}"
        text = dump_json(event.data, what)
        if _text_keys(event.data):
            body = _body(event, dump_canonical(event.data, what))
        else:
            body = _body(event, canonical(json.loads(text)).decode("utf-8"))
        encoded.append(Encoded(event, text, body))
    return encoded


def _body(record: EventRecord, data: str) -> bytes:
    """``canonical([seq, type, data, actor, time, command_seq, command])`` with the data's
    canonical text spliced in (the JSON encoder writes a list as its items joined by commas)."""
    # check_batch made the seqs ints and the rest text: their canonical forms are these.
    text = _quoted
    return (
        f"[{int(record.seq)},{text(record.type)},{data},{text(record.actor)},"
        f"{text(record.time)},{int(record.command_seq)},{text(record.command)}]"
    ).encode()


def _text_keys(value: object) -> bool:
    """Whether every key of every object in ``value`` is text (as the events' data always is)."""
    if type(value) is list or type(value) is tuple:
        return all(type(item) in _SCALARS or _text_keys(item) for item in value)
    if isinstance(value, Mapping):
        for key, item in value.items():
            if type(key) is not str or (type(item) not in _SCALARS and not _text_keys(item)):
                return False
    return True


#: Values that hold no keys (anything else is looked into, or refused by the encoder).
_SCALARS = frozenset({str, int, float, bool, type(None)})


def event_rows(table_id: str, batch: Sequence[Encoded], prev_hash: str) -> list[EventRow]:
    """The rows to insert, chained on from ``prev_hash``, the hash of the table's head (read in
    the append's own transaction)."""
    rows: list[EventRow] = []
    for item in batch:
        event = item.record
        prev_hash = hashlib.sha256(prev_hash.encode("ascii") + b"\n" + item.body).hexdigest()
        rows.append(
            (
                table_id,
                event.seq,
                event.type,
                item.text,
                event.actor,
                event.time,
                event.command_seq,
                event.command,
                prev_hash,
            )
        )
    return rows


#: A stored row as the SQL backends read it: seq, type, data (text or decoded), actor, time,
#: command_seq, command, hash.
StoredRow = tuple[int, str, Any, str, str, int, str, str]


def verified(
    table_id: str,
    rows: Sequence[StoredRow],
    after: int,
    decode: Callable[[Any], Mapping[str, Any]],
) -> list[EventRecord]:
    """The records of ``rows`` after ``after``, checked against the chain.

    ``rows`` starts with the event at ``after`` itself when ``after > 0`` (its hash is what the
    next event chains from). Raises ``DamagedTable`` at the first event that does not hold.
    """
    prev = GENESIS
    expected_seq = after + 1
    body = list(rows)
    if after > 0:
        if not body or body[0][0] != after:
            if not body:
                return []
            raise DamagedTable(table_id, after, "the event is missing")
        prev = str(body[0][7])
        body = body[1:]
    records = []
    for seq, type_, data, actor, time, command_seq, command, stored in body:
        if seq != expected_seq:
            raise DamagedTable(table_id, expected_seq, "the event is missing")
        try:
            mapping = decode(data)
            if not isinstance(mapping, Mapping):
                raise TypeError("event data is not a JSON object")
            record = EventRecord(
                table_id, seq, type_, mapping, actor, time, command_seq, command, str(stored)
            )
            _check_text(record)
            actual = event_hash(prev, record)
        except (ValueError, TypeError) as error:  # JSONDecodeError, UnicodeError
            raise DamagedTable(table_id, seq, f"its stored data cannot be read ({error})") from None
        if actual != stored:
            raise DamagedTable(table_id, seq, "it was changed after it was written")
        records.append(record)
        prev = stored
        expected_seq += 1
    return records


def _check_text(record: EventRecord) -> None:
    # Damaged UTF-8 read with surrogateescape shows as lone surrogates; so would any text no
    # store can have written (dump_json refuses them on the way in).
    for text in (record.type, record.actor, record.time, record.command):
        text.encode("utf-8")


class Heads:
    """The newest (seq, chain hash) a store saw of each table, by reading or appending: an
    append after it chains from it in one statement. Only a hint: the statement checks it
    against the stored head, and the store reads the head again when it does not hold."""

    def __init__(self) -> None:
        self._known: dict[str, tuple[int, str]] = {}
        self._lock = threading.Lock()

    def get(self, table_id: str, expected_seq: int) -> str | None:
        """The hash to chain from if the head is known to be ``expected_seq``, else None."""
        if expected_seq == 0:
            return GENESIS
        with self._lock:
            known = self._known.get(table_id)
        return known[1] if known is not None and known[0] == expected_seq else None

    def saw(self, table_id: str, seq: int, chain_hash: str) -> None:
        with self._lock:
            known = self._known.get(table_id)
            if known is None or known[0] <= seq:
                self._known[table_id] = (seq, chain_hash)

    def forget(self, table_id: str) -> None:
        with self._lock:
            self._known.pop(table_id, None)
