"""Writing a rolled expression for people, kept apart from evaluating it.

The same result is shown in different places: a console or a screen reader wants plain words
(``dropped 1``), Discord wants markdown (``~~1~~`` and a bold total). A stringifier only
decides how a die and the total look; the layout -- the normalised expression with each dice
term followed by its faces -- is shared::

    4d6kh3 (5, 3, dropped 1, 6) + 2 = 16
    4d6kh3 (5, 3, ~~1~~, 6) + 2 = **16**

A term of more than ``LONG_FACES`` dice is counted by face (``faces_text``), so a big roll
stays a line a message can carry (Discord's is 2,000 characters); the roll's record keeps
every face in order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from scenekeeper.dice.expression import ExpressionDie, ExpressionResult
from scenekeeper.dice.terms import DiceTerm

#: More faces than this are said counted by face ("1 x9, 2 x8") instead of one by one.
LONG_FACES = 20


def counted(faces: Iterable[int]) -> str:
    """Faces counted by face, lowest first: "1 x9, 2 x8, 12 x3"."""
    return ", ".join(f"{face} x{n}" for face, n in sorted(Counter(faces).items()))


def faces_text(faces: Iterable[int], sep: str = ", ") -> str:
    """Faces as a reply says them: each in order, or counted by face when there are more
    than ``LONG_FACES`` (a 99-die save is a short line, not 99 numbers)."""
    shown = list(faces)
    if len(shown) <= LONG_FACES:
        return sep.join(map(str, shown))
    return f"counted by face: {counted(shown)}"


class PlainStringifier:
    """No markup at all, so console output and screen readers read it as it stands."""

    def render(self, result: ExpressionResult) -> str:
        # The expression's text cut at its dice terms, which roll in the order of result.rolls.
        around = result.expression.text_around_dice
        parts = [around[0]]
        for roll, after in zip(result.rolls, around[1:], strict=True):
            parts.append(self._dice_text(roll.term, roll.dice))
            parts.append(after)
        parts.append(" = ")
        parts.append(self.total(result.total))
        return "".join(parts)

    def _dice_text(self, term: DiceTerm, dice: tuple[ExpressionDie, ...]) -> str:
        if len(dice) > LONG_FACES:
            kept = [d.face for d in dice if d.kept]
            dropped = [d.face for d in dice if not d.kept]
            faces = f"counted by face: {counted(kept) or 'none kept'}"
            if dropped:
                faces += f"; {self.dropped(counted(dropped))}"
            return f"{term} ({faces})"
        faces = ", ".join([self.die(die) for die in dice])
        return f"{term} ({faces})"

    def die(self, die: ExpressionDie) -> str:
        return str(die.face) if die.kept else f"dropped {die.face}"

    def dropped(self, faces: str) -> str:
        return f"dropped {faces}"

    def total(self, total: int) -> str:
        return str(total)


class MarkdownStringifier(PlainStringifier):
    """Discord markdown: dropped dice struck through, the total in bold.

    The expression needs no escaping: normalised text always has spaces around ``*``, and a
    ``*`` followed by a space never starts emphasis.
    """

    def die(self, die: ExpressionDie) -> str:
        return str(die.face) if die.kept else f"~~{die.face}~~"

    def dropped(self, faces: str) -> str:
        return f"~~{faces}~~"

    def total(self, total: int) -> str:
        return f"**{total}**"
