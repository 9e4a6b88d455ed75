"""The Cortex engine against independent references: every roll of every pool of up to five
dice (brute force), and icepool for larger pools -- the joint with the effect die and hitches
under the default reading, and the player's-choice totals. Equality is exact (fractions over
the product of the die sizes)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb

import pytest

from scenekeeper.odds.cortex_odds import CortexOdds
from tests.odds.reference import BruteForce, icepool_best, icepool_choice

SIZES = (4, 6, 8, 10, 12)
SMALL_POOLS = [p for n in range(1, 6) for p in combinations_with_replacement(SIZES, n)]
KEEPS = (1, 2, 3, 4)


def as_fractions(counts: Mapping[tuple[int, int, int], int], whole: int) -> dict[object, Fraction]:
    return {key: Fraction(count, whole) for key, count in counts.items() if count}


def label(pool: tuple[int, ...]) -> str:
    return "-".join(f"d{s}" for s in pool)


@pytest.mark.parametrize("pool", SMALL_POOLS, ids=label)
def test_every_pool_of_up_to_five_dice_matches_every_roll(pool: tuple[int, ...]) -> None:
    brute = BruteForce(pool)
    whole = int(brute.weights.sum())
    for keep in KEEPS:
        odds = CortexOdds(pool, keep)  # a fresh object: no cache between the two
        # Counts over the same denominator: equal counts are equal fractions.
        assert odds.denominator == whole
        assert sum(odds.joint.values()) == whole
        assert dict(odds.joint) == dict(brute.best(keep)), f"keep {keep}"
        assert dict(odds.choice) == dict(brute.choice(keep)), f"keep {keep}, player's choice"


ICEPOOL_JOINT = [
    ((4, 6, 8, 8, 10, 12), 2),
    ((4, 6, 8, 8, 10, 12), 3),
    ((6, 6, 8, 8, 10, 10, 12), 2),
    ((4, 6, 6, 8, 8, 8, 10, 10, 12, 12), 2),
    ((12,) * 12, 3),
    ((6,) * 7 + (10,) * 8, 2),
    ((6,) * 7 + (10,) * 8, 3),
    ((4, 8, 12) * 5, 2),
]


@pytest.mark.parametrize(("pool", "keep"), ICEPOOL_JOINT, ids=str)
def test_larger_pools_match_icepool_with_the_effect_die(pool: tuple[int, ...], keep: int) -> None:
    expected, whole = icepool_best(pool, keep)
    odds = CortexOdds(tuple(sorted(pool)), keep)
    assert odds.denominator == whole
    assert as_fractions(odds.joint, whole) == as_fractions(expected, whole)


ICEPOOL_CHOICE = [
    ((4, 6, 8, 8, 10, 12), 2, 10),
    ((4, 6, 8, 8, 10, 12), 3, 12),
    ((6,) * 7 + (10,) * 8, 2, 10),
]


@pytest.mark.parametrize(("pool", "keep", "effect"), ICEPOOL_CHOICE, ids=str)
def test_player_choice_matches_icepool(pool: tuple[int, ...], keep: int, effect: int) -> None:
    expected, whole = icepool_choice(pool, keep, effect)
    odds = CortexOdds(tuple(sorted(pool)), keep)
    mine = {k: v for k, v in odds.choice.items() if k[1] == effect}
    assert as_fractions(mine, whole) == as_fractions(expected, whole)


def test_twenty_d12_is_exact_and_sums_to_the_denominator() -> None:
    odds = CortexOdds((12,) * 20, 2)
    assert odds.denominator == 12**20
    assert sum(odds.joint.values()) == 12**20
    assert odds.joint[(0, 4, 20)] == 1  # the botch: every die a 1
    # No 1s and at least two 12s: total 24, and any of the other 18 dice is a d12 for effect.
    assert odds.joint[(24, 12, 0)] == sum(comb(20, k) * 10 ** (20 - k) for k in range(2, 21))
