"""Sealed choices an export withholds (NoDice's G6): a choice sealed and never revealed --
replaced unseen, undone, discarded by a retreat or the Conflict's end -- no longer shapes
anything the table can read, so ``/game export`` writes it as a ``Withheld`` event holding
only its unsealed fields, and its command line with its secret options as ``(withheld)``.

Which choices those are is the game's to say (``GameSystem.sealing``: what each event does
to the seats of sealed choices); this module follows the history as the table did -- undo and
redo included -- and names every command whose sealed choices were never shown.

``/game import`` takes a withheld command as recorded (it cannot be decided again without its
values; its events change nothing), and refuses a file whose marks do not hold: a withheld
command must have sealed choices only, and none of them may ever have been shown.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from scenekeeper.engine.aggregate import UNDO_DEPTH, Redone, Undone
from scenekeeper.engine.commands import CommandRegistry
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Envelope, Event, event_types
from scenekeeper.engine.evolve import evolves
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import GameSystem, get_system

MARK = "(withheld)"
_VALUE = r'(?:"(?:[^"\\]|\\.)*"|\S+)'


class Withheld(Event):
    """A sealed choice an export withheld (never revealed): its event type and its unsealed
    fields only. It changes nothing: the choice no longer shaped the table."""

    type_name: ClassVar[str] = "table.withheld@1"
    of: str
    kept: dict[str, Any]

    def sealed(self) -> bool:
        return True

    def describe(self) -> str:
        return self.describe_sealed()

    def describe_sealed(self) -> str:
        who = self.kept.get("character")
        return f"{who + ' ' if isinstance(who, str) else ''}committed (sealed, never revealed)"


@evolves(Withheld)
def _withheld(state: TableState, event: Withheld) -> TableState:
    del event
    return state


def _created(event: Event) -> str | None:
    """The game a table was created with, if ``event`` created it (``table.created@1``; its
    module imports the command modules, so it is named here, not imported)."""
    if event.type_name != "table.created@1":
        return None
    system = getattr(event, "system", None)
    return system if isinstance(system, str) else None


def withheld_line(command: str, registry: CommandRegistry, system: str | None) -> str:
    """A recorded command line without its secret options, ``(withheld)`` in their place:
    not even which of them were given (a ``wildcard:``) is left."""
    spec = registry.spec_of(command, system)
    if spec is None:
        return command
    line = command
    for option in spec.options:
        if option.meta.secret or spec.secret:
            line = re.sub(rf"\s*(?<!\S){re.escape(option.name)}:{_VALUE}", "", line)
    if line == command:
        return command
    return line if line.endswith(f" {MARK}") else f"{line} {MARK}"


@dataclass
class _Walk:
    """The seats of sealed choices as the history fills and empties them; undo and redo take
    them back and put them back exactly as the table's state."""

    seats: dict[str, int] = field(default_factory=dict)
    #: Standing commands, newest last: (first event's seq, seats after it, its events).
    standing: list[tuple[int, dict[str, int], list[Event]]] = field(default_factory=list)
    redo: list[tuple[int, list[Event]]] = field(default_factory=list)
    base: dict[str, int] = field(default_factory=dict)
    #: Every command that sealed a choice, and every command one of whose events did not.
    choices: set[int] = field(default_factory=set)
    others: set[int] = field(default_factory=set)
    shown: set[int] = field(default_factory=set)
    system: GameSystem | None = None

    def apply(self, command: int, event: Event) -> None:
        created = _created(event)
        if created is not None:
            system = get_system(created)
            # A game that seals no such choices is not asked (an export reads every event).
            self.system = None if type(system).sealing is GameSystem.sealing else system
        sealing = None
        if self.system is not None:
            if isinstance(event, Withheld):
                sealing = self.system.sealing(event.of, event.kept)
            else:
                sealing = self.system.sealing(event.type_name, event.to_data())
        if sealing is None or not sealing.seat:
            self.others.add(command)
        else:
            self.seats = {**self.seats, sealing.seat: command}
            self.choices.add(command)
        if sealing is None:
            return
        if sealing.shows or sealing.clears or sealing.clears_all:
            self.shown.update(self.seats[s] for s in sealing.shows if s in self.seats)
            gone = {*sealing.shows, *sealing.clears}
            self.seats = (
                {} if sealing.clears_all else {k: v for k, v in self.seats.items() if k not in gone}
            )

    def step(self, envelope: Envelope) -> None:
        event = envelope.event
        if isinstance(event, Undone):
            if self.standing and self.standing[-1][0] == event.target_seq:
                seq, _seats, events = self.standing.pop()
                self.redo.append((seq, events))
                self.seats = self.standing[-1][1] if self.standing else self.base
            return
        if isinstance(event, Redone):
            if self.redo and self.redo[-1][0] == event.target_seq:
                seq, events = self.redo.pop()
                for again in events:
                    self.apply(seq, again)
                self.standing.append((seq, self.seats, events))
            return
        if not event.undoable:  # a fresh start: nothing before it is taken back
            self.apply(envelope.command_seq, event)
            self.standing, self.redo, self.base = [], [], self.seats
            return
        if envelope.starts_command or not self.standing:
            self.redo = []
            self.standing.append((envelope.command_seq, self.seats, []))
            if len(self.standing) > UNDO_DEPTH:  # as far back as undo reaches
                self.base = self.standing.pop(0)[1]
        self.apply(envelope.command_seq, event)
        seq, _seats, events = self.standing[-1]
        self.standing[-1] = (seq, self.seats, [*events, event])


