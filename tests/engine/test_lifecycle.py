"""/game end (an archive with its export), /game gm hand, /game threads, and /board."""

from __future__ import annotations

import json

from scenekeeper.engine.commands import Attachment
from scenekeeper.engine.core.lifecycle import has_ended
from tests.support import GM, TableDriver


def played() -> TableDriver:
    driver = TableDriver()
    driver.do('/game new system:generic name:"Friday"')
    driver.do("/game join", "bob")
    driver.do("/game join", "carol")
    driver.do("/roll dice:2d6 results:3,4", "bob")
    return driver


def test_ending_needs_confirmation_and_the_table_s_own_gm() -> None:
    driver = played()
    assert "type /game end confirm:true" in driver.refused("/game end confirm:false")
    driver.do("/game gm add user:carol")
    assert "Only Gemma, the GM who runs this table" in driver.refused(
        "/game end confirm:true", "carol"
    )
    assert not has_ended(driver.app.table(driver.table_id))


def test_ending_hands_over_the_export_and_keeps_the_history_as_an_archive() -> None:
    driver = played()
    before = driver.app.table(driver.table_id).seq
    outcome = driver.do("/game end confirm:true")
    (file,) = outcome.reply.files
    assert file.private  # an export holds everything: the GM's only
    doc = json.loads(file.content)
    assert doc["table"]["seq"] == before
    assert "'Friday' has ended" in outcome.reply.text[0]
    table = driver.app.table(driver.table_id)
    assert has_ended(table)
    assert table.window == ()  # nothing before the end can be undone
    assert [r.type for r in driver.app.store.read(driver.table_id)][-1] == "table.ended@1"
    # The archive takes no new game; the export brings the game back at a fresh table.
    assert "ended and is kept as an archive" in driver.refused("/game new system:generic")
    assert "no game at this table" in driver.refused("/game show")
    back = driver.app.handle(
        "t2",
        GM,
        "/game import file:friday.json",
        read_file=lambda _p: Attachment("friday.json", file.content),
    )
    assert back.ok, back.error
    state = driver.app.table("t2").state
    assert state is not None
    assert state.meta.name == "Friday"
    assert len(state.meta.players) == 2


def test_the_lead_gm_role_goes_to_a_co_gm_who_runs_the_table_from_then_on() -> None:
    driver = played()
    assert "make them one first with /game gm add user:bob" in driver.refused(
        "/game gm hand user:bob"
    )
    driver.do("/game gm add user:carol")
    said = driver.do("/game gm hand user:carol").reply.text[0]
    assert said == "carol now runs 'Friday'; Gemma stays on as a co-GM."
    state = driver.app.table(driver.table_id).state
    assert state is not None
    assert state.meta.gm == "carol"
    assert state.meta.co_gms == (GM.id,)
    # Only the GM who runs the table manages co-GMs and ends it now.
    assert "Only carol" in driver.refused("/game end confirm:true")
    driver.do("/game gm remove user:gm", "carol")
    driver.do("/undo", "carol")
    driver.do("/undo", "carol")  # the hand-over is undone like any command
    state = driver.app.table(driver.table_id).state
    assert state is not None
    assert state.meta.gm == GM.id


def test_threads_follow_the_channel_when_the_gm_asks() -> None:
    driver = played()
    assert "Only the GM or a co-GM" in driver.refused("/game threads follow:true", "bob")
    driver.do("/game threads follow:true")
    state = driver.app.table(driver.table_id).state
    assert state is not None
    assert state.meta.threads_follow
    assert "already" in driver.refused("/game threads follow:true")
    driver.do("/game threads follow:false")


def test_the_board_shows_the_table_at_every_game() -> None:
    driver = played()
    lines = driver.do("/board show", "bob").reply.text
    assert lines[0] == "Board of 'Friday' (any game (dice only))"
    assert lines[1:] == ("People:", "  GM: Gemma.", "  Players: bob, carol.")
    assert "Only the GM or a co-GM can use /board pin" in driver.refused("/board pin", "bob")
    pinned = driver.do("/board pin")
    assert pinned.events == ()  # where the live board is, is Discord's business
    assert "/board show shows it whenever you ask" in pinned.reply.text[-1]
    assert "no longer kept up to date" in driver.do("/board unpin").reply.text[0]
