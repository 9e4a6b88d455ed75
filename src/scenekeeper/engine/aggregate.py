"""The Table aggregate: the current state plus what undo and redo need.

Undo is an event (``Undone``), never a deletion. To make it exact and cheap, the aggregate
keeps a *window*: the state as it was before the last ``UNDO_DEPTH`` commands (``base``) and
those commands' events. Undoing the newest command refolds ``base`` with the rest of the
window -- at most ``UNDO_DEPTH`` commands of pure evolves -- so the state after an undo is,
by construction, the state before the undone command. Redo re-applies the undone command's
recorded events (the same faces, never a re-roll). A new command clears the redo stack.

The window is part of snapshots, so undo reaches back the same distance however the table
was loaded: behaviour depends only on the history, never on what happened to be cached.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from scenekeeper.engine.errors import CorruptHistory
from scenekeeper.engine.events import Envelope, Event, decode_event
from scenekeeper.engine.evolve import apply
from scenekeeper.engine.quick import quick_init
from scenekeeper.engine.state import TableState, decode_state

#: How many commands back ``/undo`` reaches.
UNDO_DEPTH = 100
#: A standing command keeps the state after it only every this many commands (and the
#: newest, whose state is the table's): undo refolds at most this many commands from the
#: nearest one, so it stays well under a millisecond without a state copy per command.
CHECKPOINT_EVERY = 10
SNAPSHOT_FORMAT = "table-window-2"


class Undone(Event):
    """The newest standing command (first event ``target_seq``) was taken back."""

    type_name: ClassVar[str] = "table.undone@1"
    undoable: ClassVar[bool] = False
    target_seq: int
    command: str
    #: The numbers it used stay used (``GameState.NUMBERS``); False in older histories, which
    #: replay as they were made.
    keeps_numbers: bool = False

    def describe(self) -> str:
        return f"undid #{self.target_seq} {self.command}"


class Redone(Event):
    """The most recently undone command (first event ``target_seq``) was put back."""

    type_name: ClassVar[str] = "table.redone@1"
    undoable: ClassVar[bool] = False
    target_seq: int
    command: str
    #: As ``Undone.keeps_numbers``: the numbers used meanwhile stay used.
    keeps_numbers: bool = False

    def describe(self) -> str:
        return f"redid #{self.target_seq} {self.command}"


@dataclass(frozen=True)
class CommandRecord:
    """One command's events, as undo sees them."""

    seq: int
    actor: str
    command: str
    events: tuple[Event, ...]
    #: Who took it back, while it waits on the redo stack ("" while it stands).
    undone_by: str = ""
    #: The table's state just after this command, kept on the newest standing command and
    #: on every ``CHECKPOINT_EVERY``-th (a checkpoint): undo folds from the nearest one. Derived,
    #: so it is neither stored in snapshots nor compared.
    after: TableState | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "actor": self.actor,
            "command": self.command,
            "events": [{"type": e.type_name, "data": e.to_data()} for e in self.events],
            "undone_by": self.undone_by,
        }

    def holding(self, after: TableState | None, undone_by: str | None = None) -> CommandRecord:
        """This command holding ``after`` (and taken back by ``undone_by``, when given): as
        ``dataclasses.replace``, without its walk over the fields (issue 36: one or two a
        command)."""
        undone = self.undone_by if undone_by is None else undone_by
        return CommandRecord(self.seq, self.actor, self.command, self.events, undone, after)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CommandRecord:
        events = tuple(decode_event(e["type"], e["data"]) for e in data["events"])
        return cls(
            seq=data["seq"],
            actor=data["actor"],
            command=data["command"],
            events=events,
            undone_by=data["undone_by"],
        )


