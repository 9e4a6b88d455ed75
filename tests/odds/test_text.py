"""Odds in words: exact rounding, the one-line chance for /roll, the summary lines."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scenekeeper.odds import (
    OddsError,
    Opposition,
    chance_line,
    cortex,
    opposing,
    percent,
    summarise,
    summary_lines,
)
from scenekeeper.odds.text import _line, decimal


@pytest.mark.parametrize(
    ("chance", "text"),
    [
        (Fraction(0), "0.0%"),
        (Fraction(1), "100.0%"),
        (Fraction(1, 3), "33.3%"),
        (Fraction(2, 3), "66.7%"),
        (Fraction(1, 8), "12.5%"),
        (Fraction(1, 2000), "0.1%"),  # half up
        (Fraction(1, 2001), "<0.1%"),
        (Fraction(2000, 2001), ">99.9%"),
    ],
)
def test_percent_rounds_exactly_and_never_hides_a_chance(chance: Fraction, text: str) -> None:
    assert percent(chance) == text


def test_decimal() -> None:
    assert decimal(Fraction(22, 3)) == "7.3"
    assert decimal(Fraction(1, 4)) == "0.3"  # half up
    assert decimal(Fraction(4)) == "4.0"


def test_chance_line_against_a_number_and_against_dice() -> None:
    assert chance_line([8, 8], 2, 11) == "Odds: 23.4% to beat 11 (heroic 1.6%); a hitch 23.4%."
    line = chance_line([10, 8, 8], 2, [10, 10])
    assert line == "Odds: 53.7% to beat d10 d10 (heroic 26.7%); a hitch 31.1%."
    # Nothing heroic possible: no heroic part.
    assert chance_line([4, 4], 2, 5) == "Odds: 37.5% to beat 5; a hitch 43.8%."


def test_summary_lines_say_one_fact_each() -> None:
    summary = summarise([8, 8, 10], 2, [10, 10])
    lines = summary_lines(summary, {"3": 3, "7": 7, "11": 11, "15": 15, "19": 19})
    assert lines == [
        "Odds for d8 d8 d10, keeping 2 (exact over 640 outcomes):",
        "Beat d10 d10: 53.7% (heroic 26.7%; a tie, which fails, 7.0%).",
        "Effect die on a success: d4 7.2%, d6 4.5%, d8 14.7%, d10 18.2%, d12 7.8%, past d12 1.2%.",
        "Beat it and keep at least: a d8 45.6%, a d10 29.5% (your choice of dice).",
        "Chance to beat 3 98.9%, 7 88.8%, 11 56.3%, 15 13.9%, 19 0.0%.",
        "Effect die: d4 31.1%, d8 47.0%, d10 21.9% (average size 7.2).",
        "A hitch: 31.1%; a botch: 0.2%.",
    ]


def test_chance_line_against_an_opposition_names_it() -> None:
    line = chance_line([8, 8, 10], 2, Opposition.static(7, [6]))
    chances = cortex([8, 8, 10]).against(Opposition.static(7, [6]))
    assert line.startswith(f"Odds: {percent(chances.success)} to beat 7 + d6 (heroic ")
    assert chance_line([8, 8], 2, 11, label="hard (15)").startswith("Odds: 23.4% to beat hard (15)")


def test_chance_line_when_ties_win() -> None:
    # Action-based resolution (gaps 1.4): the reaction must exceed, so a tie is the actor's.
    assert chance_line([8, 8], 2, 11, ties_win=True) == (
        "Odds: 32.8% to equal or beat 11 (heroic 1.6%); a hitch 23.4%."
    )


def test_a_kept_chance_line_is_the_line_made_afresh() -> None:
    # The lines /roll shows are kept by what they say (issue 36): each fact asked keeps its own.
    hard = opposing([10, 10])
    assert opposing([10, 10]) is hard  # one distribution a pool
    again = Opposition(hard.label, hard.values, hard.denominator)
    assert again == hard
    assert hash(again) == hash(hard)
    for against, label, ties_win in [
        (hard, "hard (d10 d10)", False),
        (hard, "hard (d10 d10)", True),
        (hard, "hard", False),
        (again, None, False),
        (11, None, False),
        (11, "GM's roll #1 (11)", True),
    ]:
        made = _line([8, 10], 2, against, label, ties_win)
        assert chance_line([8, 10], 2, against, label=label, ties_win=ties_win) == made
        assert chance_line([10, 8], 2, against, label=label, ties_win=ties_win) == made
    assert chance_line([8, 10], 2, hard, label="hard") != chance_line([8, 10], 2, hard)
    with pytest.raises(OddsError):
        chance_line([8, 10], 9, 11)  # a keep past the limit is refused, never kept


def test_opposing_dice_keep_what_the_line_is_told() -> None:
    # Opposing dice keeping three total more than keeping two: the same pool beats them less
    # often, and the line says so (opposition_keep reaches the odds).
    two = chance_line([8, 8, 8], 2, [6, 6, 6])
    three = chance_line([8, 8, 8], 2, [6, 6, 6], opposition_keep=3)
    assert two != three
    assert three == _line([8, 8, 8], 2, [6, 6, 6], None, False, opposition_keep=3)
