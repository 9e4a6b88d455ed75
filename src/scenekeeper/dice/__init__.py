"""Dice: step dice, pools, dice sources, recorded rolls and generic dice expressions.

Pure and game-agnostic: imports nothing but the standard library.
"""

from scenekeeper.dice.errors import DiceError
from scenekeeper.dice.expression import (
    Expression,
    ExpressionDie,
    ExpressionResult,
    TermRoll,
    parse_expression,
    roll_expression,
)
from scenekeeper.dice.grammar import MAX_CONSTANT, MAX_DEPTH, MAX_DICE, MAX_SIDES, MAX_TEXT_LENGTH
from scenekeeper.dice.pool import Pool, PoolRoll, RolledStep
from scenekeeper.dice.source import (
    DiceSource,
    FairDice,
    SeededDice,
    parse_faces,
    roll_dice,
    typed_faces,
)
from scenekeeper.dice.steps import Beyond, Die, Step, ladder, step_down, step_up
from scenekeeper.dice.stringify import LONG_FACES, MarkdownStringifier, PlainStringifier, faces_text

__all__ = [
    "LONG_FACES",
    "MAX_CONSTANT",
    "MAX_DEPTH",
    "MAX_DICE",
    "MAX_SIDES",
    "MAX_TEXT_LENGTH",
    "Beyond",
    "DiceError",
    "DiceSource",
    "Die",
    "Expression",
    "ExpressionDie",
    "ExpressionResult",
    "FairDice",
    "MarkdownStringifier",
    "PlainStringifier",
    "Pool",
    "PoolRoll",
    "RolledStep",
    "SeededDice",
    "Step",
    "TermRoll",
    "faces_text",
    "ladder",
    "parse_expression",
    "parse_faces",
    "roll_dice",
    "roll_expression",
    "step_down",
    "step_up",
    "typed_faces",
]
