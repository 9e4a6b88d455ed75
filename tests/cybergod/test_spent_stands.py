"""Spent EP stay spent (play-test item 3): a Resolve re-roll or a /pick that the spends rule
out is refused with advice the table can follow -- the result stands -- never "/undo those
spends", which /undo cannot do once anyone has acted since."""

from __future__ import annotations

from tests.cybergod.helpers import cybergod_table, game_of


def test_a_reroll_after_the_answers_ep_are_spent_says_the_roll_stands() -> None:
    driver = cybergod_table()
    driver.do("/char set character:Guard trait:engrams value:2")
    driver.do('/test pool:3d6 character:Guard results:"1 1 1"')  # #1
    driver.do('/test pool:"Hacking x Cyber" vs:"#1" results:"10 10 1 1"', "ana")  # #2, 4 EP
    driver.do('/effect name:"Slip past" cost:2', "ana")
    driver.do('/save kind:ammo results:"1"', "ana")  # someone acts afterwards
    before = game_of(driver)
    said = driver.refused('/resolve reroll roll:1 character:Guard results:"6 6 6"')
    assert said == (
        "#1 stands: EP of #2, which answered #1, are spent already on Slip past (2 EP), and a "
        "re-roll comes before the EP buy anything. No Resolve is spent; play on from the result."
    )
    assert "/undo" not in said
    assert game_of(driver) == before


def test_a_pick_that_would_unpay_spent_ep_says_what_choice_is_left() -> None:
    driver = cybergod_table()
    driver.do(
        '/test pool:"Hacking x Cyber" vs:easy complications:"Trace 1" overcome:none '
        'results:"10 10 5 1"',
        "ana",
    )  # 5 successes against 1: 5 EP
    driver.do('/effect name:"Wipe logs" cost:5', "ana")
    said = driver.refused("/pick overcome:Trace", "ana")
    assert said == (
        "That leaves 4 EP, but 5 are spent on #1 already, and spent EP stay spent: overcome "
        "complications that leave at least 5 EP, or keep the choice as it is."
    )
