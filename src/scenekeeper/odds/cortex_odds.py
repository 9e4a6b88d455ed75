"""Cortex odds for one pool: the exact joint distribution and what a table asks of it.

``cortex([8, 8, 10], keep=2)`` gives a :class:`CortexOdds` whose ``joint`` maps
``(total, effect_size, hitches)`` to a count of outcomes, the counts summing to
``denominator`` (the product of the die sizes). Reading rules: ``sweep`` (Cortex 1.1 as
``systems/cortex/roll/reading.py`` reads a roll). The answers people ask for -- the chance to beat
each difficulty, a heroic success, a hitch, a botch, the effect die -- come from smaller
tables that ignore hitches (the same sweep with ``z = 1``), so a summary never pays for the
full joint; both are computed on first use and kept with the object.

Objects are shared through a bounded cache: a long-running bot's memory stays flat however
many pools are asked about.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from math import prod
from types import MappingProxyType

from scenekeeper.odds.cache import BoundedCache
from scenekeeper.odds.contest import Chances, Opposition, chances
from scenekeeper.odds.errors import OddsError
from scenekeeper.odds.sweep import HITCH, SIZES, CortexSweep

#: The largest pool the odds answer for (Cortex pools rarely pass 12 dice).
MAX_DICE = 20
#: Keeping more than five dice for a total takes three plot points past the usual two.
MAX_KEEP = 5
#: Cortex 1.1: the total is two dice unless plot points keep more.
DEFAULT_KEEP = 2
#: How many pools' odds stay at hand.
CACHE_LIMIT = 128

Joint = Mapping[tuple[int, int, int], int]


def pool_sizes(pool: Iterable[int]) -> tuple[int, ...]:
    """The die sizes of ``pool`` (ints or ``Die``), checked and in ascending order."""
    sizes = []
    for die in pool:
        if isinstance(die, bool) or not isinstance(die, int) or int(die) not in SIZES:
            raise OddsError(f"'{die}' is not a step die: use d4, d6, d8, d10 or d12 (4..12).")
        sizes.append(int(die))
    if not sizes:
        raise OddsError("The pool is empty; name some dice, like d8 d8 d10.")
    if len(sizes) > MAX_DICE:
        raise OddsError(f"The odds cover pools of up to {MAX_DICE} dice, not {len(sizes)}.")
    return tuple(sorted(sizes))


def check_keep(keep: int) -> int:
    if isinstance(keep, bool) or not isinstance(keep, int) or not 1 <= keep <= MAX_KEEP:
        raise OddsError(f"A total keeps 1 to {MAX_KEEP} dice, not {keep}.")
    return keep


class CortexOdds:
    """The exact odds of one Cortex pool keeping ``keep`` dice for its total."""

    __slots__ = (
        "_best_packed",
        "_by_effect",
        "_choice",
        "_joint",
        "_keeping",
        "_totals",
        "denominator",
        "keep",
        "pool",
    )

    def __init__(self, pool: tuple[int, ...], keep: int) -> None:
        self.pool = pool
        self.keep = keep
        self.denominator = prod(pool)
        self._totals: tuple[int, ...] | None = None
        self._joint: Joint | None = None
        self._best_packed: Mapping[int, list[int]] | None = None
        self._choice: Joint | None = None
        self._by_effect: Mapping[int, tuple[int, ...]] | None = None
        self._keeping: Mapping[int, tuple[int, ...]] | None = None

    def __repr__(self) -> str:
        return f"CortexOdds({self.label!r}, keep={self.keep})"

    @property
    def label(self) -> str:
        return " ".join(f"d{s}" for s in self.pool)

    # --- the joint distributions -----------------------------------------------------------

    @property
    def joint(self) -> Joint:
        """``(total, effect_size, hitches) -> count`` under "best total, then largest die";
        a botch is total 0 (effect 4, every die a hitch). Only non-zero counts appear."""
        if self._joint is None:
            sweep = CortexSweep(self.pool, self.keep)
            self._best_packed = sweep.best()
            self._joint = _unpack(sweep, self._best_packed)
        return self._joint

    @property
    def choice(self) -> Joint:
        """The player's choice (gaps 1.1): ``(total, effect_size, hitches) -> count`` where
        ``total`` is the best total of any reading that keeps an effect die of
        ``effect_size`` or larger. Each effect size's counts sum to at most the denominator:
        rolls where no reading keeps such a die are left out. Effect size 4 is the best total.
        """
        if self._choice is None:
            sweep = CortexSweep(self.pool, self.keep)
            if self._best_packed is None:
                self._best_packed = sweep.best()
                self._joint = _unpack(sweep, self._best_packed)
            self._choice = _unpack(sweep, sweep.choice(dict(self._best_packed)))
        return self._choice

    # --- hitch-free tables, for the questions people ask ------------------------------------

    @property
    def by_effect(self) -> Mapping[int, tuple[int, ...]]:
        """effect size -> ways by total (index = total), best reading."""
        if self._by_effect is None:
            self._fill_tables()
        assert self._by_effect is not None
        return self._by_effect

    @property
    def keeping(self) -> Mapping[int, tuple[int, ...]]:
        """effect size -> ways by total of the best total keeping that die or larger."""
        if self._keeping is None:
            self._fill_tables()
        assert self._keeping is not None
        return self._keeping

    def _fill_tables(self) -> None:
        sweep = CortexSweep(self.pool, self.keep, hitches=False)
        best = sweep.best()
        keeping = sweep.choice(best)
        self._by_effect = MappingProxyType({e: tuple(row) for e, row in best.items()})
        self._keeping = MappingProxyType({e: tuple(row) for e, row in keeping.items()})

    @property
    def totals(self) -> tuple[int, ...]:
        """Ways by total (index = total, up to the largest possible total)."""
        if self._totals is None:
            rows = list(self.by_effect.values())
            summed = [sum(column) for column in zip(*rows, strict=True)]
            while summed and not summed[-1]:
                summed.pop()
            self._totals = tuple(summed)
        return self._totals

    @property
    def max_total(self) -> int:
        return len(self.totals) - 1

    @property
    def hitches(self) -> tuple[int, ...]:
        """Ways by number of hitches: each die is a 1 one way, anything else ``size - 1``."""
        ways = [1]
        for size in self.pool:
            nxt = [0] * (len(ways) + 1)
            for h, count in enumerate(ways):
                nxt[h] += count * (size - HITCH)
                nxt[h + 1] += count
            ways = nxt
        return tuple(ways)

    # --- answers ----------------------------------------------------------------------------

    def p_beat(self, difficulty: int, *, at_least: bool = False) -> Fraction:
        """Chance the best total beats ``difficulty`` (strictly, Cortex 1.2), or equals or
        beats it with ``at_least``."""
        limit = difficulty if at_least else difficulty + 1
        return Fraction(sum(self.totals[max(0, limit) :]), self.denominator)

    def beat_table(self, *, at_least: bool = False) -> dict[int, Fraction]:
        """The chance to beat every difficulty from 0 to the largest possible total."""
        out: dict[int, Fraction] = {}
        running = 0
        totals = self.totals
        for difficulty in range(len(totals) - 1, -1, -1):
            if at_least:
                running += totals[difficulty]
                out[difficulty] = Fraction(running, self.denominator)
            else:
                out[difficulty] = Fraction(running, self.denominator)
                running += totals[difficulty]
        return dict(sorted(out.items()))

    def p_beat_keeping(self, difficulty: int, effect: int, *, at_least: bool = False) -> Fraction:
        """Chance some reading beats ``difficulty`` and keeps an effect die of size ``effect``
        or larger (the player's choice, gaps 1.1)."""
        sizes = [e for e in self.keeping if e >= effect]
        if not sizes:
            return Fraction(0)
        row = self.keeping[min(sizes)]
        limit = difficulty if at_least else difficulty + 1
        return Fraction(sum(row[max(0, limit) :]), self.denominator)

    @property
    def effect_distribution(self) -> dict[int, Fraction]:
        """The effect die of the best reading, whatever the total (d4 also means none); only
        sizes that can come up."""
        return {
            e: Fraction(sum(row), self.denominator) for e, row in self.by_effect.items() if any(row)
        }

    @property
    def expected_effect(self) -> Fraction:
        """The mean effect die size (a d4 counts 4)."""
        return sum((e * p for e, p in self.effect_distribution.items()), start=Fraction(0))

    @property
    def p_hitch(self) -> Fraction:
        """Chance of at least one hitch."""
        return 1 - Fraction(self.hitches[0], self.denominator)

    @property
    def p_botch(self) -> Fraction:
        """Chance every die shows 1 (Cortex 1.1: total 0, a free complication for the GM)."""
        return Fraction(1, self.denominator)

    def against(self, opposition: Opposition | int) -> Chances:
        """The chances against a number or an :class:`Opposition`."""
        if isinstance(opposition, int):
            opposition = Opposition.number(opposition)
        return chances(self.by_effect, self.keeping, self.denominator, opposition)


def _unpack(sweep: CortexSweep, rows: Mapping[int, list[int]]) -> Joint:
    out: dict[tuple[int, int, int], int] = {}
    for effect, by_total in rows.items():
        for total, packed in enumerate(by_total):
            if not packed:
                continue
            for hitches, count in enumerate(sweep.packing.unpack(packed)):
                if count:
                    out[(total, effect, hitches)] = count
    return MappingProxyType(dict(sorted(out.items())))


_CACHE: BoundedCache[tuple[tuple[int, ...], int], CortexOdds] = BoundedCache(CACHE_LIMIT)


def cortex(pool: Iterable[int], keep: int = DEFAULT_KEEP) -> CortexOdds:
    """The odds of a Cortex pool (die sizes, like ``[8, 8, 10]``) keeping ``keep`` dice."""
    sizes = pool_sizes(pool)
    keep = check_keep(keep)
    return _CACHE.get((sizes, keep), lambda: CortexOdds(sizes, keep))


#: Each opposing pool's distribution, made once: a roll against "hard" asks for the same one
#: every time (issue 36).
_OPPOSING: BoundedCache[tuple[tuple[int, ...], int], Opposition] = BoundedCache(CACHE_LIMIT)


def opposing(pool: Iterable[int], keep: int = DEFAULT_KEEP) -> Opposition:
    """An opposing pool, a difficulty pool or the doom pool as the number to beat: it rolls
    and keeps its best ``keep`` dice (Cortex 1.2, 1.3; gaps 1.6)."""
    sizes = pool_sizes(pool)
    keep = check_keep(keep)
    return _OPPOSING.get((sizes, keep), lambda: _opposing(sizes, keep))


def _opposing(sizes: tuple[int, ...], keep: int) -> Opposition:
    odds = cortex(sizes, keep)
    return Opposition.totals(odds.label, odds.totals, odds.denominator)


def cache_size() -> int:
    """How many pools' odds are held (at most ``CACHE_LIMIT``)."""
    return len(_CACHE)


def clear_cache() -> None:
    _CACHE.clear()
    _OPPOSING.clear()
