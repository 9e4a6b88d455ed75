"""Event stores: the contract (``base``) and its backends (memory, SQLite, PostgreSQL)."""

from scenekeeper.store.base import AppendConflict, EventRecord, EventStore, Snapshot, StoreError

__all__ = ["AppendConflict", "EventRecord", "EventStore", "Snapshot", "StoreError"]
