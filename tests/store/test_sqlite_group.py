"""Group commit in the SQLite store (``store.group``): appends ready at the same moment share one
transaction and one commit; each is acknowledged only once that commit returned; one that fails
its own check fails alone; a transaction that fails acknowledges nobody in it.

A group is lined up without timing: the test holds the store's writer lock, starts the appends
(each queues, then waits for the lock), waits until they are all queued, and lets go; the first
to get the lock writes them all. Commits are counted with sqlite3's statement trace.
"""

from __future__ import annotations

import random
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from scenekeeper.engine.state import Person
from scenekeeper.store import AppendConflict, EventRecord, SqliteStore, StoreError, sqlite_append
from scenekeeper.store.group import GroupCommit, Pending
from tests.store.contract import batch
from tests.store.test_sqlite import raw
from tests.support import make_app


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "tables.sqlite3"


@pytest.fixture
def store(path: Path) -> Iterator[SqliteStore]:
    opened = SqliteStore(path)
    yield opened
    opened.close()


def traced(store: SqliteStore) -> list[str]:
    """Every statement the store's connection runs from now on."""
    statements: list[str] = []
    store._conn.set_trace_callback(statements.append)
    return statements


def commits(statements: list[str]) -> int:
    """Transactions committed: each COMMIT, and each write run on its own outside BEGIN (an
    implicit transaction of one statement, committed and fsynced when it ends)."""
    count, open_ = 0, False
    for statement in statements:
        words = statement.upper().split()
        if words[0] == "BEGIN":
            open_ = True
        elif words[0] == "COMMIT" or words == ["ROLLBACK"]:
            count += words[0] == "COMMIT"
            open_ = False
        elif words[0] == "INSERT" and not open_:
            count += 1
    return count


def grouped(store: SqliteStore, appends: list[Callable[[], None]]) -> list[BaseException | None]:
    """Run ``appends`` on threads of their own so that they are all queued before any is
    written; what each raised (None: it returned, acknowledged)."""
    results: list[BaseException | None] = [None] * len(appends)

    def run(index: int) -> None:
        try:
            appends[index]()
        except BaseException as error:
            results[index] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(appends))]
    with store._lock:
        for thread in threads:
            thread.start()
        while store._group.queued() < len(appends):
            time.sleep(0.001)  # waiting for the threads to queue, not measuring anything
    for thread in threads:
        thread.join(timeout=60)
        assert not thread.is_alive()
    return results


def appending(
    store: SqliteStore, table: str, expected: int, events: list[EventRecord]
) -> Callable[[], None]:
    return lambda: store.append(table, expected, events)


def kinds(statements: list[str]) -> list[str]:
    return [statement.split()[0].upper() for statement in statements]


def test_a_lone_append_after_a_known_head_is_one_statement(store: SqliteStore) -> None:
    statements = traced(store)
    store.append("t", 0, batch("t", 1, 2))  # a new table: the head (none) is known
    store.append("t", 2, batch("t", 3, 1))  # after its own append: known
    assert kinds(statements) == ["INSERT", "INSERT"]
    assert store.read("t") == batch("t", 1, 3)  # the chain checks on read


def test_a_lone_append_after_an_unknown_head_reads_it_in_a_transaction(path: Path) -> None:
    first = SqliteStore(path)
    second = SqliteStore(path)
    try:
        first.append("t", 0, batch("t", 1, 2))
        statements = traced(second)
        second.append("t", 2, batch("t", 3, 1))  # never read nor written by `second`
        assert kinds(statements) == ["BEGIN", "SELECT", "INSERT", "COMMIT"]
        statements.clear()
        second.append("t", 3, batch("t", 4, 1))  # known now
        assert kinds(statements) == ["INSERT"]
        # `first` still knows #2 as the head: its one statement inserts nothing, the
        # transaction then reads the head and refuses the stale append.
        statements = traced(first)
        with pytest.raises(AppendConflict):
            first.append("t", 2, batch("t", 3, 1, actor="stale"))
        assert kinds(statements)[:3] == ["INSERT", "BEGIN", "SELECT"]
        assert first.read("t") == batch("t", 1, 4)
    finally:
        first.close()
        second.close()


def test_a_known_head_with_another_hash_is_read_again_not_trusted(store: SqliteStore) -> None:
    store.append("t", 0, batch("t", 1, 2))
    store._heads.saw("t", 2, "0" * 64)  # a hint that does not hold (a file restored, say)
    store.append("t", 2, batch("t", 3, 1))
    assert store.read("t") == batch("t", 1, 3)  # chained from the stored #2, not the hint


def test_appends_ready_together_share_one_commit(store: SqliteStore, path: Path) -> None:
    tables = [f"table-{n}" for n in range(6)]
    statements = traced(store)
    results = grouped(store, [appending(store, t, 0, batch(t, 1, 3)) for t in tables])
    assert results == [None] * len(tables)
    assert commits(statements) == 1  # one commit, one fsync, for six callers
    assert kinds(statements) == ["INSERT"]  # every head known (new tables): one statement
    reopened = SqliteStore(path)
    try:
        for table in tables:
            assert reopened.read(table) == batch(table, 1, 3)  # the chain checks on read
    finally:
        reopened.close()


