"""What the Cortex odds answer: worked examples, then every answer against one computed from
the brute-force joint (chances to beat, heroic steps, ties, the player's choice, contests)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from scenekeeper.dice import Beyond, Die, Step, step_up
from scenekeeper.odds import (
    OddsError,
    Opposition,
    cortex,
    opposing,
    pool_sizes,
)
from tests.odds.reference import BruteForce

# --- worked examples --------------------------------------------------------------------------


def test_d8_d8_by_hand() -> None:
    odds = cortex([8, 8])
    assert odds.denominator == 64
    # Beating 11 needs both dice and a sum of 12+: 5 + 4 + 3 + 2 + 1 pairs.
    assert odds.p_beat(11) == Fraction(15, 64)
    # Ties fail (Cortex 1.2); "at least" also counts the 5 pairs summing to 11.
    assert odds.p_beat(11, at_least=True) == Fraction(15 + 6, 64)
    assert odds.p_botch == Fraction(1, 64)
    assert odds.p_hitch == 1 - Fraction(49, 64)
    # Keeping two of two dice leaves nothing for effect: always a d4.
    assert odds.effect_distribution == {4: Fraction(1)}
    assert odds.expected_effect == 4
    # Heroic against 11 needs 16: both 8s.
    chances = odds.against(11)
    assert chances.heroic == Fraction(1, 64)
    assert chances.effects == {Die.D4: Fraction(14, 64), Die.D6: Fraction(1, 64)}


def test_d8_d8_keeping_a_d8_for_effect_is_the_other_die_alone() -> None:
    odds = cortex([8, 8])
    # Set the lower d8 aside; the total is the higher one, and both must show 2+.
    # Beating 5: both in 2..8 (49 pairs) but not both in 2..5 (16 pairs).
    assert odds.p_beat_keeping(5, 8) == Fraction(33, 64)
    assert odds.p_beat_keeping(5, 10) == 0  # no d10 to keep
    assert odds.p_beat_keeping(5, 4) == odds.p_beat(5)


def test_one_die_keeping_two() -> None:
    odds = cortex([12])
    assert odds.totals == (1, 0, *([1] * 11))  # a 1 reads total 0 (a botch)
    assert odds.p_beat(5) == Fraction(7, 12)
    assert dict(odds.joint) == {(0, 4, 1): 1, **{(f, 4, 0): 1 for f in range(2, 13)}}


def test_joint_shape() -> None:
    odds = cortex([8, 8, 10])
    assert odds.denominator == 640
    assert sum(odds.joint.values()) == 640
    assert odds.joint[(0, 4, 3)] == 1  # botch
    assert list(odds.joint) == sorted(odds.joint)
    assert all(count > 0 for count in odds.joint.values())
    assert sum(odds.hitches) == 640
    assert odds.hitches[3] == 1


def test_dice_and_ints_are_the_same_pool_and_answers_are_cached() -> None:
    assert cortex([Die.D8, Die.D10, Die.D8]) is cortex([10, 8, 8])
    assert cortex([8, 8], keep=3) is not cortex([8, 8])


@pytest.mark.parametrize(
    ("pool", "keep", "message"),
    [
        ([7], 2, "not a step die"),
        ([], 2, "empty"),
        ([8] * 21, 2, "up to 20 dice"),
        ([8, True], 2, "not a step die"),
        ([8, 8], 0, "keeps 1 to 5"),
        ([8, 8], 6, "keeps 1 to 5"),
    ],
)
def test_bad_questions_say_what_to_ask(pool: list[int], keep: int, message: str) -> None:
    with pytest.raises(OddsError, match=message):
        cortex(pool, keep)


def test_pool_sizes_sorts_and_checks() -> None:
    assert pool_sizes([10, Die.D6, 8]) == (6, 8, 10)


# --- every answer against the brute force ----------------------------------------------------


def reference_chances(
    pool: tuple[int, ...], keep: int, against: list[tuple[int, int]], whole: int
) -> tuple[Fraction, Fraction, Fraction, dict[Step, Fraction], dict[int, Fraction]]:
    """Success, tie, heroic, effects and keeping from the brute-force joint, by definition."""
    brute = BruteForce(pool)
    best = brute.best(keep)
    choice = brute.choice(keep)
    den = brute.weights.sum() * whole
    won = tie = heroic = 0
    effects: dict[Step, int] = {}
    for ((total, effect, _), ways), (number, other) in product(best.items(), against):
        if total == number:
            tie += ways * other
        if total > number:
            won += ways * other
            steps = (total - number) // 5
            heroic += ways * other if steps else 0
            key = step_up(Die.of(effect), steps)
            effects[key] = effects.get(key, 0) + ways * other
    keeping: dict[int, int] = {}
    for ((total, effect, _), ways), (number, other) in product(choice.items(), against):
        keeping.setdefault(effect, 0)
        if total > number:
            keeping[effect] += ways * other
    return (
        Fraction(won, den),
        Fraction(tie, den),
        Fraction(heroic, den),
        {k: Fraction(v, den) for k, v in effects.items()},
        {k: Fraction(v, den) for k, v in keeping.items()},
    )


CASES = [
    ((8, 8, 10), 2, Opposition.number(11)),
    ((8, 8, 10), 2, Opposition.number(3)),
    ((4, 6, 12), 2, Opposition.number(-2)),
    ((6, 8, 10, 12), 3, Opposition.number(14)),
    ((10, 12, 12), 2, Opposition.number(30)),
    ((6, 8, 10), 2, opposing([8, 8])),
    ((6, 12), 2, opposing([4, 10, 12])),
    ((8, 10, 12), 1, opposing([12, 12], keep=2)),
    ((6, 8, 10), 2, Opposition.static(7, [6, 8])),
]


@pytest.mark.parametrize(("pool", "keep", "opposition"), CASES, ids=str)
def test_chances_match_the_definition(
    pool: tuple[int, ...], keep: int, opposition: Opposition
) -> None:
    chances = cortex(pool, keep).against(opposition)
    won, tie, heroic, effects, keeping = reference_chances(
        pool, keep, list(opposition.values), opposition.denominator
    )
    assert chances.success == won
    assert chances.tie == tie
    assert chances.heroic == heroic
    assert dict(chances.effects) == {k: v for k, v in effects.items() if v}
    assert sum(chances.effects.values()) == chances.success
    assert dict(chances.keeping) == keeping
    assert chances.at_least == won + tie


def test_heroic_steps_go_past_d12() -> None:
    # A d12 left for effect, beating 2 by 22: four full fives step d12 past the ladder.
    chances = cortex([12, 12, 12]).against(2)
    assert Beyond.PAST_D12 in chances.effects
    assert list(chances.effects)[-1] is Beyond.PAST_D12


def test_static_opposition_adds_complication_dice_and_ones_add_nothing() -> None:
    static = Opposition.static(7, [6])
    assert static.values == ((7, 1), *((7 + f, 1) for f in range(2, 7)))
    assert static.denominator == 6
    assert static.label == "7 + d6"
    assert Opposition.static(11, []).values == ((11, 1),)


def test_beat_table_agrees_with_p_beat() -> None:
    odds = cortex([6, 8, 10, 12], keep=3)
    table = odds.beat_table()
    assert list(table) == list(range(odds.max_total + 1))
    assert all(table[d] == odds.p_beat(d) for d in table)
    assert table[odds.max_total] == 0
    at_least = odds.beat_table(at_least=True)
    assert all(at_least[d] == odds.p_beat(d, at_least=True) for d in at_least)
    assert odds.p_beat(-5) == 1
    assert odds.p_beat(99) == 0
