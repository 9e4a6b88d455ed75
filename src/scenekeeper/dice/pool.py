"""Pools of step dice (``d8 d8 d10``) and their rolls, every face recorded.

Games decide what a pool's dice mean (Cortex totals and effect dice, METTLE scores); this module
only holds the dice, reads them from text, and pairs each with the face it showed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from scenekeeper.dice.errors import DiceError
from scenekeeper.dice.source import DiceSource, roll_dice
from scenekeeper.dice.steps import Die

_GROUP = re.compile(r"(\d*)[dD](\d+)")
#: Far above any pool the games build (Cortex pools rarely pass 12 dice).
MAX_POOL = 60


@dataclass(frozen=True)
class Pool:
    """Step dice in the order they were named."""

    dice: tuple[Die, ...]

    def __iter__(self) -> Iterator[Die]:
        return iter(self.dice)

    def __len__(self) -> int:
        return len(self.dice)

    def __str__(self) -> str:
        return " ".join(str(d) for d in self.dice)

    @classmethod
    def parse(cls, text: str) -> Pool:
        """Read ``"d8 2d6 d10"``: each word is a step die, optionally with a count."""
        dice: list[Die] = []
        for word in text.replace(",", " ").split():
            match = _GROUP.fullmatch(word)
            if match is None:
                raise DiceError(f"'{word}' is not a die; write dice like d8 or 2d6.")
            count = int(match.group(1) or 1)
            if count < 1:
                raise DiceError(f"'{word}' has no dice; write at least one, like d6.")
            # The count is checked before any die is made: 99999999999d8 is refused, not built.
            if len(dice) + count > MAX_POOL:
                raise DiceError(f"A pool holds at most {MAX_POOL} dice; leave some out.")
            dice.extend([Die.parse(f"d{match.group(2)}")] * count)
        if not dice:
            raise DiceError("The pool is empty; name some dice, like d8 d6.")
        return cls(tuple(dice))

    def roll(self, source: DiceSource, results: str | None = None) -> PoolRoll:
        """Roll every die (or take the faces typed in ``results``), in order."""
        faces = roll_dice(source, [d.sides for d in self.dice], results)
        return PoolRoll(tuple(RolledStep(die, face) for die, face in zip(self, faces, strict=True)))


@dataclass(frozen=True)
class RolledStep:
    """A step die and the face it showed."""

    die: Die
    face: int

    def __str__(self) -> str:
        return f"{self.die}:{self.face}"


@dataclass(frozen=True)
class PoolRoll:
    dice: tuple[RolledStep, ...]

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(d.face for d in self.dice)

    def count(self, face: int) -> int:
        """How many dice show ``face`` (a Cortex hitch is a 1)."""
        return sum(1 for d in self.dice if d.face == face)
