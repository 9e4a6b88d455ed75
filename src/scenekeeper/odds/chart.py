"""A picture of a Cortex pool's odds: the chance to beat each difficulty, and the effect die.

The one module of ``odds`` that touches matplotlib, and only inside :func:`chart_png`: the bot
and the terminal import ``odds`` without paying for matplotlib until someone asks for a chart.
It draws with the Agg canvas directly (no pyplot, no global backend switch), so it is safe in a
server process, and returns PNG bytes; whoever asked writes or uploads them. Floats appear
only here, as plot coordinates; every number in words is exact (``text``).
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from scenekeeper.odds.contest import Opposition
from scenekeeper.odds.summary import Summary
from scenekeeper.odds.text import asked, percent

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.axes._secondary_axes import SecondaryAxis
    from matplotlib.figure import Figure
    from matplotlib.text import Text

#: Inches and dots per inch: 1000 x 420 pixels, readable in a Discord embed.
SIZE = (10.0, 4.2)
DPI = 100
BAR = "#3b6ea5"
MARK = "#c0392b"


def chart_png(
    summary: Summary,
    *,
    marks: Mapping[str, int] | None = None,
    title: str | None = None,
    against: str | None = None,
) -> bytes:
    """PNG bytes: left, the chance to beat each total (``marks`` names some: the number asked
    about, or the static ladder when nothing was asked); right, the effect die -- after heroic
    steps on a success when the summary has an opposition, else the effect die of any roll.
    With an opposition, the title is the answer the reply gives (``text.asked``), word for word,
    and a dashed line shows that chance across the totals. ``against``: how the question named
    the opposition ("hard (d10 d10)")."""
    figure = draw(summary, marks=marks, title=title, against=against)
    out = io.BytesIO()
    # No "Software" stamp: the same odds always give the same bytes.
    figure.savefig(out, format="png", metadata={"Software": None})
    return out.getvalue()


def draw(
    summary: Summary,
    *,
    marks: Mapping[str, int] | None = None,
    title: str | None = None,
    against: str | None = None,
) -> Figure:
    """The chart as a matplotlib figure, laid out (tests measure where its words fall)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415 -- lazy
    from matplotlib.figure import Figure  # noqa: PLC0415 -- lazy: only when a chart is drawn

    figure = Figure(figsize=SIZE, dpi=DPI)
    FigureCanvasAgg(figure)
    beat_axes, effect_axes = figure.subplots(1, 2, gridspec_kw={"width_ratios": [3, 2]})
    top = _beat_panel(beat_axes, summary, marks)
    _effect_panel(effect_axes, summary)
    if title is None:
        title = f"{summary.label}, keeping {summary.keep}"
        if summary.chances is not None:
            title += f" -- {asked(summary.chances, against)})"
        else:
            title += ": exact odds"
    heading = figure.suptitle(title, fontsize=11)
    figure.tight_layout()
    figure.draw_without_rendering()
    if top is not None:
        separate_names(figure, beat_axes, top, heading)
    return figure


def _beat_panel(
    axes: Axes, summary: Summary, marks: Mapping[str, int] | None
) -> SecondaryAxis | None:
    """The chance to beat each total; the marks named above their bars (the axis holding
    their names is returned); with an opposition, its chance as a dashed line."""
    from matplotlib.ticker import MaxNLocator, MultipleLocator  # noqa: PLC0415 -- lazy

    numbers = [d for d in summary.beat if d >= 1]
    shown = {n: d for n, d in (marks or {}).items() if 1 <= d <= max(numbers, default=0)}
    axes.bar(
        numbers,
        [_pct(summary.beat[d]) for d in numbers],
        color=[MARK if d in shown.values() else BAR for d in numbers],
    )
    axes.set_xlabel("total to beat")
    axes.set_ylabel("chance to beat (%)")
    axes.set_ylim(0, 100)
    axes.set_xlim(0.5, max(numbers, default=1) + 0.5)
    # Totals are whole numbers, and so are the ticks.
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.yaxis.set_major_locator(MultipleLocator(20))
    top = None
    if shown:
        ordered = sorted(shown.items(), key=lambda item: item[1])
        top = name_marks(axes, [(d, f"{name}\n{percent(summary.beat[d])}") for name, d in ordered])
    if summary.chances is not None:
        chance = _pct(summary.chances.success)
        axes.axhline(chance, color=MARK, linestyle="--", linewidth=1)
        axes.text(
            0.98,
            chance,
            percent(summary.chances.success),
            transform=axes.get_yaxis_transform(),
            ha="right",
            va="bottom" if chance < 88 else "top",
            fontsize=8,
            color=MARK,
            bbox={"boxstyle": "round,pad=0.2", "facecolor": "white", "edgecolor": MARK},
        )
    return top


