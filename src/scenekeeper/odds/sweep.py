"""The exact Cortex joint distribution: (total, effect die, hitches), counted, never sampled.

Reading rules (``systems/cortex/roll/reading.py``, gaps 1.1): a 1 is a hitch and never counts; the
total is the best ``keep`` non-hitch faces; the effect die is the SIZE of the largest non-hitch
die left over (d4 when none); a botch (every die a 1) reads total 0. Among equal faces the
smaller die goes in the total, so the larger one stays free for effect.

How it is counted (every count is an integer over the product of the die sizes):

* **Effect by thresholds.** For a threshold ``c`` call dice larger than ``c`` *big*. The effect
  die is at most ``c`` exactly when every big die showing 2+ is in the total. Counting that
  event for each threshold and taking differences gives the effect die exactly, and only two
  kinds of die ever need telling apart: big and small.
* **Sweep over the fill face.** Let ``t`` be the face of the lowest kept die. Then ``q < keep``
  dice show more than ``t`` (all kept, any faces: a short sum polynomial), at least
  ``keep - q`` dice show ``t``, and every other die shows less. Once every die is known to show
  at most ``t``, all dice of size ``>= t`` are alike (uniform on ``1..t``) except as effect
  candidates, so the rest is a closed form in binomials per kind -- the state never grows.
* **Hitches ride along** as the variable ``z`` of packed polynomials (``packed.Packing``).

Work per pool: for each effect threshold (at most 5) and fill face (11), a handful of big-integer
products per split of the ``q`` higher dice into small and big -- independent of how the faces
fall, so 20 dice cost little more than 5.

The player's-choice policy (gaps 1.1: for each larger effect die, the best total that still
keeps it) reuses the same sweep with one more kept die; see :meth:`CortexSweep.choice`.
"""

from __future__ import annotations

from math import comb, prod

from scenekeeper.odds.packed import Packing, SumPoly, add_into, convolve, times_faces, trim

#: The step dice a Cortex pool holds.
SIZES = (4, 6, 8, 10, 12)
#: The largest face any step die shows.
TOP_FACE = 12
#: Cortex 1.1: a die showing 1 is a hitch.
HITCH = 1
#: Cortex 1.1: with no die left for effect, the effect die is a d4.
NO_EFFECT = 4

#: A polynomial in ``y`` whose coefficients are sum polynomials: index = how many dice.
CountedSums = list[SumPoly]
#: total -> packed hitch polynomial.
ByTotal = list[int]


