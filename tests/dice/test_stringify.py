"""Plain and markdown rendering of rolled expressions."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scenekeeper.dice import (
    MarkdownStringifier,
    PlainStringifier,
    SeededDice,
    parse_expression,
    roll_expression,
)
from scenekeeper.dice.terms import DiceTerm, format_node


def plain(text: str, *faces: int) -> str:
    return PlainStringifier().render(parse_expression(text).evaluate(faces))


def markdown(text: str, *faces: int) -> str:
    return MarkdownStringifier().render(parse_expression(text).evaluate(faces))


def test_plain_writes_dropped_dice_in_words() -> None:
    assert plain("4d6kh3+2", 5, 3, 1, 6) == "4d6kh3 (5, 3, dropped 1, 6) + 2 = 16"


def test_markdown_strikes_dropped_dice_and_bolds_the_total() -> None:
    assert markdown("4d6kh3+2", 5, 3, 1, 6) == "4d6kh3 (5, 3, ~~1~~, 6) + 2 = **16**"


@pytest.mark.parametrize(
    ("text", "faces", "plain_text", "markdown_text"),
    [
        ("d20", (17,), "d20 (17) = 17", "d20 (17) = **17**"),
        ("1d20+5", (17,), "d20 (17) + 5 = 22", "d20 (17) + 5 = **22**"),
        ("d20 + 2d6", (17, 2, 5), "d20 (17) + 2d6 (2, 5) = 24", "d20 (17) + 2d6 (2, 5) = **24**"),
        (
            "2d20kl1",
            (17, 4),
            "2d20kl1 (dropped 17, 4) = 4",
            "2d20kl1 (~~17~~, 4) = **4**",
        ),
        ("-(d6+1)*2", (3,), "-(d6 (3) + 1) * 2 = -8", "-(d6 (3) + 1) * 2 = **-8**"),
        ("2+3*2", (), "2 + 3 * 2 = 8", "2 + 3 * 2 = **8**"),
        ("d%", (42,), "d100 (42) = 42", "d100 (42) = **42**"),
    ],
)
def test_layouts(text: str, faces: tuple[int, ...], plain_text: str, markdown_text: str) -> None:
    assert plain(text, *faces) == plain_text
    assert markdown(text, *faces) == markdown_text


def test_both_stringifiers_render_a_real_roll() -> None:
    result = roll_expression("3d6dl1 + d4", SeededDice(3))
    plain_text = PlainStringifier().render(result)
    markdown_text = MarkdownStringifier().render(result)
    assert plain_text.startswith("3d6dl1 (")
    assert plain_text.endswith(f" = {result.total}")
    assert markdown_text.startswith("3d6dl1 (")
    assert markdown_text.endswith(f" = **{result.total}**")


@given(st.integers(2, 8), st.integers(2, 20), st.integers(0, 99), st.data())
def test_plain_has_no_markup_and_markdown_marks_each_dropped_die(
    count: int, sides: int, bonus: int, data: st.DataObject
) -> None:
    text = f"{count}d{sides}dl1 + {bonus}"
    faces = data.draw(st.lists(st.integers(1, sides), min_size=count, max_size=count))
    result = parse_expression(text).evaluate(faces)

    plain_text = PlainStringifier().render(result)
    assert "~" not in plain_text
    assert "*" not in plain_text
    assert plain_text.count("dropped") == 1
    # Taking the faces out leaves the normalised expression and the total.
    assert (
        re.sub(r" \([^()]*\)", "", plain_text) == f"{count}d{sides}dl1 + {bonus} = {result.total}"
    )

    markdown_text = MarkdownStringifier().render(result)
    assert markdown_text.count("~~") == 2
    assert markdown_text.endswith(f" = **{result.total}**")


def test_a_term_of_many_dice_is_counted_by_face() -> None:
    faces = (1, 2) * 10 + (6,)  # 21 dice: more than LONG_FACES
    assert plain("21d6", *faces) == "21d6 (counted by face: 1 x10, 2 x10, 6 x1) = 36"
    assert plain("20d6", *faces[:20]) == f"20d6 ({', '.join(map(str, faces[:20]))}) = 30"
    dropped = plain("22d6kh20", *faces, 1)
    assert dropped == "22d6kh20 (counted by face: 1 x9, 2 x10, 6 x1; dropped 1 x2) = 35"
    assert markdown("22d6kh20", *faces, 1).endswith("; ~~1 x2~~) = **35**")


@pytest.mark.parametrize(
    "text",
    ["d20", "-d6", "2d6+3", "(d8+1)*2", "-(2d6-1)*d4", "3 - (d6 - 2)", "4d6kh3 + 2d10dl1 - 7"],
)
def test_the_text_around_the_dice_is_the_expressions_own(text: str) -> None:
    # A reply writes the expression's text cut at its dice (kept on it), not walking its tree:
    # the two must say the same, brackets and all.
    expression = parse_expression(text)
    faces = tuple(min(2, sides) for sides in expression.dice_sides())
    result = expression.evaluate(faces)
    rolls = iter(result.rolls)

    def dice_text(term: DiceTerm) -> str:
        dice = next(rolls).dice
        return f"{term} ({', '.join(PlainStringifier().die(d) for d in dice)})"

    walked = f"{format_node(expression.root, dice_text)} = {result.total}"
    assert PlainStringifier().render(result) == walked
    assert "".join(expression.text_around_dice) == re.sub(
        r"\d*d\d+(?:[kd][hl]\d+)?", "", expression.text
    )
