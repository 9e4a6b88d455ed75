"""A table's pace (issue 34): the command that changes what a paced table waits for notes it
with since when, in the same append; a wait a pace old is due once per person; an import
checks the notes as it checks every command; the console's clock moves on by ``# later:``."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from scenekeeper.app.clock import MovableClock, later
from scenekeeper.app.reminders import Reminders
from scenekeeper.engine.pace import PaceSet, WaitsNoted, due, seconds, since_text
from tests.engine.test_transfer import export, import_into
from tests.support import TableDriver, make_app

START = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def paced(clock: MovableClock | None = None, hours: int = 12) -> TableDriver:
    clock = clock or MovableClock(START)
    driver = TableDriver(app=make_app(clock=clock.now))
    driver.do("/game new system:cortex name:Post")
    for who, name in (("ana", "Ada"), ("ben", "Brick")):
        driver.do("/game join", who)
        driver.do(f"/char new name:{name}", who)
    driver.do(f"/game pace hours:{hours}")
    driver.do("/scene start type:action name:Docks")
    return driver


def noted(driver: TableDriver) -> dict[str, str]:
    state = driver.app.table(driver.table_id).state
    assert state is not None
    return dict(state.meta.waiting)


def test_the_command_that_begins_a_wait_notes_it_in_its_own_append() -> None:
    clock = MovableClock(START)
    driver = paced(clock)
    clock.later(timedelta(hours=1))
    outcome = driver.do("/order start lead:Ada")
    assert isinstance(outcome.events[-1].event, WaitsNoted)
    assert outcome.events[-1].command_seq == outcome.events[0].seq  # part of the command
    assert noted(driver) == {
        "Ada's turn in the action order: act, then /order handoff; a GM can /order end.": (
            "2026-11-30T10:00:00.000Z"
        )
    }
    # A command that leaves the waits as they were notes nothing.
    clock.later(timedelta(hours=1))
    assert not any(
        isinstance(e.event, WaitsNoted) for e in driver.do("/pp give character:Ada").events
    )
    # The undo of the command takes its note back with it.
    driver.do("/undo")
    driver.do("/undo")
    assert noted(driver) == {}


def test_a_live_table_notes_nothing_and_turning_the_pace_off_forgets_the_notes() -> None:
    live = TableDriver()
    live.do("/game new system:cortex name:Live")
    live.do("/game join", "ana")
    live.do("/char new name:Ada", "ana")
    live.do("/scene start type:action name:Docks")
    started = live.do("/order start lead:Ada")
    assert not any(isinstance(e.event, WaitsNoted) for e in started.events)
    driver = paced()
    driver.do("/order start lead:Ada")
    assert noted(driver)
    driver.do("/game pace hours:0")
    assert noted(driver) == {}
    assert "already" in driver.refused("/game pace hours:0")


def test_a_wait_is_due_a_pace_after_it_began_to_each_person_who_owes_it() -> None:
    driver = paced(hours=12)
    driver.do("/order start lead:Ada")
    state = driver.app.table(driver.table_id).state
    assert due(state, (START + timedelta(hours=11, minutes=59)).timestamp()) == []
    (reminder,) = due(state, (START + timedelta(hours=12)).timestamp())
    assert reminder.person == "ana"
    assert reminder.since == "2026-11-30T09:00:00.000Z"


def test_a_reminder_is_taken_once_even_by_a_new_process_on_the_same_store() -> None:
    clock = MovableClock(START)
    driver = paced(clock)
    driver.do("/order start lead:Ada")
    late = START + timedelta(hours=13)
    assert [r.person for r in Reminders(driver.app).take(driver.table_id, late)] == ["ana"]
    assert Reminders(driver.app).take(driver.table_id, late) == []
    again = make_app(store=driver.app.store)
    assert Reminders(again).take(driver.table_id, late + timedelta(days=3)) == []


def test_an_export_of_a_paced_table_imports_and_a_tampered_note_is_refused() -> None:
    clock = MovableClock(START)
    driver = paced(clock)
    driver.do("/order start lead:Ada")
    clock.later(timedelta(hours=2))
    driver.do("/order handoff to:Brick", "ana")
    doc = export(driver)
    fresh = TableDriver(app=make_app())
    assert import_into(fresh, "copy", doc).ok
    assert noted(TableDriver(app=fresh.app, table_id="copy")) == noted(driver)
    for event in doc["events"]:
        if event["type"] == WaitsNoted.type_name and event["data"]["waiting"]:
            line = next(iter(event["data"]["waiting"]))
            event["data"]["waiting"][line] = "2026-11-01T00:00:00.000Z"  # an earlier since
            break
    tampered = import_into(TableDriver(app=make_app()), "bad", json.loads(json.dumps(doc)))
    assert not tampered.ok
    assert "what it notes the table waits for" in (tampered.error or "")


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("# later: 13h", timedelta(hours=13)),
        ("# later: 1d 12h", timedelta(days=1, hours=12)),
        ("#later:30m", timedelta(minutes=30)),
        ("# LATER: 2D", timedelta(days=2)),
        ("# later: soon", None),
        ("# later: 13", None),
        ("# a comment", None),
    ],
)
def test_later_reads_how_far_the_clock_moves(text: str, span: timedelta | None) -> None:
    assert later(text) == span


def test_times_read_as_people_read_them() -> None:
    assert since_text("2026-11-30T09:05:00.000Z") == "Mon 30 Nov 09:05 UTC"
    assert since_text("2027-02-28T23:59:59Z") == "Sun 28 Feb 23:59 UTC"
    assert since_text("yesterday") == "yesterday"
    assert seconds("1970-01-02T00:00:00.000Z") == 86400.0


def test_each_person_chooses_how_their_reminders_reach_them_for_themselves() -> None:
    driver = paced()
    said = driver.do("/game reminders by:dm", "ana")
    assert said.reply.text == ("ana's reminders reach them by DM.",)
    assert driver.refused("/game reminders by:dm", "ana") == (
        "Your reminders reach you by DM already."
    )
    meta = driver.app.table("t1").state.meta  # type: ignore[union-attr]
    assert meta.reminded_by_dm == ("ana",)
    assert (
        driver.refused("/game reminders by:post", "ben") == "by: 'post' is not one of channel, dm."
    )
    driver.do("/game reminders by:channel", "ana")
    assert driver.app.table("t1").state.meta.reminded_by_dm == ()  # type: ignore[union-attr]
    assert driver.refused("/game reminders by:channel", "ana") == (
        "Your reminders reach you in the table's channel already."
    )
    driver.do("/game pace hours:0")
    unpaced = driver.do("/game reminders by:dm", "ben")
    assert unpaced.reply.text[0].endswith("(This table has no pace yet: /game pace sets one.)")
    imported = import_into(TableDriver(), "t2", export(driver))
    assert imported.ok, imported.error


def test_a_pace_reads_in_history_as_people_say_it() -> None:
    assert PaceSet(hours=1).describe() == "pace 1 hour"
    assert PaceSet(hours=12).describe() == "pace 12 hours"
    assert PaceSet(hours=0).describe() == "no pace"


def test_each_wait_a_pace_old_is_due_to_its_own_people_whatever_the_waits_before_it() -> None:
    clock = MovableClock(START)
    driver = TableDriver(app=make_app(clock=clock.now))
    driver.do("/game new system:nodice name:N")
    traits = "REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2 INT 2"
    for who, name in (("ana", "Ada"), ("ben", "Bo"), ("cy", "Cid")):
        driver.do("/game join", who)
        driver.do(f'/char new name:{name} traits:"{traits}"', who)
    driver.do("/game pace hours:1")
    driver.do('/conflict start sides:"Ada | Bo, Cid"')
    state = driver.app.table(driver.table_id).state
    assert state is not None
    first, *others = state.meta.waiting
    assert len(others) == 2
    late = (START + timedelta(hours=2)).timestamp()
    assert sorted(r.person for r in due(state, late)) == ["ana", "ben", "cy"]
    assert driver.do("/history count:1").reply.text[0].endswith("; the table waits for 3 moves")
    # The first wait not noted (so never due): the others still are.
    waiting = {line: since for line, since in state.meta.waiting.items() if line != first}
    fewer = state.replace(meta=state.meta.model_copy(update={"waiting": waiting}))
    assert sorted(r.line for r in due(fewer, late)) == sorted(others)


def test_what_a_paced_table_waits_for_shows_since_when_and_history_counts_the_moves() -> None:
    driver = paced()
    driver.do("/order start lead:Ada")
    shown = driver.do("/game show").reply.text
    assert (
        "Waiting for: Ada's turn in the action order: act, then /order handoff; a GM can "
        "/order end. (since Mon 30 Nov 09:00 UTC)"
    ) in shown
    driver.do("/order end")
    assert driver.do("/history count:2").reply.text == (
        "#10 Gemma: /order start lead:Ada → action order: Ada leads; the table waits for 1 move",
        "#12 Gemma: /order end → action order ended; the table waits for nothing",
    )
    live = TableDriver()
    live.do("/game new system:cortex name:Live")
    live.do("/game join", "ana")
    live.do("/char new name:Ada", "ana")
    live.do("/scene start type:action name:Docks")
    live.do("/order start lead:Ada")
    assert (
        "Waiting for: Ada's turn in the action order: act, then /order handoff; a GM can "
        "/order end."
    ) in live.do("/game show").reply.text