class CortexSweep:
    """One pool and keep: the counts behind :class:`scenekeeper.odds.cortex_odds.CortexOdds`.

    ``hitches=False`` collapses the hitch polynomials to plain counts (z = 1): the tables the
    everyday questions need, with smaller numbers.
    """

    def __init__(self, pool: tuple[int, ...], keep: int, *, hitches: bool = True) -> None:
        self.keep = keep
        self.counts = {s: pool.count(s) for s in SIZES if s in pool}
        self.present = tuple(self.counts)
        self.n = len(pool)
        self.denominator = prod(pool)
        # Without hitches every hitch polynomial collapses to its total (z = 1).
        self.packing = Packing(self.denominator, self.n + 1) if hitches else Packing.collapsed()
        self._above_memo: dict[tuple[tuple[int, ...], int, int], CountedSums] = {}
        #: The effect die sizes a reading can show: d4 (also "none") and every size present.
        self.effects = tuple(sorted({NO_EFFECT, *self.present}))

    # --- the best reading: best total, then the largest die left -----------------------------

    def best(self) -> dict[int, ByTotal]:
        """effect size -> total -> packed hitch polynomial, for "best total, then largest die"."""
        at_most = [self._fills(threshold=c) for c in self.effects]
        out: dict[int, ByTotal] = {}
        for i, effect in enumerate(self.effects):
            counts = at_most[i]
            if i:
                counts = [a - b for a, b in zip(counts, at_most[i - 1], strict=True)]
            out[effect] = counts
        # Fewer than ``keep`` dice show 2+: all of them make the total and none is left for
        # effect, so the effect die is a d4 (Cortex 1.1). No non-hitch die at all: a botch.
        never = out[NO_EFFECT]
        z = self.packing.z
        for q, sums in enumerate(self._above(self.present, HITCH, self.keep)):
            tail = z ** (self.n - q)
            for total, ways in enumerate(sums):
                if ways:
                    never[total] += ways * tail
        return out

    def _fills(self, threshold: int) -> ByTotal:
        """Outcomes with ``keep`` or more non-hitch dice whose effect die is at most
        ``threshold``, by total: every big die showing 2+ is in the total."""
        keep = self.keep
        small = tuple(s for s in self.present if s <= threshold)
        big = tuple(s for s in self.present if s > threshold)
        acc: ByTotal = [0] * (TOP_FACE * keep + 1)
        z = self.packing.z
        for t in range(2, max(self.present) + 1):
            # Dice smaller than t cannot reach it: a fixed factor. Dice of size >= t that do
            # not show more than t are "active": each shows t, or a face below it.
            inside = self._below_only(t, small, big)
            active_small = sum(self.counts[s] for s in small if s >= t)
            active_big = sum(self.counts[s] for s in big if s >= t)
            above_small = self._above(small, t, keep)
            above_big = self._above(big, t, keep)
            lower = z + t - 2  # one die below t: a hitch, or one of the t - 2 faces 2..t-1
            powers = _Powers(lower)
            for q_small, sums_small in enumerate(above_small):
                for q_big in range(min(len(above_big), keep - q_small)):
                    sums = convolve(sums_small, above_big[q_big])
                    if not sums:
                        continue
                    slots = keep - q_small - q_big
                    n_small = active_small - q_small
                    n_big = active_big - q_big
                    # Either exactly ``slots`` dice show t (all kept), or more do: then the one
                    # left over is the largest of them, so none may be big; in both cases big
                    # dice below t must be hitches (z each: a shift by ``width``).
                    ways = self._exact(slots, n_small, n_big, powers) + (
                        _more_than(slots, n_small, powers) << (self.packing.width * n_big)
                    )
                    if ways:
                        _spread(acc, sums, slots * t, ways * inside)
        return acc

    def _exact(self, slots: int, n_small: int, n_big: int, powers: _Powers) -> int:
        """Exactly ``slots`` dice show the fill face, so all of them are kept: big dice may be
        among them; big dice below it must be hitches (else they would be effect dice)."""
        width = self.packing.width
        total = 0
        for i in range(max(0, slots - n_big), min(slots, n_small) + 1):
            ways = comb(n_small, i) * comb(n_big, slots - i)
            total += (ways * powers[n_small - i]) << (width * (n_big - slots + i))
        return total

    def _below_only(self, t: int, small: tuple[int, ...], big: tuple[int, ...]) -> int:
        """Dice too small to show ``t``: any face for small ones, a hitch for big ones."""
        z = self.packing.z
        ways = 1
        for s in small:
            if s < t:
                ways *= (z + s - 1) ** self.counts[s]
        for s in big:
            if s < t:
                ways *= z ** self.counts[s]
        return ways

    def _above(self, group: tuple[int, ...], t: int, degree: int) -> CountedSums:
        """Dice of ``group`` showing more than ``t``: for each count below ``degree``, the sum
        polynomial of their faces (counting which dice, too).

        Groups are runs of the sizes present (small: the lowest ones, big: the highest), so a
        group is the product of a shorter one, which is memoised, and one size's terms.
        """
        key = (group, t, degree)
        known = self._above_memo.get(key)
        if known is not None:
            return known
        live = tuple(s for s in group if s > t)
        if live != group:
            result = self._above(live, t, degree)
        elif not group:
            result = [[1]]
        elif len(group) == 1:
            result = self._one_size(group[0], t, degree)
        elif (group[:-1], t, degree) in self._above_memo:
            result = _times(
                self._above(group[:-1], t, degree), self._one_size(group[-1], t, degree), degree
            )
        else:
            result = _times(
                self._one_size(group[0], t, degree), self._above(group[1:], t, degree), degree
            )
        self._above_memo[key] = result
        return result

    def _one_size(self, size: int, t: int, degree: int) -> CountedSums:
        """``(1 + y * (w**(t+1) + ... + w**size)) ** count``, up to ``y ** (degree - 1)``."""
        count = self.counts[size]
        terms: CountedSums = [[1]]
        power: SumPoly = [1]
        for j in range(1, min(count, degree - 1) + 1):
            power = times_faces(power, t + 1, size)
            terms.append([comb(count, j) * x for x in power])
        return terms

    # --- the player's choice: for each effect die, the best total that keeps it ---------------

    def choice(self, best: dict[int, ByTotal]) -> dict[int, ByTotal]:
        """effect size ``e`` -> total -> packed hitch polynomial of the best total among the
        readings that keep an effect die of size ``e`` or larger (gaps 1.1 "Pareto" choices).

        Rolls where no reading keeps such a die are left out, so each size's counts sum to at
        most the denominator. Where the best reading already keeps such a die its total
        stands; otherwise every big die (size ``>= e``) showing 2+ is in the best total, and
        the best such reading sets aside the lowest of them, ``g``, and takes the next die
        instead: total = (best ``keep + 1`` faces) - ``g``. That is the same sweep with one
        more kept die, where the big dice all show more than the fill face.
        """
        out: dict[int, ByTotal] = {}
        for i, effect in enumerate(self.effects):
            counts = [0] * (TOP_FACE * self.keep + 1)
            for larger in self.effects[i:]:
                counts = [a + b for a, b in zip(counts, best[larger], strict=True)]
            if i:
                self._set_aside(counts, threshold=self.effects[i - 1])
            out[effect] = counts
        return out

    def _set_aside(self, acc: ByTotal, threshold: int) -> None:
        """Add to ``acc`` the rolls whose best reading leaves no die larger than ``threshold``
        for effect, re-totalled for the best reading that sets one aside."""
        keep = self.keep
        small = tuple(s for s in self.present if s <= threshold)
        big = tuple(s for s in self.present if s > threshold)
        z = self.packing.z
        width = self.packing.width
        # Big dice above t, by count, as sum polynomials of (their faces minus the lowest):
        # built from t = 12 down, adding the outcomes whose lowest big face is exactly t + 1.
        minus_low: CountedSums = [[1]] + [[] for _ in range(keep)]
        above_big_prev = self._above(big, TOP_FACE, keep + 1)
        for t in range(TOP_FACE - 1, 0, -1):
            above_big = self._above(big, t, keep + 1)
            for q in range(1, keep + 1):
                newly = list(above_big[q]) if q < len(above_big) else []
                if q < len(above_big_prev):
                    add_into(newly, above_big_prev[q], -1)
                add_into(minus_low[q], trim(newly)[t + 1 :])
            above_big_prev = above_big
            above_small = self._above(small, t, keep + 1)
            if t == HITCH:
                # At most ``keep`` dice show 2+: all are in the best total. The reading needs
                # one die left in the total besides the one set aside (Cortex 1.1).
                for q_small, sums_small in enumerate(above_small):
                    for q_big in range(1, keep + 1 - q_small):
                        if q_small + q_big < 2:
                            continue
                        sums = convolve(sums_small, minus_low[q_big])
                        _spread(acc, sums, 0, z ** (self.n - q_small - q_big))
                continue
            inside = self._below_only(t, small, big)
            active_small = sum(self.counts[s] for s in small if s >= t)
            active_big = sum(self.counts[s] for s in big if s >= t)
            powers = _Powers(z + t - 2)
            for q_small, sums_small in enumerate(above_small):
                for q_big in range(1, keep + 1 - q_small):
                    sums = convolve(sums_small, minus_low[q_big])
                    if not sums:
                        continue
                    slots = keep + 1 - q_small - q_big
                    n_small = active_small - q_small
                    n_big = active_big - q_big
                    # Only small dice show t (a big one there would be left out of the best
                    # total); big dice below t are hitches.
                    ways = _more_than(slots - 1, n_small, powers) << (width * n_big)
                    if ways:
                        _spread(acc, sums, slots * t, ways * inside)


