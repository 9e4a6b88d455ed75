"""The hash chain that makes damage to stored history detectable.

Every stored event carries ``hash = sha256(previous hash + the event as stored)``: its fields
and its data's JSON text exactly as written (``stored_hash``); the first event of a table chains
from the empty string. Events stored before 0.3 were hashed over the event's canonical JSON
instead (``event_hash``: keys sorted, the data as it reads back), and still read as they were:
a reader accepts either. Every backend computes the hash when it
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

from scenekeeper.store.base import EventRecord, StoreError, dump_json

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
    """The hash an event stored before 0.3 carries: the record with its data in canonical form
    (keys sorted) in place of the text as stored."""
    data = record.data
    text = canonical(data if type(data) is dict else dict(data)).decode("utf-8")
    return chained(prev, _body(record, text))


def chained(prev: str, body: bytes) -> str:
    """The hash of an event's ``body`` after the event whose hash is ``prev``."""
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

    The data is encoded once, as written (its keys in their order: a sheet's traits read back
    in the order given), and that text is what is stored and what is hashed (issue 36: one
    encoding per event, where there were three and a reading back)."""
    encoded = []
    for event in events:
        text = dump_json(event.data, f"data of event seq {event.seq}")
        encoded.append(Encoded(event, text, _body(event, text)))
    return encoded


def stored_hash(prev: str, record: EventRecord, text: str) -> str:
    """The chain's hash of ``record`` stored with ``text`` as its data, after ``prev``."""
    return chained(prev, _body(record, text))


def _body(record: EventRecord, data: str) -> bytes:
    """``[seq, type, data, actor, time, command_seq, command]`` as compact JSON, with the data's
    text as stored: for an event whose text is canonical, the same bytes ``event_hash`` hashes."""
    # check_batch made the seqs ints and the rest text: their JSON forms are these.
    text = _quoted
    return (
        f"[{int(record.seq)},{text(record.type)},{data},{text(record.actor)},"
        f"{text(record.time)},{int(record.command_seq)},{text(record.command)}]"
    ).encode()


def event_rows(table_id: str, batch: Sequence[Encoded], prev_hash: str) -> list[EventRow]:
    """The rows to insert, chained on from ``prev_hash``, the hash of the table's head (read in
    the append's own transaction)."""
    rows: list[EventRow] = []
    for item in batch:
        event = item.record
        prev_hash = chained(prev_hash, item.body)
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


#: A stored row as the backends read it: seq, type, data (its JSON text as stored), actor,
#: time, command_seq, command, hash.
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
            # Hashed as stored (since 0.3), else as its canonical JSON (stored before).
            holds = (isinstance(data, str) and stored_hash(prev, record, data) == stored) or (
                event_hash(prev, record) == stored
            )
        except (ValueError, TypeError) as error:  # JSONDecodeError, UnicodeError
            raise DamagedTable(table_id, seq, f"its stored data cannot be read ({error})") from None
        if not holds:
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
