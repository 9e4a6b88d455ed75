"""The arithmetic of a Hand (The Contract, Steps 2-6), pure and integer-only (R6, R18).

Every function here takes plain values (names, cards, AVs) and returns plain values; the
commands seal, reveal and record them. Rule numbers are the checklist's (checklists/nodice.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scenekeeper.systems.nodice.trine import (
    ASPECT_OF,
    ATTRIBUTES,
    ATTRIBUTES_OF,
    AV,
    Aspect,
    attribute_dominance,
    trine_dominance,
)


def opposed(sides: Mapping[str, int], a: str, b: str) -> bool:
    """R17: only Actors on different sides are compared."""
    return a != b and sides[a] != sides[b]


def pairs(order: Sequence[str], sides: Mapping[str, int]) -> list[tuple[str, str]]:
    """Every opposing pair once, in table order (R17, R60)."""
    return [(a, b) for i, a in enumerate(order) for b in order[i + 1 :] if opposed(sides, a, b)]


def td_wins(
    order: Sequence[str], sides: Mapping[str, int], cards: Mapping[str, Aspect]
) -> dict[str, int]:
    """R38: each Actor's TD wins = how many of its opponents its TA card beats."""
    return {
        a: sum(1 for b in order if opposed(sides, a, b) and trine_dominance(cards[a], cards[b]) > 0)
        for a in order
    }


def pay_pot(pot: int, wins: Mapping[str, int], order: Sequence[str]) -> tuple[dict[str, int], int]:
    """R39-R40: the pot token by token to the Actors with the most TD wins, round robin in
    table order from the first of them; nothing paid (the Jackpot) when nobody won a TD."""
    best = max(wins.values(), default=0)
    if best == 0:
        return {}, pot
    leaders = [a for a in order if wins.get(a, 0) == best]
    share, extra = divmod(pot, len(leaders))
    paid = {a: share + (1 if i < extra else 0) for i, a in enumerate(leaders)}
    return {a: n for a, n in paid.items() if n}, 0


@dataclass(frozen=True)
class Play:
    """What one Actor revealed in a Hand: its TA card (Step 2) and Step 3's Action card, real
    bid tokens and Wildcard."""

    aspect: Aspect
    action: str
    bid: int
    wildcard: bool


@dataclass(frozen=True)
class PairResult:
    """One opposing pair's Steps 3-5: AD, Sweeps, Showdowns, winner, margin, damage."""

    first: str
    second: str
    td: int  # from ``first``'s side: 1 won, 0 tie, -1 lost
    ad: int
    showdown: tuple[int, int]
    winner: str | None
    margin: int
    damage: int
    #: The damage's type: the winner's TA card (R55).
    aspect: Aspect | None

    @property
    def loser(self) -> str | None:
        if self.winner is None:
            return None
        return self.second if self.winner == self.first else self.first

    def sweep(self, who: str) -> bool:
        """R49: ``who`` won both TD and AD against the other."""
        sign = 1 if who == self.first else -1
        return self.td * sign > 0 and self.ad * sign > 0


def showdown(play: Play, td: int, ad: int, es: int) -> int:
    """R50-R51: real bid tokens + ES if the AD was won + ES more for a Sweep + 1 Wildcard."""
    total = play.bid + (1 if play.wildcard else 0)
    if ad > 0:
        total += es
        if td > 0:
            total += es
    return total


def damage_for(margin: int, es: int) -> int:
    """R54: Margin <= 0 deals nothing; otherwise ES + floor(Margin / 5)."""
    return 0 if margin <= 0 else es + margin // 5


def resolve_pair(first: str, second: str, plays: Mapping[str, Play], es: int) -> PairResult:
    """R48-R55 for one opposing pair; equal Showdowns: no winner, no damage (R53)."""
    a, b = plays[first], plays[second]
    td = trine_dominance(a.aspect, b.aspect)
    ad = attribute_dominance(a.action, b.action)
    mine, theirs = showdown(a, td, ad, es), showdown(b, -td, -ad, es)
    if mine == theirs:
        return PairResult(first, second, td, ad, (mine, theirs), None, 0, 0, None)
    winner = first if mine > theirs else second
    margin = abs(mine - theirs)
    return PairResult(
        first,
        second,
        td,
        ad,
        (mine, theirs),
        winner,
        margin,
        damage_for(margin, es),
        plays[winner].aspect,
    )