class _Powers:
    """Powers of one packed polynomial, computed on demand and kept."""

    __slots__ = ("_done", "base")

    def __init__(self, base: int) -> None:
        self.base = base
        self._done = [1]

    def __getitem__(self, exponent: int) -> int:
        done = self._done
        while len(done) <= exponent:
            done.append(done[-1] * self.base)
        return done[exponent]


def _more_than(slots: int, n: int, powers: _Powers) -> int:
    """More than ``slots`` of ``n`` alike dice show the fill face and the rest show less:
    ``(lower + 1)**n`` minus the terms with ``slots`` or fewer at the fill face."""
    if n <= slots:
        return 0
    every: int = (powers.base + 1) ** n
    for p in range(slots + 1):
        every -= comb(n, p) * powers[n - p]
    return every


def _times(left: CountedSums, right: CountedSums, degree: int) -> CountedSums:
    out: CountedSums = [[] for _ in range(min(degree, len(left) + len(right) - 1))]
    for i, a in enumerate(left):
        if not a:
            continue
        for j, b in enumerate(right):
            if i + j < len(out) and b:
                add_into(out[i + j], convolve(a, b))
    return out


def _spread(acc: ByTotal, sums: SumPoly, shift: int, ways: int) -> None:
    for total, count in enumerate(sums):
        if count:
            acc[total + shift] += count * ways
