"""Games as plugins: each game registers one ``GameSystem`` describing its state and mods.

Commands and events of a game register through the command registry and the event registry;
this module only knows what the engine needs to create, store and show a game's state.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scenekeeper.engine.controls import Display, View
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event, on_unknown_type
from scenekeeper.engine.state import (
    GameState,
    Person,
    TableMeta,
    TableState,
    on_unknown_game,
    register_game_state,
)
from scenekeeper.engine.waits import Wait

if TYPE_CHECKING:
    from scenekeeper.engine.aggregate import Table
    from scenekeeper.engine.sheets.schema import SheetSchema

#: A suggestion: a name, or (what it reads, the value it sends) -- a roll's "#3 Ada" sends 3.
Suggested = str | tuple[str, str | int]


@dataclass(frozen=True)
class Mod:
    """A rule a table can switch on or off (Cortex's mods, house rules the texts allow)."""

    name: str
    help: str
    default: bool = False
    #: What a table made before the mod existed plays (None: ``default``), so an older
    #: history replays as it was made.
    older_tables: bool | None = None


FileCommandCheck = Callable[[TableState, Person, tuple[Event, ...]], None]
#: A game's autocomplete: (state, command, option, given, actor id) -> suggestions or None.
Suggester = Callable[
    [TableState, str, str, Mapping[str, object], str], "Iterable[Suggested] | None"
]


@dataclass(frozen=True)
class Sealing:
    """What one event does to the seats of sealed choices that a later reveal shows (a NoDice
    Hand's antes and bids), so an export can withhold the choices never revealed (G6,
    ``engine.withheld``). Seats are the game's names ("ante Ada")."""

    #: The event is a sealed choice sitting in this seat (replacing, unseen, any there).
    seat: str = ""
    #: The command that seals such a choice ("hand bid"): a withheld one is of no other.
    made_by: str = ""
    #: Seats whose choices this event shows the table; they are empty after it.
    shows: tuple[str, ...] = ()
    #: Seats emptied unseen (a retreat discards its commit).
    clears: tuple[str, ...] = ()
    #: Every seat emptied unseen (a Conflict ends or starts).
    clears_all: bool = False


@dataclass(frozen=True)
class BoardSection:
    """One part of a table's board (``GameSystem.board``): a heading and one fact a line."""

    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class GameSystem:
    """One game: its name (the word typed in ``/game new system:``), title and state model."""

    name: str
    title: str
    state_type: type[GameState]
    summary: str = ""
    #: The mods this game offers, in the order their rules apply.
    mods: tuple[Mod, ...] = ()
    #: Bump when ``state_type`` changes shape: stored snapshots of older shapes are ignored.
    state_version: int = 1
    #: Another game's command name -> what to type at this game's table instead
    #: (``{"action": "/act"}`` for METTLE): the refusal of a command that is not this game's
    #: names the way to do it here (docs/architecture.md, "One command scheme").
    instead: Mapping[str, str] = field(default_factory=dict)
    #: How to check a recorded command that took a file, by command name (``/char import``):
    #: an imported history does not hold the file, so the command cannot be decided again
    #: (engine/recheck.py). A checker raises ``Refusal`` unless the events are what the actor
    #: may have made the command do on the state before it.
    file_commands: Mapping[str, FileCommandCheck] = field(default_factory=dict)
    #: The game's own replies mark dice whose faces were typed (Cortex: "rolls #2 (typed faces)");
    #: otherwise every reply to a command with typed faces ends with a line saying so.
    marks_typed_faces: bool = False
    #: The options whose values the game suggests from its state (``suggest``): adapters offer
    #: autocomplete for these, beside the shell's own (characters, mods, commands).
    suggested_options: frozenset[str] = frozenset()
    #: Of those, the ones whose value is several names in a row ("Fighting Agility d6"): the
    #: adapter completes the last word rather than the whole value.
    word_options: frozenset[str] = frozenset()
    #: What the game suggests from its state for those options (``suggest``).
    suggester: Suggester | None = None
    #: The game's character sheet (``engine.sheets``): given, the shell makes, shows, deletes
    #: and imports its characters and knows which there are; None: a game without sheets.
    sheet: SheetSchema[Any] | None = None
    #: The command a ``[[...]]`` in a post (``/say``) rolls as, with the option its words fill
    #: ("roll pool:"); "": the game rolls no dice.
    inline_roll: str = "roll dice:"

    @property
    def default_mods(self) -> dict[str, bool]:
        return {mod.name: mod.default for mod in self.mods}

    def mod(self, name: str) -> Mod | None:
        wanted = name.strip().lower()
        return next((m for m in self.mods if m.name == wanted), None)

    def new_state(self) -> GameState:
        return self.state_type()

    def characters(self, game: GameState) -> tuple[str, ...] | None:
        """The characters of the game's state that people may claim; None: any name at all
        (a game without character sheets). Players' characters are claimed; GM characters
        are the GM's."""
        if self.sheet is None:
            return None
        roster = self.sheet.roster_of(game)
        return tuple(n for n, c in roster.characters.items() if getattr(c, "kind", "pc") == "pc")

    def translate(self, line: str) -> str:
        """A reply line in the game's own words (a game built on another renames its terms:
        Scions' legend points are Cortex's plot points)."""
        return line

    def describe(self, game: GameState) -> list[str]:
        """Lines about the game's set-up for /game show (trait sets, stress types, ...)."""
        del game
        return []

    def rules_in_force(self, state: TableState) -> list[str]:
        """The defaults this table plays where the game's text is silent (each in
        docs/rules-notes.md), one a line, for /help. Default: none listed."""
        del state
        return []

    def waits(self, game: GameState) -> list[Wait]:
        """What the table is waiting for, each with the command that moves it on and the GM's
        way to cancel it ("Brick's reaction to #12: /react ...; a GM can /contest end"), and
        whose move it is (``engine.waits``). Empty when nothing is pending. Shown by /game
        show and on the board; the reply that begins one tells the people it is owed by."""
        del game
        return []

    def waiting_for(self, game: GameState) -> list[str]:
        """The lines of ``waits``."""
        return [wait.line for wait in self.waits(game)]

    def board(self, state: TableState) -> tuple[BoardSection, ...]:
        """The whole table at a glance, for the board (the live status message and the
        command that shows it): each section a heading and one fact a line, in the game's
        own words. The default is the set-up lines of ``describe``."""
        lines = self.describe(state.game)
        return (BoardSection("Table", tuple(lines)),) if lines else ()

    def check_file_command(
        self, state: TableState, actor: Person, command: str, events: tuple[Event, ...]
    ) -> None:
        """Check a recorded command that took a file (an import's history does not hold the
        file, so the command cannot be decided again): raise ``Refusal`` unless ``events`` are
        what ``actor`` may have made it do on ``state``: the game's checker for the command
        (``file_commands``), or else only a GM's stand."""
        checker = self.file_commands.get(command)
        if checker is not None:
            checker(state, actor, events)
            return
        if not state.meta.is_gm(actor.id):
            raise Refusal(f"/{command} was made by {actor.id}, who was not a GM")

    def suggest(
        self,
        state: TableState,
        command: str,
        option: str,
        given: Mapping[str, object],
        actor_id: str,
    ) -> Iterable[Suggested] | None:
        """What the table's own state offers for ``/command option:`` as it is typed
        (autocomplete), best first, in the game's words: a METTLE table's weapons, Attributes
        and rungs of the ladder. None: the game offers nothing of its own for it, and the
        adapter's general suggestions (characters, mods, ...) apply."""
        if self.suggester is None:
            return None
        return self.suggester(state, command, option, given, actor_id)

    def display(self, view: View) -> Display:
        """How a command's result shows beyond its reply (``engine.controls``): a display of its
        dice and the controls it offers, from the table just after it (``view.table``), so
        the same command always displays the same. The shell adds Undo. Default: nothing."""
        del view
        return Display()

    def control_guard(self, table: Table, guard: str) -> None:
        """On a click, check what a control's command cannot check by itself (``Control.guard``,
        e.g. that the contest a button was shown with is the one running): raise ``Refusal``
        to refuse the click. ``table`` is the table now."""
        del table, guard

    def undoing(
        self, meta: TableMeta, actor: str, events: tuple[Event, ...], *, sealer: bool = True
    ) -> str | None:
        """Before ``actor`` undoes a command that made ``events``: raise ``Refusal`` if the game
        forbids it (a player taking back a NoDice reveal to bid again), or return a warning for
        the reply (a GM may, and everyone has seen the cards). ``sealer``: a sealed commit is
        its sealer's alone to take back (False: decided as before ``upgrades.SEALER_UNDO``).
        Default: nothing to say."""
        del meta, actor, events, sealer
        return None

    def redoing(
        self, meta: TableMeta, actor: str, events: tuple[Event, ...], *, sealer: bool = True
    ) -> None:
        """Before ``actor`` redoes a command that made ``events``: raise ``Refusal`` if the game
        forbids it (a GM putting back a player's sealed commit). Default: allowed."""
        del meta, actor, events, sealer

    def sealed_values(self, game: GameState) -> int:
        """How many values the game's state holds sealed and not yet revealed (a NoDice
        Hand's bids): an export made now says it holds them. Default: none."""
        del game
        return 0

    def until_unsealed(self) -> str:
        """What the table does so that nothing is sealed (said when ``/game end`` waits for
        ``sealed_values`` to be 0)."""
        return "play on until they are revealed"

    def sealing(self, type_name: str, data: Mapping[str, Any]) -> Sealing | None:
        """What an event (its stored type and data; a withheld choice's data holds only its
        unsealed fields) does to the seats of sealed choices (``Sealing``). An export withholds
        the values of every command that only sealed choices none of which was ever shown
        (replaced, undone, discarded). Default None: the game seals no such choices, and an
        export withholds nothing."""
        del type_name, data
        return None

    def check_withheld(
        self, state: TableState, actor: Person, type_name: str, kept: Mapping[str, Any]
    ) -> None:
        """Check a withheld sealed choice (``engine.withheld``: its event type and unsealed
        fields) where an import meets it, since it cannot be decided again: raise ``Refusal``
        unless ``actor`` could have sealed such a choice on ``state``. Default: refused, as a
        game whose ``sealing`` seats nothing withholds nothing."""
        del state, actor, kept
        raise Refusal(f"{self.title} withholds no {type_name[:40]}")

    def known_characters(self, game: GameState) -> tuple[str, ...] | None:
        """Every character of the game's state, player's or GM's; None: the game keeps no
        sheets, so any name goes."""
        if self.sheet is None:
            return None
        return tuple(self.sheet.roster_of(game).characters)

    def export(self, game: GameState) -> dict[str, Any]:
        """The game's part of ``/game export`` (its keys sit at the top level of the file)."""
        return game.model_dump(mode="json")


_SYSTEMS: dict[str, GameSystem] = {}


@dataclass(frozen=True)
class KnownGame:
    """A game known before its package is imported (``declare_games``): the package that
    registers it, its state's version (as its ``GameSystem.state_version``) and the names of
    the commands its package declares. A game's models cost tens of milliseconds to build, so
    a process imports only the games its tables play (``load_game``)."""

    module: str
    state_version: int = 1
    commands: frozenset[str] = frozenset()


_KNOWN: dict[str, KnownGame] = {}
_LOADING = threading.RLock()


def declare_games(games: Mapping[str, KnownGame]) -> None:
    """Make games known by name without importing them (``scenekeeper.systems.catalog``)."""
    _KNOWN.update(games)


def known_games() -> Mapping[str, KnownGame]:
    return dict(_KNOWN)


def load_game(name: str) -> Any:
    """Import game ``name``'s package (registering the game) and return the module; None for a
    game nobody declared."""
    known = _KNOWN.get(name)
    if known is None:
        return None
    with _LOADING:
        return importlib.import_module(known.module)


def _system(name: str) -> GameSystem | None:
    system = _SYSTEMS.get(name)
    if system is None and name in _KNOWN:
        load_game(name)
        system = _SYSTEMS.get(name)
    return system


def _load_for_event(type_name: str) -> bool:
    """An event type nobody registered yet: the game its prefix names, imported (``cortex.``
    events are Cortex's). Whether a game was loaded."""
    game = type_name.split(".", 1)[0]
    return game not in _SYSTEMS and load_game(game) is not None


on_unknown_type(_load_for_event)
on_unknown_game(lambda name: name not in _SYSTEMS and load_game(name) is not None)


def register_system(system: GameSystem) -> GameSystem:
    if system.name in _SYSTEMS and _SYSTEMS[system.name] is not system:
        raise TypeError(f"a game called {system.name!r} is already registered")
    _SYSTEMS[system.name] = system
    register_game_state(system.name, system.state_type)
    return system


def system_names() -> tuple[str, ...]:
    """Every game's name, imported or only declared."""
    return tuple(sorted({*_SYSTEMS, *_KNOWN}))


def get_system(name: str) -> GameSystem:
    system = _system(name.strip().lower())
    if system is None:
        known = ", ".join(system_names()) or "(none installed)"
        raise Refusal(f"There is no game called '{name}'. Choose one of: {known}.")
    return system


def state_version(meta_system: str) -> str:
    system = _SYSTEMS.get(meta_system)
    if system is not None:
        return f"{meta_system}-{system.state_version}"
    known = _KNOWN.get(meta_system)
    return f"{meta_system}-{known.state_version if known else 0}"


def mod_on(state: TableState, name: str) -> bool:
    """Whether a mod is on at this table: as the table set it, else as a table made before
    the mod existed plays it (``Mod.older_tables``), else its default."""
    if name in state.meta.mods:
        return state.meta.mods[name]
    mod = get_system(state.meta.system).mod(name)
    if mod is None:
        return False
    return mod.default if mod.older_tables is None else mod.older_tables


def require_mod(state: TableState, name: str) -> None:
    """Refuse unless the mod is on at this table, saying how a GM switches it on."""
    if not mod_on(state, name):
        raise Refusal(
            f"The {name} mod is off at this table; a GM switches it on with "
            f"/mods set mod:{name} enabled:true."
        )
