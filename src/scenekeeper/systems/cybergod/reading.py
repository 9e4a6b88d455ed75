"""Reading a test: successes, the threshold or margin, complications paid, Effect Points.

Pure functions of a ``TestRecord`` (and the opposed roll's successes), so a Resolve re-roll, a
new complication choice or a re-rolled opponent is read afresh. Rules: Core Mechanics (Simple
Test, Opposed Test, Difficulty, Complications, Effects, Modifiers) and gaps 3; the defaults are
in docs/rules-notes.md, "Cybergod: Reborn".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from scenekeeper.systems.cybergod.state import Complication, CybergodState, TestRecord

Outcome = Literal["success", "failure", "stalemate", "rolled"]
#: Simple Test: "Count 1 Success for a roll of 5 or higher, or 2 Successes for 10 or higher".
SINGLE = 5
DOUBLE = 10
#: Difficulty: the Success Threshold of each level.
DIFFICULTIES = {"easy": 1, "moderate": 2, "hard": 3, "very hard": 4}
DIFFICULTY_NAMES = {1: "Easy", 2: "Moderate", 3: "Hard", 4: "Very Hard"}
#: gaps 3: an opposed test with no difficulty set needs a margin of 1.
OPPOSED_MARGIN = 1
#: R20: a bare threshold (or margin) for difficulties the table does not name.
MAX_THRESHOLD = 20
#: Complications: "having more than three complications on a single test is not recommended".
RECOMMENDED_COMPLICATIONS = 3


def successes_of(face: int) -> int:
    if face >= DOUBLE:
        return 2
    return 1 if face >= SINGLE else 0


def count_successes(faces: Sequence[int]) -> int:
    return sum(successes_of(f) for f in faces)


@dataclass(frozen=True)
class Reading:
    successes: int
    outcome: Outcome
    #: No dice to roll (Modifiers: "If you don't have dice, you fail automatically"), or a
    #: test the GM called impossible.
    auto_fail: bool = False
    #: Opposed: the other side's successes and the margin (own - theirs).
    their_successes: int | None = None
    margin: int | None = None
    #: Successes beyond the threshold (or margin beyond the difficulty): what may pay
    #: complications; what is left of it after them makes the EP beyond the first.
    extra: int = 0
    overcome: tuple[str, ...] = ()
    not_overcome: tuple[str, ...] = ()
    ep: int = 0
    #: "actor" when the test succeeds, "opponent" when the opposed roll has more successes
    #: (it is the victor, with EP = its margin), None otherwise.
    victor: Literal["actor", "opponent"] | None = None


def their_successes(test: TestRecord, game: CybergodState) -> int | None:
    """The opposed roll's successes, read live while it is in play."""
    if test.against is None:
        return None
    other = game.test_by_id(test.against)
    if other is None:
        return test.their_successes
    return count_successes(other.faces)


def read(test: TestRecord, theirs: int | None = None) -> Reading:
    """How ``test`` stands; ``theirs`` is the opposed roll's successes (opposed tests)."""
    own = count_successes(test.faces)
    names = tuple(c.name for c in test.complications)
    if test.against is not None:
        return _opposed(test, own, theirs or 0, names)
    if test.threshold is None:
        return Reading(successes=own, outcome="rolled")
    if test.impossible or (test.dice == 0 and not test.burned):
        return Reading(successes=own, outcome="failure", auto_fail=True, not_overcome=names)
    extra = own - test.threshold
    if extra < 0 and not test.burned:
        return Reading(successes=own, outcome="failure", not_overcome=names)
    return _succeeded(test, own, max(0, extra), names, dice_won=extra >= 0)


def _opposed(test: TestRecord, own: int, theirs: int, names: tuple[str, ...]) -> Reading:
    margin = own - theirs
    need = test.threshold or OPPOSED_MARGIN
    if test.impossible or (test.dice == 0 and not test.burned):
        # R35: no dice fails automatically, never a stalemate; the opponent wins if it rolled
        # any success ("whoever has more successes is the victor").
        wins = theirs > 0
        return Reading(
            successes=own,
            outcome="failure",
            auto_fail=True,
            their_successes=theirs,
            margin=margin,
            not_overcome=names,
            ep=theirs if wins else 0,
            victor="opponent" if wins else None,
        )
    if margin >= need or test.burned:
        extra = margin - need
        reading = _succeeded(test, own, max(0, extra), names, dice_won=extra >= 0)
        return replace(reading, their_successes=theirs, margin=margin)
    # Equal successes: a stalemate. Ahead but short of the difficulty: a failure with no
    # victor. Behind: the opposed roll is the victor, its EP its margin (R33).
    behind = margin < 0
    return Reading(
        successes=own,
        outcome="stalemate" if margin == 0 else "failure",
        their_successes=theirs,
        margin=margin,
        not_overcome=names,
        ep=-margin if behind else 0,
        victor="opponent" if behind else None,
    )


def _succeeded(
    test: TestRecord, own: int, extra: int, names: tuple[str, ...], *, dice_won: bool
) -> Reading:
    """A success: complications are paid from the extra successes first, the rest is EP
    (EP = 1 + extra - ratings paid). Burned Resolve succeeds whatever the dice: EP is at least
    1, and only successes the dice really earned beyond the threshold pay complications."""
    overcome = choose(test.complications, extra if dice_won else 0, test.overcome)
    paid = sum(c.rating for c in test.complications if c.name in overcome)
    ep = 1 + extra - paid if dice_won else 1
    return Reading(
        successes=own,
        outcome="success",
        extra=extra if dice_won else 0,
        overcome=overcome,
        not_overcome=tuple(n for n in names if n not in overcome),
        ep=max(1, ep),
        victor="actor",
    )


def choose(
    complications: Sequence[Complication], budget: int, chosen: Sequence[str] | None
) -> tuple[str, ...]:
    """The complications overcome with ``budget`` extra successes: the chosen ones (all by
    default), in the order listed, each paid in full while the budget lasts."""
    overcome = []
    for complication in complications:
        if chosen is not None and complication.name not in chosen:
            continue
        if complication.rating <= budget:
            overcome.append(complication.name)
            budget -= complication.rating
    return tuple(overcome)


def ep_holder(test: TestRecord, reading: Reading) -> str | None:
    """Who may spend the roll's EP: its roller when it succeeded, the opposed roll's roller
    when that one is the victor."""
    if reading.victor == "actor":
        return test.roller
    if reading.victor == "opponent":
        return test.their_roller
    return None


def ep_left(test: TestRecord, reading: Reading) -> int:
    return max(0, reading.ep - test.ep_spent)
