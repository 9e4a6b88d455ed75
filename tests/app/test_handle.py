"""App.handle: caching, snapshots, conflicts between writers, and failures that change nothing."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path

import pytest

from scenekeeper.app import App
from scenekeeper.app.snapshots import snapshot_version
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.core.game import join
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.parse import Invocation, parse_line
from scenekeeper.store.base import (
    MAYBE_SAVED,
    NOT_SAVED,
    AppendConflict,
    EventRecord,
    StoreError,
    StoreUnavailable,
)
from scenekeeper.store.memory import MemoryStore
from scenekeeper.store.sqlite import SqliteStore
from tests.support import GM, TableDriver, make_app, person


class RacingStore(MemoryStore):
    """Lets another writer append just before each of our next ``races`` appends."""

    def __init__(self) -> None:
        super().__init__()
        self.races = 0
        self.rival: TableDriver | None = None
        self._racing = False

    def append(self, table_id: str, expected_seq: int, events: Sequence[EventRecord]) -> None:
        if self.races and self.rival is not None and not self._racing:
            self.races -= 1
            self._racing = True  # the rival's own append must not race again
            try:
                self.rival.do("/roll dice:d6", "carol")
            finally:
                self._racing = False
        super().append(table_id, expected_seq, events)


def two_writers() -> tuple[RacingStore, TableDriver, TableDriver]:
    store = RacingStore()
    ours = TableDriver(app=make_app(store))
    rival = TableDriver(app=make_app(MemoryStore()))
    rival.app.store = store  # same table, another process's app
    ours.do("/game new system:generic name:Race")
    ours.do("/game join", "carol")
    store.rival = rival
    return store, ours, rival


def test_a_conflicting_append_is_decided_again_on_fresh_state() -> None:
    store, ours, _rival = two_writers()
    store.races = 1
    outcome = ours.do("/game join", "bob")
    assert outcome.events[0].seq == 4  # the rival's roll took #3
    assert [r.type for r in store.read("t1")][-2:] == ["dice.rolled@1", "table.player_joined@1"]
    assert ours.app.table("t1").state.meta.players == ("carol", "bob")  # type: ignore[union-attr]


def test_a_second_conflict_fails_cleanly_and_writes_nothing_of_ours() -> None:
    store, ours, _rival = two_writers()
    store.races = 2
    outcome = ours.try_("/game join", "bob")
    assert not outcome.ok
    assert "send it again" in outcome.error  # type: ignore[operator]
    assert all(r.type != "table.player_joined@1" or r.actor != "bob" for r in store.read("t1"))
    assert store.head("t1") == 4  # only the rival's two rolls landed


def test_another_apps_writes_are_seen_before_deciding() -> None:
    store = MemoryStore()
    first, second = TableDriver(app=make_app(store)), TableDriver(app=make_app(store))
    first.do("/game new system:generic name:Shared")
    second.do("/game join", "bob")  # second app loads the table first writer made
    assert first.app.table("t1").state.meta.players == ("bob",)  # type: ignore[union-attr]
    assert "already" in first.refused("/game join", "bob")


def test_snapshots_are_written_and_used_and_equal_a_full_replay() -> None:
    store = MemoryStore()
    driver = TableDriver(app=make_app(store, snapshot_every=5))
    driver.do("/game new system:generic name:Snap")
    for who in ["a", "b", "c", "d", "e", "f"]:
        driver.do("/game join", who)
    driver.do("/undo count:2")
    snapshot = store.latest_snapshot("t1")
    assert snapshot is not None
    assert snapshot.seq == 5
    assert snapshot.version == snapshot_version()
    loaded = make_app(store).table("t1")
    assert loaded == driver.app.table("t1")


def test_an_unknown_snapshot_version_is_ignored_and_events_replayed() -> None:
    store = MemoryStore()
    driver = TableDriver(app=make_app(store, snapshot_every=2))
    driver.do("/game new system:generic name:Old")
    driver.do("/game join", "bob")
    driver.do("/game join", "carol")
    snapshot = store.latest_snapshot("t1")
    assert snapshot is not None
    store.save_snapshot(type(snapshot)("t1", snapshot.seq, "table-window-0", {"junk": True}))
    assert make_app(store).table("t1") == driver.app.table("t1")


class BrokenStore(MemoryStore):
    def append(self, table_id: str, expected_seq: int, events: Sequence[EventRecord]) -> None:
        raise StoreError("disk on fire")


def test_a_store_failure_is_reported_and_the_cache_is_not_ahead_of_the_store() -> None:
    store = BrokenStore()
    driver = TableDriver(app=make_app(store))
    outcome = driver.try_("/game new system:generic name:Doomed")
    assert not outcome.ok
    assert "database is not answering" in outcome.error  # type: ignore[operator]
    assert driver.app.table("t1").state is None


class StoppedStore(MemoryStore):
    """A database that stops answering at the next append (``unsure``: partway through it)."""

    def __init__(self, *, unsure: bool | None) -> None:
        super().__init__()
        self.unsure = unsure

    def append(self, table_id: str, expected_seq: int, events: Sequence[EventRecord]) -> None:
        if self.unsure is None:
            raise StoreUnavailable("server closed the connection")
        raise StoreUnavailable("server closed the connection", unsure=self.unsure)


@pytest.mark.parametrize(
    ("unsure", "told"), [(None, NOT_SAVED), (False, NOT_SAVED), (True, MAYBE_SAVED)]
)
def test_a_database_that_stops_answering_is_told_as_it_stopped(
    unsure: bool | None, told: str, caplog: pytest.LogCaptureFixture
) -> None:
    driver = TableDriver(app=make_app(StoppedStore(unsure=unsure)))
    outcome = driver.try_("/game new system:generic name:Doomed")
    assert not outcome.ok
    assert outcome.error == told
    assert "the database is not answering: server closed the connection" in caplog.text
    assert driver.app.table("t1").state is None


def test_an_unexpected_error_is_reported_with_a_reference_and_changes_nothing() -> None:
    driver = TableDriver()
    driver.do("/game new system:generic name:Bug")

    def boom(*_args: object) -> None:
        raise RuntimeError("bug")

    spec = driver.app.registry.find("game join", "generic")
    assert spec is not None
    object.__setattr__(spec, "handler", boom)
    try:
        outcome = driver.try_("/game join", "bob")
    finally:
        object.__setattr__(spec, "handler", join)
    assert not outcome.ok
    assert "ref " in outcome.error  # type: ignore[operator]
    assert driver.app.store.head("t1") == 1


def test_conflict_error_type_carries_the_heads() -> None:
    error = AppendConflict("t", 3, 5)
    assert (error.expected_seq, error.actual_seq) == (3, 5)
    assert person("gm") == GM


def test_a_prepared_command_is_made_from_the_table_under_its_lock_and_may_refuse() -> None:
    driver = TableDriver()
    driver.do("/game new system:generic name:Prepared")
    seen: list[int] = []

    def prepare(table: Table) -> Invocation:
        seen.append(table.seq)
        if table.seq > 1:
            raise Refusal("That button no longer applies.")
        return parse_line("/game join", driver.app.registry, "generic")

    joined = driver.app.handle(driver.table_id, person("bob"), prepare)
    assert joined.ok, joined.error
    refused = driver.app.handle(driver.table_id, person("carol"), prepare)
    assert not refused.ok
    assert refused.error == "That button no longer applies."
    assert seen == [1, 2]  # each made from the table as it stood
    assert len(driver.app.store.read(driver.table_id)) == 2  # the refusal wrote nothing


def test_the_cached_table_is_read_without_waiting_for_the_table_s_lock() -> None:

    driver = TableDriver()
    assert driver.app.cached_table(driver.table_id) is None  # never loaded here
    driver.do("/game new system:generic name:Cached")
    found: list[object] = []
    with driver.app._lock_for(driver.table_id):  # a slow command holds the table
        reader = threading.Thread(target=lambda: found.append(driver.app.cached_table("t1")))
        reader.start()
        reader.join(timeout=30)  # a guard against hanging, not a measure of speed
        assert not reader.is_alive()
    (table,) = found
    assert table is driver.app.table(driver.table_id)


def test_snapshots_taken_in_the_background_are_saved_by_close_and_equal_a_replay(
    tmp_path: Path,
) -> None:
    # Issue 24: a running bot saves snapshots off the command path (bootstrap turns it on).
    path = tmp_path / "tables.sqlite3"
    app = App(
        SqliteStore(path),
        SeededDice(1),
        build_registry(),
        snapshot_every=5,
        snapshots_in_background=True,
    )
    driver = TableDriver(app=app)
    driver.do("/game new system:generic name:Snap")
    for who in ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]:
        driver.do("/game join", who)
    live = app.table("t1")
    app.close()  # saves what is waiting, then closes the store
    store = SqliteStore(path)
    snapshot = store.latest_snapshot("t1")
    assert snapshot is not None
    assert snapshot.seq == 10
    assert make_app(store).table("t1") == live
    store.close()
