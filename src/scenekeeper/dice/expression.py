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

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from scenekeeper.dice.errors import DiceError
from scenekeeper.dice.source import DiceSource, roll_dice

# The roll budget. It is checked while parsing, before a single die is rolled, so text like
# ``1000000d6`` fails at once instead of allocating a million faces. The limits are far above
# what a real table needs; they only stop one message from tying up the bot.
MAX_DICE = 1000  # in the whole expression: 600d6 + 600d6 is over
MAX_SIDES = 1000  # on one die
MAX_CONSTANT = 1_000_000  # the largest plain number
MAX_TEXT_LENGTH = 200  # characters, not counting surrounding whitespace
MAX_DEPTH = 20  # brackets and unary minus signs together: -(-(2)) is 3 deep

_EXAMPLES = "expressions look like 2d6+3, 4d6kh3 or d20"

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
_PRECEDENCE: dict[Operator, int] = {"+": 1, "-": 1, "*": 2}
_OPERATORS: dict[str, Operator] = {"+": "+", "-": "-", "*": "*"}  # token text -> typed op
_NEGATE = 3
_ATOM = 4


def _precedence(node: Node) -> int:
    if isinstance(node, BinaryOp):
        return _PRECEDENCE[node.op]
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
    own = _PRECEDENCE[node.op]
    left = format_node(node.left, dice_text)
    right = format_node(node.right, dice_text)
    if _precedence(node.left) < own:
        left = f"({left})"
    # Operators group left to right, so a right side of equal strength keeps its brackets.
    if _precedence(node.right) <= own:
        right = f"({right})"
    return f"{left} {node.op} {right}"


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
        return tuple(die for roll in self.rolls for die in roll.dice)


@dataclass(frozen=True)
class Expression:
    """A parsed dice expression; build it with :func:`parse_expression`."""

    root: Node

    @property
    def text(self) -> str:
        return format_node(self.root)

    def __str__(self) -> str:
        return self.text

    def dice_sides(self) -> tuple[int, ...]:
        """The sides of every die to roll, left to right."""
        return tuple(term.sides for term in _dice_terms(self.root) for _ in range(term.count))

    def evaluate(self, faces: Sequence[int]) -> ExpressionResult:
        """Total the expression for ``faces``, one per die of :meth:`dice_sides`.

        Pure: the same faces always give the same result, which makes a recorded roll
        replayable without rolling again.
        """
        checked = _checked_faces(self.text, tuple(faces), self.dice_sides())
        rolls: list[TermRoll] = []
        total = _evaluate(self.root, iter(checked), rolls)
        return ExpressionResult(expression=self, total=total, rolls=tuple(rolls))


def _dice_terms(node: Node) -> Iterator[DiceTerm]:
    if isinstance(node, DiceTerm):
        yield node
    elif isinstance(node, Negate):
        yield from _dice_terms(node.operand)
    elif isinstance(node, BinaryOp):
        yield from _dice_terms(node.left)
        yield from _dice_terms(node.right)


def _checked_faces(text: str, faces: tuple[int, ...], sides: tuple[int, ...]) -> tuple[int, ...]:
    if faces and not sides:
        raise DiceError(f"'{text}' rolls no dice, so it takes no faces; leave the faces out.")
    if len(faces) != len(sides):
        example = " ".join(str(min(n, 3)) for n in sides)
        raise DiceError(
            f"Got {len(faces)} face{'' if len(faces) == 1 else 's'} but '{text}' rolls "
            f"{len(sides)} {'die' if len(sides) == 1 else 'dice'}; give one face per die in "
            f"order, like {example}."
        )
    for position, (face, n) in enumerate(zip(faces, sides, strict=True), start=1):
        if not 1 <= face <= n:
            raise DiceError(
                f"Face {face} (number {position}) cannot come up on a d{n}; a d{n} shows 1 to {n}."
            )
    return faces


def _evaluate(node: Node, faces: Iterator[int], rolls: list[TermRoll]) -> int:
    if isinstance(node, Number):
        return node.value
    if isinstance(node, DiceTerm):
        rolls.append(_roll_term(node, tuple(next(faces) for _ in range(node.count))))
        return rolls[-1].total
    if isinstance(node, Negate):
        return -_evaluate(node.operand, faces, rolls)
    # Left before right: faces must be consumed in the order of dice_sides().
    left = _evaluate(node.left, faces, rolls)
    right = _evaluate(node.right, faces, rolls)
    return left + right if node.op == "+" else left - right if node.op == "-" else left * right


