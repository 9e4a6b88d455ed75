"""The grammar of dice expressions, with the roll budget checked while parsing::

    sum     := product (("+" | "-") product)*
    product := unary ("*" unary)*
    unary   := "-" unary | atom
    atom    := INT | dice | "(" sum ")"
    dice    := [INT] "d" (INT | "%") [("kh" | "kl" | "dh" | "dl" | "k") [INT]]

Hand-written, so every mistake gets a message saying what to type instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scenekeeper.dice.errors import DiceError
from scenekeeper.dice.terms import (
    OPERATORS,
    PRECEDENCE,
    BinaryOp,
    DiceTerm,
    Keep,
    KeepMode,
    Negate,
    Node,
    Number,
)

# The roll budget. It is checked while parsing, before a single die is rolled, so text like
# ``1000000d6`` fails at once instead of allocating a million faces. The limits are far above
# what a real table needs; they only stop one message from tying up the bot.
MAX_DICE = 1000  # in the whole expression: 600d6 + 600d6 is over
MAX_SIDES = 1000  # on one die
MAX_CONSTANT = 1_000_000  # the largest plain number
MAX_TEXT_LENGTH = 200  # characters, not counting surrounding whitespace
MAX_DEPTH = 20  # brackets and unary minus signs together: -(-(2)) is 3 deep

_EXAMPLES = "expressions look like 2d6+3, 4d6kh3 or d20"


def parse_tree(text: str) -> Node:
    """Parse ``text`` into a syntax tree, enforcing the roll budget.

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
    return _Parser(text).parse()


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
        if level > max(PRECEDENCE.values()):
            return self._unary()
        node = self._binary(level + 1)
        while (op := OPERATORS.get(self._peek().text)) and PRECEDENCE[op] == level:
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
