"""Cybergod: Reborn success pools and saves (``rules/cybergod-core-mechanics.md``; gaps 3).

A Test rolls ``Skill`` dice of the Attribute's size (D6/D8/D10/D12): each die showing 5+ is one
success, 10+ two. The defaults of gaps 3: success when successes >= the Difficulty's threshold
(Easy 1, Moderate 2, Hard 3, Very Hard 4); EP = 1 + successes beyond the threshold;
complication ratings are paid from those extra successes. Opposed: margin = own - opponent's
successes, success when margin >= difficulty (1 when none is set), EP = 1 + margin -
difficulty, a tie is a stalemate. At most 10 dice; 0 dice fails automatically.

The rule text's probability table is wrong in its 3D10 and 3D12 columns (gaps 3), so the
product never reprints it: :func:`difficulty_table` computes it.

Saves: roll N dice; the save fails if any die shows its highest face.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from scenekeeper.odds.cache import BoundedCache
from scenekeeper.odds.errors import OddsError

#: Attribute dice (Attributes rated 1-4).
SIZES = (6, 8, 10, 12)
#: A die showing this or more is one success; ``DOUBLE`` or more, two.
SINGLE = 5
DOUBLE = 10
#: Modifiers never take a pool past 10 dice.
MAX_DICE = 10
#: Difficulty -> success threshold.
DIFFICULTIES = {"easy": 1, "moderate": 2, "hard": 3, "very hard": 4}
#: An opposed test with no difficulty set needs a margin of 1 (gaps 3).
OPPOSED_DIFFICULTY = 1
#: Ammo save: a D6 after each attack, one die more per pass; the 6th pass also means reload.
AMMO_DIE = 6
AMMO_PASSES = 6


def _check_die(size: int) -> None:
    if size not in SIZES:
        raise OddsError(f"Cybergod dice are D6, D8, D10 or D12, not D{size}.")


def _die_successes(size: int) -> tuple[int, int, int]:
    """Ways one die gives 0, 1 and 2 successes."""
    two = max(0, size - DOUBLE + 1)
    one = max(0, min(size, DOUBLE - 1) - SINGLE + 1)
    return (size - one - two, one, two)


@dataclass(frozen=True)
class SuccessPool:
    """``dice`` dice of ``size``: ``counts[s]`` ways to roll ``s`` successes."""

    dice: int
    size: int
    denominator: int
    counts: tuple[int, ...]

    def p_success(self, threshold: int, *, paid: int = 0, rerolls: int = 0) -> Fraction:
        """Chance of ``threshold`` successes plus ``paid`` more for complications; each
        reroll (spending Resolve) re-rolls the pool after a failure."""
        if self.dice == 0:
            return Fraction(0)  # no dice: the test fails automatically
        need = max(0, threshold + paid)
        once = Fraction(sum(self.counts[need:]), self.denominator)
        return 1 - (1 - once) ** (rerolls + 1)

    def effect_points(self, threshold: int, *, ratings: Sequence[int] = ()) -> dict[int, Fraction]:
        """EP -> chance, over every success (it sums to the chance of success): EP = 1 + the
        successes beyond ``threshold`` - the complication ``ratings`` paid from them, in the
        order listed, each in full while they last (``paid_in_order``)."""
        if self.dice == 0:
            return {}
        need = max(0, threshold)
        out: dict[int, Fraction] = {}
        for s, w in enumerate(self.counts):
            if s >= need and w:
                extra = s - need
                ep = 1 + extra - paid_in_order(extra, ratings)
                out[ep] = out.get(ep, Fraction(0)) + Fraction(w, self.denominator)
        return dict(sorted(out.items()))


def paid_in_order(extra: int, ratings: Sequence[int]) -> int:
    """The complication ratings ``extra`` successes pay: each in the order listed, in full while
    the successes last (a larger one left unpaid does not stop a smaller one after it)."""
    paid = 0
    for rating in ratings:
        if rating <= extra - paid:
            paid += rating
    return paid


def cybergod_pool(dice: int, size: int) -> SuccessPool:
    """The success distribution of ``dice`` dice of ``size`` (at most 44 pools exist: each is
    worked out once)."""
    _check_die(size)
    if not 0 <= dice <= MAX_DICE:
        raise OddsError(f"A Cybergod pool has 0 to {MAX_DICE} dice, not {dice}.")
    return _POOLS.get((dice, size), lambda: success_pool(dice, size))


def success_pool(dice: int, size: int) -> SuccessPool:
    """``cybergod_pool`` worked out afresh: ``doubles`` dice show 10+, ``singles`` 5-9 and the
    rest less, in C(dice, doubles) * C(dice - doubles, singles) orders."""
    none, one, two = _die_successes(size)
    ways = [0] * (2 * dice + 1)
    for doubles in range(dice + 1):
        rest = dice - doubles
        times = comb(dice, doubles) * two**doubles
        if not times:
            continue
        for singles in range(rest + 1):
            ways[2 * doubles + singles] += (
                times * comb(rest, singles) * one**singles * none ** (rest - singles)
            )
    while len(ways) > 1 and not ways[-1]:
        ways.pop()
    return SuccessPool(dice, size, size**dice, tuple(ways))


_POOLS: BoundedCache[tuple[int, int], SuccessPool] = BoundedCache(len(SIZES) * (MAX_DICE + 1))


@dataclass(frozen=True)
class OpposedOdds:
    success: Fraction
    stalemate: Fraction
    failure: Fraction
    #: EP -> chance, over the successes (sums to ``success``), complications paid in order.
    effect_points: Mapping[int, Fraction]
    #: Winning and overcoming every complication too (``success`` when there are none).
    paying: Fraction = Fraction(0)


def cybergod_opposed(
    own: SuccessPool,
    other: SuccessPool,
    difficulty: int = OPPOSED_DIFFICULTY,
    *,
    ratings: Sequence[int] = (),
) -> OpposedOdds:
    """An opposed test: success when own - other successes >= ``difficulty``; equal
    successes are a stalemate. An actor with no dice fails automatically, whatever the
    opponent rolls -- never a stalemate (Modifiers: "If you don't have dice, you fail
    automatically"); an opponent with no dice counts 0 successes. Complication ``ratings``
    are paid from the margin beyond ``difficulty``, as on a simple test."""
    if not own.dice:
        return OpposedOdds(Fraction(0), Fraction(0), Fraction(1), {})
    whole = own.denominator * other.denominator
    won = tie = paying = 0
    ep: dict[int, int] = {}
    for mine, a in enumerate(own.counts):
        for theirs, b in enumerate(other.counts):
            margin = mine - theirs
            if margin >= difficulty:
                won += a * b
                extra = margin - difficulty
                paid = paid_in_order(extra, ratings)
                paying += a * b if paid == sum(ratings) else 0
                points = 1 + extra - paid
                ep[points] = ep.get(points, 0) + a * b
            elif margin == 0:
                tie += a * b
    return OpposedOdds(
        success=Fraction(won, whole),
        stalemate=Fraction(tie, whole),
        failure=1 - Fraction(won + tie, whole),
        effect_points={p: Fraction(w, whole) for p, w in sorted(ep.items())},
        paying=Fraction(paying, whole),
    )


def save_passes(dice: int, size: int) -> Fraction:
    """Chance a save of ``dice`` dice of ``size`` passes: no die shows its highest face."""
    if dice < 0:
        raise OddsError(f"A save rolls 0 or more dice, not {dice}.")
    if size < 2:
        raise OddsError(f"A save needs a die with at least two faces, not D{size}.")
    return Fraction(size - 1, size) ** dice


def failed_dice(dice: int, size: int) -> dict[int, Fraction]:
    """How many of ``dice`` dice of ``size`` show their highest face (a Mental save's Stress,
    one per failed die; any at all on Stress dice is a breakdown)."""
    save_passes(dice, size)  # the same checks on the arguments
    pass_die = Fraction(size - 1, size)
    fail_die = 1 - pass_die
    out: dict[int, Fraction] = {}
    ways = 1
    for failed in range(dice + 1):
        out[failed] = ways * fail_die**failed * pass_die ** (dice - failed)
        ways = ways * (dice - failed) // (failed + 1)
    return out


def ammo_reload() -> dict[int, Fraction]:
    """The attack after which the weapon needs reloading -> chance. The save after attack
    ``j`` rolls ``j`` D6 (each pass adds a die); a failure or the 6th pass means reload."""
    out: dict[int, Fraction] = {}
    still = Fraction(1)
    for attack in range(1, AMMO_PASSES + 1):
        passes = save_passes(attack, AMMO_DIE)
        if attack == AMMO_PASSES:
            out[attack] = still
        else:
            out[attack] = still * (1 - passes)
            still *= passes
    return out


def difficulty_table(dice: int = 3) -> dict[str, dict[int, Fraction]]:
    """Difficulty -> die size -> chance of a success with ``dice`` dice (the table the rule
    text gets wrong for D10 and D12, computed)."""
    pools = {size: cybergod_pool(dice, size) for size in SIZES}
    return {
        name: {size: pool.p_success(threshold) for size, pool in pools.items()}
        for name, threshold in DIFFICULTIES.items()
    }
