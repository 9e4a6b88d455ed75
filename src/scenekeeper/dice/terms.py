"""The syntax tree of a dice expression, and its normalised text.

Shared by the grammar (which builds trees) and the evaluator (which totals them); the
binding-strength table lives here so parsing and printing cannot drift apart.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

KeepMode = Literal["kh", "kl", "dh", "dl"]
Operator = Literal["+", "-", "*"]


@dataclass(frozen=True)
class Number:
    """A plain non-negative integer; a negative one is a :class:`Negate`, so text round-trips."""

    value: int


@dataclass(frozen=True)
class Keep:
    """Which dice of a term count: ``kh3`` keeps the three highest, ``dl1`` drops the lowest."""

    mode: KeepMode
    count: int

    def __str__(self) -> str:
        return f"{self.mode}{self.count}"


@dataclass(frozen=True)
class DiceTerm:
    """``count`` dice with ``sides`` sides, optionally keeping only some of them."""

    count: int
    sides: int
    keep: Keep | None = None

    def __str__(self) -> str:
        return self._text

    # A term is parsed once and written in every reply of its roll: its text is made once (a
    # frozen dataclass's own dict allows it).
    @functools.cached_property
    def _text(self) -> str:
        count = "" if self.count == 1 else str(self.count)
        return f"{count}d{self.sides}{self.keep or ''}"


@dataclass(frozen=True)
class Negate:
    operand: Node


@dataclass(frozen=True)
class BinaryOp:
    op: Operator
    left: Node
    right: Node


Node = Number | DiceTerm | Negate | BinaryOp

# Binding strength, shared by the parser's rule order and by where normalised text needs
# brackets, so the two cannot drift apart.
PRECEDENCE: dict[Operator, int] = {"+": 1, "-": 1, "*": 2}
OPERATORS: dict[str, Operator] = {"+": "+", "-": "-", "*": "*"}  # token text -> typed op
_NEGATE = 3
_ATOM = 4


def _precedence(node: Node) -> int:
    if isinstance(node, BinaryOp):
        return PRECEDENCE[node.op]
    return _NEGATE if isinstance(node, Negate) else _ATOM


def format_node(node: Node, dice_text: Callable[[DiceTerm], str] = str) -> str:
    """Write ``node`` as normalised text, with ``dice_text`` writing each dice term.

    Dice terms are visited left to right, the order of :meth:`Expression.dice_sides`, which
    lets a stringifier pair each term with its rolled dice. Brackets appear only where the
    tree needs them, so the text parses back to the same tree.
    """
    if isinstance(node, Number):
        return str(node.value)
    if isinstance(node, DiceTerm):
        return dice_text(node)
    if isinstance(node, Negate):
        inner = format_node(node.operand, dice_text)
        # A minus inside a minus gets brackets too: "--2" reads like a typo.
        return f"-({inner})" if _precedence(node.operand) <= _NEGATE else f"-{inner}"
    own = PRECEDENCE[node.op]
    left = format_node(node.left, dice_text)
    right = format_node(node.right, dice_text)
    if _precedence(node.left) < own:
        left = f"({left})"
    # Operators group left to right, so a right side of equal strength keeps its brackets.
    if _precedence(node.right) <= own:
        right = f"({right})"
    return f"{left} {node.op} {right}"
