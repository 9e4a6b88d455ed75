"""The generic dice-expression grammar: parsing, evaluation, keep/drop, errors and budget."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from scenekeeper.dice import (
    MAX_CONSTANT,
    MAX_DEPTH,
    MAX_DICE,
    MAX_SIDES,
    MAX_TEXT_LENGTH,
    DiceError,
    ExpressionDie,
    SeededDice,
    parse_expression,
    roll_expression,
)
from scenekeeper.dice.expression import Expression
from scenekeeper.dice.terms import BinaryOp, DiceTerm, Keep, KeepMode, Negate, Node, Number


def total(text: str, faces: Sequence[int] = ()) -> int:
    return parse_expression(text).evaluate(tuple(faces)).total


def error(text: str) -> str:
    with pytest.raises(DiceError) as caught:
        parse_expression(text)
    return str(caught.value)


# --- Parsing and normalised text -----------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "normalised"),
    [
        ("4d6kh3+2", "4d6kh3 + 2"),
        ("  2D20KL1 ", "2d20kl1"),
        ("2d20k", "2d20kh1"),
        ("4d6k3", "4d6kh3"),
        ("4d6dl", "4d6dl1"),
        ("1d20", "d20"),
        ("d%", "d100"),
        ("2d%", "2d100"),
        ("4 d 6 dl 1", "4d6dl1"),
        ("(2+3)*2", "(2 + 3) * 2"),
        ("2+(3*2)", "2 + 3 * 2"),
        ("2-(3-1)", "2 - (3 - 1)"),
        ("(2-3)-1", "2 - 3 - 1"),
        ("--2", "-(-2)"),
        ("-(2+d4)", "-(2 + d4)"),
        ("2*-3", "2 * -3"),
        ("((d6))", "d6"),
        ("007", "7"),
    ],
)
def test_text_is_normalised(typed: str, normalised: str) -> None:
    assert parse_expression(typed).text == normalised
    assert str(parse_expression(typed)) == normalised


def test_parse_builds_a_typed_tree() -> None:
    assert parse_expression("4d6kh3+2").root == BinaryOp(
        "+", DiceTerm(4, 6, Keep("kh", 3)), Number(2)
    )
    assert parse_expression("-d%*2").root == BinaryOp("*", Negate(DiceTerm(1, 100)), Number(2))


def test_expression_is_immutable() -> None:
    expression = parse_expression("d20")
    with pytest.raises(AttributeError):
        expression.root = Number(1)  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2+3*2", 8),
        ("2*3+2", 8),
        ("(2+3)*2", 10),
        ("2-3-1", -2),
        ("2-(3-1)", 0),
        ("10-2*3+1", 5),
        ("-2*3", -6),
        ("-(2+3)", -5),
        ("--2", 2),
        ("2*-3", -6),
        ("2 - -3", 5),
        ("0", 0),
        (" ( 1 + 2 ) * ( 3 + 4 ) ", 21),
    ],
)
def test_arithmetic_precedence(text: str, expected: int) -> None:
    assert total(text) == expected


def test_dice_sides_in_roll_order() -> None:
    assert parse_expression("2d6+d20-3d4").dice_sides() == (6, 6, 20, 4, 4, 4)
    assert parse_expression("d%").dice_sides() == (100,)
    assert parse_expression("2+3").dice_sides() == ()


# --- Evaluation ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "faces", "expected", "kept"),
    [
        ("4d6kh3", (5, 3, 1, 6), 14, (True, True, False, True)),
        ("4d6k3", (5, 3, 1, 6), 14, (True, True, False, True)),
        ("4d6dl1", (5, 3, 1, 6), 14, (True, True, False, True)),
        ("4d6dh1", (5, 3, 1, 6), 9, (True, True, True, False)),
        ("4d6dh2", (5, 3, 1, 6), 4, (False, True, True, False)),
        ("4d6kl2", (5, 3, 1, 6), 4, (False, True, True, False)),
        ("2d20kl1", (17, 4), 4, (False, True)),
        ("2d20k", (17, 4), 17, (True, False)),
        ("4d6kh4", (1, 2, 3, 4), 10, (True, True, True, True)),
        ("d20kh1", (9,), 9, (True,)),
        # Ties: among equal faces the earlier die is the one chosen.
        ("3d6kh2", (4, 4, 4), 8, (True, True, False)),
        ("3d6kl1", (2, 2, 5), 2, (True, False, False)),
        ("3d6dl1", (2, 2, 5), 7, (False, True, True)),
        ("3d6dh1", (5, 2, 5), 7, (False, True, True)),
    ],
)
def test_keep_and_drop(
    text: str, faces: tuple[int, ...], expected: int, kept: tuple[bool, ...]
) -> None:
    result = parse_expression(text).evaluate(faces)
    assert result.total == expected
    assert tuple(die.kept for die in result.dice) == kept
    assert tuple(die.face for die in result.dice) == faces


def test_result_records_every_die_in_roll_order() -> None:
    result = parse_expression("d20 + 2d6kh1 - 1").evaluate((17, 2, 5))
    assert result.total == 17 + 5 - 1
    assert result.dice == (
        ExpressionDie(sides=20, face=17, kept=True),
        ExpressionDie(sides=6, face=2, kept=False),
        ExpressionDie(sides=6, face=5, kept=True),
    )
    assert [roll.total for roll in result.rolls] == [17, 5]
    assert [roll.term for roll in result.rolls] == [DiceTerm(1, 20), DiceTerm(2, 6, Keep("kh", 1))]
    assert result.expression == parse_expression("d20+2d6kh1-1")


def test_dice_inside_arithmetic() -> None:
    assert total("-(2d6+1)*3", (2, 4)) == -21
    assert total("d%", (100,)) == 100


def test_evaluate_rejects_the_wrong_number_of_faces() -> None:
    expression = parse_expression("4d6kh3+2")
    with pytest.raises(DiceError, match="Got 3 faces but '4d6kh3 \\+ 2' rolls 4 dice") as caught:
        expression.evaluate((1, 2, 3))
    assert "one face per die in order" in str(caught.value)
    with pytest.raises(DiceError, match="Got 2 faces but 'd20' rolls 1 die"):
        parse_expression("d20").evaluate((1, 2))
    with pytest.raises(DiceError, match="rolls no dice, so it takes no faces"):
        parse_expression("2+3").evaluate((1,))


@pytest.mark.parametrize("faces", [(5, 3, 1, 7), (0, 3, 1, 6), (5, -2, 1, 6)])
def test_evaluate_rejects_faces_out_of_range(faces: tuple[int, ...]) -> None:
    bad = next(face for face in faces if not 1 <= face <= 6)
    with pytest.raises(DiceError, match=f"Face {bad} \\(number \\d\\) cannot come up on a d6"):
        parse_expression("4d6kh3").evaluate(faces)


class RecordingDice:
    """A source that hands out fixed faces and remembers what it was asked for."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self.faces = faces
        self.asked: list[tuple[int, ...]] = []

    def roll(self, sides: Sequence[int]) -> tuple[int, ...]:
        self.asked.append(tuple(sides))
        return self.faces