@quick_init  # one a command, and a table keeps only its newest: its one-step __init__
@dataclass(frozen=True, eq=False)
class Table:
    """A table's folded history. ``state`` is None until the table is created.

    The state before the window (``start``) is ``base`` with the commands of ``pending``
    folded on: the commands that left the window since its last checkpoint did, folded only
    when something reads ``start`` (an undo past every checkpoint, a snapshot) -- not one
    command again for every command played (issue 36)."""

    seq: int = 0
    state: TableState | None = None
    base: TableState | None = None
    window: tuple[CommandRecord, ...] = ()
    redo: tuple[CommandRecord, ...] = ()
    pending: tuple[CommandRecord, ...] = ()

    @functools.cached_property
    def start(self) -> TableState | None:
        """The state before the window's first command."""
        return _fold(self.base, self.pending) if self.pending else self.base

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Table):
            return NotImplemented
        mine = (self.seq, self.state, self.window, self.redo, self.start)
        return mine == (other.seq, other.state, other.window, other.redo, other.start)

    __hash__ = None  # type: ignore[assignment]  # compared by value, as the dataclass was

    @property
    def last_command(self) -> CommandRecord | None:
        """The command ``/undo`` would take back."""
        return self.window[-1] if self.window else None

    @property
    def last_undone(self) -> CommandRecord | None:
        """The command ``/redo`` would put back."""
        return self.redo[-1] if self.redo else None

    def just_after(self, seq: int) -> Table | None:
        """The table as it stood just after standing command ``seq`` (its window cut there):
        what a message drawn for that command showed. None if it is not standing."""
        for index, record in enumerate(self.window):
            if record.seq == seq:
                window = self.window[: index + 1]
                state = _state_after(self, window)
                return Table(
                    seq=seq + len(record.events) - 1, state=state, base=self.start, window=window
                )
        return None

    def to_snapshot(self) -> dict[str, Any]:
        return {
            "format": SNAPSHOT_FORMAT,
            "base": self.start.to_json() if self.start else None,
            "window": [record.to_json() for record in self.window],
            "redo": [record.to_json() for record in self.redo],
            # Kept through undos, so not in the fold of base and window.
            "numbers": self.state.game.numbers() if self.state else {},
        }

    @classmethod
    def from_snapshot(cls, seq: int, data: Mapping[str, Any]) -> Table:
        if data.get("format") != SNAPSHOT_FORMAT:
            raise CorruptHistory(f"unknown snapshot format {data.get('format')!r}")
        base = decode_state(data["base"]) if data["base"] is not None else None
        window: tuple[CommandRecord, ...] = ()
        state = base
        for record in (CommandRecord.from_json(r) for r in data["window"]):
            state = _fold(state, (record,))
            window = _pushed(window, record.holding(state))
        redo = tuple(CommandRecord.from_json(r) for r in data["redo"])
        state = keeping_numbers(state, data.get("numbers") or {})
        return cls(seq=seq, state=state, base=base, window=window, redo=redo)

    def to_compact(self) -> dict[str, Any]:
        """``to_snapshot`` with the state as it stands: what ``from_compact`` brings back
        without folding the window again (an idle table kept compact, ``app.cache``)."""
        # The state first: what it shares with the window's events is then within zlib's
        # reach of them (32 KB back) in a long window.
        return {"state": self.state.to_json() if self.state else None, **self.to_snapshot()}

    @classmethod
    def from_compact(cls, seq: int, data: Mapping[str, Any]) -> Table:
        """The table ``to_compact`` wrote, in this process (never data from outside): its state
        is decoded as written rather than folded again from ``base``, and only the newest
        command keeps the state after it. The checkpoints (``CHECKPOINT_EVERY``) come back
        when an undo first reaches past the newest command (``_undo``), so a table that is
        only played on pays for no fold at all."""
        if data.get("format") != SNAPSHOT_FORMAT:
            raise CorruptHistory(f"unknown snapshot format {data.get('format')!r}")
        base = decode_state(data["base"]) if data["base"] is not None else None
        state = decode_state(data["state"]) if data["state"] is not None else None
        window = tuple(CommandRecord.from_json(r) for r in data["window"])
        redo = tuple(CommandRecord.from_json(r) for r in data["redo"])
        return cls(seq=seq, state=state, base=base, window=_newest_keeps(window, state), redo=redo)


def keeping_numbers(state: TableState | None, used: Mapping[str, int]) -> TableState | None:
    """``state`` with its game's counters (``GameState.NUMBERS``) at least at ``used``."""
    if state is None or not used:
        return state
    game = state.game.keeping_numbers(dict(used))
    return state if game is state.game else state.replace(game=game)


def _numbers_of(state: TableState | None, into: TableState | None) -> dict[str, int]:
    """The numbers ``state`` has used, for ``into`` (none from another game's state)."""
    if state is None or into is None or type(state.game) is not type(into.game):
        return {}
    return state.game.numbers()


def _fold(state: TableState | None, records: Iterable[CommandRecord]) -> TableState | None:
    for record in records:
        for event in record.events:
            state = apply(state, event)
    return state


def _held(table: Table) -> tuple[TableState | None, tuple[CommandRecord, ...]]:
    """What the next table holds for its ``start``: the state itself once it has been folded
    (so reading it on every command folds at most one command each time), else what folds
    to it."""
    if "start" in table.__dict__:  # functools.cached_property keeps it there
        return table.start, ()
    return table.base, table.pending


def _state_after(table: Table, window: tuple[CommandRecord, ...]) -> TableState | None:
    """The state after the newest command of ``window`` (the start of ``table``'s window when
    it is empty), folded on from the nearest command that kept its state."""
    for index in range(len(window) - 1, -1, -1):
        kept = window[index].after
        if kept is not None:
            return _fold(kept, window[index + 1 :])
    return _fold(table.start, window)


def _pushed(
    window: tuple[CommandRecord, ...], record: CommandRecord, drop: int = 0
) -> tuple[CommandRecord, ...]:
    """``window`` with ``record`` (which holds the state after it) as its newest command, less
    its ``drop`` oldest; the command before it lets its state go unless it is a checkpoint.
    One tuple made (issue 36: the window, up to ``UNDO_DEPTH`` commands, was copied three
    times a command)."""
    if not window:
        return (record,)
    previous = window[-1]
    if previous.after is not None:
        for older in window[-CHECKPOINT_EVERY:-1]:
            if older.after is not None:  # a checkpoint near enough: the previous need not be
                return (*window[drop:-1], previous.holding(None), record)
    return (*window[drop:], record)


