"""The contract suite against the SQLite store, plus what only a shared file can show."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scenekeeper.store import AppendConflict, EventStore, SqliteStore, StoreError
from tests.store.contract import EventStoreContract, StoreFactory, batch, event


def raw(path: Path) -> sqlite3.Connection:
    """A plain connection beside the store's, as another program would open the file."""
    return sqlite3.connect(path, isolation_level=None, check_same_thread=False)


def query(path: Path, sql: str) -> list[tuple[Any, ...]]:
    conn = raw(path)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


class TestSqliteStore(EventStoreContract):
    durable = True

    @pytest.fixture
    def make_store(self, tmp_path: Path) -> Iterator[StoreFactory]:
        path = tmp_path / "nested" / "dirs" / "tables.sqlite3"
        opened: list[SqliteStore] = []

        def make() -> EventStore:
            opened.append(SqliteStore(path))
            return opened[-1]

        yield make
        for store in opened:
            store.close()

    def fail_inserts_at(self, store: EventStore, seq: int) -> None:
        assert isinstance(store, SqliteStore)
        conn = raw(store.path)
        conn.execute(
            f"CREATE TRIGGER refuse BEFORE INSERT ON events WHEN NEW.seq = {int(seq)} "
            "BEGIN SELECT RAISE(ABORT, 'refused by test trigger'); END"
        )
        conn.close()

    def kept_snapshot_seqs(self, store: EventStore, table_id: str) -> list[int]:
        assert isinstance(store, SqliteStore)
        conn = raw(store.path)
        rows = conn.execute(
            "SELECT seq FROM snapshots WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()
        conn.close()
        return [int(row[0]) for row in rows]

    def applied_migrations(self, store: EventStore) -> list[int]:
        assert isinstance(store, SqliteStore)
        rows = query(store.path, "SELECT version FROM schema_migrations ORDER BY version")
        return [int(row[0]) for row in rows]

    def tamper(self, store: EventStore, table_id: str, seq: int, column: str, value: str) -> None:
        assert isinstance(store, SqliteStore)
        conn = raw(store.path)
        conn.execute(
            f"UPDATE events SET {column} = ? WHERE table_id = ? AND seq = ?",
            (value, table_id, seq),
        )
        conn.close()

    def delete_event(self, store: EventStore, table_id: str, seq: int) -> None:
        assert isinstance(store, SqliteStore)
        conn = raw(store.path)
        conn.execute("DELETE FROM events WHERE table_id = ? AND seq = ?", (table_id, seq))
        conn.close()

    def copy_event(self, store: EventStore, source: str, target: str, seq: int) -> None:
        assert isinstance(store, SqliteStore)
        conn = raw(store.path)
        conn.execute("DELETE FROM events WHERE table_id = ? AND seq = ?", (target, seq))
        conn.execute(
            "INSERT INTO events SELECT ?, seq, type, data, actor, time, command_seq, command, hash "
            "FROM events WHERE table_id = ? AND seq = ?",
            (target, source, seq),
        )
        conn.close()


def test_file_is_durable_and_shareable(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "a" / "b" / "t.sqlite3")
    assert store.path.is_file()
    assert query(store.path, "PRAGMA journal_mode") == [("wal",)]
    # synchronous is per connection: read the store's own (2 = FULL).
    assert store._conn.execute("PRAGMA synchronous").fetchone() == (2,)
    assert store._conn.execute("PRAGMA busy_timeout").fetchone() == (10_000,)
    store.close()


def test_writer_waits_for_another_connections_write_lock(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "t.sqlite3")
    holder = raw(store.path)
    holder.execute("BEGIN IMMEDIATE")
    release = threading.Timer(0.1, holder.execute, args=("COMMIT",))
    release.start()
    try:
        store.append("t", 0, [event("t", 1)])  # blocks until the holder commits
    finally:
        release.join()
        holder.close()
    assert store.head("t") == 1
    store.close()


def test_lock_held_past_the_timeout_is_a_store_error(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    SqliteStore(path).close()
    store = SqliteStore(path, timeout=0.05)
    holder = raw(path)
    holder.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(StoreError, match="locked"):
            store.append("t", 0, [event("t", 1)])
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert store.head("t") == 0
    store.close()


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    SqliteStore(path).close()
    conn = raw(path)
    conn.execute("INSERT INTO schema_migrations VALUES (99, 'later')")
    conn.close()
    with pytest.raises(StoreError, match="schema version 99"):
        SqliteStore(path)


def test_unopenable_path_is_a_store_error(tmp_path: Path) -> None:
    (tmp_path / "dir.sqlite3").mkdir()
    with pytest.raises(StoreError, match=r"dir\.sqlite3"):
        SqliteStore(tmp_path / "dir.sqlite3")


# Runs in a separate process: appends `count` events one by one (retrying on conflict), or with
# `race` one batch of `count` at expected_seq 0; prints "won" or "conflict".
_WRITER = textwrap.dedent(
    """
    import sys
    from scenekeeper.store import AppendConflict, EventRecord, SqliteStore

    path, mode, name, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    store = SqliteStore(path)
    def ev(seq, n):
        return EventRecord("t", seq, "x@1", {"n": n}, name, "2024-01-01T00:00:00Z", seq)
    if mode == "race":
        try:
            store.append("t", 0, [ev(seq, seq) for seq in range(1, count + 1)])
            print("won")
        except AppendConflict:
            print("conflict")
    else:
        for n in range(count):
            while True:
                head = store.head("t")
                try:
                    store.append("t", head, [ev(head + 1, n)])
                    break
                except AppendConflict:
                    pass
    store.close()
    """
)


def run_writers(path: Path, mode: str, count: int) -> list[str]:
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _WRITER, str(path), mode, f"p{n}", str(count)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(2)
    ]
    outputs = []
    for proc in procs:
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        outputs.append(out.strip())
    return outputs


@pytest.mark.slow
def test_two_processes_race_on_one_file(tmp_path: Path) -> None:
    path = tmp_path / "shared.sqlite3"
    SqliteStore(path).close()  # created up front so both processes race on appends only
    assert sorted(run_writers(path, "race", 50)) == ["conflict", "won"]
    store = SqliteStore(path)
    records = store.read("t")
    assert [record.seq for record in records] == list(range(1, 51))
    assert len({record.actor for record in records}) == 1
    with pytest.raises(AppendConflict):
        store.append("t", 0, batch("t", 1, 1))
    store.close()


@pytest.mark.slow
def test_two_processes_retrying_both_land(tmp_path: Path) -> None:
    path = tmp_path / "fresh" / "shared.sqlite3"  # both processes also race to create it
    run_writers(path, "retry", 40)
    store = SqliteStore(path)
    records = store.read("t")
    assert [record.seq for record in records] == list(range(1, 81))
    for name in ("p0", "p1"):
        assert [r.data["n"] for r in records if r.actor == name] == list(range(40))
    store.close()
