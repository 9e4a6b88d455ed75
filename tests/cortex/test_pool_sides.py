"""Whose dice a Cortex pool holds: an opponent's complication or stress on the opposition's
side (a d4 goes in its owner's own pool), difficulty levels, the doom pool and a gang; the
refusal when a name could be the dice of more than one; and the owner each die keeps in the
export (Cortex p.25-27, p.39, p.100)."""

from __future__ import annotations

from typing import Any

from scenekeeper.dice import Die
from scenekeeper.systems.cortex.roll.pools import opposition_pool
from scenekeeper.systems.cortex.state import CortexState
from tests.cortex.helpers import cortex_table
from tests.support import TableDriver


def _dice(driver: TableDriver, roll: int) -> list[tuple[str, str, str]]:
    """A roll's dice as the export keeps them: size, what it is, whose it is."""
    doc: dict[str, Any] = driver.do("/game export").reply.private_data
    found = next(r for r in doc["rolls"] if r["id"] == roll)
    return [(d["die"], d["source"], d["owner"]) for d in found["dice"]]


def test_an_opponents_d4_complication_goes_in_their_own_pool_not_the_opposition() -> None:
    driver = cortex_table()
    driver.do('/complication add character:"Ada Lark" name:Soaked die:d4')
    assert driver.refused('/roll character:Thug pool:Fighting vs:Soaked results:"1"') == (
        "Soaked (Ada Lark's complication) is a d4: it goes in Ada Lark's own pool (earning "
        "them 1 PP), not the opposition's."
    )


def test_a_difficulty_and_a_complication_both_join_the_opposition() -> None:
    driver = cortex_table()
    driver.do('/complication add character:"Ada Lark" name:"Broken Arm" die:d8')
    driver.do(
        '/roll character:Thug pool:Fighting vs:"Broken Arm hard" results:"4" vs_results:"1 2 3"'
    )
    assert _dice(driver, 1) == [
        ("d8", "Broken Arm (Ada Lark's complication)", "Ada Lark"),
        ("d10", "", ""),
        ("d10", "", ""),
    ]


def test_two_levels_add_up_as_dice_and_as_numbers() -> None:
    driver = cortex_table()
    outcome = driver.do(
        '/roll pool:Fighting vs:"easy hard" results:"4" vs_results:"1 2 3 4"', "ana"
    )
    assert (
        "Against easy hard (#1, typed: d6 1 (hitch), d6 2, d10 3, d10 4)" in outcome.reply.text[2]
    )
    driver.do("/mods set mod:static-difficulty enabled:true")
    outcome = driver.do('/roll pool:Fighting vs:"easy hard" results:"4"', "ana")
    assert "Against easy hard (static): difficulty 22." in outcome.reply.text


def test_the_doom_pool_joins_what_is_typed_before_it_and_needs_its_mod() -> None:
    driver = cortex_table()
    driver.do('/complication add character:"Ada Lark" name:"Broken Arm" die:d8')
    assert driver.refused('/roll character:Thug pool:Fighting vs:doom results:"1"') == (
        "vs:doom needs the doom-pool mod (and not limited-doom-pool, where tests use normal "
        "difficulty); use a difficulty like vs:hard."
    )
    driver.do("/mods set mod:doom-pool enabled:true")
    driver.do('/doom add dice:"d6 d8"')
    driver.do(
        '/roll character:Thug pool:Fighting vs:"Broken Arm doom" results:"4" vs_results:"1 2 3"'
    )
    assert _dice(driver, 1) == [
        ("d8", "Broken Arm (Ada Lark's complication)", "Ada Lark"),
        ("d6", "doom", ""),
        ("d8", "doom", ""),
    ]


def test_a_name_of_several_peoples_dice_asks_which_like_it_is_typed() -> None:
    driver = cortex_table()
    driver.do('/complication add character:"Ada Lark" name:smoke die:d8')
    driver.do("/complication add character:Thug name:Smoke die:d8")
    assert driver.refused('/roll pool:Fighting vs:Smoke results:"1"', "ana") == (
        "'smoke' could be Ada Lark's complication or Thug's complication; say which, like "
        '"Ada Lark\'s smoke".'
    )
    driver.do('/trauma add character:"Ada Lark" type:Mental die:d6')
    driver.do("/trauma add character:Thug type:Mental die:d6")
    assert driver.refused('/roll pool:Fighting vs:"Mental trauma" results:"1"', "ana") == (
        "'Mental' could be Ada Lark's trauma or Thug's trauma; say which, like "
        '"Ada Lark\'s Mental trauma".'
    )
    # One's own trait, asset and complication of one name: say which kind.
    driver.do("/char set character:Thug trait:Gutter die:d6 set:Skills")
    driver.do("/asset add character:Thug name:gutter die:d6")
    driver.do("/complication add character:Thug name:GUTTER die:d6")
    assert driver.refused('/roll character:Thug pool:Gutter results:"1"') == (
        "'Gutter' could be trait or asset or complication; say which, like \"Gutter complication\"."
    )


