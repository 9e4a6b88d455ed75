"""Step dice: the d4..d12 ladder that Cortex-family games move traits, stress and assets along.

Stepping is explicit about its edges: stepping a d12 up gives ``PAST_D12`` and stepping a d4
down gives ``BELOW_D4``. What those mean (stressed out, taken out, the die is removed) is for
the rule in force to say, never for this module.
"""

from __future__ import annotations

import enum
import re

from scenekeeper.dice.errors import DiceError


class Die(enum.IntEnum):
    """A step die, valued by its number of sides so dice compare and sort by size."""

    D4 = 4
    D6 = 6
    D8 = 8
    D10 = 10
    D12 = 12

    @property
    def sides(self) -> int:
        return int(self)

    def __str__(self) -> str:
        return f"d{int(self)}"

    @classmethod
    def parse(cls, text: str) -> Die:
        """Read ``"d8"`` / ``"D8"`` / ``"8"``; anything else is a clear error."""
        match = _DIE_TEXT.fullmatch(text.strip())
        if match is None or int(match.group(1)) not in _BY_SIDES:
            raise DiceError(
                f"'{text}' is not a step die: use d4, d6, d8, d10 or d12 (for example d8)."
            )
        return _BY_SIDES[int(match.group(1))]

    @classmethod
    def of(cls, sides: int) -> Die:
        if sides not in _BY_SIDES:
            raise DiceError(f"A d{sides} is not a step die: use d4, d6, d8, d10 or d12.")
        return _BY_SIDES[sides]


class Beyond(enum.Enum):
    """The two explicit results of stepping off the ladder."""

    PAST_D12 = "past d12"
    BELOW_D4 = "below d4"

    def __str__(self) -> str:
        return self.value


Step = Die | Beyond

_DIE_TEXT = re.compile(r"[dD]?(\d{1,2})")
_LADDER: tuple[Die, ...] = (Die.D4, Die.D6, Die.D8, Die.D10, Die.D12)
_BY_SIDES = {die.sides: die for die in _LADDER}


def step_up(die: Die, steps: int = 1) -> Step:
    """Step ``die`` up ``steps`` times (a negative count steps down)."""
    return _move(die, steps)


def step_down(die: Die, steps: int = 1) -> Step:
    """Step ``die`` down ``steps`` times (a negative count steps up)."""
    return _move(die, -steps)


def _move(die: Die, steps: int) -> Step:
    index = _LADDER.index(die) + steps
    if index >= len(_LADDER):
        return Beyond.PAST_D12
    if index < 0:
        return Beyond.BELOW_D4
    return _LADDER[index]


def ladder() -> tuple[Die, ...]:
    """The step dice from smallest to largest."""
    return _LADDER
