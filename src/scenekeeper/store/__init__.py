"""Event stores: the contract (``base``) and its backends (memory, SQLite, PostgreSQL).

``open_store(url)`` picks the backend. ``PostgresStore`` is resolved on first use, so importing
this package does not import psycopg.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scenekeeper.store.base import AppendConflict, EventRecord, EventStore, Snapshot, StoreError
from scenekeeper.store.memory import MemoryStore
from scenekeeper.store.open import open_store
from scenekeeper.store.sqlite import SqliteStore

if TYPE_CHECKING:
    from scenekeeper.store.postgres import PostgresStore

__all__ = [
    "AppendConflict",
    "EventRecord",
    "EventStore",
    "MemoryStore",
    "PostgresStore",
    "Snapshot",
    "SqliteStore",
    "StoreError",
    "open_store",
]


def __getattr__(name: str) -> Any:
    # PEP 562: `from scenekeeper.store import PostgresStore` imports psycopg only then.
    if name == "PostgresStore":
        from scenekeeper.store.postgres import PostgresStore  # noqa: PLC0415 (lazy on purpose)

        return PostgresStore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
