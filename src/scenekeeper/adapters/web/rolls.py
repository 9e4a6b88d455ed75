"""The last rolls for the board page: the newest standing commands whose result the game
displays with dice (``GameSystem.display``, the same fields Discord draws under a roll), read
from the table's undo window -- the event stream's last 100 commands -- never computed again;
for a game that displays no dice (METTLE's Checks), the faces its events recorded.

Only what the table may read: a command with any sealed event (a GM's secret roll, a sealed
bid) or any secret value (``engine.secrets``: a METTLE poison's Dose) is left out whole, not
described, and a display's controls are never drawn (the page is read-only).
"""

from __future__ import annotations

from dataclasses import dataclass

from scenekeeper.engine.aggregate import CommandRecord, Table
from scenekeeper.engine.commands import CommandRegistry
from scenekeeper.engine.controls import Field, Tone, literal
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.offered import display_of
from scenekeeper.engine.recheck import dice_in
from scenekeeper.engine.secrets import SECRET, shown

#: How many rolls the page shows, newest first.
SHOWN = 3


@dataclass(frozen=True)
class Shown:
    """One roll as the page shows it."""

    seq: int
    actor: str
    command: str
    fields: tuple[Field, ...]
    tone: Tone | None


def last_rolls(table: Table, registry: CommandRegistry, count: int = SHOWN) -> list[Shown]:
    state = table.state
    if state is None:
        return []
    found: list[Shown] = []
    for record in reversed(table.window):
        if len(found) == count:
            break
        if not _public(record, registry, table):
            continue
        try:
            display = display_of(table, record.seq)
        except Refusal:
            continue
        fields = display.fields or _recorded(record)
        if not fields:
            continue
        found.append(
            Shown(
                seq=record.seq,
                actor=state.meta.name_of(record.actor),
                command=shown(record.command, registry, state.meta),
                fields=fields,
                tone=display.tone,
            )
        )
    return found


def _recorded(record: CommandRecord) -> tuple[Field, ...]:
    """A roll whose game displays no dice (METTLE's Checks): each event that recorded dice,
    by its /history line and its faces (``engine.recheck.dice_in``)."""
    fields = []
    for event in record.events:
        dice = dice_in(event)
        if dice:
            faces = " ".join(f"`d{size}` {face}" if size else f"`{face}`" for size, face in dice)
            fields.append(Field(literal(event.describe()), faces))
    return tuple(fields)


def _public(record: CommandRecord, registry: CommandRegistry, table: Table) -> bool:
    if any(event.sealed() for event in record.events):
        return False
    meta = table.state.meta if table.state is not None else None
    return SECRET not in shown(record.command, registry, meta)
