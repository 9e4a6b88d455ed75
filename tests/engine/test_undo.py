"""Undo and redo restore exactly the state before (and after) the command they touch."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scenekeeper.app.records import envelope_from_record
from scenekeeper.engine.aggregate import CHECKPOINT_EVERY, UNDO_DEPTH, Redone, Table, Undone, replay
from scenekeeper.engine.errors import CorruptHistory
from scenekeeper.engine.events import Envelope
from scenekeeper.engine.state import TableState
from scenekeeper.store.memory import MemoryStore
from tests.support import GM, TableDriver, make_app

PEOPLE = ["gm", "bob", "carol", "dan"]
ACTORS = st.sampled_from(["gm", "gm", "bob", "carol", "dan"])
EXPRESSIONS = ["d20", "2d6+1", "4d6kh3", "3d8-2"]

operations = st.lists(
    st.one_of(
        st.tuples(st.just("/game join"), st.sampled_from(PEOPLE)),
        st.tuples(st.just("/game leave"), st.sampled_from(PEOPLE)),
        st.tuples(st.sampled_from(PEOPLE).map(lambda p: f"/game gm add user:{p}"), st.just("gm")),
        st.tuples(
            st.sampled_from(PEOPLE).map(lambda p: f"/game gm remove user:{p}"),
            st.sampled_from(PEOPLE),
        ),
        st.tuples(
            st.sampled_from(EXPRESSIONS).map(lambda e: f"/roll dice:{e}"), st.sampled_from(PEOPLE)
        ),
        st.tuples(st.integers(1, 3).map(lambda n: f"/undo count:{n}"), ACTORS),
        st.tuples(st.integers(1, 3).map(lambda n: f"/redo count:{n}"), ACTORS),
        st.tuples(st.just("/redo"), st.just("gm")),
        st.tuples(
            st.sampled_from(["Vex", "Brick"]).map(lambda c: f"/game claim character:{c}"), ACTORS
        ),
        st.tuples(
            st.sampled_from(["Vex", "Brick"]).map(lambda c: f"/game release character:{c}"), ACTORS
        ),
        st.tuples(st.just("/undo"), st.just("gm")),
    ),
    min_size=10,
    max_size=50,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops=operations, seed=st.integers(0, 2**16), snapshot_every=st.integers(2, 9))
def test_undo_gives_the_state_before_and_redo_the_state_after(
    ops: list[tuple[str, str]], seed: int, snapshot_every: int
) -> None:
    store = MemoryStore()
    driver = TableDriver(app=make_app(store, seed=seed, snapshot_every=snapshot_every))
    driver.do("/game new system:generic name:Property", GM.id)
    before: dict[int, TableState] = {}
    after: dict[int, TableState] = {}
    for line, actor in [("/game join", "bob"), ("/game join", "carol"), *ops]:
        state_then = driver.app.table("t1").state
        outcome = driver.try_(line, actor)
        state_now = driver.app.table("t1").state
        if not outcome.ok:
            assert state_now == state_then, "a refused command changed the table"
            continue
        undone = [e.event for e in outcome.events if isinstance(e.event, Undone)]
        redone = [e.event for e in outcome.events if isinstance(e.event, Redone)]
        if undone:
            event("undo")
            assert state_now == before[undone[-1].target_seq]
        elif redone:
            event("redo")
            assert state_now == after[redone[-1].target_seq]
        elif outcome.events:
            first = outcome.events[0].seq
            before[first], after[first] = state_then, state_now
    # A second process (empty cache: snapshot + replay) and a full replay agree with the cache.
    fresh = make_app(store)
    assert fresh.table("t1") == driver.app.table("t1")
    envelopes = _envelopes(store)
    assert replay(envelopes).state == driver.app.table("t1").state


def _envelopes(store: MemoryStore) -> list[Envelope]:
    return [envelope_from_record(r) for r in store.read("t1")]


def test_undo_reaches_back_exactly_the_undo_depth() -> None:
    driver = TableDriver()
    driver.do("/game new system:generic name:Deep")
    for _ in range(UNDO_DEPTH + 5):
        driver.do("/roll dice:d6")
    table = driver.app.table("t1")
    assert len(table.window) == UNDO_DEPTH
    for _ in range(UNDO_DEPTH // 20):
        driver.do("/undo count:20")
    assert "nothing to undo" in driver.refused("/undo")
    # Everything undone is still in the record, and can be put back.
    driver.do("/redo count:20")
    assert len(driver.app.table("t1").window) == 20


def test_table_creation_cannot_be_undone() -> None:
    driver = TableDriver()
    driver.do("/game new system:generic name:Start")
    assert "nothing to undo" in driver.refused("/undo")


def test_a_new_command_clears_redo() -> None:
    driver = TableDriver()
    driver.do("/game new system:generic name:Redo")
    driver.do("/game join", "bob")
    driver.do("/undo")
    driver.do("/roll dice:d4", "bob")
    assert "nothing to redo" in driver.refused("/redo")


def test_replaying_an_undo_of_the_wrong_command_is_corrupt_history() -> None:
    driver = TableDriver()
    driver.do("/game new system:generic name:Corrupt")
    driver.do("/game join", "bob")
    table = driver.app.table("t1")
    bogus = Envelope(
        seq=table.seq + 1,
        event=Undone(target_seq=1, command="/game new"),
        actor="gm",
        time="2026-01-01T00:00:00.000Z",
        command_seq=table.seq + 1,
    )
    with pytest.raises(CorruptHistory, match="not the newest"):
        replay([bogus], table)


def _state(driver: TableDriver) -> TableState:
    state = driver.app.table("t1").state
    assert state is not None
    return state


def test_undo_past_a_full_window_gives_each_state_before_after_a_restart() -> None:
    # 130 commands that each change the table (seats are taken and left): the window
    # slides from its oldest end, the oldest command is folded into its base, and a restart
    # (a fresh app: snapshot + replay) still undoes each of the newest 100 to the state before.
    store = MemoryStore()
    driver = TableDriver(app=make_app(store, snapshot_every=9))
    driver.do("/game new system:generic name:Long")
    before: list[TableState] = []
    for n in range(130):
        who = ["bob", "carol", "dan"][n % 3]
        before.append(_state(driver))
        driver.do("/game join" if n % 6 < 3 else "/game leave", who)
    restarted = TableDriver(app=make_app(store))
    assert restarted.app.table("t1") == driver.app.table("t1")
    for n in range(129, 29, -1):
        restarted.do("/undo")
        assert _state(restarted) == before[n], f"undo of command {n} did not give the state before"
    assert "nothing to undo" in restarted.refused("/undo")
    # What is older than the window stays, after another restart too.
    again = TableDriver(app=make_app(store))
    assert _state(again) == before[30]


def test_redo_of_several_puts_back_the_newest_undone_last() -> None:
    driver = TableDriver()
    driver.do("/game new system:generic name:Redo")
    states = [_state(driver)]
    for who in ["bob", "carol", "dan"]:
        driver.do("/game join", who)
        states.append(_state(driver))
    undone = driver.do("/undo count:3")
    assert [e.event.target_seq for e in undone.events] == [4, 3, 2]  # type: ignore[attr-defined]
    assert _state(driver) == states[0]
    redone = driver.do("/redo count:2")
    assert redone.reply.text == (
        "Redid #2 /game join (by bob).",
        "Redid #3 /game join (by carol).",
    )
    assert _state(driver) == states[2]
    assert driver.do("/redo").reply.text == ("Redid #4 /game join (by dan).",)
    assert _state(driver) == states[3]
    assert "nothing to redo" in driver.refused("/redo")


def test_redo_after_everything_was_undone_rebuilds_from_the_base() -> None:
    store = MemoryStore()
    driver = TableDriver(app=make_app(store, snapshot_every=2))
    driver.do('/game new system:generic name:"Empty window"')
    driver.do("/game join", "bob")
    after_join = _state(driver)
    driver.do("/undo")
    assert driver.app.table("t1").window == ()
    driver.do("/redo")
    assert _state(driver) == after_join
    assert make_app(store).table("t1") == driver.app.table("t1")


def test_only_checkpoints_keep_a_state_and_undo_and_redo_fold_from_them_exactly() -> None:
    # Issue 24: no state copy per standing command; every CHECKPOINT_EVERY-th and the newest
    # keep theirs, and undo/redo anywhere in the window still give the exact states.
    driver = TableDriver()
    driver.do("/game new system:generic name:Checkpoints")
    states = [_state(driver)]
    for n in range(UNDO_DEPTH + 7):
        driver.do("/game join" if n % 6 < 3 else "/game leave", ["bob", "carol", "dan"][n % 3])
        states.append(_state(driver))
        window = driver.app.table("t1").window
        kept = [r for r in window if r.after is not None]
        assert window[-1].after is not None
        assert len(kept) <= len(window) // CHECKPOINT_EVERY + 2
    for n in range(UNDO_DEPTH):
        driver.do("/undo")
        assert _state(driver) == states[-2 - n], f"undo {n + 1} did not give the state before"
        assert all(r.after is None for r in driver.app.table("t1").redo)
    for n in range(UNDO_DEPTH):
        driver.do("/redo")
        assert _state(driver) == states[8 + n], f"redo {n + 1} did not give the state after"


def test_a_table_from_its_snapshot_keeps_the_checkpoints_it_had() -> None:
    # A table brought back from a snapshot (a restart, or the compact cache) keeps checkpoints
    # as the table that played does: undo anywhere in its window folds fewer than
    # CHECKPOINT_EVERY commands, never the whole window from the base.
    driver = TableDriver()
    driver.do("/game new system:generic name:Checkpoints")
    for n in range(UNDO_DEPTH + 7):
        driver.do("/game join" if n % 6 < 3 else "/game leave", ["bob", "carol", "dan"][n % 3])
    table = driver.app.table("t1")
    again = Table.from_snapshot(table.seq, table.to_snapshot())
    assert again.state == table.state
    assert again.window[-1].after == table.state
    for loaded in (table, again):
        gap = 0
        for record in loaded.window:
            gap = 0 if record.after is not None else gap + 1
            assert gap < CHECKPOINT_EVERY, "an undo here would fold more than a checkpoint's run"


def test_the_table_just_after_a_standing_command_is_the_table_as_it_stood_then() -> None:
    # What a message drawn for a command shows (its controls, View.table) is the table cut at
    # that command: the same seq, state, base and window as the table had just after it, as
    # the stored events up to it replay -- from a playing table and one brought back compact
    # (which keeps only its newest command's state).
    store = MemoryStore()
    driver = TableDriver(app=make_app(store))
    driver.do("/game new system:cortex name:Cut")
    driver.do("/game join", "ana")
    for n in range(3 * CHECKPOINT_EVERY + 5):
        if n % 9 == 4:
            driver.do(f"/char new name:Ada{n} owner:ana")  # two events: the seq is its last
        else:
            driver.do(f'/roll dice:d6 results:"{n % 6 + 1}" label:r{n}', "ana")
    driver.do("/undo count:2")
    driver.do("/redo")
    table = driver.app.table("t1")
    envelopes = _envelopes(store)
    assert any(len(record.events) > 1 for record in table.window)
    assert table.window[0].seq == 2  # every command since the table's creation
    compact = Table.from_compact(table.seq, table.to_compact())
    for record in table.window:
        last = record.seq + len(record.events) - 1
        then = replace(replay(e for e in envelopes if e.seq <= last), redo=())
        assert then.seq == last
        assert table.just_after(record.seq) == then, f"#{record.seq} {record.command}"
        assert compact.just_after(record.seq) == then, f"#{record.seq} {record.command}"
    undone = table.redo[-1].seq
    assert table.just_after(undone) is None  # on the redo stack: not standing
    assert table.just_after(1) is None  # the table's creation: never in the window


def test_the_state_before_a_slid_window_is_folded_only_when_read_and_compares_so() -> None:
    # Issue 36: commands leaving the window are not folded into its start one by one as they
    # leave; the start, read, is the state before the window's first command, and a table
    # holding them unfolded is equal to the same table with them folded (from its snapshot).
    store = MemoryStore()
    driver = TableDriver(app=make_app(store))
    driver.do("/game new system:generic name:Slide")
    states = {1: _state(driver)}
    for n in range(UNDO_DEPTH + 4):
        driver.do("/game join" if n % 6 < 3 else "/game leave", ["bob", "carol", "dan"][n % 3])
        states[driver.app.table("t1").seq] = _state(driver)
    table = driver.app.table("t1")
    assert table.pending, "commands that left the window since its last checkpoint"
    assert table.start == states[table.window[0].seq - 1]
    folded = Table.from_snapshot(table.seq, table.to_snapshot())
    assert not folded.pending
    assert folded == table
    assert replace(table, pending=(), base=states[1]) != table  # another start: not equal


def _played_envelopes(commands: int) -> list[Envelope]:
    store = MemoryStore()
    driver = TableDriver(app=make_app(store))
    driver.do("/game new system:generic name:Lazy")
    for n in range(commands):  # each a change that stays (a run of joins and leaves cancels)
        driver.do(f"/game pace hours:{n % 47 + 1}")
    return [envelope_from_record(r) for r in store.read("t1")]


def test_the_window_start_holds_through_redo_a_long_command_and_a_compact_table() -> None:
    envelopes = _played_envelopes(UNDO_DEPTH + 30)
    truth = replay(envelopes)
    cut = UNDO_DEPTH + 5
    # Brought back compact (only the newest command keeps its state), then played on: the
    # commands leaving the window have no checkpoint among them for longer than a run.
    compact = Table.from_compact(envelopes[cut - 1].seq, replay(envelopes[:cut]).to_compact())
    assert replay(envelopes[cut:], compact).start == truth.start
    assert replay(envelopes[cut:], compact) == truth
    played = replay(envelopes[cut:], compact)  # its start not read yet: still to fold
    assert played.pending
    # An undo and a redo, and a command of two events, keep what the start is folded from.
    undone = replay(
        [
            Envelope(
                truth.seq + 1,
                Undone(target_seq=truth.window[-1].seq, command="x"),
                "gm",
                "2026-01-01T00:00:00.000Z",
                truth.seq + 1,
            ),
            Envelope(
                truth.seq + 2,
                Redone(target_seq=truth.window[-1].seq, command="x"),
                "gm",
                "2026-01-01T00:00:00.000Z",
                truth.seq + 2,
            ),
        ],
        played,
    )
    assert undone.start == truth.start
    first = truth.window[-1].events[0]
    two = replay(
        [
            Envelope(truth.seq + 1, first, "gm", "2026-01-01T00:00:00.000Z", truth.seq + 1),
            Envelope(truth.seq + 2, first, "gm", "2026-01-01T00:00:00.000Z", truth.seq + 1),
        ],
        played,
    )
    assert two.window[-1].events == (first, first)
    assert two.start == replay(envelopes[: two.window[0].seq - 1]).state
