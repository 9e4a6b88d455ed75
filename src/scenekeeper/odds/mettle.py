"""METTLE Core checks (``rules/mettle/engine.md``, Checks; gaps 4), counted exactly.

A Check rolls d6s: faces 1-3 add up to the Score, faces 4-6 count as Edge. It succeeds when the
Score beats the Difficulty -- strictly, in this revision (gaps 4). A Raise sets a die to six
before the Check: it is Edge without being rolled. On a failure with Edge the player may call a
Twist: the Edge dice (raised ones too) are rolled again and the new Score is added to the old;
the Edge is what the re-rolled dice show. One Twist per Check (gaps 4), or Twists again while it
fails with Edge (the repeat-twists mod).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import comb
from types import MappingProxyType
from typing import Any

from scenekeeper.odds.cache import BoundedCache
from scenekeeper.odds.errors import OddsError

#: METTLE rolls six-sided dice.
SIDES = 6
#: Faces 1-3 add to the Score; the three faces 4-6 each count one Edge.
SCORE_FACES = (1, 2, 3)
EDGE_WAYS = 3
#: Far above any pool the game builds (an Attribute, bonuses and Mettle surges).
MAX_DICE = 40

ScoreEdge = Mapping[tuple[int, int], int]


#: k -> ways[s] for k dice each showing a Score face (1-3): the one table every Check is built
#: from, grown as larger pools are asked about (constants, not a cache of answers).
_SCORE_ONLY: list[tuple[int, ...]] = [(1,)]


def _score_only(dice: int) -> tuple[int, ...]:
    """Total -> ways for ``dice`` dice each showing 1, 2 or 3 (index = total)."""
    while len(_SCORE_ONLY) <= dice:
        last = _SCORE_ONLY[-1]
        nxt = [0] * (len(last) + 3)
        for total, count in enumerate(last):
            if count:
                nxt[total + 1] += count
                nxt[total + 2] += count
                nxt[total + 3] += count
        _SCORE_ONLY.append(tuple(nxt))
    return _SCORE_ONLY[dice]


def _roll(dice: int) -> dict[tuple[int, int], int]:
    """(Score, Edge) -> ways for ``dice`` d6, over ``6 ** dice``, sorted: ``edge`` dice of the
    pool show 4-6 (3 ways each, chosen C(dice, edge) ways) and the others add up the Score.
    Made in its sorted order, Score by Score, each with only the Edges that can go with it
    (the other ``dice - edge`` dice make ``dice - edge`` to ``3 * (dice - edge)``): no sort
    and no empty entry to skip, half the time of a fresh process's first METTLE question."""
    times = [comb(dice, edge) * EDGE_WAYS**edge for edge in range(dice + 1)]
    scores = [_score_only(dice - edge) for edge in range(dice + 1)]
    ways: dict[tuple[int, int], int] = {}
    for score in range(3 * dice + 1):
        for edge in range(max(0, dice - score), dice - (score + 2) // 3 + 1):
            ways[(score, edge)] = times[edge] * scores[edge][score]
    return ways


#: dice -> ``_rerolled_over(dice)``: constants of the dice, like ``_SCORE_ONLY``, so every Check
#: (and the first question of a process after the first) reads them instead of working them out.
_OVER: dict[int, dict[int, tuple[int, tuple[int, ...]]]] = {}


def _rerolled_over(dice: int) -> dict[int, tuple[int, tuple[int, ...]]]:
    """``dice`` re-rolled, by the Edge they end with: (all the ways, and ``over`` where
    ``over[t]`` is the ways whose added Score is more than ``t``). A Twist then reads whether a
    failure now succeeds in one look per Edge, not one per re-roll."""
    found = _OVER.get(dice)
    if found is None:
        by_edge: dict[int, list[int]] = {}
        for (more, edge), ways in _roll(dice).items():
            row = by_edge.setdefault(edge, [0] * (3 * dice + 1))
            row[more] += ways
        found = {}
        for edge, row in sorted(by_edge.items()):
            over = [0] * len(row)
            above = 0
            for more in range(len(row) - 1, -1, -1):
                over[more] = above  # the ways that add more than ``more``
                above += row[more]
            found[edge] = (above, tuple(over))
        _OVER[dice] = found
    return found


class MettleCheck:
    """A Check of ``dice`` d6 with ``raises`` of them set to six beforehand."""

    __slots__ = ("_answers", "_rolls", "denominator", "dice", "joint", "raises")

    def __init__(self, dice: int, raises: int = 0) -> None:
        if not 0 <= dice <= MAX_DICE:
            raise OddsError(f"A METTLE pool has 0 to {MAX_DICE} dice, not {dice}.")
        if not 0 <= raises <= dice:
            raise OddsError(f"Raises set dice of the pool to six: 0 to {dice}, not {raises}.")
        self.dice = dice
        self.raises = raises
        rolled = dice - raises
        self.denominator = SIDES**rolled
        joint = _roll(rolled)
        if raises:
            joint = {(s, e + raises): w for (s, e), w in joint.items()}
        #: (Score, Edge) -> ways, over ``denominator``.
        self.joint: ScoreEdge = MappingProxyType(joint)
        self._rolls: dict[int, dict[tuple[int, int], int]] = {}
        # Answers already worked out, by question: a Check is shared through the cache.
        self._answers: dict[tuple[str, int, bool, bool], Any] = {}

    def _rerolled(self, dice: int) -> dict[tuple[int, int], int]:
        if dice not in self._rolls:
            self._rolls[dice] = _roll(dice)
        return self._rolls[dice]

    def outcomes(
        self, difficulty: int, *, twist: bool = False, repeat: bool = False
    ) -> dict[tuple[bool, int], Fraction]:
        """(succeeded, final Edge) -> chance. With ``twist``, every failure that has Edge
        calls a Twist and the re-rolled dice decide; with ``repeat`` too (mod repeat-twists),
        a Twist that still fails with Edge is Twisted again, until it succeeds or has none."""
        key = ("outcomes", difficulty, twist, twist and repeat)
        if key not in self._answers:
            self._answers[key] = self._outcomes(difficulty, twist=twist, repeat=repeat)
        return dict(self._answers[key])

    def _outcomes(
        self, difficulty: int, *, twist: bool, repeat: bool
    ) -> dict[tuple[bool, int], Fraction]:
        if twist and repeat:
            return self._repeated(difficulty)
        out: dict[tuple[bool, int], Fraction] = {}
        # Common denominator: the Check, then (for Twists) as many dice again.
        whole = self.denominator * SIDES**self.dice
        counts: dict[tuple[bool, int], int] = {}
        # The failures a Twist re-rolls, by their Edge: (what the re-roll must add, ways).
        twisted: dict[int, list[tuple[int, int]]] = {}
        for (score, edge), ways in self.joint.items():
            success = score > difficulty
            if success or not twist or not edge:
                key = (success, edge)
                counts[key] = counts.get(key, 0) + ways * SIDES**self.dice
            else:
                twisted.setdefault(edge, []).append((difficulty - score, ways))
        for edge, failures in twisted.items():
            scale = SIDES ** (self.dice - edge)
            failing = sum(ways for _, ways in failures)
            for new_edge, (every, over) in _rerolled_over(edge).items():
                won = sum(ways * over[need] for need, ways in failures if need < len(over))
                for key, again in (
                    ((True, new_edge), won),
                    ((False, new_edge), every * failing - won),
                ):
                    if again:
                        counts[key] = counts.get(key, 0) + again * scale
        for key in sorted(counts):
            out[key] = Fraction(counts[key], whole)
        return out

    def _repeated(self, difficulty: int) -> dict[tuple[bool, int], Fraction]:
        """``outcomes`` with a Twist on every failure that has Edge, again and again."""
        memo: dict[tuple[int, int], dict[tuple[bool, int], Fraction]] = {}

        def twisted(score: int, edge: int) -> dict[tuple[bool, int], Fraction]:
            # A failure with Score ``score`` and ``edge`` Edge dice, Twisted until settled. A
            # re-roll of all Edge again (no Score added) leaves it where it was: solved for.
            if (score, edge) in memo:
                return memo[(score, edge)]
            whole = SIDES**edge
            stay = Fraction(self._rerolled(edge).get((0, edge), 0), whole)
            out: dict[tuple[bool, int], Fraction] = {}
            for (more, new_edge), ways in self._rerolled(edge).items():
                if (more, new_edge) == (0, edge):
                    continue
                p = Fraction(ways, whole) / (1 - stay)
                if score + more > difficulty or not new_edge:
                    key = (score + more > difficulty, new_edge)
                    out[key] = out.get(key, Fraction(0)) + p
                else:
                    for key, q in twisted(score + more, new_edge).items():
                        out[key] = out.get(key, Fraction(0)) + p * q
            memo[(score, edge)] = out
            return out

        result: dict[tuple[bool, int], Fraction] = {}
        for (score, edge), ways in self.joint.items():
            p = Fraction(ways, self.denominator)
            if score > difficulty or not edge:
                settled = {(score > difficulty, edge): Fraction(1)}
            else:
                settled = twisted(score, edge)
            for key, q in settled.items():
                result[key] = result.get(key, Fraction(0)) + p * q
        return dict(sorted(result.items()))

    def p_success(self, difficulty: int, *, twist: bool = False, repeat: bool = False) -> Fraction:
        """Chance the Score beats ``difficulty`` (after a Twist on a failure, if ``twist``;
        Twisted again while it fails with Edge, if ``repeat``)."""
        key = ("success", difficulty, twist, twist and repeat)
        if key not in self._answers:
            self._answers[key] = self._p_success(difficulty, twist=twist, repeat=repeat)
        answer: Fraction = self._answers[key]
        return answer

    def _p_success(self, difficulty: int, *, twist: bool, repeat: bool) -> Fraction:
        if twist and repeat:
            # Twisted while it fails with Edge, every die ends on a Score face (1-3, each
            # alike) unless the Check succeeds first -- and more Score never undoes a success:
            # it succeeds exactly when those faces would add up past the Difficulty.
            ways = self._score_faces_only()
            return Fraction(sum(w for total, w in ways.items() if total > difficulty), 3**self.dice)
        outcomes = self.outcomes(difficulty, twist=twist)
        return sum((p for (won, _), p in outcomes.items() if won), start=Fraction(0))

    def _score_faces_only(self) -> dict[int, int]:
        """Total -> ways for ``dice`` dice each showing 1, 2 or 3, over ``3 ** dice``."""
        ways = {0: 1}
        for _ in range(self.dice):
            nxt: dict[int, int] = {}
            for total, count in ways.items():
                for face in SCORE_FACES:
                    nxt[total + face] = nxt.get(total + face, 0) + count
            ways = nxt
        return ways

    def can_succeed(self, difficulty: int) -> bool:
        """Whether any roll, Twisted or not, beats ``difficulty``: every die a 3 at best
        (engine.md: three times the pool or more cannot be beaten)."""
        return self.dice > 0 and 3 * self.dice > difficulty

    def edge_on_success(
        self, difficulty: int, *, twist: bool = False, repeat: bool = False
    ) -> dict[int, Fraction]:
        """Edge -> chance of succeeding with that much Edge (sums to the success chance)."""
        out: dict[int, Fraction] = {}
        for (won, edge), p in self.outcomes(difficulty, twist=twist, repeat=repeat).items():
            if won:
                out[edge] = out.get(edge, Fraction(0)) + p
        return dict(sorted(out.items()))

    @property
    def edge(self) -> dict[int, Fraction]:
        """Edge -> chance, whatever the Score."""
        out: dict[int, int] = {}
        for (_, edge), ways in self.joint.items():
            out[edge] = out.get(edge, 0) + ways
        return {e: Fraction(w, self.denominator) for e, w in sorted(out.items())}

    @property
    def score(self) -> dict[int, Fraction]:
        """Score -> chance, whatever the Edge."""
        out: dict[int, int] = {}
        for (score, _), ways in self.joint.items():
            out[score] = out.get(score, 0) + ways
        return {s: Fraction(w, self.denominator) for s, w in sorted(out.items())}


#: Checks asked about lately, with the answers they have worked out (a table asks the same
#: pool again and again: its own characters' Attributes).
_CHECKS: BoundedCache[tuple[int, int], MettleCheck] = BoundedCache(256)


def mettle_check(dice: int, raises: int = 0) -> MettleCheck:
    """The odds of a METTLE Core Check of ``dice`` d6, ``raises`` of them set to six (kept:
    asked again, the same Check answers from what it has worked out)."""
    if not 0 <= dice <= MAX_DICE or not 0 <= raises <= dice:
        return MettleCheck(dice, raises)  # refused with the reason
    return _CHECKS.get((dice, raises), lambda: MettleCheck(dice, raises))


def clear_checks() -> None:
    """Forget the kept Checks (benchmarks time the first answer)."""
    _CHECKS.clear()
