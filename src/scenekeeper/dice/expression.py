"""Generic dice expressions such as ``4d6kh3+2``, ``2d20kl1`` or ``(d8+1)*2``.

A small hand-written grammar, so every mistake gets a message saying what to type instead::

    sum     := product (("+" | "-") product)*
    product := unary ("*" unary)*
    unary   := "-" unary | atom
    atom    := INT | dice | "(" sum ")"
    dice    := [INT] "d" (INT | "%") [("kh" | "kl" | "dh" | "dl" | "k") [INT]]

No division, no exploding or rerolled dice: the number of dice must be known before rolling,
because a person may type the faces of real dice (``results:"5 3 1 6"``). For the same reason
parsing and evaluating are apart: :meth:`Expression.dice_sides` says which dice to roll and
:meth:`Expression.evaluate` totals given faces with no randomness, so rolls replay exactly.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

from scenekeeper.dice.grammar import (
    parse_tree,
)
from scenekeeper.dice.source import DiceSource, check_faces, roll_dice
from scenekeeper.dice.terms import (
    BinaryOp,
    DiceTerm,
    Negate,
    Node,
    Number,
    format_node,
)


@dataclass(frozen=True)
class ExpressionDie:
    """One die of a roll, and whether its face counted towards the total."""

    sides: int
    face: int
    kept: bool


@dataclass(frozen=True)
class TermRoll:
    """The dice one :class:`DiceTerm` rolled and what they added up to."""

    term: DiceTerm
    dice: tuple[ExpressionDie, ...]
    total: int


@dataclass(frozen=True)
class ExpressionResult:
    expression: Expression
    total: int
    rolls: tuple[TermRoll, ...]  # one per dice term, in roll order (left to right)

    @property
    def dice(self) -> tuple[ExpressionDie, ...]:
        """Every die in roll order, matching ``expression.dice_sides()``."""
        rolls = self.rolls
        if len(rolls) == 1:
            return rolls[0].dice
        return tuple(die for roll in rolls for die in roll.dice)


@dataclass(frozen=True)
class Expression:
    """A parsed dice expression; build it with :func:`parse_expression`."""

    root: Node

    @functools.cached_property
    def text(self) -> str:
        return format_node(self.root)

    def __str__(self) -> str:
        return self.text

    def dice_sides(self) -> tuple[int, ...]:
        """The sides of every die to roll, left to right."""
        return self._sides

    # An expression is a frozen value read again on every check of a stored roll: its text and
    # its dice are worked out once (the instance's own dict, which a frozen dataclass allows).
    @functools.cached_property
    def _sides(self) -> tuple[int, ...]:
        return tuple(term.sides for term in _dice_terms(self.root) for _ in range(term.count))

    @functools.cached_property
    def text_around_dice(self) -> tuple[str, ...]:
        """The normalised text cut at each dice term, one piece more than it has dice terms: a
        stringifier writes each term with its dice between them (worked out once, not a walk
        of the tree every reply). NUL marks the cuts: no normalised text holds one."""
        return tuple(format_node(self.root, _cut).split("\0"))

    def evaluate(self, faces: Sequence[int]) -> ExpressionResult:
        """Total the expression for ``faces``, one per die of :meth:`dice_sides`.

        Pure: the same faces always give the same result, which makes a recorded roll
        replayable without rolling again.
        """
        # A roll is evaluated when it is made and again when its event checks that its faces
        # make its total: the newest answer is kept (pure, so the same faces, the same result).
        last = self.__dict__.get("_last")
        if last is not None and last[0] == faces:
            return last[1]  # type: ignore[no-any-return]
        sides = self._sides
        checked = tuple(faces)
        # Every face on its die (nearly always): the full check, which words what is wrong,
        # only when one is not.
        if len(checked) != len(sides) or not all(map(_on_die, checked, sides)):
            checked = check_faces(faces, sides, subject=f"'{self.text}'")
        rolls: list[TermRoll] = []
        total = _evaluate(self.root, iter(checked), rolls)
        result = ExpressionResult(expression=self, total=total, rolls=tuple(rolls))
        self.__dict__["_last"] = (tuple(checked), result)
        return result


def _on_die(face: int, sides: int) -> bool:
    return 1 <= face <= sides


def _cut(_term: DiceTerm) -> str:
    return "\0"


def _dice_terms(node: Node) -> Iterator[DiceTerm]:
    if isinstance(node, DiceTerm):
        yield node
    elif isinstance(node, Negate):
        yield from _dice_terms(node.operand)
    elif isinstance(node, BinaryOp):
        yield from _dice_terms(node.left)
        yield from _dice_terms(node.right)


def _evaluate(node: Node, faces: Iterator[int], rolls: list[TermRoll]) -> int:
    if isinstance(node, Number):
        return node.value
    if isinstance(node, DiceTerm):
        rolls.append(_roll_term(node, tuple(islice(faces, node.count))))
        return rolls[-1].total
    if isinstance(node, Negate):
        return -_evaluate(node.operand, faces, rolls)
    # Left before right: faces must be consumed in the order of dice_sides().
    left = _evaluate(node.left, faces, rolls)
    right = _evaluate(node.right, faces, rolls)
    return left + right if node.op == "+" else left - right if node.op == "-" else left * right


#: Dice by sides, face and whether kept: a frozen value, so one serves every roll that shows
#: it rather than one made for every die. Bounded: cleared when full.
_DICE: dict[tuple[int, int, bool], ExpressionDie] = {}


def _die(sides: int, face: int, kept: bool) -> ExpressionDie:
    die = _DICE.get((sides, face, kept))
    if die is None:
        if len(_DICE) >= 4096:
            _DICE.clear()
        die = _DICE[sides, face, kept] = ExpressionDie(sides, face, kept)
    return die


def _roll_term(term: DiceTerm, faces: tuple[int, ...]) -> TermRoll:
    sides = term.sides
    if term.keep is None:  # every die counts (most rolls): nothing to choose
        dice = tuple([_die(sides, face, True) for face in faces])
        return TermRoll(term, dice, total=sum(faces))
    everything = set(range(len(faces)))
    # Among equal faces the earlier die is chosen first, whether choosing what to keep
    # or what to drop, so the same faces always mark the same dice.
    highest = term.keep.mode.endswith("h")
    order = sorted(everything, key=lambda i: (-faces[i] if highest else faces[i], i))
    chosen = set(order[: term.keep.count])
    kept = chosen if term.keep.mode.startswith("k") else everything - chosen
    dice = tuple([_die(sides, face, i in kept) for i, face in enumerate(faces)])
    return TermRoll(term, dice, total=sum(die.face for die in dice if die.kept))


def roll_expression(text: str, source: DiceSource, results: str | None = None) -> ExpressionResult:
    """Parse ``text`` and roll it with ``source``, or with the faces typed in ``results``."""
    expression = parse_expression(text)
    return expression.evaluate(roll_dice(source, expression.dice_sides(), results))


def parse_expression(text: str) -> Expression:
    """Parse ``text`` into an :class:`Expression`, enforcing the roll budget.

    Raises :class:`DiceError` with a one-line message saying what to type instead.
    """
    return _parsed(text)


# A roll's expression is parsed when it is rolled and again whenever its event is checked
# (``DiceRolled`` adds its faces up on every read): a quarter of a roll command's time before
# this cache (issue 24). Expressions are frozen values, so one parse serves every reader; a
# text that does not parse raises each time (errors are not cached).
@functools.lru_cache(maxsize=1024)
def _parsed(text: str) -> Expression:
    expression = Expression(parse_tree(text))
    # "4d6kh3+2" as typed and "4d6kh3 + 2" as its event records it are one object, so the
    # event's check finds the roll's evaluation kept on it (``Expression.evaluate``).
    return _written(expression.text, expression)


_WRITTEN: dict[str, Expression] = {}


def _written(text: str, expression: Expression) -> Expression:
    """The one expression kept for ``text``, as expressions write themselves."""
    if len(_WRITTEN) >= 1024:
        _WRITTEN.clear()  # a bound, like the cache in front of it
    return _WRITTEN.setdefault(text, expression)