def test_order_within_a_table_is_kept_in_a_group(store: SqliteStore) -> None:
    store.append("t", 0, batch("t", 1, 1))
    results = grouped(
        store,
        [
            appending(store, "t", 1, batch("t", 2, 2, actor="first")),
            appending(store, "t", 3, batch("t", 4, 1, actor="second")),
            appending(store, "t", 1, batch("t", 2, 1, actor="stale")),
        ],
    )
    assert results[:2] == [None, None]
    assert isinstance(results[2], AppendConflict)
    assert (results[2].expected_seq, results[2].actual_seq) == (1, 4)
    assert [r.actor for r in store.read("t")] == ["user-1", "first", "first", "second"]


def test_a_group_with_two_appends_to_one_table_is_written_in_a_transaction(
    store: SqliteStore,
) -> None:
    store.append("t", 0, batch("t", 1, 1))
    statements = traced(store)
    results = grouped(
        store,
        [
            appending(store, "t", 1, batch("t", 2, 1, actor="first")),
            appending(store, "u", 0, batch("u", 1, 1)),
            appending(store, "t", 1, batch("t", 2, 1, actor="second")),  # the same head
        ],
    )
    assert results[:2] == [None, None]
    assert isinstance(results[2], AppendConflict)
    # Both appends to "t" would pass a check made before either is in: the one statement is
    # not tried (it would clash on the key); the transaction checks one after the other.
    assert kinds(statements)[0] == "BEGIN"
    assert commits(statements) == 1
    assert [r.actor for r in store.read("t")] == ["user-1", "first"]


def test_a_group_too_large_for_one_statement_is_written_in_a_transaction(
    store: SqliteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_append, "MAX_GROUP_ROWS", 5)
    statements = traced(store)
    tables = ["a", "b", "c"]
    results = grouped(store, [appending(store, t, 0, batch(t, 1, 2)) for t in tables])
    assert results == [None, None, None]
    assert kinds(statements)[0] == "BEGIN"
    assert commits(statements) == 1
    for table in tables:
        assert store.read(table) == batch(table, 1, 2)


def test_a_failing_append_in_a_group_fails_alone(store: SqliteStore, path: Path) -> None:
    store.append("stale", 0, batch("stale", 1, 2))
    conn = raw(path)
    conn.execute(
        "CREATE TRIGGER refuse BEFORE INSERT ON events WHEN NEW.table_id = 'refused' "
        "AND NEW.seq = 2 BEGIN SELECT RAISE(ABORT, 'refused by test trigger'); END"
    )
    conn.close()
    statements = traced(store)
    results = grouped(
        store,
        [
            appending(store, "a", 0, batch("a", 1, 2)),
            appending(store, "stale", 0, batch("stale", 1, 1, actor="late")),
            appending(store, "b", 0, batch("b", 1, 1)),
            appending(store, "refused", 0, batch("refused", 1, 3)),
            appending(store, "c", 0, batch("c", 1, 4)),
        ],
    )
    # The one statement inserts nothing (its check fails for "stale"); one transaction then
    # settles each append on its own and commits once for the three that hold.
    assert kinds(statements)[:2] == ["INSERT", "BEGIN"]
    assert commits(statements[1:]) == 1
    ok, conflict, ok_b, refused, ok_c = results
    assert (ok, ok_b, ok_c) == (None, None, None)
    assert isinstance(conflict, AppendConflict)
    assert isinstance(refused, StoreError)
    assert not isinstance(refused, AppendConflict)
    assert "refused by test trigger" in str(refused)
    assert store.read("a") == batch("a", 1, 2)
    assert store.read("b") == batch("b", 1, 1)
    assert store.read("c") == batch("c", 1, 4)
    assert store.read("stale") == batch("stale", 1, 2)
    assert store.read("refused") == []  # none of its three events, not even the first


class FailingConnection:
    """The store's connection, failing as a disk or a dying connection would: a commit
    (``COMMIT``, or a statement in a transaction of its own) raises, or an insert for
    ``lose_at`` rolls the whole transaction back and raises (as SQLite does on an I/O error or
    a full disk)."""

    def __init__(self, conn: sqlite3.Connection, *, commit: bool = False, lose_at: str = ""):
        self._conn = conn
        self._commit = commit
        self._lose_at = lose_at

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        # A commit: COMMIT, or an insert outside a transaction (its own, committed as it ends).
        commits = sql == "COMMIT" or (sql.startswith("INSERT") and not self._conn.in_transaction)
        if self._commit and commits:
            raise sqlite3.OperationalError("disk I/O error (test)")
        if self._lose_at and sql.startswith("INSERT") and self._lose_at in (args or [[]])[0]:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            raise sqlite3.OperationalError("database or disk is full (test)")
        return self._conn.execute(sql, *args)

    def executemany(self, sql: str, rows: list[tuple[Any, ...]]) -> sqlite3.Cursor:
        if self._lose_at and rows and rows[0][0] == self._lose_at:
            self._conn.execute("ROLLBACK")
            raise sqlite3.OperationalError("database or disk is full (test)")
        return self._conn.executemany(sql, rows)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


