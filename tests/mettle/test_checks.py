"""METTLE Checks (engine.md, Checks): Score and Edge, the strict Difficulty, Raises, Twists,
pools and Difficulties, and the odds shown before the dice."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from scenekeeper.odds import mettle_check
from scenekeeper.systems.mettle.checks import Difficulty, Pool, odds_line, quality
from scenekeeper.systems.mettle.state import CheckRecord
from tests.mettle.helpers import game, mettle_table


def record(faces: tuple[int, ...], difficulty: int | None, **more: object) -> CheckRecord:
    fields = {"dice": len(faces) + int(str(more.get("raises", 0)))}
    fields.update(more)  # type: ignore[arg-type]
    return CheckRecord.model_validate(
        {
            "id": 1,
            "roller": "Viktor",
            "action": "check",
            "pool_text": "",
            "faces": faces,
            "difficulty": difficulty,
            **fields,
        }
    )


def test_score_adds_one_to_three_and_edge_counts_four_to_six() -> None:
    # engine.md: [4, 1, 3, 5, 2, 2] yields a Score of 8 and 2 Edge.
    check = record((4, 1, 3, 5, 2, 2), 7)
    assert (check.score, check.edge, check.success) == (8, 2, True)


@pytest.mark.parametrize(("difficulty", "success"), [(4, True), (5, False), (6, False)])
def test_the_score_must_beat_the_difficulty_a_tie_fails(difficulty: int, success: bool) -> None:
    # This revision: Score > Difficulty (the Example of Play: 5 against 5 fails).
    assert record((1, 2, 2, 5, 6), difficulty).success is success


def test_raised_dice_are_edge_until_a_twist_rolls_them() -> None:
    check = record((3, 1), 2, raises=2)
    assert (check.score, check.edge) == (4, 2)
    twisted = check.model_copy(update={"kept": (3, 1), "faces": (5, 1), "twists": 1})
    assert (twisted.score, twisted.edge) == (5, 1)


def test_a_pool_of_no_dice_fails() -> None:
    check = record((), 0).model_copy(update={"dice": 0})
    assert not check.success


def test_no_difficulty_is_no_success_to_claim() -> None:
    assert not record((3, 3), None).success


@pytest.mark.parametrize(
    ("edge", "word"),
    [(0, "OK"), (1, "Good"), (2, "Great"), (3, "Excellent"), (4, "Amazing"), (7, "Legendary")],
)
def test_quality_of_success_by_edge(edge: int, word: str) -> None:
    assert quality(edge) == word


def test_pool_and_difficulty_text_and_floor() -> None:
    pool = Pool((("Nature", 3),)).plus("Sword", 2).plus("Staggered", -6)
    assert pool.dice == 0
    assert pool.text == "Nature 3 + Sword 2 - Staggered 6 = 0 dice"
    assert Pool((("dice", 3),)).text == "3 dice"
    # checklist D25: a Difficulty never goes below 0.
    easy = Difficulty((("Thug's Mettle", 1),)).plus("modifier", -3)
    assert easy.value == 0
    doubled = Difficulty((("", 3),), doubled=True).plus("modifier", 1)
    assert doubled.value == 8
    assert doubled.text == "(3 + modifier 1) x 2 off the Descriptor = 8"


def _brute(dice: int, difficulty: int) -> Fraction:
    wins = sum(
        1
        for faces in itertools.product(range(1, 7), repeat=dice)
        if sum(f for f in faces if f <= 3) > difficulty
    )
    return Fraction(wins, 6**dice)


@pytest.mark.parametrize(("dice", "difficulty"), [(4, 4), (5, 5), (3, 1)])
def test_the_odds_before_a_check_are_exact(dice: int, difficulty: int) -> None:
    assert mettle_check(dice).p_success(difficulty) == _brute(dice, difficulty)
    line = odds_line(dice, 0, difficulty)
    assert line is not None
    assert line.startswith("Odds: ")
    assert f"to beat {difficulty}" in line


def test_the_odds_say_three_times_the_pool_is_impossible() -> None:
    assert odds_line(2, 0, 6) == (
        "Odds: 0% to beat 6 with 2 dice (3 x the pool cannot be beaten, Twist or not)."
    )
    assert odds_line(1, 0, 3) == (
        "Odds: 0% to beat 3 with 1 die (3 x the pool cannot be beaten, Twist or not)."
    )
    assert odds_line(0, 0, 1) is None
    assert odds_line(3, 0, None) is None


def test_the_engine_example_twist_turns_the_failure_into_a_success() -> None:
    # engine.md, Twists: 5 dice against 3, [1, 4, 4, 5, 6]; the Twist rolls [1, 3, 5, 5].
    driver = mettle_table()
    driver.do('/check pool:poise vs:3 results:"1 4 4 5 6"', "troy")
    out = driver.do('/twist results:"1 3 5 5"', "troy")
    assert out.reply.data == {"id": 1, "score": 5, "edge": 2, "success": True}
    check = game(driver).last_check
    assert check is not None
    assert check.kept == (1,)
    assert check.faces == (1, 3, 5, 5)


def test_a_delay_twist_outside_initiative_is_only_said() -> None:
    driver = mettle_table()
    driver.do('/check pool:poise vs:3 results:"1 4 4 5 6"', "troy")
    out = driver.do('/twist results:"1 1 5 5"', "troy")
    # The last line says the faces were typed; the one before it, the Delay.
    assert out.reply.text[-1].startswith("Typed faces")
    assert "no Initiative is running" in out.reply.text[-2]
    kirin = game(driver).find("Kirin")
    assert kirin is not None
    assert not kirin.delayed


def test_teamwork_gives_lower_pools_a_die_and_a_group_result() -> None:
    driver = mettle_table()
    driver.do('/team start characters:"Viktor, Kirin" attribute:poise vs:4 succeed:any')
    out = driver.do('/check results:"3 2 6"', "dana")
    assert "teamwork 1 = 3 dice" in out.reply.text[1]
    out = driver.do('/check results:"6 6 6 6 6"', "troy")
    assert "Teamwork: Viktor succeeds; Kirin fails: the group succeeds." in out.reply.text
    team = game(driver).team
    assert team is not None
    assert team.results == {"Viktor": True, "Kirin": False}


def test_a_twist_on_a_teamwork_check_changes_the_group_result() -> None:
    driver = mettle_table()
    driver.do('/team start characters:"Viktor, Kirin" attribute:poise vs:4 succeed:all')
    driver.do('/check results:"3 2 6"', "dana")
    driver.do('/check results:"1 1 1 4 5"', "troy")
    team = game(driver).team
    assert team is not None
    assert team.results == {"Viktor": True, "Kirin": False}
    out = driver.do('/twist kind:expose results:"2 1"', "troy")
    assert "Teamwork: Viktor, Kirin succeed: the group succeeds." in out.reply.text
    team = game(driver).team
    assert team is not None
    assert team.results == {"Viktor": True, "Kirin": True}


def test_a_surge_spends_mettle_before_the_dice_and_a_twist_keeps_it_spent() -> None:
    driver = mettle_table()
    driver.do("/order start lead:Viktor")
    driver.do('/check pool:nature vs:9 surge:3 results:"1 1 4 5 6 6"', "dana")
    viktor = game(driver).find("Viktor")
    assert viktor is not None
    assert viktor.mettle == 6
    driver.do('/twist kind:waste results:"1 1 1 4"', "dana")
    viktor = game(driver).find("Viktor")
    assert viktor is not None
    assert viktor.mettle == 6
    refused = driver.refused("/check pool:nature vs:9 surge:5", "dana")
    assert "at most 4" in refused


def test_odds_of_no_dice_read_the_question_as_any_pool_does() -> None:
    """/odds pool:0 is answered with the parts every pool size gives, and a vs: that is no
    Difficulty is refused as at any other size (16 of 23,386 exact-odds questions skipped it)."""
    driver = mettle_table()
    assert "is not a Difficulty" in driver.refused("/odds pool:0 vs:banana")
    against = driver.do("/odds pool:0 vs:3").reply
    assert against.text[-1] == "No dice: the Check fails without a roll, with nothing to Twist."
    assert against.data == {
        "dice": 0,
        "raises": 0,
        "against": 3,
        "success": "0/1",
        "with_twist": "0/1",
    }
    ladder = driver.do("/odds pool:0").reply.data
    two = driver.do("/odds pool:2").reply.data
    assert set(two) - {"dice"} <= set(ladder)
    assert all(ladder[rung] == "0/1" for rung in set(two) - {"dice", "raises"})
