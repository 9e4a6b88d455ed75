"""What a game declares of its character sheet; the shell (``engine.sheets``) does the rest.

Foundry VTT's system data models are the model: the game says what a sheet holds (its pydantic
model), how a file's keys read (``read_one``), what only a GM sets (``gm_only``) and the few
rules of its own (hooks, each with a default that does nothing); new, show, delete, import,
name matching, owner rights and the strict check of an imported history are the shell's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

import pydantic

from scenekeeper.engine.commands import Context, Decision
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.evolve import apply
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import GameState, Person, TableState

S = TypeVar("S", bound=pydantic.BaseModel)
S_co = TypeVar("S_co", bound=pydantic.BaseModel, covariant=True)


class Roster(Protocol[S_co]):
    """A game's state as far as sheets go: its characters by name, and finding one by a name
    that reads the same (``engine.names.fold``)."""

    @property
    def characters(self) -> Mapping[str, S_co]: ...

    def find_character(self, name: str) -> S_co | None: ...


@dataclass(frozen=True)
class SheetData(Generic[S]):
    """A sheet read from a file and which of its parts the file gave (the rest keeps its
    value). A game whose parts merge otherwise (METTLE's Attributes and Descriptors)
    subclasses it."""

    character: S
    given: frozenset[str]
    #: Parts that are a mapping of names: a file's entries join the sheet's, the others stay.
    merged: frozenset[str] = frozenset()

    def fresh(self) -> S:
        """A new character made from this file."""
        return self.character

    def onto(self, existing: S) -> S:
        """``existing`` with the parts this file gives replaced (mappings merged)."""
        update: dict[str, Any] = {}
        for part in self.given - {"name"}:
            value = getattr(self.character, part)
            if part in self.merged:
                value = {**getattr(existing, part), **value}
            update[part] = value
        return existing.model_copy(update=update)

    def parts(self) -> list[str]:
        """What the file gives, as the sheet names it."""
        return sorted(self.given - {"name"})


class Staging:
    """A command's events as it decides them, folded as it goes (``engine.evolve.apply``),
    and what it says: a step reads the table as the steps before it left it."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.state: TableState = ctx.require_state()
        self.events: list[Event] = []
        self.lines: list[str] = []
        self.private: list[str] = []

    def add(self, *events: Event) -> None:
        for event in events:
            after = apply(self.state, event)
            assert after is not None  # a sheet's event never ends the table's game
            self.state = after
            self.events.append(event)

    def say(self, *lines: str) -> None:
        self.lines.extend(line for line in lines if line)

    def decision(self, data: object = None) -> Decision:
        return Decision(
            events=tuple(self.events),
            reply=Reply(text=tuple(self.lines), private=tuple(self.private), data=data),
        )


@dataclass(frozen=True)
class Imported(Generic[S]):
    """One sheet of a file as the import takes it: for the game's reply (``said``)."""

    existing: S | None
    sheet: S
    data: SheetData[S]
    left_out: Mapping[str, str]
    filename: str


def _updated(item: Imported[Any]) -> list[str]:
    name = item.sheet.name
    if item.existing is None:
        return [f"Imported {name} from {item.filename}."]
    parts = ", ".join(sorted(p for p in item.data.parts() if p not in item.left_out))
    return [f"Updated {name} from {item.filename}: {parts or 'nothing'}."]


def _nothing(*_: object) -> None:
    return None


@dataclass(frozen=True)
class SheetSchema(Generic[S]):
    """One game's sheet, declared as data plus a few hooks (``GameSystem.sheet``)."""

    #: The game's name in a refusal ("This is not a METTLE table").
    game: str
    state_type: type[GameState]
    sheet_type: type[S]
    #: Sheet parts only a GM sets, each with what a player is told of it.
    gm_only: Mapping[str, str]
    #: The game's events: a character deleted (``name:``), a whole sheet imported
    #: (``character:``, the sheet); a recorded /char import is checked by the latter.
    deleted: type[Event]
    imported: type[Event]
    #: The sheets of a file (``files.read_sheets`` with the game's reading of each key).
    read_file: Callable[[bytes, str, GameState], Sequence[SheetData[S]]]
    #: ``/char show``: the lines of a sheet, given the player's name (or None); or, with
    #: ``lines_at``, the table too (what the table's mods add to the sheet).
    lines: Callable[[S, str | None], list[str]] | None = None
    lines_at: Callable[[TableState, S, str | None], list[str]] | None = None
    #: What a GM's character is called ("GMC" at Cortex).
    gmc: str = "GM character"
    gmcs: str = "those"
    #: The rest of "Kept as they were, since ...: <parts>." and what may follow it.
    kept_by: str = "the GM and play set them"
    kept_hint: str = ""
    #: What a player's new character holds of the GM's parts, given the sheet imported.
    new_player_sheet: Callable[[S, GameState], S] | None = None
    #: A new character from a file (default: the file's sheet as it is).
    fresh: Callable[[SheetData[S], GameState], S] | None = None
    #: A game's own limit on a player's import, past ``gm_only``: given the game, the sheet as
    #: the table has it (None: a new character), the sheet kept so far and the parts left out,
    #: the sheet kept (Cybergod: Stress while saves are owed; the tracks once play started).
    player_limits: Callable[[GameState, S | None, S, dict[str, str]], S] | None = None
    #: The same limit on a recorded import (raise ``Refusal``).
    recorded_limits: Callable[[TableState, Person, tuple[Event, ...]], None] | None = None
    #: How a command stages its events (METTLE's ``Plan``, which lands held hits).
    stage: Callable[[Context], Staging] = Staging
    #: Before a file or a command changes a sheet: what must happen first (METTLE: a held
    #: hit on it lands on the sheet as it was).
    before_change: Callable[[Staging, str], None] = _nothing
    #: Why a character's sheet may not be written now, or None: the game's rule for ``/char
    #: set`` and ``/char import`` alike (NoDice: not while its Actor is in a Conflict). A
    #: recorded import is not held to it: earlier versions let a file through.
    frozen: Callable[[GameState, str], str | None] = lambda game, name: None
    #: Before a character is deleted: a refusal, or the events that must come first.
    before_delete: Callable[[TableState, S], tuple[Event, ...]] = lambda state, who: ()
    #: What an import says of each sheet.
    said: Callable[[Imported[S]], list[str]] = field(default=_updated)
    #: Whether ``/char import owner:`` hands a GM's new characters to a player.
    import_owner: bool = True
    #: A player's file that makes a GM's character (``kind: gmc``): refused (False), or read
    #: without it, as ``gm_only`` parts are, the reply saying so (NoDice's sheets doc).
    players_kind_kept: bool = False

    def roster(self, state: TableState) -> Roster[S]:
        return self.roster_of(state.game)

    def roster_of(self, game: GameState) -> Roster[S]:
        if not isinstance(game, self.state_type):  # the registry only routes this game here
            raise Refusal(f"This is not a {self.game} table.")
        return game  # type: ignore[return-value]

    def shown(self, state: TableState, who: S, player: str | None) -> list[str]:
        """``/char show``'s lines for ``who``."""
        if self.lines_at is not None:
            return self.lines_at(state, who, player)
        assert self.lines is not None, f"{self.game}'s sheet declares lines or lines_at"
        return self.lines(who, player)

    def sheet_of(self, event: Event) -> S | None:
        if isinstance(event, self.imported):
            sheet = getattr(event, "character", None)
            return sheet if isinstance(sheet, self.sheet_type) else None
        return None

    def new_sheet(self, imported: S, game: GameState) -> S:
        if self.new_player_sheet is not None:
            return self.new_player_sheet(imported, game)
        return self.sheet_type.model_validate({"name": getattr(imported, "name", "")})
