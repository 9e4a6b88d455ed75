"""The METTLE Check (engine.md, Checks): the pool, the Difficulty, the dice and how they read.

Roll dice equal to the pool; faces 1-3 add up to the Score, faces 4-6 count as Edge; the Check
succeeds when the Score *beats* the Difficulty (this revision: a tie fails, gaps 4). Raised dice
are set to six before the roll and count as Edge. A pool of 0 dice or fewer fails outright
(checklist D26); a Difficulty never goes below 0 (D25).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from scenekeeper.dice import DiceError, DiceSource, Expression, parse_expression, roll_dice
from scenekeeper.engine.errors import Refusal
from scenekeeper.odds import OddsError, mettle_check, percent
from scenekeeper.systems.mettle.state import CheckRecord

#: engine.md, Difficulty.
LADDER = {
    "routine": 1,
    "challenging": 3,
    "daunting": 6,
    "formidable": 10,
    "nigh-impossible": 15,
}
#: engine.md, Edge: the quality of a success.
QUALITY = ("OK", "Good", "Great", "Excellent", "Amazing", "Legendary")
SIDES = 6
#: Far above any pool the sheets build (Attributes 1-30, bonuses, Surges, a weapon's Hit).
MAX_CHECK_DICE = 150
#: A typed Difficulty: three times the largest pool cannot be beaten (engine.md), so more
#: means nothing.
MAX_DIFFICULTY = 3 * MAX_CHECK_DICE


def quality(edge: int) -> str:
    return QUALITY[min(edge, len(QUALITY) - 1)]


@dataclass(frozen=True)
class Pool:
    """The dice of a Check and where they come from ("Nature 3 + Sword 2 = 5 dice")."""

    parts: tuple[tuple[str, int], ...]

    @property
    def dice(self) -> int:
        return max(0, sum(n for _, n in self.parts))

    def plus(self, label: str, n: int) -> Pool:
        return Pool((*self.parts, (label, n))) if n else self

    @property
    def text(self) -> str:
        dice = f"{self.dice} {'die' if self.dice == 1 else 'dice'}"
        first, *rest = self.parts
        if not rest and first[0] == "dice":
            return dice
        out = f"{first[0]} {first[1]}"
        for label, n in rest:
            out += f" {'+' if n >= 0 else '-'} {label} {abs(n)}"
        return f"{out} = {dice}" if rest else out


@dataclass(frozen=True)
class Difficulty:
    """What the Score must beat, and how it was made ("the Thug's Poise 3 + cover 2")."""

    parts: tuple[tuple[str, int], ...]
    #: Concept off its Descriptor: the final Difficulty doubles (characters.md, CONCEPT).
    doubled: bool = False
    #: Labels of parts the players may not see (a tranquilizer's secret Dose, R154): the text
    #: names them without their number, and no total is shown.
    hidden: tuple[str, ...] = ()

    @property
    def value(self) -> int:
        total = max(0, sum(n for _, n in self.parts))
        return total * 2 if self.doubled else total

    def plus(self, label: str, n: int, *, secret: bool = False) -> Difficulty:
        if not n:
            return self
        hidden = (*self.hidden, label) if secret else self.hidden
        return replace(self, parts=(*self.parts, (label, n)), hidden=hidden)

    @property
    def text(self) -> str:
        first, *rest = self.parts
        out = f"{first[0]} {first[1]}" if first[0] else str(first[1])
        for label, n in rest:
            if label in self.hidden:
                out += f" + {label} (secret)"
            else:
                out += f" {'+' if n >= 0 else '-'} {label} {abs(n)}"
        if self.doubled:
            out = f"({out}) x 2 off the Descriptor"
        if self.hidden or (not rest and not self.doubled and first[1] >= 0):
            return out
        return f"{out} = {self.value}"


def difficulty_named(text: str) -> Difficulty | None:
    """A number or a rung of the ladder ("daunting"); None if it is neither."""
    word = text.strip().casefold().replace(" ", "-")
    if word.lstrip("-").isdigit():
        if len(word) > 6 or abs(int(word)) > MAX_DIFFICULTY:
            raise Refusal(
                f"vs:{text.strip()} is out of range: a Difficulty is a number from "
                f"-{MAX_DIFFICULTY} to {MAX_DIFFICULTY} (nigh-impossible is 15), or a rung of the "
                "ladder like vs:daunting."
            )
        return Difficulty((("", int(word)),))
    if word in LADDER:
        return Difficulty(((word.replace("-", " ").capitalize(), LADDER[word]),))
    return None


def d6_roll(text: str, option: str) -> Expression:
    """A Roll as typed, checked before any die is rolled: METTLE rolls only d6 (checklist R1)."""
    try:
        expression = parse_expression(text)
    except DiceError as error:
        raise Refusal(str(error)) from None
    other = sorted({s for s in expression.dice_sides() if s != SIDES})
    if other:
        raise Refusal(
            f"METTLE rolls only six-sided dice (engine.md, Rolls): {option}:{text.strip()} has "
            f"a d{other[0]}; write it with d6, like {option}:2d6+1."
        )
    return expression


def roll(source: DiceSource, pool: int, raises: int, results: str | None) -> tuple[int, ...]:
    """The faces of the dice that are rolled (a Raise sets its dice to six unrolled)."""
    if raises > pool:
        raise Refusal(f"raises: sets dice of the pool to six; the pool has {pool}, not {raises}.")
    if pool > MAX_CHECK_DICE:
        # Ratings are 1-30 (sheets imported before they were checked may hold more).
        raise Refusal(
            f"A Check of {pool} dice is more than any takes (at most {MAX_CHECK_DICE}); a GM "
            "lowers the rating with /char set."
        )
    rolled = pool - raises
    if rolled <= 0:
        if results:
            raise Refusal(
                "No dice are rolled (every die is raised or the pool is empty); leave out results:."
            )
        return ()
    try:
        return roll_dice(source, [SIDES] * rolled, results)
    except DiceError as error:
        raise Refusal(str(error)) from None


def odds_line(
    dice: int, raises: int, difficulty: int | None, *, repeat: bool = False
) -> str | None:
    """The chance shown before a Check against a known Difficulty (odds/mettle.py, exact), and
    with a Twist on a failure -- Twists again while it fails with Edge, with ``repeat`` (the
    repeat-twists mod)."""
    if difficulty is None or dice <= 0:
        return None
    try:
        check = mettle_check(dice, raises)
        plain = check.p_success(difficulty)
        twisted = check.p_success(difficulty, twist=True, repeat=repeat)
    except OddsError:
        return None
    if not check.can_succeed(difficulty):
        # engine.md: it is impossible to beat a Difficulty three times the pool or higher.
        return (
            f"Odds: 0% to beat {difficulty} with {dice} {'die' if dice == 1 else 'dice'} "
            "(3 x the pool cannot be beaten, Twist or not)."
        )
    how = "Twists while it fails with Edge" if repeat else "a Twist on a failure"
    twist = f" ({percent(twisted)} with {how})" if twisted != plain else ""
    return f"Odds: {percent(plain)} to beat {difficulty}{twist}."


def faces_text(check: CheckRecord) -> str:
    shown = " ".join(str(f) for f in check.faces) or "none rolled"
    if check.raises and not check.twists:
        shown += f" + {check.raises} raised ({' '.join(['6'] * check.raises)})"
    if check.kept:
        shown = f"kept Score {' '.join(str(f) for f in check.kept)} + re-rolled {shown}"
    return shown


def reading_lines(check: CheckRecord, *, twist_allowed: bool) -> list[str]:
    """How the dice read: Score and Edge, success or failure against the Difficulty."""
    if check.dice <= 0:
        return ["No dice in the pool: the Check fails (Score 0, Edge 0, no Twist)."]
    lines = [f"Dice: {faces_text(check)} -> Score {check.score}, Edge {check.edge}."]
    if check.difficulty is None:
        lines.append("No Difficulty given: the Guide judges the Score.")
        return lines
    # A Difficulty with a secret part is never shown as a number (R154).
    shown = "the Difficulty (raised in secret)" if check.secret else str(check.difficulty)
    if check.success:
        lines.append(f"Success ({quality(check.edge)}): Score {check.score} beats {shown}.")
        return lines
    tie = " (a tie fails)" if check.score == check.difficulty and not check.secret else ""
    lines.append(f"Failure: Score {check.score} does not beat {shown}{tie}.")
    if twist_allowed and check.edge:
        best = check.score + 3 * check.edge
        if best <= check.difficulty:
            # Re-rolled Edge dice add 3 each at most: no Twist can turn this failure round.
            lines.append(
                f"{check.edge} Edge, but no Twist can beat {shown} (Score "
                f"{check.score} + at most {3 * check.edge} from the Edge dice re-rolled): the "
                "failure stands."
            )
        else:
            lines.append(
                f"{check.edge} Edge: call a Twist to re-roll {'it' if check.edge == 1 else 'them'} "
                "(/twist, Delay by default), or accept the failure."
            )
    return lines
