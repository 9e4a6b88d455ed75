"""The event store contract every backend (memory, SQLite, PostgreSQL) fulfils.

The store knows nothing of games or event classes: it keeps JSON-shaped records in order per
table and refuses an append whose expected sequence number is stale, so two writers can never
interleave a table's history. One contract test suite (tests/store/) runs against every backend.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol


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


class StoreError(RuntimeError):
    """The store could not do what was asked (bad records, unreachable database)."""


class AppendConflict(StoreError):
    """Another writer appended first: the table's head is not the expected sequence number."""

    def __init__(self, table_id: str, expected_seq: int, actual_seq: int) -> None:
        super().__init__(
            f"table {table_id!r}: expected head {expected_seq}, found {actual_seq}"
        )
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

    def close(self) -> None:
        """Release connections; the store is unusable afterwards."""
        ...
