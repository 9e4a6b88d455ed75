"""Writing a rolled expression for people, kept apart from evaluating it.

The same result is shown in different places: a console or a screen reader wants plain words
(``dropped 1``), Discord wants markdown (``~~1~~`` and a bold total). A stringifier only
decides how a die and the total look; the layout -- the normalised expression with each dice
term followed by its faces -- is shared::

    4d6kh3 (5, 3, dropped 1, 6) + 2 = 16
    4d6kh3 (5, 3, ~~1~~, 6) + 2 = **16**
"""

from __future__ import annotations

from scenekeeper.dice.expression import ExpressionDie, ExpressionResult
from scenekeeper.dice.terms import DiceTerm, format_node


class PlainStringifier:
    """No markup at all, so console output and screen readers read it as it stands."""

    def render(self, result: ExpressionResult) -> str:
        # format_node visits dice terms in roll order, the order of result.rolls.
        rolls = iter(result.rolls)

        def dice_text(term: DiceTerm) -> str:
            faces = ", ".join(self.die(die) for die in next(rolls).dice)
            return f"{term} ({faces})"

        return f"{format_node(result.expression.root, dice_text)} = {self.total(result.total)}"

    def die(self, die: ExpressionDie) -> str:
        return str(die.face) if die.kept else f"dropped {die.face}"

    def total(self, total: int) -> str:
        return str(total)


class MarkdownStringifier(PlainStringifier):
    """Discord markdown: dropped dice struck through, the total in bold.

    The expression needs no escaping: normalised text always has spaces around ``*``, and a
    ``*`` followed by a space never starts emphasis.
    """

    def die(self, die: ExpressionDie) -> str:
        return str(die.face) if die.kept else f"~~{die.face}~~"

    def total(self, total: int) -> str:
        return f"**{total}**"