def test_roll_expression_asks_the_source_for_the_expression_dice() -> None:
    source = RecordingDice((17, 2, 5))
    result = roll_expression("d20+2d6", source)
    assert source.asked == [(20, 6, 6)]
    assert result.total == 24


def test_roll_expression_uses_typed_results_instead_of_the_source() -> None:
    source = RecordingDice(())
    assert roll_expression("4d6kh3+2", source, results="5 3 1 6").total == 16
    assert source.asked == []
    with pytest.raises(DiceError, match="results: has 3 faces"):
        roll_expression("4d6kh3+2", source, results="5 3 1")


def test_roll_expression_is_reproducible_with_a_seed() -> None:
    first = roll_expression("10d20kh3 + 4d6", SeededDice(7))
    assert first == roll_expression("10d20kh3 + 4d6", SeededDice(7))
    assert [die.face for die in first.dice] != [
        die.face for die in roll_expression("10d20kh3 + 4d6", SeededDice(8)).dice
    ]


# --- Errors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("", ("empty", "2d6+3")),
        ("   ", ("empty", "d20")),
        ("1000000d6", ("'1000000d6' rolls 1,000,000 dice", "limit is 1,000 dice", "100d6")),
        ("0d6", ("'0d6' rolls no dice", "1d6")),
        ("d1", ("'d1' has 1 side;", "at least 2 sides", "d20")),
        ("d0", ("'d0' has 0 sides", "at least 2 sides")),
        ("3d0", ("'3d0' has 0 sides",)),
        ("4d6kh5", ("'4d6kh5' keeps 5 dice but rolls only 4", "like 4d6kh3")),
        ("4d6kh0", ("'4d6kh0' keeps no dice", "4d6kh1")),
        ("2d20kl0", ("keeps no dice", "2d20kl1")),
        ("4d6dl0", ("'4d6dl0' drops no dice",)),
        ("4d6dl4", ("drops 4 of its 4 dice", "leaving none", "4d6dl3")),
        ("d20dh", ("drops 1 of its 1 die", "2d20dh1")),
        ("2d6+", ("after the '+' at position 4", "2d6+3")),
        ("2d6*", ("after the '*' at position 4",)),
        ("-", ("after the '-' at position 1",)),
        ("()", ("after the '(' at position 1",)),
        ("(2+)", ("after the '+' at position 3",)),
        ("2d6x3", ("Unexpected 'x' at position 4 in '2d6x3'", "*")),
        ("2d6?3", ("Unexpected '?' at position 4 in '2d6?3'", "2d6+3, 4d6kh3 or d20")),
        ("2d6/2", ("Unexpected '/' at position 4", "no division")),
        ("4d6!", ("Unexpected '!' at position 4", "exploding")),
        ("4d6r1", ("Unexpected 'r' at position 4", "rerolls")),
        ("4d6kh3kh2", ("Unexpected 'kh' at position 7",)),
        ("2 3", ("Unexpected '3' at position 3",)),
        ("2(3)", ("Unexpected '(' at position 2",)),
        ("d20 d20", ("Unexpected 'd' at position 5",)),
        ("+2", ("Unexpected '+' at position 1",)),
        ("%", ("Unexpected '%' at position 1",)),
        ("2dx", ("Unexpected 'dx' at position 2",)),
        ("(2d6+3", ("'(' at position 1", "never closed", "(2d6+3)*2")),
        ("2d6+3)", ("Unexpected ')' at position 6", "closes no '('")),
        ("2d", ("number of sides after the 'd' at position 2", "2d6")),
        ("2d+3", ("number of sides after the 'd' at position 2",)),
    ],
)
def test_errors_say_what_was_wrong_and_what_to_type(text: str, fragments: tuple[str, ...]) -> None:
    message = error(text)
    assert "\n" not in message
    for fragment in fragments:
        assert fragment in message


