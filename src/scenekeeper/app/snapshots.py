"""Snapshots: a cache of a table's folded state so loading does not replay every event.

A snapshot whose format is unknown (older code, a changed game state) is ignored and the
events are replayed instead; a snapshot that fails to save costs nothing but speed.
"""

from __future__ import annotations

import logging

from scenekeeper.engine.aggregate import SNAPSHOT_FORMAT, Table
from scenekeeper.engine.errors import CorruptHistory
from scenekeeper.engine.systems import state_version, system_names
from scenekeeper.store.base import EventStore, Snapshot, StoreError

log = logging.getLogger(__name__)


def snapshot_version() -> str:
    """Changes whenever the snapshot layout or any game's state shape changes."""
    return "|".join([SNAPSHOT_FORMAT, *(state_version(name) for name in system_names())])


def load_snapshot(store: EventStore, table_id: str) -> Table | None:
    snapshot = store.latest_snapshot(table_id)
    if snapshot is None or snapshot.version != snapshot_version():
        return None
    try:
        return Table.from_snapshot(snapshot.seq, snapshot.state)
    except (CorruptHistory, KeyError, TypeError) as error:
        log.warning("table %s: ignoring snapshot at #%d: %s", table_id, snapshot.seq, error)
        return None


def save_snapshot(store: EventStore, table_id: str, table: Table) -> None:
    try:
        store.save_snapshot(Snapshot(table_id, table.seq, snapshot_version(), table.to_snapshot()))
    except StoreError as error:
        log.warning("table %s: snapshot at #%d not saved: %s", table_id, table.seq, error)
