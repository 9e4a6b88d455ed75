"""The after-roll window: plot points spent on a roll, a different reading picked, a doom die
adding to a GM roll -- and everything the roll decides, decided again on its new reading.

Gaps 1.5: a plot point after rolling adds a die to the total or keeps another effect die.
Whatever a roll decides -- an action against its reaction, a contest's turn, a timed test's
beats, a recovery -- is worked out from its reading, so a change to the reading decides it
again (:func:`redecide`), and the outcome is always the one of the final reading. The window
closes when the roll is answered (a roll is made against it), when its roller rolls again, or
when what it decides is settled (``RollRecord.closed``); after that its reading is final and a
change is refused.
"""

from __future__ import annotations

from collections.abc import Callable

from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.state import TableState
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.order import exchange
from scenekeeper.systems.cortex.procedures import timed_rules
from scenekeeper.systems.cortex.procedures.contest_window import redecide as contest_redecide
from scenekeeper.systems.cortex.roll.reading import Reading
from scenekeeper.systems.cortex.state import CortexState, RollRecord, cortex
from scenekeeper.systems.cortex.troubles import recovery_rules

Found = tuple[list[Event], list[str]] | None


def require_open(roll: RollRecord) -> None:
    """Refuse to change a roll whose reading is final."""
    if roll.closed:
        raise Refusal(
            f"Roll #{roll.id}'s reading is final ({roll.closed}): plot points and picks come "
            "after a roll and before it is answered or settled."
        )


def reading_changed(
    state: TableState, roll: RollRecord, reading: Reading, *, keep: int, effects: int
) -> tuple[RollRecord, list[Event], list[str]]:
    """``roll`` read as ``reading`` (keeping ``keep`` dice in the total and ``effects`` effect
    dice): the roll as it now stands, the events recording it and everything it decides
    again, and the lines saying what changed."""
    require_open(roll)
    after = roll.model_copy(
        update={
            "keep": keep,
            "effects": effects,
            "total_dice": reading.total_dice,
            "effect_dice": reading.effect_dice,
        }
    )
    chosen = ev.ReadingChosen(
        roll_id=roll.id,
        keep=keep,
        effects=effects,
        total_dice=reading.total_dice,
        effect_dice=reading.effect_dice,
    )
    events, lines = redecide(state, cortex(state).with_roll(after), after)
    return after, [chosen, *events], lines


def redecide(
    state: TableState, game: CortexState, roll: RollRecord
) -> tuple[list[Event], list[str]]:
    """Everything ``roll`` decides, decided again on its reading in ``game`` (where it stands
    with its new reading). A roll decides one thing at most."""
    deciders: tuple[Callable[[], Found], ...] = (
        lambda: exchange.redecide(state, game, roll.id),
        lambda: contest_redecide(state, game, roll.id),
        lambda: timed_rules.redecide(game, roll.id, roll),
        lambda: recovery_rules.redecide(state, game, roll.id),
    )
    for decide in deciders:
        found = decide()
        if found is not None:
            return found
    return [], []
