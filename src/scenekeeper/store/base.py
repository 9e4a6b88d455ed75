"""The event store contract every backend (memory, SQLite, PostgreSQL) fulfils.

The store knows nothing of games or event classes: it keeps JSON-shaped records in order per
table and refuses an append whose expected sequence number is stale, so two writers can never
interleave a table's history. One contract test suite (tests/store/) runs against every backend.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit


@dataclass(frozen=True)
class EventRecord:
    """One stored event with its envelope.

    ``seq`` counts from 1 per table with no gaps. All events appended by one command share
    ``command_seq`` (the seq of the first of them) and ``command`` (the command as typed,
    for history). ``type`` is a versioned name such as ``"table.created@1"``; ``data`` is the
    event's JSON object; ``time`` is ISO 8601 in UTC; ``actor`` is the acting person's id.
    """

    table_id: str
    seq: int
    type: str
    data: Mapping[str, Any]
    actor: str
    time: str
    command_seq: int
    command: str = ""
    #: The chain hash the store keeps (``store.chain``); filled in by reads, ignored by appends
    #: and by comparisons (two records with the same content are equal).
    hash: str = field(default="", compare=False)


@dataclass(frozen=True)
class Snapshot:
    """A table's folded state after event ``seq``, in a format named by ``version``.

    Snapshots are a cache: a backend may drop old ones, and a reader that does not know
    ``version`` ignores the snapshot and replays events instead.
    """

    table_id: str
    seq: int
    version: str
    state: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Opened:
    """A Scenekeeper version that opened a store, and when it first and last did (ISO 8601)."""

    version: str
    first: str
    last: str


def now_iso() -> str:
    """The time now, as the store records an opening (UTC, to the second)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class StoreError(RuntimeError):
    """The store could not do what was asked (bad records, unreachable database)."""


class StoreUnavailable(StoreError):
    """The database did not answer (stopped, restarting, out of reach). ``unsure``: a write was
    under way when it stopped, and whether it landed is known only once it answers again."""

    def __init__(self, message: str, *, unsure: bool = False) -> None:
        super().__init__(message)
        self.unsure = unsure


#: What a person is told when the database does not answer: the table is safe, try again.
NOT_SAVED = (
    "The table's database is not answering, so this was not saved; the table is safe as it "
    "was. Try again in a minute."
)
MAYBE_SAVED = (
    "The table's database stopped answering while this was being saved, so it may or may not "
    "have been; the table is safe. When it answers again, look at /history before sending it "
    "again."
)


class AppendConflict(StoreError):
    """Another writer appended first: the table's head is not the expected sequence number."""

    def __init__(self, table_id: str, expected_seq: int, actual_seq: int) -> None:
        super().__init__(f"table {table_id!r}: expected head {expected_seq}, found {actual_seq}")
        self.table_id = table_id
        self.expected_seq = expected_seq
        self.actual_seq = actual_seq


class EventStore(Protocol):
    """Ordered, append-only event streams keyed by table id, plus snapshots."""

    def head(self, table_id: str) -> int:
        """The seq of the table's last event; 0 when the table has none."""
        ...

    def read(self, table_id: str, after: int = 0, upto: int | None = None) -> list[EventRecord]:
        """Events with ``after < seq <= upto`` (no upper bound when ``upto`` is None), in order."""
        ...

    def append(self, table_id: str, expected_seq: int, events: Sequence[EventRecord]) -> None:
        """Append ``events`` (seqs ``expected_seq + 1``, ``+ 2``, ... in order) atomically.

        Raises ``AppendConflict`` and writes nothing when the head is not ``expected_seq``
        (including when another writer wins the race inside the transaction). Raises
        ``StoreError`` for records that do not follow on (wrong table id, gaps) and writes
        nothing. An empty ``events`` is a no-op.
        """
        ...

    def save_snapshot(self, snapshot: Snapshot) -> None:
        """Keep ``snapshot`` (replacing one at the same seq); older ones may be pruned."""
        ...

    def latest_snapshot(self, table_id: str) -> Snapshot | None:
        """The snapshot with the highest seq for the table, if any."""
        ...

    def tables(self) -> list[str]:
        """Ids of the tables that have at least one event, sorted."""
        ...

    def opened_by(self) -> list[Opened]:
        """Each Scenekeeper version that has opened this store (this one included), oldest
        first. A store kept before versions were recorded lists only those since."""
        ...

    def close(self) -> None:
        """Release connections; the store is unusable afterwards."""
        ...


# --- Helpers shared by the backends, so every backend accepts and refuses exactly the same input.

# A JSON-escaped NUL ("\u0000") not itself preceded by an escaping backslash. PostgreSQL jsonb and
# text refuse NUL, so every backend refuses it too: a record accepted by the memory store must
# not fail later when the same table moves to PostgreSQL.
_JSON_NUL = re.compile(r"(?<!\\)(?:\\\\)*\\u0000")