def test_a_start_of_an_opponents_stress_is_as_good_as_any_other_name() -> None:
    driver = cortex_table()
    driver.do('/complication add character:"Ada Lark" name:"Menacing Glare" die:d8')
    driver.do("/stress add character:Thug type:Mental die:d8")
    assert driver.refused('/roll pool:Fighting vs:Men results:"1"', "ana") == (
        "'Men' could be Menacing Glare or Thug's Mental stress; type more of the name."
    )


def test_an_open_asset_helps_others_and_stays_its_owners() -> None:
    driver = cortex_table()
    driver.do('/asset add character:"Ada Lark" name:"Smoke Bomb" die:d6 open:true')
    assert driver.refused('/roll character:Thug pool:"Fighting Nope" results:"1 2"') == (
        "'Nope' is not a trait, asset, complication or die for Thug's pool. Known: Brawny, "
        "Fighting, Smoke Bomb."
    )
    driver.do('/roll character:Thug pool:"Fighting Smoke Bomb" results:"1 2"')
    driver.do('/roll pool:"Fighting Reckless" hinder:Reckless results:"3 2"', "ana")
    assert _dice(driver, 1) == [
        ("d8", "Fighting (Skills)", ""),
        ("d6", "Smoke Bomb (open asset)", "Ada Lark"),
    ]
    assert _dice(driver, 2) == [
        ("d8", "Fighting (Skills)", ""),
        ("d4", "Reckless Pilot (hindered)", ""),
    ]


def _gang(driver: TableDriver) -> None:
    for name in ("Thug 2", "Thug 3"):
        driver.do(f'/char new name:"{name}" gmc:true')
        driver.do(f'/char set character:"{name}" trait:Brawny die:d6 set:Attributes')
    driver.do('/scene start type:action name:"Docks"')


def test_a_gang_started_after_a_roll_adds_its_dice_to_the_next() -> None:
    driver = cortex_table()
    _gang(driver)
    driver.do('/roll character:Thug pool:Fighting results:"4"')
    driver.do('/roll pool:Fighting vs:hard results:"4" vs_results:"1 2"', "ana")
    driver.do('/gang start lead:Thug support:"Thug 2, Thug 3"')
    driver.do('/roll character:Thug pool:"Fighting gang" results:"4 2 3"')
    assert _dice(driver, 4) == [
        ("d8", "Fighting (Skills)", ""),
        ("d6", "Thug 2 (gang)", ""),
        ("d6", "Thug 3 (gang)", ""),
    ]
    driver.do('/roll pool:Fighting vs:gang results:"4" vs_results:"1 2"', "ana")
    assert _dice(driver, 5) == [("d6", "Thug 2 (gang)", ""), ("d6", "Thug 3 (gang)", "")]


def test_a_gang_alone_is_its_supporting_dice_and_is_named_gang() -> None:
    driver = cortex_table()
    _gang(driver)
    driver.do('/gang start lead:Thug support:"Thug 2, Thug 3"')
    driver.do('/roll character:Thug pool:gang results:"1 2"')
    assert _dice(driver, 1) == [("d6", "Thug 2 (gang)", ""), ("d6", "Thug 3 (gang)", "")]
    assert driver.refused('/roll character:Thug pool:Nope results:"1"') == (
        "'Nope' is not a trait, asset, complication or die for Thug's pool. Known: Brawny, "
        "Fighting, gang."
    )


def test_a_d4_scene_complication_joins_the_opposition() -> None:
    # Only an opponent's d4 goes in its owner's own pool; the scene has no pool of its own.
    driver = cortex_table()
    table = driver.app.table(driver.table_id)
    assert table.state is not None
    game = table.state.game
    assert isinstance(game, CortexState)
    game = game.model_copy(update={"scene_complications": {"Smoke": Die.D4}})
    pool, number = opposition_pool("Smoke hard", game, static=False)
    assert [(t.die, t.source, t.owner) for t in pool.terms] == [
        (Die.D4, "Smoke (scene complication)", "scene"),
        (Die.D10, "", ""),
        (Die.D10, "", ""),
    ]
    assert number == 0


def test_vs_gang_reads_the_gang_as_it_stands_now() -> None:
    # The opposition is kept by the parts of the game it reads (issue 36): a gang that breaks
    # up and gathers again with fewer supporters, everything else the same, is read afresh.
    driver = cortex_table()
    _gang(driver)
    driver.do('/gang start lead:Thug support:"Thug 2, Thug 3"')
    driver.do('/roll pool:Fighting vs:gang results:"4" vs_results:"1 2"', "ana")
    assert _dice(driver, 1) == [("d6", "Thug 2 (gang)", ""), ("d6", "Thug 3 (gang)", "")]
    driver.do("/gang end")
    driver.do('/gang start lead:Thug support:"Thug 3"')
    driver.do('/roll pool:Fighting vs:gang results:"4" vs_results:"2"', "ana")
    assert _dice(driver, 3) == [("d6", "Thug 3 (gang)", "")]
