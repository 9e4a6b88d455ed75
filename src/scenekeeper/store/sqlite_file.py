"""The SQLite store's file: what it must be to open as a store, and its migration transaction."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from scenekeeper.store.base import StoreError


class SqliteMigrationTransaction:
    """The runner's view of one migration transaction (see migrations.MigrationTransaction)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def applied_versions(self) -> set[int]:
        return {int(row[0]) for row in self._conn.execute("SELECT version FROM schema_migrations")}

    def execute(self, statement: str) -> None:
        self._conn.execute(statement)

    def record(self, version: int) -> None:
        self._conn.execute(
            "INSERT INTO schema_migrations (version, applied_at) "
            "VALUES (?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))",
            (version,),
        )

    def events(self) -> Iterator[tuple[str, int, str, Any, str, str, int, str]]:
        cursor = self._conn.execute(
            "SELECT table_id, seq, type, data, actor, time, command_seq, command "
            "FROM events ORDER BY table_id, seq"
        )
        for table_id, seq, type_, data, actor, when, command_seq, command in cursor:
            try:
                decoded = json.loads(data)
            except ValueError:
                decoded = None
            yield table_id, seq, type_, decoded, actor, when, command_seq, command

    def set_hashes(self, updates: Sequence[tuple[str, str, int]]) -> None:
        self._conn.executemany(
            "UPDATE events SET hash = ? WHERE table_id = ? AND seq = ?", list(updates)
        )


_SQLITE_HEADER = b"SQLite format 3\x00"


def refuse_what_is_not_a_store(path: Path) -> None:
    """An existing file must be an SQLite database: an empty or foreign file is refused at
    open, never taken for an empty store (which would hide that the real one is gone)."""
    try:
        if not path.is_file():
            return
        with path.open("rb") as file:
            header = file.read(len(_SQLITE_HEADER))
    except OSError:
        return  # sqlite3.connect reports it with the path
    if not header:
        raise StoreError(
            f"{str(path)!r} is an empty file, not a Scenekeeper database; restore the database "
            "from a backup, or move the empty file away to start a new one"
        )
    if header != _SQLITE_HEADER:
        raise StoreError(
            f"{str(path)!r} is not a database (it is some other kind of file); name the "
            "Scenekeeper database file instead"
        )


def refuse_a_foreign_database(conn: sqlite3.Connection, path: Path) -> None:
    names = {str(row[0]) for row in conn.execute("SELECT name FROM sqlite_master")}
    if names and "schema_migrations" not in names:
        raise StoreError(
            f"{str(path)!r} is an SQLite database of something else (it has no Scenekeeper "
            "tables); name a Scenekeeper database, or a new file"
        )
