"""Independent references for the odds engines: brute-force enumeration and icepool.

Both read a roll the plain way the table does (``systems/cortex/roll/reading.py``, gaps 1.1):
hitches (1s) never count; the total is the best ``keep`` non-hitch faces; among equal faces the
smaller die goes in the total; the effect die is the largest non-hitch die left (d4 when none).

The brute force lists every roll of the pool with numpy (one row per roll, one column per die;
dice of one size as a multiset of faces with its number of orderings), reads each row and adds
up the readings: nothing is inferred, every outcome is looked at.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Any

import icepool
import numpy as np
import numpy.typing as npt

Key = tuple[int, int, int]
Ints = npt.NDArray[np.int64]


def every_roll(pool: Sequence[int]) -> tuple[Ints, Ints, Ints]:
    """Every roll of ``pool``: faces (one row per roll, one column per die), the die sizes of
    the columns, and each row's weight. Dice of one size are listed as a multiset of faces
    (sorted), weighted by the number of orderings it stands for; the weights sum to the product
    of the die sizes."""
    faces = np.zeros((1, 0), dtype=np.int64)
    weights = np.ones(1, dtype=np.int64)
    sizes: list[int] = []
    for size in sorted(set(pool)):
        count = pool.count(size)
        rows = list(combinations_with_replacement(range(1, size + 1), count))
        block = np.array(rows, dtype=np.int64).reshape(len(rows), count)
        block_weights = np.array(
            [factorial(count) // prod(factorial(r.count(f)) for f in set(r)) for r in rows],
            dtype=np.int64,
        )
        faces = np.concatenate(
            [np.repeat(faces, len(rows), axis=0), np.tile(block, (len(faces), 1))], axis=1
        )
        weights = np.repeat(weights, len(rows)) * np.tile(block_weights, len(weights))
        sizes += [size] * count
    assert int(weights.sum()) == prod(pool)
    return faces, np.array(sizes, dtype=np.int64), weights


def _sorted_rows(pool: Sequence[int]) -> tuple[Ints, Ints, Ints, Ints]:
    """Per roll: non-hitch faces and sizes, best first (higher face, then smaller die); hitch
    dice sort last with face 0 and size 0. The number of hitches, and the roll's weight."""
    faces, sizes, weights = every_roll(pool)
    sizes = np.broadcast_to(sizes, faces.shape)
    # Code face * 16 + (16 - size): sorting codes high to low is (face desc, size asc).
    codes = np.where(faces > 1, faces * 16 + 16 - sizes, 0)
    codes = -np.sort(-codes, axis=1)
    sorted_faces = codes >> 4
    sorted_sizes = np.where(codes > 0, 16 - (codes & 15), 0)
    hitches = (faces == 1).sum(axis=1)
    return sorted_faces, sorted_sizes, hitches, weights