def superseded(envelopes: Sequence[Envelope]) -> frozenset[int]:
    """The commands (by their first event's seq) whose every event is a sealed choice and none
    of whose choices was ever shown: an export withholds their values."""
    walk = _Walk()
    for envelope in envelopes:
        walk.step(envelope)
    return frozenset(walk.choices - walk.others - walk.shown)


def brings_back(envelopes: Sequence[Envelope], events: Sequence[Event]) -> bool:
    """Whether undo or redo ``events``, recorded after ``envelopes``, would make a sealed
    choice the history holds withheld stand again: its values are not there to stand."""
    withheld = {e.command_seq for e in envelopes if isinstance(e.event, Withheld)}
    if not withheld:
        return False
    walk = _Walk()
    for envelope in envelopes:
        walk.step(envelope)
    for event in events:
        walk.step(Envelope(seq=0, event=event, actor="", time="", command_seq=0))
    return any(seq in withheld for seq in walk.seats.values())


def withhold_rows(
    envelopes: Sequence[Envelope], rows: list[dict[str, Any]], registry: CommandRegistry
) -> list[int]:
    """Write the commands ``superseded`` names withheld, in ``rows`` (``envelopes`` as JSON,
    in order): their sealed events as ``Withheld`` and their lines, and the lines undo and redo
    recorded of them, with ``(withheld)`` for their secret values. Returns their seqs."""
    withheld = superseded(envelopes)
    if not withheld:
        return []
    lines: dict[int, str] = {}
    system: str | None = None
    for envelope, row in zip(envelopes, rows, strict=True):
        event = envelope.event
        system = _created(event) or system
        if envelope.command_seq in withheld:
            line = lines.setdefault(
                envelope.command_seq, withheld_line(envelope.command, registry, system)
            )
            row["command"] = line
            if not isinstance(event, Withheld):
                secret = type(event).secret_fields
                kept = {k: v for k, v in row["data"].items() if k not in secret}
                row["type"], row["data"] = Withheld.type_name, {"of": event.type_name, "kept": kept}
        elif isinstance(event, Undone | Redone) and event.target_seq in withheld:
            row["data"] = {**row["data"], "command": lines[event.target_seq]}
    return sorted(withheld)


def check_marks(envelopes: Sequence[Envelope], registry: CommandRegistry) -> None:
    """Refuse (one line naming the command) a history whose withheld marks do not hold: only a
    command that sealed choices never shown may be withheld, as ``/game export`` writes it."""
    marked = {e.command_seq: e for e in envelopes if isinstance(e.event, Withheld)}
    if not marked:
        return
    system: str | None = None
    for envelope in envelopes:
        event = envelope.event
        system = _created(event) or system
        where = f"#{envelope.command_seq} {envelope.command or '(no command)'}"
        if envelope.command_seq in marked and not isinstance(event, Withheld):
            raise Refusal(f"{where} is marked withheld, but only part of it is")
        if isinstance(event, Withheld):
            _check_kept(event, where)
            spec = registry.spec_of(envelope.command, system)
            sealing = get_system(system).sealing(event.of, event.kept) if system else None
            if spec is None or sealing is None or not sealing.seat or sealing.made_by != spec.name:
                raise Refusal(f"{where} is marked withheld, but it is not a sealed choice")
            if withheld_line(envelope.command, registry, system) != envelope.command:
                raise Refusal(f"{where} is marked withheld, but its line holds secret values")
    shaped = sorted(set(marked) - superseded(envelopes))
    if shaped:
        first = marked[shaped[0]]
        raise Refusal(
            f"#{first.command_seq} {first.command} is marked withheld, but it shaped the table "
            "(its sealed choice was revealed, or it is not a sealed choice): an export "
            "withholds only choices never revealed"
        )


def _check_kept(event: Withheld, where: str) -> None:
    kind = event_types().get(event.of)
    if kind is None or not kind.secret_fields:
        raise Refusal(f"{where} is marked withheld, but {event.of[:40]!r} is not a sealed choice")
    if set(event.kept) != set(kind.model_fields) - kind.secret_fields:
        raise Refusal(f"{where} is marked withheld, but it keeps other fields than its own")


def only_withheld(events: Sequence[Event]) -> bool:
    """Whether a command's events are all withheld (its command is taken as recorded)."""
    return bool(events) and all(isinstance(e, Withheld) for e in events)
