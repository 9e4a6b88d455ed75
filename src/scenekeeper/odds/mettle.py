"""METTLE Core checks (``rules/mettle/engine.md``, Checks; gaps 4), counted exactly.

A Check rolls d6s: faces 1-3 add up to the Score, faces 4-6 count as Edge. It succeeds when the
Score beats the Difficulty -- strictly, in this revision (gaps 4). A Raise sets a die to six
before the Check: it is Edge without being rolled. On a failure with Edge the player may call a
Twist: the Edge dice (raised ones too) are rolled again and the new Score is added to the old;
the Edge is what the re-rolled dice show. One Twist per Check (gaps 4).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType

from scenekeeper.odds.errors import OddsError

#: METTLE rolls six-sided dice.
SIDES = 6
#: Faces 1-3 add to the Score; the three faces 4-6 each count one Edge.
SCORE_FACES = (1, 2, 3)
EDGE_WAYS = 3
#: Far above any pool the game builds (an Attribute, bonuses and Mettle surges).
MAX_DICE = 40

ScoreEdge = Mapping[tuple[int, int], int]


def _roll(dice: int) -> dict[tuple[int, int], int]:
    """(Score, Edge) -> ways for ``dice`` d6, over ``6 ** dice``."""
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for _ in range(dice):
        nxt: dict[tuple[int, int], int] = {}
        for (score, edge), count in ways.items():
            for face in SCORE_FACES:
                key = (score + face, edge)
                nxt[key] = nxt.get(key, 0) + count
            key = (score, edge + 1)
            nxt[key] = nxt.get(key, 0) + count * EDGE_WAYS
        ways = nxt
    return ways


class MettleCheck:
    """A Check of ``dice`` d6 with ``raises`` of them set to six beforehand."""

    __slots__ = ("_rolls", "denominator", "dice", "joint", "raises")

    def __init__(self, dice: int, raises: int = 0) -> None:
        if not 0 <= dice <= MAX_DICE:
            raise OddsError(f"A METTLE pool has 0 to {MAX_DICE} dice, not {dice}.")
        if not 0 <= raises <= dice:
            raise OddsError(f"Raises set dice of the pool to six: 0 to {dice}, not {raises}.")
        self.dice = dice
        self.raises = raises
        rolled = dice - raises
        self.denominator = SIDES**rolled
        joint = {(s, e + raises): w for (s, e), w in sorted(_roll(rolled).items())}
        #: (Score, Edge) -> ways, over ``denominator``.
        self.joint: ScoreEdge = MappingProxyType(joint)
        self._rolls: dict[int, dict[tuple[int, int], int]] = {}

    def _rerolled(self, dice: int) -> dict[tuple[int, int], int]:
        if dice not in self._rolls:
            self._rolls[dice] = _roll(dice)
        return self._rolls[dice]

    def outcomes(self, difficulty: int, *, twist: bool = False) -> dict[tuple[bool, int], Fraction]:
        """(succeeded, final Edge) -> chance. With ``twist``, every failure that has Edge
        calls a Twist and the re-rolled dice decide."""
        out: dict[tuple[bool, int], Fraction] = {}
        # Common denominator: the Check, then (for Twists) as many dice again.
        whole = self.denominator * SIDES**self.dice
        counts: dict[tuple[bool, int], int] = {}
        for (score, edge), ways in self.joint.items():
            success = score > difficulty
            if success or not twist or not edge:
                key = (success, edge)
                counts[key] = counts.get(key, 0) + ways * SIDES**self.dice
                continue
            scale = SIDES ** (self.dice - edge)
            for (more, new_edge), again in self._rerolled(edge).items():
                key = (score + more > difficulty, new_edge)
                counts[key] = counts.get(key, 0) + ways * again * scale
        for key in sorted(counts):
            out[key] = Fraction(counts[key], whole)
        return out

    def p_success(self, difficulty: int, *, twist: bool = False) -> Fraction:
        """Chance the Score beats ``difficulty`` (after a Twist on a failure, if ``twist``)."""
        return sum(
            (p for (won, _), p in self.outcomes(difficulty, twist=twist).items() if won),
            start=Fraction(0),
        )

    def edge_on_success(self, difficulty: int, *, twist: bool = False) -> dict[int, Fraction]:
        """Edge -> chance of succeeding with that much Edge (sums to the success chance)."""
        out: dict[int, Fraction] = {}
        for (won, edge), p in self.outcomes(difficulty, twist=twist).items():
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


def mettle_check(dice: int, raises: int = 0) -> MettleCheck:
    """The odds of a METTLE Core Check of ``dice`` d6, ``raises`` of them set to six."""
    return MettleCheck(dice, raises)