def _roll_term(term: DiceTerm, faces: tuple[int, ...]) -> TermRoll:
    everything = set(range(len(faces)))
    kept = everything
    if term.keep is not None:
        # Among equal faces the earlier die is chosen first, whether choosing what to keep
        # or what to drop, so the same faces always mark the same dice.
        highest = term.keep.mode.endswith("h")
        order = sorted(everything, key=lambda i: (-faces[i] if highest else faces[i], i))
        chosen = set(order[: term.keep.count])
        kept = chosen if term.keep.mode.startswith("k") else everything - chosen
    dice = tuple(ExpressionDie(term.sides, face, i in kept) for i, face in enumerate(faces))
    return TermRoll(term, dice, total=sum(die.face for die in dice if die.kept))


def roll_expression(text: str, source: DiceSource, results: str | None = None) -> ExpressionResult:
    """Parse ``text`` and roll it with ``source``, or with the faces typed in ``results``."""
    expression = parse_expression(text)
    return expression.evaluate(roll_dice(source, expression.dice_sides(), results))


def parse_expression(text: str) -> Expression:
    """Parse ``text`` into an :class:`Expression`, enforcing the roll budget.

    Raises :class:`DiceError` with a one-line message saying what to type instead.
    """
    text = text.strip()
    if not text:
        raise DiceError(f"The dice expression is empty; type a roll ({_EXAMPLES}).")
    if len(text) > MAX_TEXT_LENGTH:
        # Not quoted: the text may be enormous, and its length is the whole problem.
        raise DiceError(
            f"The dice expression is {len(text):,} characters long; the limit is "
            f"{MAX_TEXT_LENGTH}. Split it into smaller rolls."
        )
    return Expression(_Parser(text).parse())


@dataclass(frozen=True)
class _Token:
    text: str  # "" marks the end of the input
    start: int  # 0-based index into the stripped text; messages count from 1

    def is_(self, *texts: str) -> bool:
        return self.text.lower() in texts


# Group 1 is a token; group 2 catches any other character so it can be reported.
_TOKEN = re.compile(r"\s*(?:([0-9]+|[A-Za-z]+|[-+*()%])|(\S))")
_KEEP_WORDS: dict[str, KeepMode] = {"k": "kh", "kh": "kh", "kl": "kl", "dh": "dh", "dl": "dl"}
# What people bring from other dice bots, and what to do instead.
_HINTS = {
    "/": "there is no division, so use +, - or *",
    "x": "multiply with *, like 2d6*3",
    "!": "exploding dice are not supported, as the number of dice must be known before rolling",
    ")": "it closes no '(', so remove it or add the '(' it should close",
    "r": "rerolls are not supported, as the number of dice must be known before rolling",
}


def _tokenize(text: str) -> list[_Token]:
    tokens = []
    for match in _TOKEN.finditer(text):
        token = _Token(match.group(match.lastindex or 1), match.start(match.lastindex or 1))
        if match.lastindex == 2 or (token.text.isalpha() and not token.is_("d", *_KEEP_WORDS)):
            raise _unexpected(text, token)
        tokens.append(token)
    return [*tokens, _Token("", len(text))]


def _unexpected(text: str, token: _Token) -> DiceError:
    hint = _HINTS.get(token.text.lower(), _EXAMPLES)
    return DiceError(
        f"Unexpected '{token.text}' at position {token.start + 1} in '{text}'; {hint}."
    )


