"""Dice: step dice, dice sources, recorded rolls and generic dice expressions.

Pure and game-agnostic: imports nothing but the standard library.
"""

from scenekeeper.dice.errors import DiceError
from scenekeeper.dice.source import (
    DiceSource,
    FairDice,
    RolledDie,
    SeededDice,
    parse_faces,
    roll_dice,
    typed_faces,
)
from scenekeeper.dice.steps import Beyond, Die, Step, ladder, step_down, step_up

__all__ = [
    "Beyond",
    "DiceError",
    "DiceSource",
    "Die",
    "FairDice",
    "RolledDie",
    "SeededDice",
    "Step",
    "ladder",
    "parse_faces",
    "roll_dice",
    "step_down",
    "step_up",
    "typed_faces",
]
