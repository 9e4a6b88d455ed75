"""Dice sources and faces typed by hand."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scenekeeper.dice import (
    DiceError,
    FairDice,
    SeededDice,
    parse_faces,
    roll_dice,
    typed_faces,
)
from tests.support import make_app, person

SIDES = (4, 6, 8, 10, 12, 20, 100) * 10


def test_seeded_dice_repeat_with_the_same_seed() -> None:
    first, second = SeededDice(42), SeededDice(42)
    assert first.roll(SIDES) == second.roll(SIDES)
    # Later rolls repeat too: both generators moved on in step.
    assert first.roll(SIDES) == second.roll(SIDES)


def test_seeded_dice_differ_with_another_seed() -> None:
    assert SeededDice(42).roll(SIDES) != SeededDice(43).roll(SIDES)


def test_seeded_dice_leave_the_global_generator_alone() -> None:
    before = random.getstate()
    SeededDice(1).roll(SIDES)
    assert random.getstate() == before


@given(st.integers(0, 2**64), st.lists(st.integers(2, 1000), max_size=50))
def test_seeded_dice_are_in_range(seed: int, sides: list[int]) -> None:
    faces = SeededDice(seed).roll(sides)
    assert len(faces) == len(sides)
    assert all(1 <= face <= n for face, n in zip(faces, sides, strict=True))


def test_fair_dice_are_in_range() -> None:
    sides = (2, *SIDES, 1000) * 5
    faces = FairDice().roll(sides)
    assert len(faces) == len(sides)
    assert all(1 <= face <= n for face, n in zip(faces, sides, strict=True))
    assert FairDice().roll(()) == ()


@pytest.mark.parametrize("text", ["3 7 1", "3,7,1", "3, 7;1", "  3\t7\n1 ", "3 ,, 7 1"])
def test_parse_faces_separators(text: str) -> None:
    assert parse_faces(text) == (3, 7, 1)


def test_parse_faces_single() -> None:
    assert parse_faces("12") == (12,)


@pytest.mark.parametrize("text", ["", "   ", " , ;"])
def test_parse_faces_empty(text: str) -> None:
    with pytest.raises(DiceError, match="results: is empty"):
        parse_faces(text)


@pytest.mark.parametrize(("text", "bad"), [("3 x 1", "x"), ("-1", "-1"), ("3.5", "3.5")])
def test_parse_faces_not_numbers(text: str, bad: str) -> None:
    with pytest.raises(DiceError) as caught:
        parse_faces(text)
    assert f"'{bad}' is not a die face" in str(caught.value)


def test_typed_faces_in_range() -> None:
    assert typed_faces("5 3 8", (6, 6, 8)) == (5, 3, 8)


def test_typed_faces_count() -> None:
    with pytest.raises(DiceError) as caught:
        typed_faces("5 3", (6, 6, 8))
    message = str(caught.value)
    assert "has 2 faces but the roll has 3 dice (d6 d6 d8)" in message
    assert 'results:"3 3 3"' in message
    with pytest.raises(DiceError, match="has 2 faces but the roll has 1 die"):
        typed_faces("5 3", (20,))
    with pytest.raises(DiceError, match="has 1 face but the roll has 2 dice"):
        typed_faces("5", (20, 20))


@pytest.mark.parametrize(("text", "message"), [("5 7", "face 7 (number 2)"), ("0", "face 0")])
def test_typed_faces_range(text: str, message: str) -> None:
    sides = (6,) * len(text.split())
    with pytest.raises(DiceError) as caught:
        typed_faces(text, sides)
    assert message in str(caught.value)
    assert "a d6 shows 1 to 6" in str(caught.value)


class ExplodingSource:
    """Fails if asked to roll: typed results must never reach the source."""

    def roll(self, sides: Sequence[int]) -> tuple[int, ...]:
        raise AssertionError(f"rolled {sides}")


def test_roll_dice_prefers_typed_results() -> None:
    assert roll_dice(ExplodingSource(), (6, 8), "2 7") == (2, 7)
    with pytest.raises(DiceError):
        roll_dice(ExplodingSource(), (6, 8), "2 9")


def test_roll_dice_rolls_the_source_without_results() -> None:
    assert roll_dice(SeededDice(5), (6, 8), None) == SeededDice(5).roll((6, 8))


def test_a_superscript_digit_is_no_face_and_is_refused_as_one() -> None:
    """'²' is a digit to Python but no number int() reads: typed as a face, it is refused
    with what to type, never an internal error."""
    app = make_app()
    assert app.handle("t", person("gm"), "/game new system:cortex").ok
    outcome = app.handle("t", person("gm"), '/roll pool:"d6 d8" results:"² 3"')
    assert not outcome.ok
    assert outcome.error == (
        "results: '²' is not a die face; type whole numbers like results:\"3 7 1\"."
    )
