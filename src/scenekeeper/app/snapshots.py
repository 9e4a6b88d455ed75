"""Snapshots: a cache of a table's folded state so loading does not replay every event.

A snapshot names the hash of the event it was folded from and carries a digest of itself, so
a snapshot that was damaged or edited (1 PP become 91), or that no longer belongs to the
events beside it, is ignored and the events are replayed instead -- never taken as the state.
A snapshot whose format is unknown (older code, a changed game state) is ignored the same way;
a snapshot that fails to save costs nothing but speed.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections.abc import Mapping
from typing import Any

from scenekeeper.engine.aggregate import SNAPSHOT_FORMAT, Table
from scenekeeper.engine.errors import CorruptHistory
from scenekeeper.engine.systems import state_version, system_names
from scenekeeper.store.base import EventStore, Snapshot, StoreError
from scenekeeper.store.chain import DamagedSnapshot, DamagedTable, canonical

log = logging.getLogger(__name__)
_LAYOUT = "sealed-1"


def snapshot_version() -> str:
    """Changes whenever the snapshot layout or any game's state shape changes."""
    return "|".join([SNAPSHOT_FORMAT, _LAYOUT, *(state_version(n) for n in system_names())])


def _digest(version: str, seq: int, event_hash: str, table: Mapping[str, Any]) -> str:
    return hashlib.sha256(canonical([version, seq, event_hash, dict(table)])).hexdigest()


def load_snapshot(store: EventStore, table_id: str) -> Table | None:
    """The newest snapshot that still holds, as a table; None to replay from the start."""
    try:
        snapshot = store.latest_snapshot(table_id)
    except DamagedSnapshot as error:
        log.warning("table %s: ignoring a snapshot: %s", table_id, error)
        return None
    if snapshot is None or snapshot.version != snapshot_version():
        return None
    state = snapshot.state
    try:
        event_hash, table = str(state["event_hash"]), state["table"]
        if state["digest"] != _digest(snapshot.version, snapshot.seq, event_hash, table):
            raise CorruptHistory("its digest does not match its contents")
        # The snapshot's own event is read and its chain link checked (its hash made again
        # from the event before it); the app then reads and checks every event after it. The
        # history before is not read: checking all of it is `scenekeeper check`'s job (a cold
        # load stays fast however long the table's history is; docs/store.md).
        folded_from = store.read(table_id, after=snapshot.seq - 1, upto=snapshot.seq)[-1:]
        if [r.hash for r in folded_from] != [event_hash]:
            raise CorruptHistory(f"it was not folded from the stored event #{snapshot.seq}")
        return Table.from_snapshot(snapshot.seq, table)
    except DamagedTable:
        # The events themselves are damaged: replaying from the start reports where.
        return None
    except (CorruptHistory, KeyError, TypeError, ValueError) as error:
        log.warning("table %s: ignoring snapshot at #%d: %s", table_id, snapshot.seq, error)
        return None


def save_snapshot(store: EventStore, table_id: str, table: Table, event_hash: str) -> None:
    """Keep ``table`` (folded up to the event whose chain hash is ``event_hash``)."""
    version = snapshot_version()
    data = table.to_snapshot()
    sealed = {
        "event_hash": event_hash,
        "digest": _digest(version, table.seq, event_hash, data),
        "table": data,
    }
    try:
        store.save_snapshot(Snapshot(table_id, table.seq, version, sealed))
    except StoreError as error:
        log.warning("table %s: snapshot at #%d not saved: %s", table_id, table.seq, error)


class SnapshotWriter:
    """Takes snapshots off the command path (issue 24: a snapshot of a long window cost a
    command up to 9 ms): a command that makes one due hands the table over and returns; one
    worker thread reads the hash of the event it was folded from and saves it. Only the newest
    due table of each id is kept waiting. A snapshot is only a cache, so one lost at exit
    costs nothing but speed; ``close`` saves what is waiting first."""

    def __init__(self, store: EventStore) -> None:
        self._store = store
        self._waiting: dict[str, Table] = {}
        self._ready = threading.Condition()
        self._busy = False
        self._closed = False
        self._thread = threading.Thread(target=self._work, name="snapshots", daemon=True)
        self._thread.start()

    def due(self, table_id: str, table: Table) -> None:
        with self._ready:
            if self._closed:
                return
            self._waiting[table_id] = table
            self._ready.notify_all()

    def flush(self) -> None:
        """Wait until every snapshot handed over so far is saved (or has failed)."""
        with self._ready:
            self._ready.wait_for(lambda: not self._waiting and not self._busy)

    def close(self) -> None:
        self.flush()
        with self._ready:
            self._closed = True
            self._ready.notify_all()
        self._thread.join()

    def _work(self) -> None:
        while True:
            with self._ready:
                self._ready.wait_for(lambda: self._waiting or self._closed)
                if not self._waiting:
                    return
                table_id, table = self._waiting.popitem()
                self._busy = True
            try:
                take_snapshot(self._store, table_id, table)
            except Exception:  # a snapshot is a cache: never let it stop the worker
                log.exception("table %s: snapshot at #%d failed", table_id, table.seq)
            finally:
                with self._ready:
                    self._busy = False
                    self._ready.notify_all()


def take_snapshot(store: EventStore, table_id: str, table: Table) -> None:
    """Save ``table``'s snapshot, named by the chain hash of its newest event."""
    try:
        newest = store.read(table_id, after=table.seq - 1, upto=table.seq)
    except StoreError as error:
        log.warning("table %s: snapshot at #%d not saved: %s", table_id, table.seq, error)
        return
    if newest and newest[-1].seq == table.seq:
        save_snapshot(store, table_id, table, newest[-1].hash)
