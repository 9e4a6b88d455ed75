"""Pools of step dice: read from text, rolled with every face kept in order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scenekeeper.dice import DiceError, Die, Pool, SeededDice


def test_pool_reads_dice_with_counts_in_order() -> None:
    pool = Pool.parse("d8 2d6, D10")
    assert pool.dice == (Die.D8, Die.D6, Die.D6, Die.D10)
    assert str(pool) == "d8 d6 d6 d10"
    assert len(pool) == 4


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("d7", "not a step die"),
        ("d8 sword", "'sword' is not a die"),
        ("0d6", "has no dice"),
        ("", "pool is empty"),
        ("61d6", "at most 60 dice"),
        # Refused from its count alone: building 99,999,999,999 dice first ran out of memory.
        ("99999999999d8", "at most 60 dice"),
        ("d8 d8 59d6", "at most 60 dice"),
    ],
)
def test_bad_pools_say_what_to_write(text: str, message: str) -> None:
    with pytest.raises(DiceError, match=message):
        Pool.parse(text)


def test_typed_results_are_checked_against_the_pool() -> None:
    pool = Pool.parse("d8 d4")
    roll = pool.roll(SeededDice(1), results="8 1")
    assert [(str(d.die), d.face) for d in roll.dice] == [("d8", 8), ("d4", 1)]
    assert roll.count(1) == 1
    with pytest.raises(DiceError, match="cannot come up on a d4"):
        pool.roll(SeededDice(1), results="1 5")


@given(sizes=st.lists(st.sampled_from(list(Die)), min_size=1, max_size=12), seed=st.integers())
def test_a_roll_records_one_face_per_die_in_range(sizes: list[Die], seed: int) -> None:
    roll = Pool(tuple(sizes)).roll(SeededDice(seed))
    assert [d.die for d in roll.dice] == sizes
    assert all(1 <= d.face <= d.die.sides for d in roll.dice)
    assert roll == Pool(tuple(sizes)).roll(SeededDice(seed))