def _count(
    totals: Ints, effects: Ints, hitches: Ints, weights: Ints, rows: Ints | None = None
) -> Counter[Key]:
    """Add up the weights of each reading, coded as one integer. (``np.bincount`` adds in
    floating point, exact here: no count comes near 2**53.)"""
    codes = (totals * 16 + effects) * 32 + hitches
    if rows is not None:
        codes, weights = codes[rows], weights[rows]
    counts = np.bincount(codes, weights=weights)
    return Counter(
        {
            (int(c) // 512, int(c) // 32 % 16, int(c) % 32): round(counts[c])
            for c in np.flatnonzero(counts)
        }
    )


class BruteForce:
    """Every roll of one pool, read once per keep."""

    def __init__(self, pool: Sequence[int]) -> None:
        self.pool = tuple(pool)
        self.faces, self.sizes, self.hitches, self.weights = _sorted_rows(pool)
        # prefix[:, j] = sum of the j best faces.
        self.prefix = np.concatenate(
            [np.zeros((self.faces.shape[0], 1), dtype=np.int64), np.cumsum(self.faces, axis=1)],
            axis=1,
        )
        self.usable = (self.faces > 0).sum(axis=1)

    def best(self, keep: int) -> Counter[Key]:
        """Counter of (total, effect, hitches) under "best total, then largest die"."""
        totals = self.prefix[:, min(keep, len(self.pool))]
        left = self.sizes[:, keep:]
        effects = np.maximum(left.max(axis=1), 4) if left.shape[1] else np.full_like(totals, 4)
        return _count(totals, effects, self.hitches, self.weights)

    def choice(self, keep: int) -> Counter[Key]:
        """Counter of (best total of any reading that sets aside an effect die of size >= e,
        e, hitches): every non-hitch die of size >= e is tried as the one set aside, and the
        rest make their best total; a reading needs a die in its total (Cortex 1.1)."""
        n = len(self.pool)
        out: Counter[Key] = Counter()
        for (total, _, hitches), count in self.best(keep).items():
            out[(total, 4, hitches)] += count  # any reading keeps "at least a d4"
        # Without die i, the best ``keep`` of the rest (still in order) are the first
        # ``keep`` if i comes after them, else the first ``keep + 1`` less die i.
        rests = [
            self.prefix[:, min(keep + 1, n)] - self.faces[:, i]
            if i < keep
            else self.prefix[:, keep]
            for i in range(n)
        ]
        for effect in sorted({*self.pool} - {4}):
            best = np.full(self.faces.shape[0], -1, dtype=np.int64)
            for i, rest in enumerate(rests):
                allowed = (self.sizes[:, i] >= effect) & (self.usable >= 2)
                best = np.where(allowed, np.maximum(best, rest), best)
            out += _count(best, np.full_like(best, effect), self.hitches, self.weights, best >= 0)
        return out


def brute_best(pool: Sequence[int], keep: int) -> Counter[Key]:
    return BruteForce(pool).best(keep)


def brute_choice(pool: Sequence[int], keep: int) -> Counter[Key]:
    return BruteForce(pool).choice(keep)


# --- icepool --------------------------------------------------------------------------------

#: A die of size s shows face f as the outcome f * 16 + (16 - s): in descending order icepool
#: sees higher faces first and, among equal faces, smaller dice first (they go in the total).


def icepool_die(size: int) -> icepool.Die[int]:
    return icepool.Die([face * 16 + 16 - size for face in range(1, size + 1)])


def _decode(outcome: int) -> tuple[int, int]:
    return outcome >> 4, 16 - (outcome & 15)


class BestReading(icepool.MultisetEvaluator[int, tuple[int, int, int]]):
    """(total, effect, hitches): take faces from the top until ``keep`` are kept; any
    non-hitch die not kept is an effect candidate; 1s are hitches."""

    def __init__(self, keep: int) -> None:
        self.keep = keep

    def initial_state(self, order: Any, outcomes: Any, /, *sizes: Any, **kwargs: Any) -> Any:
        if order != icepool.Order.Descending:
            raise icepool.UnsupportedOrder()
        return (0, 0, 4, 0)  # kept, total, effect, hitches

    def next_state(self, state: Any, order: Any, outcome: int, count: int, /) -> Any:
        kept, total, effect, hitches = state
        face, size = _decode(outcome)
        if face == 1:
            return (kept, total, effect, hitches + count)
        taken = min(count, self.keep - kept)
        if count > taken:
            effect = max(effect, size)
        return (kept + taken, total + face * taken, effect, hitches)

    def final_outcome(self, state: Any, order: Any, outcomes: Any, /, *a: Any, **k: Any) -> Any:
        _, total, effect, hitches = state
        return (total, effect, hitches)


class ChoiceReading(icepool.MultisetEvaluator[int, tuple[int, int]]):
    """(best total of a reading keeping an effect die of size >= ``effect``, hitches), or
    (-1, hitches) when none can. Such a reading sets aside the lowest non-hitch die of that
    size or more: its total is the best ``keep`` of the rest."""

    def __init__(self, keep: int, effect: int) -> None:
        self.keep = keep
        self.effect = effect

    def initial_state(self, order: Any, outcomes: Any, /, *sizes: Any, **kwargs: Any) -> Any:
        if order != icepool.Order.Descending:
            raise icepool.UnsupportedOrder()
        return ((), None, 0)  # faces seen (best first, up to keep + 1), lowest eligible, hitches

    def next_state(self, state: Any, order: Any, outcome: int, count: int, /) -> Any:
        top, lowest, hitches = state
        face, size = _decode(outcome)
        if face == 1:
            return (top, lowest, hitches + count)
        if count and size >= self.effect:  # icepool also asks about outcomes nobody rolled
            lowest = face
        return ((*top, *([face] * count))[: self.keep + 1], lowest, hitches)

    def final_outcome(self, state: Any, order: Any, outcomes: Any, /, *a: Any, **k: Any) -> Any:
        top, lowest, hitches = state
        if lowest is None or len(top) < 2:  # the total needs a die besides the one set aside
            return (-1, hitches)
        rest = list(top)
        if lowest in rest:  # else it is below the best ``keep + 1`` and costs nothing
            rest.remove(lowest)
        return (sum(rest[: self.keep]), hitches)


def icepool_best(pool: Sequence[int], keep: int) -> tuple[dict[Key, int], int]:
    result = BestReading(keep).evaluate(icepool.Pool([icepool_die(s) for s in pool]))
    return {key: int(q) for key, q in result.items()}, int(result.denominator())


def icepool_choice(pool: Sequence[int], keep: int, effect: int) -> tuple[dict[Key, int], int]:
    result = ChoiceReading(keep, effect).evaluate(icepool.Pool([icepool_die(s) for s in pool]))
    out = {(t, effect, h): int(q) for (t, h), q in result.items() if t >= 0}
    return out, int(result.denominator())
