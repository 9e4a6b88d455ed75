"""The migration runner, against a stand-in database that records what it was asked to do."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from scenekeeper.store import StoreError
from scenekeeper.store.migrations import (
    POSTGRES_MIGRATIONS,
    SQLITE_MIGRATIONS,
    Migration,
    check_sequence,
    run_migrations,
)

STEPS = (
    Migration(1, "one", ("create a", "create b")),
    Migration(2, "two", ("alter a",)),
    Migration(3, "three", ("fail here", "never")),
)


class FakeDatabase:
    """Applied versions and executed statements, committed only when a transaction succeeds."""

    def __init__(self, applied: set[int] | None = None) -> None:
        self.applied = set(applied or ())
        self.executed: list[str] = []
        self.transactions = 0

    @contextmanager
    def transaction(self) -> Iterator[FakeDatabase.Tx]:
        self.transactions += 1
        tx = FakeDatabase.Tx(self)
        yield tx  # an exception skips the commit below: a rollback
        self.applied |= tx.recorded
        self.executed += tx.executed

    class Tx:
        def __init__(self, db: FakeDatabase) -> None:
            self.db = db
            self.recorded: set[int] = set()
            self.executed: list[str] = []

        def applied_versions(self) -> set[int]:
            return set(self.db.applied)

        def execute(self, statement: str) -> None:
            if statement == "fail here":
                raise RuntimeError("boom")
            self.executed.append(statement)

        def record(self, version: int) -> None:
            self.recorded.add(version)


def test_applies_missing_migrations_in_order_one_transaction_each() -> None:
    db = FakeDatabase()
    assert run_migrations(STEPS[:2], db.transaction) == [1, 2]
    assert db.executed == ["create a", "create b", "alter a"]
    assert db.applied == {1, 2}
    assert db.transactions == 3  # one per migration, and one that finds nothing left


def test_second_run_applies_nothing() -> None:
    db = FakeDatabase()
    run_migrations(STEPS[:2], db.transaction)
    db.executed.clear()
    assert run_migrations(STEPS[:2], db.transaction) == []
    assert db.executed == []


def test_continues_from_the_database_version() -> None:
    db = FakeDatabase({1})
    assert run_migrations(STEPS[:2], db.transaction) == [2]
    assert db.executed == ["alter a"]


def test_failing_migration_keeps_earlier_ones_and_records_nothing_of_itself() -> None:
    db = FakeDatabase()
    with pytest.raises(RuntimeError):
        run_migrations(STEPS, db.transaction)
    assert db.applied == {1, 2}
    assert "never" not in db.executed


def test_newer_database_is_refused() -> None:
    db = FakeDatabase({1, 2, 3})
    with pytest.raises(StoreError, match="schema version 3"):
        run_migrations(STEPS[:2], db.transaction)
    assert db.executed == []


@pytest.mark.parametrize("versions", [[2], [1, 3], [1, 1], [2, 1]])
def test_misnumbered_lists_are_refused(versions: list[int]) -> None:
    with pytest.raises(StoreError, match="numbered"):
        check_sequence([Migration(version, "x", ()) for version in versions])


def test_backends_have_the_same_versions() -> None:
    check_sequence(SQLITE_MIGRATIONS)
    check_sequence(POSTGRES_MIGRATIONS)
    assert [m.version for m in SQLITE_MIGRATIONS] == [m.version for m in POSTGRES_MIGRATIONS]
