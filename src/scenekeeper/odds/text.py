"""Odds in words: percentages rounded from exact fractions, one fact per line.

Rounding is done on integers (half up, one decimal); a chance that is not zero never reads
"0.0%" and one that is not certain never reads "100.0%".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from scenekeeper.dice import Die
from scenekeeper.odds.cache import BoundedCache
from scenekeeper.odds.contest import Chances, Opposition
from scenekeeper.odds.cortex_odds import DEFAULT_KEEP, check_keep
from scenekeeper.odds.cortex_odds import pool_sizes as sizes_of
from scenekeeper.odds.summary import SUMMARY_LIMIT, Summary, summarise


def percent(chance: Fraction) -> str:
    """``Fraction(1, 3)`` -> ``"33.3%"``; tiny but possible -> ``"<0.1%"``."""
    tenths = (chance.numerator * 1000 * 2 + chance.denominator) // (2 * chance.denominator)
    if chance and tenths == 0:
        return "<0.1%"
    if chance != 1 and tenths >= 1000:
        return ">99.9%"
    return f"{tenths // 10}.{tenths % 10}%"


def decimal(value: Fraction) -> str:
    """A non-negative value to one decimal, half up: ``Fraction(22, 3)`` -> ``"7.3"``."""
    tenths = (value.numerator * 10 * 2 + value.denominator) // (2 * value.denominator)
    return f"{tenths // 10}.{tenths % 10}"


def dice_text(sizes: Iterable[int]) -> str:
    return " ".join(f"d{s}" for s in sizes)


def chance_line(
    pool_sizes: Sequence[int],
    keep: int,
    against: int | Sequence[int] | Opposition,
    *,
    opposition_keep: int = DEFAULT_KEEP,
    label: str | None = None,
    ties_win: bool = False,
) -> str:
    """One line for ``/roll`` before the dice are thrown: the chance to beat a known
    difficulty number, opposing dice (keeping ``opposition_keep``) or an :class:`Opposition`,
    the heroic chance and the chance of a hitch. ``label`` names what is beaten; with
    ``ties_win`` (action-based resolution, gaps 1.4) a tie counts as beating it."""
    if type(against) is int or type(against) is Opposition:
        # The line is these facts in words (opposition_keep counts only for opposing dice,
        # which are not kept: a list as often as not). The dice are checked before a key
        # holds them, as summarise checks them.
        key = (sizes_of(pool_sizes), check_keep(keep), against, label, bool(ties_win))
        return _LINES.get(key, lambda: _line(pool_sizes, keep, against, label, ties_win))
    return _line(pool_sizes, keep, against, label, ties_win, opposition_keep=opposition_keep)


#: The lines ``/roll`` shows before the dice are thrown, by what they say: a table rolls the
#: same pools against the same difficulties all evening (issue 36).
_LINES: BoundedCache[tuple[object, ...], str] = BoundedCache(SUMMARY_LIMIT)


def _line(
    pool_sizes: Sequence[int],
    keep: int,
    against: int | Sequence[int] | Opposition,
    label: str | None,
    ties_win: bool,
    *,
    opposition_keep: int = DEFAULT_KEEP,
) -> str:
    summary = summarise(pool_sizes, keep, against, opposition_keep=opposition_keep)
    chances = summary.chances
    assert chances is not None
    if label is None:
        if isinstance(against, Opposition):
            label = against.label
        else:
            label = str(against) if isinstance(against, int) else dice_text(sorted(against))
    heroic = f" (heroic {percent(chances.heroic)})" if chances.heroic else ""
    success, verb = (chances.at_least, "equal or beat") if ties_win else (chances.success, "beat")
    return f"Odds: {percent(success)} to {verb} {label}{heroic}; a hitch {percent(summary.hitch)}."


def asked(chances: Chances, against: str | None = None) -> str:
    """The answer to the question asked, as the reply and the chart both say it:
    "Beat hard (d10 d10): 53.7% (heroic 26.7%" (the reply closes the bracket after the ties)."""
    target = against or chances.against
    return f"Beat {target}: {percent(chances.success)} (heroic {percent(chances.heroic)}"


def chance_lines(chances: Chances, against: str | None = None) -> list[str]:
    """The lines for one opposition: beat it, heroic, ties, the effect die, the choices."""
    lines = [f"{asked(chances, against)}; a tie, which fails, {percent(chances.tie)})."]
    if chances.effects:
        lines.append(
            "Effect die on a success: "
            + ", ".join(f"{s} {percent(p)}" for s, p in chances.effects.items())
            + "."
        )
    larger = [(e, p) for e, p in chances.keeping.items() if e > int(Die.D4) and p]
    if larger:
        lines.append(
            "Beat it and keep at least: "
            + ", ".join(f"a d{e} {percent(p)}" for e, p in larger)
            + " (your choice of dice)."
        )
    return lines


def summary_lines(
    summary: Summary,
    difficulties: Mapping[str, int] | None = None,
    against: str | None = None,
) -> list[str]:
    """A pool's odds, one fact per line: the opposition (if any), difficulties to beat (named
    numbers, or every total when none are given), the effect die, hitches and botches."""
    lines = [
        f"Odds for {summary.label}, keeping {summary.keep} "
        f"(exact over {summary.denominator:,} outcomes):"
    ]
    if summary.chances is not None:
        lines += chance_lines(summary.chances, against)
    named = difficulties or {str(d): d for d in summary.beat if d > 1}
    beat = [
        f"{name} {percent(summary.beat.get(number, _beyond(number)))}"
        for name, number in named.items()
    ]
    lines.append("Chance to beat " + ", ".join(beat) + ".")
    lines.append(
        "Effect die: "
        + ", ".join(f"d{e} {percent(p)}" for e, p in summary.effects.items() if p)
        + f" (average size {decimal(summary.expected_effect)})."
    )
    lines.append(f"A hitch: {percent(summary.hitch)}; a botch: {percent(summary.botch)}.")
    return lines


def _beyond(number: int) -> Fraction:
    """Beating a number outside the table: below 0 always, above the largest total never."""
    return Fraction(1) if number < 0 else Fraction(0)
