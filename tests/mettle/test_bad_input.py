"""Acceptance: bad input at a METTLE table -- a wrong Attribute, an Action a status forbids,
acting out of turn, the wrong person -- gets one clear line and leaves the table unchanged."""

from __future__ import annotations

import pytest

from scenekeeper.engine.commands import Attachment
from scenekeeper.engine.errors import Refusal
from tests.mettle.helpers import mettle_table
from tests.support import GM, TableDriver, person

#: No Initiative: Viktor is Staggered, a Mook is Fallen.
FREE = [
    ("/status add character:Viktor status:staggered", GM.id),
    ("/char new name:Mook gmc:true npc_pool:2", GM.id),
    ("/status add character:Mook status:fallen", GM.id),
]
#: Initiative among Kirin (acting), Viktor and the Thug.
TURNS = [
    ('/order start lead:Kirin characters:"Kirin, Viktor, Thug"', GM.id),
]
#: Teamwork under way: Viktor has rolled (and failed), Kirin not yet.
TEAM = [
    ('/team start characters:"Viktor, Kirin" attribute:poise vs:3', GM.id),
    ('/check results:"1 1 1"', "dana"),
]

BAD = [
    # (setup, line, actor, words the message must contain)
    (FREE, "/check pool:strength vs:3", "dana", "'strength' is not an Attribute"),
    (FREE, "/check pool:frame vs:3", "dana", "Frame is never Checked"),
    (FREE, "/act action:attack target:Thug pool:poise", "troy", "rolls Nature"),
    (FREE, "/act action:sneak target:Thug pool:concept", "troy", "not higher than Poise 5"),
    (FREE, "/act action:rally", "dana", "Staggered and cannot Rally"),
    (FREE, "/act character:Mook action:attack target:Viktor", GM.id, "Fallen: no Action"),
    (FREE, "/act action:aid target:Thug", "troy", "only on the Staggered or Fallen"),
    (FREE, "/act action:defend", "troy", "no hit waits"),
    (FREE, "/act action:attack target:Thug vs:3", "troy", "leave out vs:"),
    (FREE, "/act action:attack target:Thug zones:2", "troy", "own Zone only"),
    (FREE, "/act action:travel", "dana", "add vs:"),
    (FREE, "/act character:Kirin action:know vs:3", "dana", "troy's character"),
    (FREE, "/check pool:nature vs:3 surge:1", "dana", "only while Initiative"),
    (FREE, "/check pool:nature vs:3 raises:9", "dana", "the pool has 3"),
    (FREE, '/check pool:nature vs:3 results:"1 2"', "troy", "has 2 faces"),
    (FREE, "/twist", "troy", "no Check to Twist"),
    (FREE, "/mettle stagger", "dana", "none to deny"),
    (FREE, "/mettle take", "dana", "No hit waits"),
    (FREE, "/char set character:Viktor attribute:poise value:0", "dana", "at least 1"),
    (FREE, "/char set character:Viktor attribute:pool value:3", "dana", "for GM characters"),
    (FREE, "/char backstory character:Kirin text:Thief", "dana", "troy's character"),
    (FREE, "/voucher spend character:Viktor what:boat", "dana", "no Downtime Voucher"),
    (FREE, "/xp spend character:Viktor attribute:concept", "dana", "costs 10 XP"),
    (FREE, "/status add character:Kirin status:blinded", "troy", "Only a GM"),
    (FREE, "/status add character:Kirin status:rattled kind:poison", GM.id, "for status:afflicted"),
    (FREE, "/team start characters:Viktor attribute:poise vs:3", GM.id, "two or more"),
    (FREE, "/mettle damage character:Viktor damage:2d6x3", GM.id, "multiply with *"),
    (FREE, "/mettle damage character:Viktor damage:1d20", GM.id, "only six-sided dice"),
    (FREE, "/mettle damage character:Viktor damage:-5", GM.id, "from 0 to 999"),
    (FREE, "/mettle damage character:Viktor damage:1000", GM.id, "from 0 to 999"),
    (FREE, "/check pool:poise vs:99999999999999999999", "dana", "from -450 to 450"),
    (FREE, '/team start characters:"Viktor, Kirin" attribute:poise vs:451', GM.id, "out of range"),
    (
        FREE,
        "/status add character:Kirin status:afflicted kind:poison dose:1d8",
        GM.id,
        "dose:1d8 has a d8",
    ),
    (FREE, "/odds pool:frame", "dana", "never Checked"),
    (FREE, "/order move", "dana", "Initiative is not running"),
    (FREE, "/action pool:Nature", "dana", "at this mettle table use /act"),
    (FREE, "/react pool:x", "dana", "use /act action:defend"),
    (FREE, "/scene start type:action", GM.id, "no option type:"),
    (TURNS, "/act action:attack target:Thug", "dana", "It is Kirin's turn"),
    (TURNS, "/act character:Boss action:attack target:Kirin", GM.id, "not in this Initiative"),
    (TURNS, "/order handoff to:Thug", "dana", "Kirin's turn: their player or a GM"),
    (TURNS, "/order wait action:attack", "dana", "on their own turn"),
    (TURNS, "/order move", "dana", "on Viktor's turn"),
    (TURNS, "/order next", GM.id, "under way"),
    (TURNS, '/order split parts:"attack, dance"', "troy", "'dance' is not an Action"),
    (TURNS, "/order split parts:attack", "troy", "two Actions or more"),
    (
        TURNS,
        '/order split parts:"attack, move" dice:"1 4"',
        "troy",
        "not as even as it can be (move 4, attack 1); parts differ by one die at most, like "
        'dice:"3 2" (the odd die may go to another part), or leave out dice:.',
    ),
    (
        FREE,
        "/order start lead:Mook",
        GM.id,
        "Mook has no Action in Round 1 (Fallen), so cannot lead it; lead: someone with one.",
    ),
    (FREE, '/act action:move results:"1 1"', "dana", "no dice are rolled: leave out results:"),
    (TURNS, '/order split parts:"attack, move" dice:"4 1"', "troy", "1 to 3 dice"),
    (TURNS, '/order split parts:"attack, move" dice:"2 2"', "troy", "shares 5 dice"),
    (TURNS, "/order rejoin", "troy", "not waiting"),
    (TURNS, "/order start lead:Kirin", GM.id, "Initiative is running"),
    (
        TEAM[:1],
        '/team start characters:"Viktor, Kirin" attribute:nature vs:6',
        GM.id,
        "under way (Viktor, Kirin; nobody has rolled yet); /team end it first.",
    ),
    (
        TEAM,
        '/team start characters:"Viktor, Kirin" attribute:nature vs:6 succeed:any',
        GM.id,
        "A teamwork Check is under way (Viktor has rolled); /team end it first.",
    ),
    (TURNS, "/char delete character:Thug", GM.id, "in the running Initiative"),
]