# --- The roll budget -----------------------------------------------------------------------


def test_budget_constants() -> None:
    assert (MAX_DICE, MAX_SIDES, MAX_CONSTANT, MAX_TEXT_LENGTH, MAX_DEPTH) == (
        1000,
        1000,
        1_000_000,
        200,
        20,
    )


def test_dice_budget_counts_the_whole_expression() -> None:
    assert len(parse_expression("1000d6").dice_sides()) == 1000
    assert len(parse_expression("500d6+500d6").dice_sides()) == 1000
    assert "rolls 1,001 dice" in error("1001d6")
    message = error("500d6+501d6")
    assert "'500d6+501d6' rolls 1,001 dice in all" in message
    assert "limit is 1,000" in message


def test_an_absurd_dice_count_fails_at_parse_time() -> None:
    # Were this allocated or rolled, the test would run out of memory rather than fail.
    assert "dice per roll" in error("9" * 150 + "d6")
    assert "dice per roll" in error("1000000d6kh1")


def test_sides_budget() -> None:
    assert parse_expression("d1000").dice_sides() == (1000,)
    message = error("2d1001")
    assert "'2d1001' has 1,001 sides" in message
    assert "like 2d100" in message


def test_constant_budget() -> None:
    assert total(str(MAX_CONSTANT)) == MAX_CONSTANT
    assert "1,000,001" in error("2+1000001")


def test_text_length_budget() -> None:
    longest = "1+" * 99 + "10"
    assert len(longest) == MAX_TEXT_LENGTH
    assert total(longest) == 109
    message = error(longest + "0")
    assert "201 characters" in message
    assert "limit is 200" in message
    # A huge text is not echoed back.
    assert len(error("1" * 100_000)) < 200


def test_nesting_budget() -> None:
    assert total("(" * MAX_DEPTH + "1" + ")" * MAX_DEPTH) == 1
    assert total("-" * MAX_DEPTH + "1") == 1
    assert "more than 20 deep" in error("(" * 21 + "1" + ")" * 21)
    assert "more than 20 deep" in error("-" * 21 + "1")
    assert "more than 20 deep" in error("-(" * 11 + "1" + ")" * 11)


# --- Properties ----------------------------------------------------------------------------

KEEP_MODES: tuple[KeepMode, ...] = ("kh", "kl", "dh", "dl")


