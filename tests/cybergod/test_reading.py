"""Reading a test, checked against every roll: the engine's reading and the odds module's
exact chances agree (R68), including no dice (an automatic failure, never a stalemate), and
the Effect Point arithmetic holds for any faces, threshold and complications."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scenekeeper.odds import cybergod_opposed, cybergod_pool
from scenekeeper.systems.cybergod import state
from scenekeeper.systems.cybergod.odds_commands import chance_before_test
from scenekeeper.systems.cybergod.reading import Reading, count_successes, read

SIZES = (6, 8, 10, 12)


def record(dice: int, die: int, faces: tuple[int, ...], **fields: Any) -> state.TestRecord:
    return state.TestRecord(
        id=2, roller="Ash", by="ana", written=f"{dice}d{die}", die=die, base=dice, dice=dice,
        faces=faces, **fields,
    )  # fmt: skip


def every_face(dice: int, die: int) -> list[tuple[int, ...]]:
    return list(product(range(1, die + 1), repeat=dice))


@pytest.mark.parametrize("die", SIZES)
@pytest.mark.parametrize("dice", [0, 1, 2, 3])
def test_simple_tests_read_like_the_odds_module_counts(dice: int, die: int) -> None:
    pool = cybergod_pool(dice, die)
    rolls = every_face(dice, die)
    for threshold in (1, 2, 3, 4):
        readings = [read(record(dice, die, f, threshold=threshold)) for f in rolls]
        wins = sum(r.outcome == "success" for r in readings)
        assert Fraction(wins, len(rolls)) == pool.p_success(threshold)
        assert all(r.outcome in ("success", "failure") for r in readings)
        ep = Counter(r.ep for r in readings if r.outcome == "success")
        assert {k: Fraction(v, len(rolls)) for k, v in ep.items()} == pool.effect_points(threshold)
        # Paying a complication rated 2 as well: the odds module's ``paid=``.
        sysop = (state.Complication(name="Sys Op", rating=2),)
        paid = [read(record(dice, die, f, threshold=threshold, complications=sysop)) for f in rolls]
        both = sum(r.outcome == "success" and r.overcome == ("Sys Op",) for r in paid)
        assert Fraction(both, len(rolls)) == pool.p_success(threshold, paid=2)


@pytest.mark.parametrize(
    ("mine", "theirs"),
    [((0, 8), (2, 8)), ((0, 6), (0, 10)), ((1, 12), (2, 6)), ((2, 10), (2, 8)), ((3, 6), (0, 8))],
)
def test_opposed_tests_read_like_the_odds_module_counts(
    mine: tuple[int, int], theirs: tuple[int, int]
) -> None:
    own_rolls, other_rolls = every_face(*mine), every_face(*theirs)
    whole = len(own_rolls) * len(other_rolls)
    for difficulty in (None, 2):
        odds = cybergod_opposed(cybergod_pool(*mine), cybergod_pool(*theirs), difficulty or 1)
        outcomes: Counter[str] = Counter()
        points: Counter[int] = Counter()
        for other in other_rolls:
            their = count_successes(other)
            for faces in own_rolls:
                r = read(record(*mine, faces, threshold=difficulty, against=1), their)
                outcomes[r.outcome] += 1
                if r.outcome == "success":
                    points[r.ep] += 1
        assert Fraction(outcomes["success"], whole) == odds.success
        assert Fraction(outcomes["stalemate"], whole) == odds.stalemate
        assert Fraction(outcomes["failure"], whole) == odds.failure
        assert {p: Fraction(n, whole) for p, n in points.items()} == dict(odds.effect_points)


def test_no_dice_against_no_successes_fails_and_nobody_wins() -> None:
    r = read(record(0, 8, (), against=1), 0)
    assert (r.outcome, r.auto_fail, r.victor, r.ep) == ("failure", True, None, 0)
    r = read(record(0, 8, (), against=1), 2)
    assert (r.outcome, r.victor, r.ep) == ("failure", "opponent", 2)


def test_the_rule_texts_examples() -> None:
    # Simple Test: Janey, Hard, 3D12 showing 10, 6 and 9: 4 successes, 2 EP.
    janey = read(record(3, 12, (10, 6, 9), threshold=3))
    assert (janey.successes, janey.outcome, janey.ep) == (4, "success", 2)
    # Difficulty: a Moderate opposed test needs 2 successes more than the opponent.
    assert read(record(2, 10, (10, 5), threshold=2, against=1), 1).outcome == "success"
    assert read(record(2, 10, (10, 1), threshold=2, against=1), 1).outcome == "failure"


@settings(max_examples=300, deadline=None)
@given(
    die=st.sampled_from(SIZES),
    data=st.data(),
    threshold=st.integers(1, 6),
    ratings=st.lists(st.integers(1, 5), max_size=4),
    burned=st.booleans(),
)
def test_effect_points_are_one_plus_the_extra_less_what_complications_took(
    die: int, data: st.DataObject, threshold: int, ratings: list[int], burned: bool
) -> None:
    faces = tuple(data.draw(st.lists(st.integers(1, die), max_size=10)))
    complications = tuple(
        state.Complication(name=f"C{n}", rating=rating) for n, rating in enumerate(ratings)
    )
    r: Reading = read(
        record(
            len(faces), die, faces, threshold=threshold, complications=complications, burned=burned
        )
    )
    successes = count_successes(faces)
    names = {c.name for c in complications}
    assert set(r.overcome) | set(r.not_overcome) == names
    assert not set(r.overcome) & set(r.not_overcome)
    paid = sum(c.rating for c in complications if c.name in r.overcome)
    if successes >= threshold and faces:
        assert r.outcome == "success"
        assert paid <= successes - threshold
        assert r.ep == 1 + successes - threshold - paid
    elif burned:
        # Burning Resolve: a success with 1 EP; the dice earned nothing to pay with.
        assert (r.outcome, r.ep, r.overcome) == ("success", 1, ())
    else:
        assert (r.outcome, r.ep, r.overcome, r.victor) == ("failure", 0, (), None)
    assert r.auto_fail == (not faces and not burned)


def test_the_odds_line_before_a_test_is_the_exact_chance() -> None:
    trace = (state.Complication(name="Trace", rating=1),)
    line = chance_before_test(
        record(4, 10, (), threshold=2, difficulty="Moderate", complications=trace)
    )
    assert line == (
        "Odds: 84.6% to reach Moderate (2) with 4 D10; 58.1% to overcome every complication too."
    )
    opposed = record(2, 10, (), against=1, their_roller="GM", their_successes=2)
    assert chance_before_test(opposed) == (
        "Odds: 11.0% to beat GM's #1 (2 successes) by 1 with 2 D10."
    )
    assert chance_before_test(record(0, 10, (), threshold=1)) == (
        "Odds: no dice, an automatic failure."
    )
    assert chance_before_test(record(3, 8, (), threshold=4, difficulty="Very Hard")) == (
        "Odds: impossible to reach Very Hard (4) with 3 D8."
    )
    assert chance_before_test(record(3, 8, ())) is None