@pytest.mark.parametrize(("setup", "line", "actor", "expected"), BAD)
def test_bad_input_is_refused_clearly_and_changes_nothing(
    setup: list[tuple[str, str]], line: str, actor: str, expected: str
) -> None:
    driver = mettle_table()
    for setup_line, who in setup:
        driver.do(setup_line, who)
    assert_refused_unchanged(driver, line, actor, expected)


def assert_refused_unchanged(driver: TableDriver, line: str, actor: str, expected: str) -> None:
    before_seq = driver.app.store.head(driver.table_id)
    before_state = driver.app.table(driver.table_id).state
    outcome = driver.app.handle(driver.table_id, person(actor), line, read_file=_no_files)
    assert not outcome.ok, f"{line!r} was accepted"
    assert outcome.error is not None
    assert expected in outcome.error, outcome.error
    assert "\n" not in outcome.error
    assert outcome.events == ()
    assert driver.app.store.head(driver.table_id) == before_seq
    driver.app._forget(driver.table_id)
    assert driver.app.table(driver.table_id).state == before_state


def _no_files(path: str) -> Attachment:
    raise Refusal(f"Cannot read {path}.")


def test_an_action_that_would_be_felled_by_the_held_hit_is_refused() -> None:
    driver = mettle_table()
    driver.do("/mettle set character:Kirin value:2")
    driver.do('/act character:Thug action:attack target:Kirin results:"3 3 3 4"')
    assert_refused_unchanged(driver, "/act action:know vs:1", "troy", "would fell Kirin: Defend")


def test_a_defend_by_someone_who_is_no_ally_is_refused() -> None:
    driver = mettle_table()
    driver.do('/act character:Thug action:attack target:Kirin results:"3 3 3 4"')
    assert_refused_unchanged(driver, "/act character:Boss action:defend", GM.id, "ally")
    assert_refused_unchanged(driver, "/act character:Thug action:defend", GM.id, "made the Attack")


def test_a_second_twist_and_a_twist_on_someone_elses_check_are_refused() -> None:
    driver = mettle_table()
    driver.do('/check pool:poise vs:6 results:"1 4 5 6 6"', "troy")
    driver.do('/twist results:"1 1 4 5"', "troy")
    assert_refused_unchanged(driver, "/twist", "troy", "one Twist per Check")
    assert_refused_unchanged(driver, "/twist", "dana", "The newest Check is #1, Kirin's")


def test_a_sheet_with_a_mistake_imports_nothing() -> None:
    driver = mettle_table()
    before = driver.app.store.head(driver.table_id)
    outcome = driver.app.handle(
        driver.table_id,
        person(GM.id),
        "/char import file:x.yaml",
        read_file=lambda _p: Attachment("x.yaml", b"name: Ana\nconcept: 3\nnatur: 4\n"),
    )
    assert not outcome.ok
    assert outcome.error is not None
    assert "'natur' is not a sheet key. Did you mean nature:?" in outcome.error
    assert driver.app.store.head(driver.table_id) == before


def test_a_deleted_character_cannot_come_back_through_a_twist() -> None:
    driver = mettle_table()
    driver.do("/mettle set character:Thug value:-1")
    driver.do("/status add character:Thug status:fallen")
    driver.do('/act action:aid target:Thug results:"1 4 5 6"', "troy")
    driver.do("/char delete character:Thug")
    assert_refused_unchanged(driver, "/twist", "troy", "no Check to Twist")


def test_a_character_in_a_held_hit_or_a_team_is_not_deleted() -> None:
    driver = mettle_table()
    driver.do('/act character:Thug action:attack target:Kirin results:"3 3 3 4"')
    assert_refused_unchanged(driver, "/char delete character:Kirin", GM.id, "let it land first")
    driver.do("/mettle take", "troy")
    driver.do('/team start characters:"Viktor, Kirin" attribute:poise vs:3')
    assert_refused_unchanged(driver, "/char delete character:Kirin", GM.id, "/team end")
