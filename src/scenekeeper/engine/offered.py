"""The shell's side of a game's controls: what a command's result displays (the game's
``display`` plus the shell's Undo), and the command a click on one of its controls sends.

A click names the table, the seq of the command whose result drew the control, its place and
its fingerprint (``engine.controls``). The command is found again in the table's undo window
and the game asked for the same display of it, cut at that command; a control whose command
was undone, has left the window, or whose game has ended is refused with a message that says
so -- and so is one that no longer matches (a fingerprint that differs) -- never run against
whatever took its place. Runs under the table's lock (``App.handle`` with a prepared command),
so nothing lands between the check and the command.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from scenekeeper.engine.aggregate import CommandRecord, Table
from scenekeeper.engine.controls import Control, Display, View, fingerprint
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.systems import get_system

NOTHING = "nothing was changed"


def display_of(table: Table, seq: int, plain: bool = False) -> Display:
    """What standing command ``seq``'s result displays, the shell's Undo last."""
    then = table.just_after(standing(table, seq).seq)
    assert then is not None
    assert then.state is not None
    system = get_system(then.state.meta.system)
    return with_undo(system.display(View(then, plain)), then.window[-1], plain)


def standing(table: Table, seq: int) -> CommandRecord:
    """Standing command ``seq`` of ``table``, or a refusal saying why its controls no longer
    act."""
    if table.state is None:
        raise Refusal(
            f"The game this message belongs to has ended; {NOTHING}. This channel plays the "
            "next game: type its commands here."
        )
    for record in reversed(table.window):
        if record.seq == seq:
            return record
    if any(record.seq == seq for record in table.redo):
        raise Refusal(f"Command #{seq} on this message was undone; {NOTHING} (/redo puts it back).")
    if table.window and seq < table.window[0].seq:
        raise Refusal(
            f"Command #{seq} on this message is past the last 100 commands, too old for its "
            f"buttons; {NOTHING}. Type the command instead."
        )
    # Within the window's reach and not standing: taken back (and no longer to be redone).
    raise Refusal(f"Command #{seq} on this message was undone; {NOTHING}.")


def with_undo(display: Display, record: CommandRecord, plain: bool) -> Display:
    """Every result that can be taken back offers Undo; ``/undo seq:`` takes it back only
    while it is the newest command (checked under the table's lock)."""
    if not record.events or not all(e.undoable for e in record.events):
        return display
    undo = Control(
        "Undo" if plain else "↩ Undo",
        "undo",
        (("seq", str(record.seq)),),
        row=4,
        edits=True,
    )
    return replace(display, controls=(*display.controls, undo))


@dataclass(frozen=True)
class Clicked:
    """A control found again for a click, and the command it sends (name, raw options)."""

    control: Control
    name: str
    raw: dict[str, object] = field(default_factory=dict)


def clicked(
    table: Table,
    seq: int,
    index: int,
    mark: str,
    *,
    answers: Mapping[str, str] | None = None,
    chosen: str | None = None,
) -> Clicked:
    """The command control ``index`` (fingerprint ``mark``) of command ``seq``'s result sends,
    with a form's ``answers`` or a select's ``chosen`` value; a refusal when it no longer
    acts."""
    controls = display_of(table, seq).controls
    control = controls[index] if 0 <= index < len(controls) else None
    if control is None or fingerprint(control) != mark:
        raise Refusal(
            f"This message's buttons no longer match command #{seq}; {NOTHING}. Type the "
            "command instead."
        )
    assert table.state is not None
    get_system(table.state.meta.system).control_guard(table, control.guard)
    given = dict(answers or {})
    if control.choices:
        if chosen not in {c.value for c in control.choices}:
            raise Refusal(f"Choose one of the entries of {control.label}; {NOTHING}.")
        given[control.choose] = chosen
    return Clicked(control, control.command, control.raw(given))
