"""The undo window as it is kept and brought back: a history that does not hold says where, a
snapshot of another format is refused by name, a redone command stands again in what is kept,
and a channel with no game yet survives the compact cache."""

from __future__ import annotations

import pytest

from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.engine.aggregate import (
    CHECKPOINT_EVERY,
    UNDO_DEPTH,
    Redone,
    Table,
    Undone,
    replay,
)
from scenekeeper.engine.errors import CorruptHistory
from scenekeeper.engine.events import Envelope
from scenekeeper.store.memory import MemoryStore
from tests.support import TableDriver, make_app


def _joined() -> TableDriver:
    driver = TableDriver()
    driver.do("/game new system:generic name:Kept")
    driver.do("/game join", "bob")
    driver.do("/game join", "carol")
    return driver


def test_replaying_a_redo_of_what_was_not_undone_last_says_which() -> None:
    driver = _joined()
    driver.do("/undo count:2")  # #3 then #2: #2 is the one /redo puts back first
    table = driver.app.table("t1")
    bogus = Envelope(
        seq=table.seq + 1,
        event=Redone(target_seq=3, command="/game join"),
        actor="gm",
        time="2026-01-01T00:00:00.000Z",
        command_seq=table.seq + 1,
    )
    with pytest.raises(CorruptHistory) as raised:
        replay([bogus], table)
    assert str(raised.value) == f"event #{table.seq + 1} redoes #3, which was not undone last"


@pytest.mark.parametrize("bring_back", [Table.from_snapshot, Table.from_compact])
def test_a_snapshot_of_another_format_is_refused_by_its_name(bring_back: object) -> None:
    table = _joined().app.table("t1")
    data = {**table.to_compact(), "format": "table-window-1"}
    with pytest.raises(CorruptHistory) as raised:
        bring_back(table.seq, data)  # type: ignore[operator]
    assert str(raised.value) == "unknown snapshot format 'table-window-1'"


def test_a_redone_command_stands_again_in_the_kept_snapshot() -> None:
    store = MemoryStore()
    driver = TableDriver(app=make_app(store, snapshot_every=2))
    driver.do("/game new system:generic name:Kept")
    driver.do("/game join", "bob")
    driver.do("/undo")
    driver.do("/redo")
    table = driver.app.table("t1")
    # Neither the window nor what a snapshot keeps of it says the command is undone: another
    # version reading this snapshot sees #2 standing, as a replay of the history does.
    assert [(r.seq, r.undone_by) for r in table.window] == [(2, "")]
    assert [r["undone_by"] for r in table.to_snapshot()["window"]] == [""]
    assert table.redo == ()


def test_a_channel_without_a_game_kept_compact_still_starts_one() -> None:
    # One table kept as an object: the empty channel's lookup is compacted once another
    # table is used, and brought back when the channel is next spoken in.
    app = App(store=MemoryStore(), dice=SeededDice(1), registry=build_registry(), hot_tables=1)
    empty = TableDriver(app=app, table_id="empty")
    other = TableDriver(app=app, table_id="other")
    assert empty.refused("/game show").startswith("There is no game at this table yet.")
    other.do("/game new system:generic name:Other")
    assert empty.refused("/game show").startswith("There is no game at this table yet.")
    other.do('/roll dice:d6 results:"5"')
    assert empty.do("/game new system:generic name:Late").reply.text[0] == (
        "New table 'Late' plays any game (dice only). Gemma is the GM."
    )
    assert other.do("/undo").reply.text == ("Undid #2 /roll dice:d6 results:5 (by Gemma).",)


def _gaps(table: Table) -> list[int]:
    """How many commands each kept state is from the one before it (or the window's start)."""
    gaps, gap = [], 0
    for record in table.window:
        gap += 1
        if record.after is not None:
            gaps.append(gap)
            gap = 0
    return gaps


def test_a_table_kept_compact_undoes_each_command_to_the_state_before_it() -> None:
    # One table kept as an object: the long table is compacted (its window keeps only the
    # newest command's state) whenever the other table is used, and each undo after that
    # folds from the checkpoints it rebuilds, never more than CHECKPOINT_EVERY commands.
    app = App(store=MemoryStore(), dice=SeededDice(1), registry=build_registry(), hot_tables=1)
    long = TableDriver(app=app, table_id="long")
    other = TableDriver(app=app, table_id="other")
    other.do("/game new system:generic name:Other")
    long.do("/game new system:generic name:Long")
    states = [app.table("long").state]
    for n in range(UNDO_DEPTH + 7):
        long.do("/game join" if n % 6 < 3 else "/game leave", ["bob", "carol", "dan"][n % 3])
        states.append(app.table("long").state)
    for n in range(UNDO_DEPTH):
        if n % 7 == 0:
            other.do('/roll dice:d6 results:"1"')  # the long table goes compact
        long.do("/undo")
        table = app.table("long")
        assert table.state == states[-2 - n], f"undo {n + 1} did not give the state before"
        assert not table.window or table.window[-1].after == table.state
        assert all(gap <= CHECKPOINT_EVERY for gap in _gaps(table)), _gaps(table)
    assert "nothing to undo" in long.refused("/undo")
    assert app.table("long").state == states[7]


def _envelope(seq: int, event: object, command_seq: int | None = None) -> Envelope:
    return Envelope(
        seq=seq,
        event=event,  # type: ignore[arg-type]
        actor="gm",
        time="2026-01-01T00:00:00.000Z",
        command_seq=seq if command_seq is None else command_seq,
    )


def test_a_history_that_does_not_hold_says_where() -> None:
    table = _joined().app.table("t1")  # #1 the table, #2 and #3 joins
    seq = table.seq
    undo = Undone(target_seq=2, command="/game join")
    cases = [
        (_envelope(seq + 2, undo), f"event #{seq + 2} follows #{seq}"),
        (
            _envelope(seq + 1, undo),
            f"event #{seq + 1} undoes #2, which is not the newest",
        ),
        (
            _envelope(seq + 1, table.window[-1].events[0], command_seq=2),
            f"event #{seq + 1} continues command #2 out of order",
        ),
    ]
    for envelope, says in cases:
        with pytest.raises(CorruptHistory) as raised:
            replay([envelope], table)
        assert str(raised.value) == says
