"""METTLE and Cybergod keep what they have worked out: the same question asked again answers
from the kept Check or pool, unchanged by what a caller did with an earlier answer, and the
closed forms agree with rolling the dice one at a time."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from scenekeeper.odds.cybergod import SIZES, cybergod_pool, success_pool
from scenekeeper.odds.mettle import MettleCheck, clear_checks, mettle_check


def test_a_check_asked_again_is_the_kept_one_and_its_answers_do_not_change() -> None:
    clear_checks()
    first = mettle_check(7, 1)
    assert mettle_check(7, 1) is first
    answer = first.outcomes(9, twist=True)
    answer.clear()  # a caller's change to an answer never reaches the kept one
    again = mettle_check(7, 1).outcomes(9, twist=True)
    assert again == MettleCheck(7, 1).outcomes(9, twist=True)
    assert sum(again.values()) == 1
    assert first.p_success(9, twist=True) == MettleCheck(7, 1).p_success(9, twist=True)


def test_the_twist_and_repeat_answers_are_kept_apart() -> None:
    check = mettle_check(5)
    once = check.p_success(8, twist=True)
    again_and_again = check.p_success(8, twist=True, repeat=True)
    plain = check.p_success(8)
    assert plain < once < again_and_again
    assert check.p_success(8, repeat=True) == plain  # repeat means nothing without a Twist


def test_the_mettle_joint_is_the_dice_rolled_one_at_a_time() -> None:
    for dice in range(5):
        counted: dict[tuple[int, int], int] = {}
        for faces in product(range(1, 7), repeat=dice):
            score = sum(f for f in faces if f <= 3)
            edge = sum(1 for f in faces if f >= 4)
            counted[(score, edge)] = counted.get((score, edge), 0) + 1
        assert dict(MettleCheck(dice).joint) == counted


def test_the_cybergod_pool_is_the_dice_rolled_one_at_a_time_and_kept() -> None:
    for size in SIZES:
        for dice in range(4):
            counted = [0] * (2 * dice + 1)
            for faces in product(range(1, size + 1), repeat=dice):
                counted[sum(2 if f >= 10 else 1 if f >= 5 else 0 for f in faces)] += 1
            while len(counted) > 1 and not counted[-1]:
                counted.pop()
            assert success_pool(dice, size).counts == tuple(counted)
        assert cybergod_pool(10, size) is cybergod_pool(10, size)
        assert cybergod_pool(10, size).p_success(3) == success_pool(10, size).p_success(3)
        assert sum(Fraction(c, size**10) for c in cybergod_pool(10, size).counts) == 1
