"""Which roll or contest a button means, by an identity that is never reused.

Roll numbers come back after ``/undo`` (the roll counter is part of the state undo restores),
and two contests between the same characters look alike. The seq of the command that made a
roll, or started a contest, is never reused: undo is an event with a seq of its own. So a
button names its roll as "#3 made by command #17" and is refused when the roll #3 in play now
was made by another command (the old one was undone).

The seq is read from the table's undo window (``Table.window``: the standing commands of the
last ``UNDO_DEPTH``): a roll whose command has left the window cannot be undone any more, but
neither can its buttons be told apart from an undone one's, so they ask for the typed command.
Pure: no discord import, no I/O; run under the table's lock (``App.handle`` with a prepared
command), so nothing can land between the check and the command.
"""

from __future__ import annotations

from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.errors import Refusal
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.state import CortexState, RollRecord

#: A button made before buttons carried a seq.
OLD_BUTTON = "This button is from an older version of the bot; nothing was changed. Type {typed}."


def roll_maker(table: Table, roll_id: int) -> int | None:
    """The seq of the standing command that made roll ``roll_id``, while it is in the undo
    window (None: no such roll made there)."""
    for record in reversed(table.window):
        if any(isinstance(e, ev.Rolled) and e.roll.id == roll_id for e in record.events):
            return record.seq
    return None


def contest_start(table: Table) -> int | None:
    """The seq of the standing command that started the running contest (None: no contest, or
    it started before the undo window)."""
    base = table.base.game if table.base is not None else None
    running = isinstance(base, CortexState) and base.contest is not None
    start: int | None = None
    for record in table.window:
        for event in record.events:
            if isinstance(event, ev.ContestChanged):
                if event.contest is not None and not running:
                    start = record.seq
                elif event.contest is None:
                    start = None
                running = event.contest is not None
    return start if running else None


def checked_roll(table: Table, roll_id: int, seq: int | None, typed: str) -> RollRecord:
    """Roll ``roll_id`` if it is still the one command ``seq`` made; else a ``Refusal`` that
    says why and what to type (``typed``) instead."""
    if seq is None:
        raise Refusal(OLD_BUTTON.format(typed=typed))
    game = table.state.game if table.state is not None else None
    roll = game.roll_by_id(roll_id) if isinstance(game, CortexState) else None
    maker = roll_maker(table, roll_id)
    if roll is None or (maker is not None and maker != seq):
        raise Refusal(
            f"The roll #{roll_id} on this message is no longer in play (it was undone, or is "
            "too old); nothing was changed."
        )
    if maker is None:
        raise Refusal(
            f"Roll #{roll_id} is too old for its buttons (its command is past the last 100); "
            f"nothing was changed. Type {typed}."
        )
    return roll


def check_contest(table: Table, seq: int | None) -> None:
    """Refuse a contest button unless its contest (started by command ``seq``) is running."""
    if seq is None:
        raise Refusal(OLD_BUTTON.format(typed="/contest show to see what is running"))
    game = table.state.game if table.state is not None else None
    running = isinstance(game, CortexState) and game.contest is not None
    start = contest_start(table)
    if running and start is None:
        raise Refusal(
            "This contest is too old for its buttons (it started more than 100 commands ago); "
            "nothing was changed. Type /contest givein or /contest stand."
        )
    if not running or start != seq:
        raise Refusal("That contest is over; /contest show says what is running now.")