@pytest.mark.parametrize("failing", [{"commit": True}, {"lose_at": "c"}])
def test_a_failed_transaction_acknowledges_nobody_and_loses_nothing_acknowledged(
    store: SqliteStore, path: Path, failing: dict[str, Any]
) -> None:
    for table in ("a", "b"):
        store.append(table, 0, batch(table, 1, 2))  # acknowledged before the trouble
    real = store._conn
    store._conn = FailingConnection(real, **failing)  # type: ignore[assignment]
    heads = {"a": 2, "b": 2, "c": 0, "d": 0}
    results = grouped(
        store, [appending(store, t, head, batch(t, head + 1, 2)) for t, head in heads.items()]
    )
    store._conn = real
    assert all(isinstance(error, StoreError) for error in results), results
    assert not any(isinstance(error, AppendConflict) for error in results)
    reopened = SqliteStore(path)
    try:
        assert reopened.read("a") == batch("a", 1, 2)
        assert reopened.read("b") == batch("b", 1, 2)
        assert reopened.read("c") == reopened.read("d") == []
    finally:
        reopened.close()
    # The store goes on: the next appends land.
    store.append("a", 2, batch("a", 3, 1))
    store.append("c", 0, batch("c", 1, 1))
    assert (store.head("a"), store.head("c")) == (3, 1)


def test_an_interrupted_leader_leaves_no_follower_waiting_or_acknowledged() -> None:
    lock = threading.Lock()

    def write(group: list[Pending]) -> None:
        raise KeyboardInterrupt

    group_commit = GroupCommit(lock, write)
    follower = Pending("b", 0, [])
    leader = Pending("a", 0, [])
    group_commit._queue.append(follower)  # queued while the lock was busy
    with pytest.raises(KeyboardInterrupt):
        group_commit.submit(leader)
    assert follower.done
    assert isinstance(follower.error, StoreError)
    assert leader.done
    assert isinstance(leader.error, StoreError)


def test_many_threads_on_many_tables_lose_and_duplicate_nothing(
    store: SqliteStore, path: Path
) -> None:
    tables = [f"t{n}" for n in range(40)]
    threads, appends = 16, 30
    acknowledged: list[tuple[str, int, int]] = []  # table, worker, n
    retries: list[str] = []
    statements = traced(store)

    def work(worker: int) -> None:
        pick = random.Random(worker)
        for n in range(appends):
            table = pick.choice(tables)  # several threads may pick one table: they race
            while True:
                head = store.head(table)
                size = 1 + (n % 3)
                data = {"w": worker, "n": n}
                events = batch(table, head + 1, size, data=data, command_seq=head + 1)
                try:
                    store.append(table, head, events)
                except AppendConflict:
                    retries.append(table)
                    continue
                acknowledged.append((table, worker, n))
                break

    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(work, range(threads)))
    assert len(acknowledged) == threads * appends
    reopened = SqliteStore(path)
    try:
        stored: list[tuple[str, int, int]] = []
        for table in tables:
            records = reopened.read(table)  # raises DamagedTable if a chain does not hold
            assert [r.seq for r in records] == list(range(1, len(records) + 1))
            for record in records:
                if record.seq == record.command_seq:  # the first event of its append
                    stored.append((table, record.data["w"], record.data["n"]))
        assert sorted(stored) == sorted(acknowledged)  # nothing lost, nothing twice
    finally:
        reopened.close()
    # Never more than a commit an append (an append refused and sent again tried once more).
    assert commits(statements) <= threads * appends + len(retries)


def test_app_commands_at_many_tables_on_worker_threads(path: Path) -> None:
    """As the Discord adapter runs them: a pool of workers, one command per table at a time."""
    app = make_app(SqliteStore(path))
    gm = Person("gm", "GM")
    tables = [f"channel-{n}" for n in range(24)]
    lines = ['/game new system:generic name:"T"'] + [f"/roll dice:{d}d6" for d in range(1, 9)]
    gates = {table: threading.Lock() for table in tables}

    def play(table: str) -> list[bool]:
        with gates[table]:
            return [app.handle(table, gm, line).ok for line in lines]

    with ThreadPoolExecutor(8) as pool:
        played = list(pool.map(play, tables))
    assert played == [[True] * len(lines)] * len(tables)
    heads = {table: app.table(table).seq for table in tables}
    app.close()
    again = make_app(SqliteStore(path))
    try:
        for table in tables:
            check = again.check(table)
            assert check.ok
            assert check.events == heads[table] == again.store.head(table)
            assert heads[table] >= len(lines)
    finally:
        again.close()