class JsonObject(Mapping[str, Any]):
    """A record's data given as the compact JSON text of an object, by a writer that encoded
    it already (an event's ``to_text``): the store keeps that text as it is, after the same
    checks as any data, and decodes it only if someone reads the mapping (issue 36: one
    encoding per event). The text must be a JSON object; equal to any mapping with its
    content."""

    __slots__ = ("_decoded", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self._decoded: dict[str, Any] | None = None

    def _data(self) -> dict[str, Any]:
        if self._decoded is None:
            self._decoded = json.loads(self.text)
        return self._decoded

    def __getitem__(self, key: str) -> Any:
        return self._data()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data())

    def __len__(self) -> int:
        return len(self._data())

    def __repr__(self) -> str:
        return f"JsonObject({self.text!r})"


def dump_json(value: Mapping[str, Any], what: str) -> str:
    """``value`` as compact JSON text, or ``StoreError`` naming ``what`` if it is not storable."""
    if type(value) is JsonObject:
        return _checked(value.text, what)
    return _dump(_COMPACT, value, what)


def _dump(encoder: json.JSONEncoder, value: Mapping[str, Any], what: str) -> str:
    if not isinstance(value, Mapping):
        raise StoreError(f"{what} must be a JSON object (a mapping), not {type(value).__name__}")
    try:
        text = encoder.encode(value)
    except (TypeError, ValueError) as error:
        raise StoreError(f"{what} is not storable as JSON: {error}") from error
    return _checked(text, what)


def _checked(text: str, what: str) -> str:
    try:
        # Lone surrogates survive json.dumps but no database can store them as UTF-8.
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise StoreError(f"{what} is not storable as JSON: {error}") from error
    if "\\u0000" in text and _JSON_NUL.search(text):
        raise StoreError(f"{what} contains a NUL character, which the store cannot keep")
    return text


def _mapping(value: object) -> object:
    # json.dumps only knows dict; read-only views (MappingProxyType, frozen dicts) are fine too.
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


#: One encoder for every event's data (built once: ``json.dumps`` with options builds one a call).
_COMPACT = json.JSONEncoder(
    ensure_ascii=False, allow_nan=False, separators=(",", ":"), default=_mapping
)


_TEXT_FIELDS = ("type", "actor", "time", "command")


def check_batch(table_id: str, expected_seq: int, events: Sequence[EventRecord]) -> None:
    """Refuse (``StoreError``) a batch that does not follow on from ``expected_seq`` in order."""
    _check_text("table id", table_id)
    if not _is_int(expected_seq) or expected_seq < 0:
        raise StoreError(f"expected_seq must be an integer >= 0, not {expected_seq!r}")
    for offset, event in enumerate(events, start=1):
        want = expected_seq + offset
        if event.table_id != table_id:
            raise StoreError(
                f"event {offset} of the batch is for table {event.table_id!r}, not {table_id!r}"
            )
        if not _is_int(event.seq) or event.seq != want:
            raise StoreError(
                f"table {table_id!r}: event {offset} of the batch has seq {event.seq!r}, "
                f"expected {want} (seqs follow on from expected_seq with no gaps)"
            )
        if not _is_int(event.command_seq):
            raise StoreError(f"event seq {want}: command_seq must be an integer")
        for name in _TEXT_FIELDS:
            value = getattr(event, name)
            if type(value) is not str or "\x00" in value:  # the message only when it is needed
                _check_text(f"event seq {want}: {name}", value)


def check_snapshot(snapshot: Snapshot) -> str:
    """Refuse a malformed snapshot; return its state as JSON text."""
    _check_text("snapshot table id", snapshot.table_id)
    _check_text("snapshot version", snapshot.version)
    if not _is_int(snapshot.seq) or snapshot.seq < 0:
        raise StoreError(f"snapshot seq must be an integer >= 0, not {snapshot.seq!r}")
    return dump_json(snapshot.state, f"snapshot state of table {snapshot.table_id!r}")


def _is_int(value: object) -> bool:
    # Both SQL backends keep seqs as signed 64-bit integers; refuse what they would refuse.
    return isinstance(value, int) and not isinstance(value, bool) and -(2**63) <= value < 2**63


def _check_text(what: str, value: object) -> None:
    if not isinstance(value, str):
        raise StoreError(f"{what} must be a string, not {type(value).__name__}")
    if "\x00" in value:
        raise StoreError(f"{what} contains a NUL character, which the store cannot keep")


# password=value in a libpq key=value string: a quoted value, or a bare one together with any
# following words that are not key=value (a malformed, unquoted password with spaces).
_CONNINFO_PASSWORD = re.compile(
    r"(password\s*=\s*)('(?:[^'\\]|\\.)*'|\S+(?:\s+[^\s=]+(?=\s|$))*)", re.IGNORECASE
)


def redact_url(url: str) -> str:
    """``url`` with any password replaced by ``***``: the only form fit for messages and logs."""
    if "://" not in url:
        # A libpq "key=value" connection string rather than a URL.
        return _CONNINFO_PASSWORD.sub(r"\1***", url)
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:
        return "<unparsable URL>"
    netloc = parts.netloc
    if password is not None:
        userinfo, _, hostport = netloc.rpartition("@")
        user = userinfo.partition(":")[0]
        netloc = f"{user}:***@{hostport}"
    # libpq also takes the password as a query parameter (postgresql://host/db?password=...).
    query = [
        (key, "***" if key.lower() == "password" else value)
        for key, value in parse_qsl(parts.query, keep_blank_values=True)
    ]
    return urlunsplit(
        (parts.scheme, netloc, parts.path, urlencode(query, safe="*"), parts.fragment)
    )