def _checkpointed(table: Table, window: tuple[CommandRecord, ...]) -> tuple[CommandRecord, ...]:
    """``window`` with a kept state within ``CHECKPOINT_EVERY`` commands of its newest,
    folded again from the nearest kept one (or the window's start) where it has none: a table
    brought back by ``Table.from_compact`` keeps only its newest command's state. Folded once,
    so each undo after it folds at most ``CHECKPOINT_EVERY`` commands again."""
    kept = next((i for i in range(len(window) - 1, -1, -1) if window[i].after is not None), -1)
    if len(window) - 1 - kept <= CHECKPOINT_EVERY:
        return window
    state = table.start if kept < 0 else window[kept].after
    rebuilt = window[: kept + 1]
    for record in window[kept + 1 :]:
        state = _fold(state, (record,))
        rebuilt = _pushed(rebuilt, record.holding(state))
    return rebuilt


def _newest_keeps(
    window: tuple[CommandRecord, ...], state: TableState | None
) -> tuple[CommandRecord, ...]:
    """``window`` with its newest command holding ``state``, the table's state after it."""
    if not window or window[-1].after is state:
        return window
    return (*window[:-1], window[-1].holding(state))


def evolve(table: Table, envelope: Envelope) -> Table:
    """The table after one more stored event. Pure."""
    if envelope.seq != table.seq + 1:
        raise CorruptHistory(f"event #{envelope.seq} follows #{table.seq}")
    event = envelope.event
    seq = envelope.seq
    if isinstance(event, Undone):
        return _undo(table, event, seq, envelope.actor)
    if isinstance(event, Redone):
        return _redo(table, event, seq)
    state = apply(table.state, event)
    if not event.undoable:
        # A fresh start (a table created): nothing before it can be undone.
        return Table(seq=seq, state=state, base=state)
    if envelope.starts_command:
        record = CommandRecord(
            envelope.seq, envelope.actor, envelope.command, (event,), after=state
        )
        full = len(table.window) >= UNDO_DEPTH  # its oldest command leaves the window
        window = _pushed(table.window, record, drop=1 if full else 0)
        base, pending = _held(table)
        if full:
            oldest = table.window[0]
            if oldest.after is not None:  # a checkpoint: the state before the window now
                base, pending = oldest.after, ()
            elif len(pending) + 1 >= CHECKPOINT_EVERY:  # no checkpoint for long: fold now
                base, pending = _fold(_fold(base, pending), (oldest,)), ()
            else:
                pending = (*pending, oldest)
        return Table(seq=seq, state=state, base=base, window=window, redo=(), pending=pending)
    last = table.last_command
    if last is None or last.seq != envelope.command_seq:
        raise CorruptHistory(f"event #{seq} continues command #{envelope.command_seq} out of order")
    extended = CommandRecord(last.seq, last.actor, last.command, (*last.events, event), after=state)
    base, pending = _held(table)
    return Table(
        seq=seq,
        state=state,
        base=base,
        window=(*table.window[:-1], extended),
        redo=(),
        pending=pending,
    )


def _undo(table: Table, event: Undone, seq: int, actor: str) -> Table:
    target = table.last_command
    if target is None or target.seq != event.target_seq:
        raise CorruptHistory(f"event #{seq} undoes #{event.target_seq}, which is not the newest")
    window = _checkpointed(table, table.window[:-1])
    state = _state_after(table, window)
    window = _newest_keeps(window, state)
    if event.keeps_numbers:
        state = keeping_numbers(state, _numbers_of(table.state, state))
    base, pending = _held(table)
    return Table(
        seq=seq,
        state=state,
        base=base,
        window=window,
        redo=(*table.redo, target.holding(None, undone_by=actor)),
        pending=pending,
    )


def _redo(table: Table, event: Redone, seq: int) -> Table:
    target = table.last_undone
    if target is None or target.seq != event.target_seq:
        raise CorruptHistory(f"event #{seq} redoes #{event.target_seq}, which was not undone last")
    state = _fold(table.state, (target,))
    if event.keeps_numbers:
        state = keeping_numbers(state, _numbers_of(table.state, state))
    base, pending = _held(table)
    return Table(
        seq=seq,
        state=state,
        base=base,
        window=_pushed(table.window, target.holding(state, undone_by="")),
        redo=table.redo[:-1],
        pending=pending,
    )


def replay(envelopes: Iterable[Envelope], table: Table | None = None) -> Table:
    """Fold stored events onto ``table`` (an empty table by default)."""
    table = table or Table()
    for envelope in envelopes:
        table = evolve(table, envelope)
    return table
