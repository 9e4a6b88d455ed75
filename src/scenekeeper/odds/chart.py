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

from scenekeeper.odds.summary import Summary
from scenekeeper.odds.text import percent

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
) -> bytes:
    """PNG bytes: left, the chance to beat each difficulty (``marks`` names some, like the
    static ladder); right, the effect die -- after heroic steps on a success when the summary
    has an opposition, else the effect die of any roll."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415 -- lazy
    from matplotlib.figure import Figure  # noqa: PLC0415 -- lazy: only when a chart is drawn

    figure = Figure(figsize=SIZE, dpi=DPI)
    FigureCanvasAgg(figure)
    beat_axes, effect_axes = figure.subplots(1, 2, gridspec_kw={"width_ratios": [3, 2]})

    numbers = [d for d in summary.beat if d >= 1]
    marked = set((marks or {}).values())
    beat_axes.bar(
        numbers,
        [_pct(summary.beat[d]) for d in numbers],
        color=[MARK if d in marked else BAR for d in numbers],
    )
    beat_axes.set_xlabel("difficulty (the total must beat it)")
    beat_axes.set_ylabel("chance to beat (%)")
    beat_axes.set_ylim(0, 100)
    beat_axes.set_xlim(0.5, max(numbers, default=1) + 0.5)
    for name, number in (marks or {}).items():
        chance = summary.beat.get(number, Fraction(1) if number < 0 else Fraction(0))
        beat_axes.annotate(
            f"{name}\n{percent(chance)}",
            (number, min(_pct(chance) + 3, 88)),
            ha="center",
            fontsize=8,
            color=MARK,
            bbox={"boxstyle": "round,pad=0.2", "facecolor": "white", "edgecolor": MARK},
        )
    beat_axes.set_title("Chance to beat each difficulty", fontsize=10)

    if summary.chances is not None:
        labels = ["fail"] + [str(step) for step in summary.chances.effects]
        chances = [1 - summary.chances.success, *summary.chances.effects.values()]
        effect_axes.set_title(f"Effect die vs {summary.chances.against}", fontsize=10)
    else:
        labels = [f"d{e}" for e in summary.effects]
        chances = list(summary.effects.values())
        effect_axes.set_title("Effect die (best reading)", fontsize=10)
    effect_axes.bar(labels, [_pct(p) for p in chances], color=BAR)
    effect_axes.set_ylabel("chance (%)")
    effect_axes.set_ylim(0, 100)
    for x, chance in enumerate(chances):
        effect_axes.annotate(percent(chance), (x, _pct(chance) + 1.5), ha="center", fontsize=8)

    figure.suptitle(title or f"{summary.label}, keeping {summary.keep}: exact odds", fontsize=11)
    figure.tight_layout()
    out = io.BytesIO()
    # No "Software" stamp: the same odds always give the same bytes.
    figure.savefig(out, format="png", metadata={"Software": None})
    return out.getvalue()


def _pct(chance: Fraction) -> float:
    return float(chance * 100)


def warm() -> None:
    """Load matplotlib now (about a second, once per process) rather than in the first chart
    someone asks for: the bot calls this as it starts."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415, F401
    from matplotlib.figure import Figure  # noqa: PLC0415, F401