@st.composite
def keep_rolls(draw: st.DrawFn) -> tuple[str, KeepMode, int, tuple[int, ...]]:
    count = draw(st.integers(1, 30))
    sides = draw(st.integers(2, MAX_SIDES))
    # Dropping every die is an error, so a single die can only be kept.
    mode = draw(st.sampled_from(KEEP_MODES if count > 1 else ("kh", "kl")))
    how_many = draw(st.integers(1, count if mode.startswith("k") else count - 1))
    faces = tuple(draw(st.lists(st.integers(1, sides), min_size=count, max_size=count)))
    return f"{count}d{sides}{mode}{how_many}", mode, how_many, faces


@given(keep_rolls())
def test_keep_and_drop_match_sorting(roll: tuple[str, KeepMode, int, tuple[int, ...]]) -> None:
    text, mode, how_many, faces = roll
    expression = parse_expression(text)
    assert len(expression.dice_sides()) == len(faces)
    result = expression.evaluate(faces)
    high_first = sorted(faces, reverse=True)
    expected = {
        "kh": sum(high_first[:how_many]),
        "kl": sum(sorted(faces)[:how_many]),
        "dh": sum(high_first[how_many:]),
        "dl": sum(sorted(faces)[how_many:]),
    }[mode]
    assert result.total == expected
    kept = sum(die.kept for die in result.dice)
    assert kept == (how_many if mode.startswith("k") else len(faces) - how_many)
    assert expression.evaluate(faces) == result


@given(st.integers(1, 50), st.integers(2, 100), st.data())
def test_plain_dice_sum_their_faces(count: int, sides: int, data: st.DataObject) -> None:
    expression = parse_expression(f"{count}d{sides}")
    assert expression.dice_sides() == (sides,) * count
    faces = data.draw(st.lists(st.integers(1, sides), min_size=count, max_size=count))
    assert expression.evaluate(faces).total == sum(faces)


def _nodes() -> st.SearchStrategy[Node]:
    keeps = st.one_of(
        st.none(),
        st.builds(Keep, st.sampled_from(KEEP_MODES), st.just(1)),
    )
    dice = st.builds(DiceTerm, st.integers(2, 4), st.integers(2, 20), keeps)
    leaves = st.one_of(st.builds(Number, st.integers(0, MAX_CONSTANT)), dice)
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.builds(Negate, inner),
            st.builds(BinaryOp, st.sampled_from(["+", "-", "*"]), inner, inner),
        ),
        max_leaves=8,
    )


def _depth(node: Node) -> int:
    if isinstance(node, Negate):
        return 1 + _depth(node.operand)
    if isinstance(node, BinaryOp):
        return 1 + max(_depth(node.left), _depth(node.right))
    return 0


@given(_nodes(), st.data())
def test_normalised_text_parses_back_to_the_same_tree(node: Node, data: st.DataObject) -> None:
    original = Expression(node)
    assume(len(original.text) <= MAX_TEXT_LENGTH and _depth(node) <= MAX_DEPTH)
    reparsed = parse_expression(original.text)
    assert reparsed == original
    assert reparsed.text == original.text
    faces = tuple(data.draw(st.integers(1, sides)) for sides in original.dice_sides())
    assert reparsed.evaluate(faces).total == original.evaluate(faces).total


@given(st.integers(0, 2**32), st.sampled_from(["4d6kh3+2", "2d20kl1", "d%-d10*3", "3d8dl1"]))
def test_same_seed_same_roll(seed: int, text: str) -> None:
    first = roll_expression(text, SeededDice(seed))
    again = roll_expression(text, SeededDice(seed))
    assert first == again
    assert all(1 <= die.face <= die.sides for die in first.dice)


def test_a_text_is_parsed_once_and_a_bad_one_is_refused_every_time() -> None:
    # Issue 24: rolled events re-check their faces on every read; one parse serves them all.
    assert parse_expression("3d6+2") is parse_expression("3d6+2")
    for _ in range(2):
        with pytest.raises(DiceError):
            parse_expression("3d6+")


def test_an_expression_typed_and_as_written_is_one_value_kept_once() -> None:
    typed = parse_expression("4d6kh3+2")
    assert parse_expression(typed.text) is typed  # "4d6kh3 + 2": the event's check finds it


def test_the_kept_evaluation_answers_only_the_same_faces() -> None:
    expression = parse_expression("2d6kh1+1")
    first = expression.evaluate((2, 5))
    assert expression.evaluate((2, 5)) is first
    other = expression.evaluate((6, 1))
    assert other.total == 7
    assert [d.kept for d in other.dice] == [True, False]
    assert expression.evaluate((2, 5)).total == 6
    with pytest.raises(DiceError):
        expression.evaluate((7, 1))  # a face off the die is refused, kept answer or not
