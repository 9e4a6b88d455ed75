"""Damage only a file can suffer: bytes changed on disk, a database from before the hash
chain, an empty or foreign file where the database should be."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from scenekeeper.store import SqliteStore, StoreError
from scenekeeper.store.chain import DamagedSnapshot, DamagedTable
from scenekeeper.store.migrations import SQLITE_MIGRATIONS
from tests.store.contract import batch
from tests.store.test_sqlite import raw


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "tables.sqlite3"


def test_damaged_utf8_is_damage_at_its_event_not_an_unanswering_store(path: Path) -> None:
    store = SqliteStore(path)
    store.append("t", 0, batch("t", 1, 3, actor="ana"))
    conn = raw(path)
    # An actor whose bytes are no longer UTF-8 (a flipped bit on disk).
    conn.execute("UPDATE events SET actor = CAST(X'61FF6E61' AS TEXT) WHERE seq = 2")
    conn.close()
    with pytest.raises(DamagedTable) as caught:
        store.read("t")
    assert caught.value.seq == 2
    assert "cannot be read" in caught.value.reason
    store.close()


def test_data_that_is_not_json_is_damage_at_its_event(path: Path) -> None:
    store = SqliteStore(path)
    store.append("t", 0, batch("t", 1, 3))
    conn = raw(path)
    conn.execute("UPDATE events SET data = '{\"n\": 2' WHERE seq = 3")
    conn.close()
    with pytest.raises(DamagedTable, match="#3: its stored data cannot be read"):
        store.read("t")
    store.close()


def test_a_snapshot_that_is_not_json_is_reported_as_such(path: Path) -> None:
    store = SqliteStore(path)
    conn = raw(path)
    conn.execute("INSERT INTO snapshots VALUES ('t', 5, 'v', 'not json')")
    conn.close()
    with pytest.raises(DamagedSnapshot, match="snapshot at #5"):
        store.latest_snapshot("t")
    store.close()


def test_a_database_from_before_the_chain_is_chained_on_open(path: Path) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT)")
    for statement in SQLITE_MIGRATIONS[0].statements:
        conn.execute(statement)
    conn.execute("INSERT INTO schema_migrations VALUES (1, 'then')")
    for table in ("a", "b"):
        for record in batch(table, 1, 3):
            conn.execute(
                "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table,
                    record.seq,
                    record.type,
                    json.dumps(record.data),
                    record.actor,
                    record.time,
                    record.command_seq,
                    record.command,
                ),
            )
    conn.close()
    store = SqliteStore(path)
    assert store.read("a") == batch("a", 1, 3)
    store.append("b", 3, batch("b", 4, 1))
    assert [r.seq for r in store.read("b")] == [1, 2, 3, 4]
    store.close()


def test_an_empty_file_is_refused_at_open_not_taken_for_an_empty_store(path: Path) -> None:
    path.write_bytes(b"")
    with pytest.raises(StoreError, match="empty file, not a Scenekeeper database"):
        SqliteStore(path)
    assert path.read_bytes() == b""


def test_a_file_that_is_not_a_database_is_refused_at_open(path: Path) -> None:
    path.write_text("name,pp\nAda,3\n")
    with pytest.raises(StoreError, match="is not a database"):
        SqliteStore(path)


def test_another_programs_database_is_refused_at_open(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="database of something else"):
        SqliteStore(path)
    assert [r[0] for r in sqlite3.connect(path).execute("SELECT name FROM sqlite_master")] == [
        "recipes"
    ]
