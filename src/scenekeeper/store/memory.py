"""An in-process event store for tests, benchmarks and throwaway tables.

It follows the same contract as the SQL backends, down to storing records as JSON text: a caller
that mutates a dict after appending (or after reading) cannot change history, and data the
databases would refuse (NaN, non-JSON objects, NUL characters) is refused here too.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from typing import NamedTuple

from scenekeeper import __version__
from scenekeeper.store.base import (
    AppendConflict,
    EventRecord,
    Opened,
    Snapshot,
    StoreError,
    check_batch,
    check_snapshot,
    now_iso,
)
from scenekeeper.store.chain import GENESIS, encode, event_rows, verified

# Snapshots kept per table; older ones are pruned on save (they are only a cache).
KEEP_SNAPSHOTS = 3


class _Row(NamedTuple):
    # An event with its data frozen as JSON text; the table id is the dict key that holds it.
    seq: int
    type: str
    data: str
    actor: str
    time: str
    command_seq: int
    command: str
    hash: str


class MemoryStore:
    """Event streams in memory, safe to share between threads (one lock guards everything)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._events: dict[str, list[_Row]] = {}
        self._snapshots: dict[str, dict[int, tuple[str, str]]] = {}
        self._closed = False
        now = now_iso()
        self._opened = Opened(__version__, now, now)

    def head(self, table_id: str) -> int:
        with self._lock:
            self._check_open()
            rows = self._events.get(table_id)
            return rows[-1].seq if rows else 0

    def read(self, table_id: str, after: int = 0, upto: int | None = None) -> list[EventRecord]:
        with self._lock:
            self._check_open()
            rows = self._events.get(table_id, [])
            # seqs are 1..n without gaps, so list positions stand in for a seq range search;
            # the event at ``after`` comes too, as the link the chain is checked from.
            start = max(after, 0)
            stop = len(rows) if upto is None else max(min(upto, len(rows)), start)
            picked = rows[max(start - 1, 0) : stop]
        return verified(table_id, picked, max(after, 0), json.loads)

    def append(self, table_id: str, expected_seq: int, events: Sequence[EventRecord]) -> None:
        if not events:
            return
        check_batch(table_id, expected_seq, events)
        # Encode everything before taking the lock: a bad record fails the whole batch, and
        # nothing is written because nothing has been touched yet.
        batch = encode(events)
        with self._lock:
            self._check_open()
            stream = self._events.setdefault(table_id, [])
            head = stream[-1].seq if stream else 0
            if head != expected_seq:
                raise AppendConflict(table_id, expected_seq, head)
            prev = stream[-1].hash if stream else GENESIS
            stream.extend(_Row(*row[1:]) for row in event_rows(table_id, batch, prev))

    def save_snapshot(self, snapshot: Snapshot) -> None:
        state = check_snapshot(snapshot)
        with self._lock:
            self._check_open()
            kept = self._snapshots.setdefault(snapshot.table_id, {})
            kept[snapshot.seq] = (snapshot.version, state)
            for seq in sorted(kept, reverse=True)[KEEP_SNAPSHOTS:]:
                del kept[seq]

    def latest_snapshot(self, table_id: str) -> Snapshot | None:
        with self._lock:
            self._check_open()
            kept = self._snapshots.get(table_id)
            if not kept:
                return None
            seq = max(kept)
            version, state = kept[seq]
        return Snapshot(table_id=table_id, seq=seq, version=version, state=json.loads(state))

    def tables(self) -> list[str]:
        with self._lock:
            self._check_open()
            return sorted(table_id for table_id, rows in self._events.items() if rows)

    def opened_by(self) -> list[Opened]:
        """Only this version: a memory store lives no longer than the process that made it."""
        return [self._opened]

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._events.clear()
            self._snapshots.clear()

    def _check_open(self) -> None:
        if self._closed:
            raise StoreError("the memory store is closed")
