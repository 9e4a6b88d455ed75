"""METTLE Core checks against every roll: Score beats Difficulty strictly, Edge, Raises and one
Twist per Check (rules/mettle/engine.md; gaps 4)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from scenekeeper.odds import OddsError, mettle_check


def read(faces: tuple[int, ...]) -> tuple[int, int]:
    """Add the 1-3s for the Score, count the 4-6s for Edge."""
    return sum(f for f in faces if f <= 3), sum(1 for f in faces if f >= 4)


def brute(dice: int, raises: int, difficulty: int, twist: bool) -> Counter[tuple[bool, int]]:
    """(succeeded, final Edge) -> ways over 6 ** (2 * rolled): each first roll is paired
    with every possible re-roll of the first ``edge`` extra dice (unused ones are ignored)."""
    rolled = dice - raises
    out: Counter[tuple[bool, int]] = Counter()
    for faces in product(range(1, 7), repeat=rolled):
        score, edge = read(faces)
        edge += raises
        if score > difficulty or not twist or not edge:
            out[(score > difficulty, edge)] += 6**dice
            continue
        for again in product(range(1, 7), repeat=edge):
            more, new_edge = read(again)
            out[(score + more > difficulty, new_edge)] += 6 ** (dice - edge)
    return out


@pytest.mark.parametrize("dice", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("raises", [0, 1])
@pytest.mark.parametrize("difficulty", [0, 1, 3, 6])
@pytest.mark.parametrize("twist", [False, True])
def test_outcomes_match_every_roll(dice: int, raises: int, difficulty: int, twist: bool) -> None:
    if raises > dice:
        return
    check = mettle_check(dice, raises)
    counts = brute(dice, raises, difficulty, twist)
    whole = 6 ** (dice - raises) * 6**dice
    expected = {key: Fraction(ways, whole) for key, ways in sorted(counts.items())}
    assert check.outcomes(difficulty, twist=twist) == expected
    assert check.p_success(difficulty, twist=twist) == sum(
        (p for (won, _), p in expected.items() if won), start=Fraction(0)
    )


def test_the_rules_example() -> None:
    # engine.md: rolling [4, 1, 3, 5, 2, 2] is Score 8 and Edge 2.
    check = mettle_check(6)
    assert check.joint[(8, 2)] > 0
    # A single die's Score averages 1 (engine.md note): 1+2+3 over six faces.
    assert sum(s * p for s, p in mettle_check(1).score.items()) == 1
    assert mettle_check(3).edge == {e: Fraction([1, 3, 3, 1][e], 8) for e in range(4)}


def test_raises_are_edge_without_rolling() -> None:
    check = mettle_check(4, raises=4)
    assert dict(check.joint) == {(0, 4): 1}
    assert check.p_success(0) == 0  # Score 0 does not beat 0
    # All four raised dice are Edge, so a Twist re-rolls them all.
    assert check.p_success(0, twist=True) == 1 - Fraction(1, 16)


def test_edge_on_success_sums_to_the_success_chance() -> None:
    check = mettle_check(5)
    assert sum(check.edge_on_success(3).values()) == check.p_success(3)


@pytest.mark.parametrize(("dice", "raises"), [(-1, 0), (41, 0), (2, 3)])
def test_bad_checks(dice: int, raises: int) -> None:
    with pytest.raises(OddsError):
        mettle_check(dice, raises)


@pytest.mark.parametrize("dice", [0, 1, 2, 3, 5])
@pytest.mark.parametrize("raises", [0, 1, 2])
def test_the_joint_is_every_roll_read_in_order(dice: int, raises: int) -> None:
    # The joint is made Score by Score (no sort): every (Score, Edge) a roll can read, with
    # its ways, no entry no roll reads, in (Score, Edge) order.
    if raises > dice:
        return
    counts = Counter(read(faces) for faces in product(range(1, 7), repeat=dice - raises))
    expected = {(score, edge + raises): ways for (score, edge), ways in sorted(counts.items())}
    joint = mettle_check(dice, raises).joint
    assert list(joint.items()) == list(expected.items())
