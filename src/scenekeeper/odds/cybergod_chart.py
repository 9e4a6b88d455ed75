"""A picture of a Cybergod pool's odds: the chance to reach each Success Threshold, and how
many successes it rolls.

Like ``chart``, it imports matplotlib only inside :func:`success_chart_png` and draws on the Agg
canvas (no pyplot), returning PNG bytes. Floats appear only as plot coordinates.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from fractions import Fraction

from scenekeeper.odds.chart import BAR, DPI, MARK, SIZE, name_marks, separate_names
from scenekeeper.odds.cybergod import SuccessPool
from scenekeeper.odds.text import percent


def success_chart_png(
    pool: SuccessPool, *, title: str, marks: Mapping[str, int] | None = None
) -> bytes:
    """PNG bytes: left, the chance of at least N successes for each N (``marks`` names some
    thresholds, like the Difficulty levels); right, the chance of each number of successes."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415 -- lazy
    from matplotlib.figure import Figure  # noqa: PLC0415 -- lazy: only when a chart is drawn
    from matplotlib.ticker import MaxNLocator, MultipleLocator  # noqa: PLC0415 -- lazy

    figure = Figure(figsize=SIZE, dpi=DPI)
    FigureCanvasAgg(figure)
    reach_axes, count_axes = figure.subplots(1, 2, gridspec_kw={"width_ratios": [3, 2]})
    top_need = max(len(pool.counts) - 1, 4)
    needs = list(range(1, top_need + 1))
    reach = {n: pool.p_success(n) for n in needs}
    marked = {n: name for name, n in (marks or {}).items() if n in reach}
    reach_axes.bar(
        needs, [_pct(reach[n]) for n in needs], color=[MARK if n in marked else BAR for n in needs]
    )
    top = None
    if marked:
        top = name_marks(
            reach_axes, [(n, f"{name}\n{percent(reach[n])}") for n, name in sorted(marked.items())]
        )
    reach_axes.set_xlabel("success threshold (successes needed)")
    reach_axes.set_ylabel("chance to reach it (%)")
    reach_axes.set_ylim(0, 100)
    reach_axes.set_xlim(0.5, top_need + 0.5)
    # Successes are whole numbers, and so are the ticks.
    reach_axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    reach_axes.yaxis.set_major_locator(MultipleLocator(20))
    reach_axes.set_title("Chance to succeed", fontsize=10)

    whole = Fraction(1, pool.denominator)
    counts = [count * whole for count in pool.counts]
    count_axes.bar([str(s) for s in range(len(counts))], [_pct(p) for p in counts], color=BAR)
    for x, chance in enumerate(counts):
        count_axes.annotate(percent(chance), (x, _pct(chance) + 1.5), ha="center", fontsize=7)
    count_axes.set_xlabel("successes rolled")
    count_axes.set_ylabel("chance (%)")
    count_axes.set_ylim(0, 100)
    count_axes.yaxis.set_major_locator(MultipleLocator(20))
    count_axes.set_title("Successes", fontsize=10)

    heading = figure.suptitle(title, fontsize=11)
    figure.tight_layout()
    figure.draw_without_rendering()
    if top is not None:
        separate_names(figure, reach_axes, top, heading)
    out = io.BytesIO()
    figure.savefig(out, format="png", metadata={"Software": None})
    return out.getvalue()


def _pct(chance: Fraction) -> float:
    return float(chance * 100)
