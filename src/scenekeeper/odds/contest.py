"""What a Cortex total must beat, and the chances against it.

Cortex 1.2: to beat a difficulty or a total is to be strictly greater; a tie fails. Beating it
by 5 or more is a heroic success and steps the effect die up once per full 5 (past d12 is
possible: the GM then picks a take-out or a second effect die). Cortex 1.3: in a contest the
other side's total is the number to beat -- a difficulty pool, an opposing pool and the doom
pool all roll and keep their best total. With the Static Difficulty mod a level is a number
and complication dice joining it are rolled and added (a 1 adds nothing, as in ``rolling``).

Everything here is exact: counts over the product of both sides' die sizes, Fractions out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import prod

from scenekeeper.dice import Die, Step, step_up
from scenekeeper.odds.errors import OddsError
from scenekeeper.odds.packed import times_faces

#: Cortex 1.2: a heroic success beats the difficulty by 5 or more, one step per full 5.
HEROIC_MARGIN = 5


@dataclass(frozen=True)
class Opposition:
    """The number to beat, as a distribution: ``(value, ways)`` pairs over ``denominator``."""

    label: str
    values: tuple[tuple[int, int], ...]
    denominator: int
    #: Its hash, worked out once: an opposition is a key of the summaries' and the chance
    #: lines' caches, asked on every roll, and a pool's values are many pairs (issue 36).
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.label, self.values, self.denominator)))

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def number(cls, value: int) -> Opposition:
        """A known number: a static difficulty, or a total already rolled."""
        return cls(str(value), ((value, 1),), 1)

    @classmethod
    def static(cls, value: int, sizes: Sequence[int]) -> Opposition:
        """Static Difficulty mod (Cortex p.25): the level's number plus every complication die
        rolled and added; a 1 on a GM die is an opportunity and adds nothing."""
        sums: list[int] = [1]
        for size in sizes:
            # One die: 0 for a 1 (one way), else its face.
            sums = _plus_die(sums, size)
        label = f"{value} + " + " ".join(f"d{s}" for s in sizes) if sizes else str(value)
        pairs = tuple((value + total, ways) for total, ways in enumerate(sums) if ways)
        return cls(label, pairs, prod(sizes))

    @classmethod
    def totals(cls, label: str, counts: Sequence[int], denominator: int) -> Opposition:
        """A rolled pool's best totals (``counts[t]`` ways to total ``t``)."""
        return cls(label, tuple((t, ways) for t, ways in enumerate(counts) if ways), denominator)


@dataclass(frozen=True)
class Chances:
    """One pool against one opposition, read the default way (best total, then largest die).

    ``effects`` maps the effect die after heroic steps (``Beyond.PAST_D12`` possible) to its
    chance, over the successes only, so it sums to ``success``. ``keeping`` is the player's
    choice (gaps 1.1): for each effect die size, the chance that some reading beats the
    opposition and still keeps an effect die at least that large.
    """

    against: str
    success: Fraction
    tie: Fraction
    heroic: Fraction
    effects: Mapping[Step, Fraction] = field(default_factory=dict)
    keeping: Mapping[int, Fraction] = field(default_factory=dict)

    @property
    def at_least(self) -> Fraction:
        """Chance to equal or beat it (action-based resolution: ties go to the actor)."""
        return self.success + self.tie


def chances(
    by_effect: Mapping[int, Sequence[int]],
    keeping: Mapping[int, Sequence[int]],
    denominator: int,
    opposition: Opposition,
) -> Chances:
    """``by_effect[e][t]``: ways to total ``t`` with effect die ``e``; ``keeping[e][t]``: ways
    the best total that keeps an effect die of size ``e`` or more is ``t``."""
    values = opposition.values
    lowest = values[0][0] if values else 0
    highest = values[-1][0] if values else 0
    span = highest - lowest + 1
    # below[i]: ways the opposition is below lowest + i (prefix sums).
    below = [0] * (span + 1)
    for value, ways in values:
        below[value - lowest + 1] += ways
    for i in range(1, span + 1):
        below[i] += below[i - 1]

    def ways_under(limit: int) -> int:
        """Ways the opposition's number is strictly below ``limit``."""
        return below[max(0, min(limit - lowest, span))]

    whole = denominator * opposition.denominator
    won = tied = heroic = 0
    effects: dict[Step, int] = {}
    for effect, row in by_effect.items():
        die = Die.of(effect)
        for total, ways in enumerate(row):
            if not ways:
                continue
            tied += ways * (ways_under(total + 1) - ways_under(total))
            # A margin m >= 1 steps the effect die up m // 5 times: the numbers giving
            # ``steps`` steps are total - 5*steps - 4 .. total - max(1, 5*steps).
            steps = 0
            while True:
                high = total - max(1, HEROIC_MARGIN * steps)
                low = total - HEROIC_MARGIN * steps - (HEROIC_MARGIN - 1)
                count = ways_under(high + 1) - ways_under(low)
                if count:
                    key = step_up(die, steps)
                    effects[key] = effects.get(key, 0) + ways * count
                    won += ways * count
                    if steps:
                        heroic += ways * count
                if low <= lowest:
                    break
                steps += 1
    keep_chances = {
        effect: Fraction(sum(w * ways_under(t) for t, w in enumerate(row)), whole)
        for effect, row in keeping.items()
    }
    return Chances(
        against=opposition.label,
        success=Fraction(won, whole),
        tie=Fraction(tied, whole),
        heroic=Fraction(heroic, whole),
        effects={k: Fraction(v, whole) for k, v in sorted(effects.items(), key=_step_order)},
        keeping=keep_chances,
    )


def _step_order(item: tuple[Step, int]) -> int:
    step = item[0]
    return int(step) if isinstance(step, Die) else 99


def _plus_die(sums: list[int], size: int) -> list[int]:
    if size < 1:
        raise OddsError(f"a d{size} is not a die.")
    # A 1 adds nothing (one way); faces 2..size add themselves.
    out = times_faces(sums, 2, size)
    out = out + [0] * max(0, len(sums) - len(out))
    for i, ways in enumerate(sums):
        out[i] += ways
    return out
