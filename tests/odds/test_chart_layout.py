"""The odds chart answers the question asked (issue 16): it says the chance the reply gives, in
the same words; it names the number asked about; its ticks are whole numbers; and no two of
its words overlap -- measured on the laid-out figure, not looked at."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pytest
from matplotlib.text import Text

from scenekeeper.odds.chart import chart_marks, draw
from scenekeeper.odds.contest import Opposition
from scenekeeper.odds.summary import opposition_of, summarise
from scenekeeper.odds.text import summary_lines

LADDER = {"very easy 3": 3, "easy 7": 7, "challenging 11": 11, "hard 15": 15, "very hard 19": 19}
# Crowded: a name at every total, long names, tiny and huge chances.
EVERY_TOTAL = {f"difficulty number {n}": n for n in range(1, 25)}


def words(figure: Any) -> list[Text]:
    """Every piece of text the chart draws: titles, axis names, the tick labels inside each
    axis' view, the marks' names and the chances written on it."""
    found: list[Text] = [figure._suptitle]
    for axes in figure.axes:
        found += [axes.title, axes.xaxis.label, axes.yaxis.label, *axes.texts]
        for axis in (axes.xaxis, axes.yaxis):
            low, high = sorted(axis.get_view_interval())
            found += [
                tick.label1 for tick in axis.get_major_ticks() if low <= tick.get_loc() <= high
            ]
        for child in axes.child_axes:
            found += list(child.get_xticklabels())
    return [t for t in found if t.get_visible() and t.get_text().strip()]


def overlaps(figure: Any) -> list[tuple[str, str]]:
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in words(figure)]
    return [
        (a, b)
        for (a, box_a), (b, box_b) in itertools.combinations(boxes, 2)
        if box_a.overlaps(box_b) and box_a.width and box_b.width
    ]


CASES = [
    ((8, 8, 10), 2, (10, 10), None),
    ((8, 8, 10), 2, 11, None),
    ((6, 6, 8, 8, 10, 10, 12, 12), 2, (12, 12, 12), None),
    ((4, 4), 2, None, LADDER),
    ((12,) * 6, 4, 40, None),
    ((6, 8, 10, 12), 3, None, EVERY_TOTAL),
    ((4,), 1, 3, None),
]


@pytest.mark.parametrize(("pool", "keep", "against", "marks"), CASES)
def test_no_two_words_of_the_chart_overlap(
    pool: tuple[int, ...], keep: int, against: object, marks: dict[str, int] | None
) -> None:
    opposition = opposition_of(against) if against is not None else None  # type: ignore[arg-type]
    summary = summarise(pool, keep, opposition)
    label = str(against) if isinstance(against, int) else None
    figure = draw(summary, marks=marks or chart_marks(LADDER, opposition, label), against=label)
    assert overlaps(figure) == []


def test_the_chart_says_the_chance_the_reply_gave() -> None:
    opposition = opposition_of((10, 10))
    assert isinstance(opposition, Opposition)
    summary = summarise((8, 8, 10), 2, opposition)
    reply = summary_lines(summary, LADDER, "hard (d10 d10)")[1]
    figure = draw(
        summary, marks=chart_marks(LADDER, opposition, "hard (d10 d10)"), against="hard (d10 d10)"
    )
    title = figure._suptitle.get_text()  # type: ignore[attr-defined]
    answer = title.split(" -- ", 1)[1]
    assert reply.startswith(answer.removesuffix(")"))
    assert "Beat hard (d10 d10): 53.7% (heroic 26.7%)" in title
    # The chance is drawn where it is: the dashed line's label is the same percent.
    assert "53.7%" in [t.get_text() for t in words(figure)]


def test_a_number_asked_is_named_and_dice_asked_leave_the_ladder_out() -> None:
    number = opposition_of(11)
    assert chart_marks(LADDER, number, "11") == {"11": 11}
    assert chart_marks(LADDER, opposition_of((10, 10)), "hard (d10 d10)") == {}
    assert chart_marks(LADDER, None, None) == LADDER


def test_ticks_are_whole_numbers() -> None:
    summary = summarise((6, 8, 10), 2, opposition_of(9))
    figure = draw(summary, marks={"9": 9}, against="9")
    beat_axes = figure.axes[0]
    for tick in beat_axes.get_xticks():
        if 0.5 <= tick <= beat_axes.get_xlim()[1]:
            assert tick == int(tick)
    low, high = beat_axes.get_ylim()
    assert [t for t in beat_axes.get_yticks() if low <= t <= high] == [0, 20, 40, 60, 80, 100]
    assert Fraction(summary.beat[9]) > 0