def name_marks(axes: Axes, names: list[tuple[int, str]]) -> SecondaryAxis:
    """Write the marks' names above the plot, over their bars, where no bar can hide them
    (``separate_names`` keeps them apart once the figure is laid out)."""
    top = axes.secondary_xaxis("top")
    top.set_xticks(
        [x for x, _ in names], labels=[text for _, text in names], fontsize=8, color=MARK
    )
    top.tick_params(length=2, colors=MARK)
    return top


def _effect_panel(axes: Axes, summary: Summary) -> None:
    """The effect die: after a success against the opposition asked about, else any roll's."""
    from matplotlib.ticker import MultipleLocator  # noqa: PLC0415 -- lazy

    if summary.chances is not None:
        labels = ["fail"] + [
            str(step).replace("past ", "past\n") for step in summary.chances.effects
        ]
        chances = [1 - summary.chances.success, *summary.chances.effects.values()]
        axes.set_title("Effect die if you beat it", fontsize=10)
    else:
        labels = [f"d{e}" for e in summary.effects]
        chances = list(summary.effects.values())
        axes.set_title("Effect die (best reading)", fontsize=10)
    axes.bar(labels, [_pct(p) for p in chances], color=BAR)
    axes.set_ylabel("chance (%)")
    axes.set_ylim(0, 100)
    axes.yaxis.set_major_locator(MultipleLocator(20))
    for x, chance in enumerate(chances):
        axes.annotate(percent(chance), (x, _pct(chance) + 1.5), ha="center", fontsize=7)


def separate_names(figure: Figure, axes: Axes, top: SecondaryAxis, title: Text) -> None:
    """Keep the marks' names apart: each goes on the lower row if it clears the last name there,
    else on a second row above it, else (a crowd of marks) it is left unnamed -- its bar stays
    marked."""
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    ticks = list(top.get_xticks())
    rows: list[list[str]] = [[], []]
    ends = [float("-inf"), float("-inf")]  # where each row's last name ends, in pixels
    for label in top.get_xticklabels():
        box = label.get_window_extent(renderer)
        row = next((r for r, end in enumerate(ends) if box.x0 > end + _GAP), None)
        for r in (0, 1):
            rows[r].append(label.get_text() if r == row else "")
        if row is not None:
            ends[row] = box.x1
    top.set_xticks(ticks, labels=rows[0])
    if any(rows[1]):
        upper = axes.secondary_xaxis("top")
        upper.set_xticks(ticks, labels=rows[1], fontsize=8, color=MARK)
        # A row higher: two lines of 8-point text and a little air.
        upper.tick_params(length=0, pad=26, colors=MARK)
    figure.tight_layout()
    # Two rows of names can reach the title: lower the plots until they clear it.
    figure.draw_without_rendering()
    bottom = title.get_window_extent(renderer).y0
    names = [t for a in axes.child_axes for t in a.get_xticklabels() if t.get_text()]
    highest = max((t.get_window_extent(renderer).y1 for t in names), default=0.0)
    if highest + _GAP > bottom:
        lower = (highest + _GAP - bottom) / figure.bbox.height
        figure.subplots_adjust(top=figure.subplotpars.top - lower)


#: Pixels kept between two names on one row.
_GAP = 4.0


def chart_marks(
    ladder: Mapping[str, int], opposition: Opposition | None, label: str | None
) -> dict[str, int]:
    """The totals the chart names: the number asked about (vs:11), none when the question was
    dice (the dashed line answers it), else the ladder of difficulties."""
    if opposition is None:
        return dict(ladder)
    if len(opposition.values) == 1:
        return {label or opposition.label: opposition.values[0][0]}
    return {}


def _pct(chance: Fraction) -> float:
    return float(chance * 100)


def warm() -> None:
    """Load matplotlib now (about a second, once per process) rather than in the first chart
    someone asks for: the bot calls this as it starts."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415, F401
    from matplotlib.figure import Figure  # noqa: PLC0415, F401
