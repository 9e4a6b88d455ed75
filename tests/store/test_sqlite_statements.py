"""Which statements the SQLite store's appends take (``store.sqlite_append``): one statement
where it can, the transaction where one statement cannot hold the append (too many rows, two
appends to one table, a statement that fails), and every append settled either way."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from scenekeeper.store import AppendConflict, SqliteStore, StoreError, sqlite_append
from tests.engine.test_transfer import export, import_into
from tests.store.contract import batch
from tests.store.test_sqlite import raw
from tests.store.test_sqlite_group import appending, grouped, kinds, path, store, traced
from tests.support import TableDriver, make_app

__all__ = ["path", "store"]  # the fixtures, used by name


def test_an_import_of_thousands_of_events_is_stored_where_sqlite_has_its_default_limit(
    tmp_path: Path,
) -> None:
    # SQLite's default build allows 32,766 parameters in a statement (Debian's allows more):
    # an export of 3,701 events, imported, is one append of 3,701 rows, 9 parameters each.
    played = TableDriver()
    played.do("/game new system:generic name:Long")
    for _ in range(3_700):
        played.do('/roll dice:d6 results:"3"')
    doc = export(played)
    opened = SqliteStore(tmp_path / "tables.sqlite3")
    opened._conn.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, 32_766)
    here = TableDriver(app=make_app(opened))
    outcome = import_into(here, "copy", doc)
    assert outcome.ok, outcome.error
    assert outcome.reply.text == ("Imported 'Long' (generic): 3701 events, 0 players.",)
    assert opened.head("copy") == 3_701
    here.app.close()


def test_a_lone_append_up_to_the_row_limit_is_one_statement_and_past_it_a_transaction(
    store: SqliteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_append, "MAX_GROUP_ROWS", 3)
    statements = traced(store)
    store.append("t", 0, batch("t", 1, 3))
    assert kinds(statements) == ["INSERT"]
    statements.clear()
    store.append("t", 3, batch("t", 4, 4))
    assert kinds(statements)[0] == "BEGIN"
    assert store.read("t") == batch("t", 1, 7)


def test_a_group_of_exactly_the_row_limit_is_one_statement(
    store: SqliteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_append, "MAX_GROUP_ROWS", 6)
    statements = traced(store)
    tables = ["a", "b", "c"]
    results = grouped(store, [appending(store, t, 0, batch(t, 1, 2)) for t in tables])
    assert results == [None, None, None]
    assert kinds(statements) == ["INSERT"]
    for table in tables:
        assert store.read(table) == batch(table, 1, 2)


def test_two_appends_to_one_table_in_a_group_of_two_are_written_in_a_transaction(
    store: SqliteStore,
) -> None:
    store.append("t", 0, batch("t", 1, 1))
    statements = traced(store)
    results = grouped(
        store,
        [
            appending(store, "t", 1, batch("t", 2, 1, actor="first")),
            appending(store, "t", 1, batch("t", 2, 1, actor="second")),  # the same head
        ],
    )
    assert results[0] is None
    assert isinstance(results[1], AppendConflict)
    # Both would pass a check made before either is in: the one statement is not tried.
    assert kinds(statements)[0] == "BEGIN"
    assert [r.actor for r in store.read("t")] == ["user-1", "first"]


def _steps(statements: list[str]) -> list[str]:
    """``kinds`` of the statements run, each once: a trigger that fires is traced with the text
    of the statement that fired it."""
    once = [s for n, s in enumerate(statements) if n == 0 or s != statements[n - 1]]
    return kinds(once)


def _refuse(store: SqliteStore, path: Path, table: str) -> None:
    conn = raw(path)
    conn.execute(
        f"CREATE TRIGGER refuse BEFORE INSERT ON events WHEN NEW.table_id = '{table}' "
        "BEGIN SELECT RAISE(ABORT, 'refused by test trigger'); END"
    )
    conn.close()
    store.read("warm")  # the store's connection reads the new schema before it is traced


def test_a_lone_append_whose_statement_fails_is_reported_without_a_transaction(
    store: SqliteStore, path: Path
) -> None:
    _refuse(store, path, "refused")
    statements = traced(store)
    with pytest.raises(StoreError, match="refused by test trigger"):
        store.append("refused", 0, batch("refused", 1, 2))
    assert _steps(statements) == ["INSERT"]
    assert store.read("refused") == []


def test_a_group_whose_statement_fails_is_settled_member_by_member(
    store: SqliteStore, path: Path
) -> None:
    _refuse(store, path, "refused")
    statements = traced(store)
    results = grouped(
        store,
        [
            appending(store, "a", 0, batch("a", 1, 2)),
            appending(store, "refused", 0, batch("refused", 1, 1)),
            appending(store, "b", 0, batch("b", 1, 1)),
        ],
    )
    # Every head is known (new tables): the one statement is tried, fails whole, and the
    # transaction writes the two that hold and fails the refused one alone.
    assert _steps(statements)[:2] == ["INSERT", "BEGIN"], _steps(statements)
    ok_a, refused, ok_b = results
    assert (ok_a, ok_b) == (None, None)
    assert isinstance(refused, StoreError)
    assert "refused by test trigger" in str(refused)
    assert store.read("a") == batch("a", 1, 2)
    assert store.read("b") == batch("b", 1, 1)
    assert store.read("refused") == []


class InterruptedConnection:
    """The store's connection, interrupted (Ctrl-C) in the middle of a group's statement."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql.startswith("INSERT"):
            raise KeyboardInterrupt
        return self._conn.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


def test_an_interrupted_group_statement_tells_each_member_why(store: SqliteStore) -> None:
    real = store._conn
    store._conn = InterruptedConnection(real)  # type: ignore[assignment]
    results = grouped(store, [appending(store, t, 0, batch(t, 1, 1)) for t in ("a", "b", "c")])
    store._conn = real
    interrupted = [r for r in results if isinstance(r, KeyboardInterrupt)]
    told = [r for r in results if not isinstance(r, KeyboardInterrupt)]
    assert len(interrupted) == 1  # the leader's own thread is interrupted
    assert [str(r) for r in told] == ["the append was interrupted (KeyboardInterrupt())"] * 2
    assert all(isinstance(r, StoreError) for r in told)
    assert store.read("a") == store.read("b") == store.read("c") == []