def scaled_damage(damage: int, avs: Mapping[str, AV], aspect: Aspect) -> int:
    """R58: a TA with dashes takes damage / 3 x its numeric Attributes -- max(1, floor(D x n
    / 3)) (gaps) -- none with no numeric Attribute; then R57: no more than the TA still has."""
    numeric = [avs[a] for a in ATTRIBUTES_OF[aspect] if avs.get(a) is not None]
    if damage <= 0 or not numeric:
        return 0
    scaled = damage if len(numeric) == 3 else max(1, damage * len(numeric) // 3)
    return min(scaled, sum(v or 0 for v in numeric))


def forced_spread(damage: int, avs: Mapping[str, AV], aspect: Aspect) -> dict[str, int] | None:
    """R59: the spread when only one is possible (one Attribute can take damage, or the
    damage takes everything the TA has); None when the defender has a choice."""
    able = [a for a in ATTRIBUTES_OF[aspect] if (avs.get(a) or 0) > 0]
    if damage <= 0:
        return {}
    if len(able) == 1:
        return {able[0]: damage}
    if damage >= sum(avs.get(a) or 0 for a in able):
        return {a: avs.get(a) or 0 for a in able}
    return None


def auto_spread(damage: int, avs: Mapping[str, AV], aspect: Aspect) -> dict[str, int]:
    """R59 (a GM's ``spread:auto``): a point at a time to the highest current AV of the TA,
    ties in the order REA KNO QUI / STR FIT AGI / WIL PRE INT."""
    left = {a: avs.get(a) or 0 for a in ATTRIBUTES_OF[aspect]}
    spread: dict[str, int] = {}
    for _ in range(damage):
        best = max(ATTRIBUTES_OF[aspect], key=lambda a: (left[a], -ATTRIBUTES.index(a)))
        if left[best] == 0:
            break
        left[best] -= 1
        spread[best] = spread.get(best, 0) + 1
    return spread


def spread_problem(
    spread: Mapping[str, int], damage: int, avs: Mapping[str, AV], aspect: Aspect
) -> str | None:
    """Why a defender's spread is not one R56-R58 allow (None: it is)."""
    for attribute, points in spread.items():
        if ASPECT_OF[attribute] != aspect:
            return f"{attribute} is not a {aspect} Attribute; spread over {_listed(aspect)}"
        if avs.get(attribute) is None:
            return f"{attribute} is a dash: it takes no damage"
        if points < 1:
            return f"give {attribute} at least 1 point, or leave it out"
        if points > (avs.get(attribute) or 0):
            return f"{attribute} has only {avs.get(attribute)}: an AV never goes below 0"
    if sum(spread.values()) != damage:
        return f"the points must add up to {damage}, not {sum(spread.values())}"
    return None


def _listed(aspect: Aspect) -> str:
    return ", ".join(ATTRIBUTES_OF[aspect])


def legal_commit(avs: Mapping[str, AV], aspect: Aspect, ante: str) -> bool:
    """R36: after its own ante the chosen TA still has an Attribute to bid from."""
    after = {**avs, ante: (avs.get(ante) or 0) - 1}
    return any((after.get(a) or 0) >= 1 for a in ATTRIBUTES_OF[aspect])


def has_legal_commit(avs: Mapping[str, AV]) -> bool:
    """R33 DEFAULT: an Actor with no legal Step-2 commit cannot ante and leaves the Conflict."""
    return any(
        legal_commit(avs, aspect, ante)
        for aspect in ATTRIBUTES_OF
        for ante in ATTRIBUTES
        if (avs.get(ante) or 0) >= 1
    )


def eliminated_aspect(avs: Mapping[str, AV]) -> Aspect | None:
    """R65: a TA whose three Attributes are all at 0 (dashes count 0; a TA of dashes only
    never eliminates)."""
    for aspect, names in ATTRIBUTES_OF.items():
        numeric = [avs.get(a) for a in names if avs.get(a) is not None]
        if numeric and all(v == 0 for v in numeric):
            return aspect
    return None


def elimination(avs: Mapping[str, AV]) -> str | None:
    """R65: why the Actor is out (TA elimination or token elimination), or None."""
    aspect = eliminated_aspect(avs)
    if aspect is not None:
        return f"every {aspect} Attribute at 0"
    if not has_legal_commit(avs):
        return "cannot ante"
    return None