class _Parser:
    """Recursive descent over the grammar in the module docstring; ``sum`` and ``product``
    share :meth:`_binary`, which reads the same precedence table the formatter uses.
    """

    def __init__(self, text: str) -> None:
        self._text = text
        self._tokens = _tokenize(text)
        self._index = 0
        self._depth = 0
        self._dice_count = 0

    def parse(self) -> Node:
        node = self._binary()
        if self._peek().text:
            raise _unexpected(self._text, self._peek())
        return node

    def _peek(self) -> _Token:
        return self._tokens[self._index]

    def _take(self) -> _Token:
        token = self._tokens[self._index]
        self._index = min(self._index + 1, len(self._tokens) - 1)
        return token

    def _nest(self, delta: int) -> None:
        self._depth += delta
        if self._depth > MAX_DEPTH:
            raise DiceError(
                f"'{self._text}' nests brackets and minus signs more than {MAX_DEPTH} deep; "
                f"remove extra brackets, like (2d6+3)*2."
            )

    def _binary(self, level: int = 1) -> Node:
        """The ``sum`` rule at level 1 and the ``product`` rule at level 2."""
        if level > max(_PRECEDENCE.values()):
            return self._unary()
        node = self._binary(level + 1)
        while (op := _OPERATORS.get(self._peek().text)) and _PRECEDENCE[op] == level:
            self._take()
            node = BinaryOp(op, node, self._binary(level + 1))
        return node

    def _unary(self) -> Node:
        if not self._peek().is_("-"):
            return self._atom()
        self._take()
        self._nest(+1)
        node = Negate(self._unary())
        self._nest(-1)
        return node

    def _atom(self) -> Node:
        token = self._peek()
        if token.is_("d"):
            return self._dice(token.start, 1)
        if (not token.text or token.is_(")")) and self._index > 0:
            after = self._tokens[self._index - 1]
            raise DiceError(
                f"'{self._text}' is missing a number or dice after the '{after.text}' at "
                f"position {after.start + 1}; finish it, like 2d6+3."
            )
        self._take()
        if token.text.isdigit():
            if self._peek().is_("d"):
                return self._dice(token.start, int(token.text))
            if int(token.text) > MAX_CONSTANT:
                raise DiceError(
                    f"The number {int(token.text):,} in '{self._text}' is over the limit of "
                    f"{MAX_CONSTANT:,}; use a smaller number."
                )
            return Number(int(token.text))
        if token.is_("("):
            self._nest(+1)
            node = self._binary()
            if self._peek().text and not self._peek().is_(")"):
                raise _unexpected(self._text, self._peek())
            if not self._take().text:
                raise DiceError(
                    f"The '(' at position {token.start + 1} in '{self._text}' is never closed; "
                    f"add a ')' after what it groups, like (2d6+3)*2."
                )
            self._nest(-1)
            return node
        raise _unexpected(self._text, token)

    def _dice(self, start: int, count: int) -> DiceTerm:
        d = self._take()
        last = self._take()
        if not (last.text.isdigit() or last.is_("%")):
            raise DiceError(
                f"'{self._text}' is missing the number of sides after the 'd' at position "
                f"{d.start + 1}; write dice like 2d6, d20 or d%."
            )
        sides = 100 if last.is_("%") else int(last.text)
        keep = None
        if self._peek().text.lower() in _KEEP_WORDS:
            last = self._take()
            keep = Keep(_KEEP_WORDS[last.text.lower()], 1)
            if self._peek().text.isdigit():
                last = self._take()
                keep = Keep(keep.mode, int(last.text))
        _check_dice(self._text[start : last.start + len(last.text)], count, sides, keep)
        self._dice_count += count
        if self._dice_count > MAX_DICE:
            raise DiceError(
                f"'{self._text}' rolls {self._dice_count:,} dice in all; the limit is "
                f"{MAX_DICE:,} dice per roll. Roll fewer, like 100d{sides}."
            )
        return DiceTerm(count, sides, keep)


def _check_dice(written: str, count: int, sides: int, keep: Keep | None) -> None:
    """Budget and sense checks for one dice term, quoted as the person wrote it."""
    dice = f"{count if count > 1 else ''}d{sides}"
    usable = sides if 2 <= sides <= MAX_SIDES else 6  # for examples that must themselves work
    if count == 0:
        raise DiceError(f"'{written}' rolls no dice; roll at least one, like 1d{usable}.")
    if count > MAX_DICE:
        raise DiceError(
            f"'{written}' rolls {count:,} dice; the limit is {MAX_DICE:,} dice per roll. "
            f"Roll fewer, like 100d{usable}."
        )
    if sides < 2:
        raise DiceError(
            f"'{written}' has {sides} side{'' if sides == 1 else 's'}; a die needs at least 2 "
            f"sides. Use a real die like d6 or d20, or add a plain number like +1."
        )
    if sides > MAX_SIDES:
        raise DiceError(
            f"'{written}' has {sides:,} sides; the limit is {MAX_SIDES:,} sides per die. "
            f"Use a smaller die, like {dice.removesuffix(str(sides))}100."
        )
    if keep is None:
        return
    verb = "keep" if keep.mode.startswith("k") else "drop"
    if keep.count == 0:
        raise DiceError(
            f"'{written}' {verb}s no dice; {verb} at least 1, like {dice}{keep.mode}1, "
            f"or just roll {dice}."
        )
    if verb == "keep" and keep.count > count:
        raise DiceError(
            f"'{written}' keeps {keep.count:,} dice but rolls only {count}; keep at most "
            f"{count}, like {dice}{keep.mode}{max(count - 1, 1)}."
        )
    if verb == "drop" and keep.count >= count:
        example = f"{dice}{keep.mode}{count - 1}" if count > 1 else f"2d{sides}{keep.mode}1"
        raise DiceError(
            f"'{written}' drops {keep.count:,} of its {count} {'dice' if count > 1 else 'die'}, "
            f"leaving none; drop fewer, like {example}."
        )
