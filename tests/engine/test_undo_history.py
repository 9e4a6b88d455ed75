"""The undo window as it is kept and brought back: a history that does not hold says where, a
snapshot of another format is refused by name, a redone command stands again in what is kept,
and a channel with no game yet survives the compact cache."""

from __future__ import annotations

import pytest

from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.engine.aggregate import Redone, Table, replay
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
