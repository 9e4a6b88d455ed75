"""The d4..d12 step-die ladder and its explicit edges."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scenekeeper.dice import Beyond, DiceError, Die, ladder, step_down, step_up


def test_ladder_runs_small_to_large() -> None:
    assert ladder() == (Die.D4, Die.D6, Die.D8, Die.D10, Die.D12)
    assert [die.sides for die in ladder()] == [4, 6, 8, 10, 12]
    assert sorted([Die.D12, Die.D4, Die.D8]) == [Die.D4, Die.D8, Die.D12]
    assert Die.D6 < Die.D8


def test_text() -> None:
    assert str(Die.D8) == "d8"
    assert str(Beyond.PAST_D12) == "past d12"
    assert str(Beyond.BELOW_D4) == "below d4"


@pytest.mark.parametrize(
    ("die", "steps", "expected"),
    [
        (Die.D4, 1, Die.D6),
        (Die.D10, 1, Die.D12),
        (Die.D12, 1, Beyond.PAST_D12),
        (Die.D4, 2, Die.D8),
        (Die.D4, 4, Die.D12),
        (Die.D8, 3, Beyond.PAST_D12),
        (Die.D6, 0, Die.D6),
        (Die.D8, -1, Die.D6),
        (Die.D6, -2, Beyond.BELOW_D4),
    ],
)
def test_step_up(die: Die, steps: int, expected: Die | Beyond) -> None:
    assert step_up(die, steps) == expected


@pytest.mark.parametrize(
    ("die", "steps", "expected"),
    [
        (Die.D6, 1, Die.D4),
        (Die.D4, 1, Beyond.BELOW_D4),
        (Die.D12, 4, Die.D4),
        (Die.D8, 3, Beyond.BELOW_D4),
        (Die.D8, -1, Die.D10),
        (Die.D10, -2, Beyond.PAST_D12),
    ],
)
def test_step_down(die: Die, steps: int, expected: Die | Beyond) -> None:
    assert step_down(die, steps) == expected


def test_default_is_one_step() -> None:
    assert step_up(Die.D8) == Die.D10
    assert step_down(Die.D8) == Die.D6


@given(st.sampled_from(ladder()), st.integers(-10, 10))
def test_up_and_down_are_mirror_images(die: Die, steps: int) -> None:
    assert step_up(die, steps) == step_down(die, -steps)
    moved = step_up(die, steps)
    if isinstance(moved, Die):
        assert step_down(moved, steps) == die
        assert ladder().index(moved) - ladder().index(die) == steps
    else:
        assert moved is (Beyond.PAST_D12 if steps > 0 else Beyond.BELOW_D4)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("d8", Die.D8), ("D8", Die.D8), ("8", Die.D8), (" d10 ", Die.D10), ("d4", Die.D4)],
)
def test_parse(text: str, expected: Die) -> None:
    assert Die.parse(text) == expected


@pytest.mark.parametrize("text", ["d7", "d20", "d2", "x", "", "dd8", "d", "d 8", "d8+1"])
def test_parse_errors_name_the_step_dice(text: str) -> None:
    with pytest.raises(DiceError) as caught:
        Die.parse(text)
    message = str(caught.value)
    assert f"'{text}' is not a step die" in message
    assert "d4, d6, d8, d10 or d12" in message


def test_of() -> None:
    assert Die.of(10) is Die.D10
    with pytest.raises(DiceError, match="A d20 is not a step die"):
        Die.of(20)
