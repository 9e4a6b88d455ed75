"""Command schemas: one declaration per command drives parsing, permissions, ``/help``,
``docs/commands.md`` and (later) the Discord slash command.

A command is declared by a handler whose second parameter is a frozen dataclass of options::

    @dataclass(frozen=True)
    class GmAdd:
        user: Annotated[Person, Opt("who becomes a co-GM")]

    @commands.command("game gm add", permission=Permission.HEAD_GM, help="Make someone a co-GM.")
    def gm_add(ctx: Context, args: GmAdd) -> Decision: ...

Option names, types, required-ness and defaults come from the dataclass fields, so they can
never drift from what the handler receives.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import re
import threading
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from scenekeeper.dice import DiceSource
from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.events import Envelope, Event
from scenekeeper.engine.options import (
    MAX_FILE_BYTES,
    Attachment,
    Opt,
    Option,
    OptionType,
    options_of,
)
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import Person, TableState

#: The option schema (``engine.options``) is read from here too, as commands declare it.
__all__ = [
    "MAX_FILE_BYTES",
    "Attachment",
    "CommandRegistry",
    "CommandSet",
    "CommandSpec",
    "Context",
    "Decision",
    "Handler",
    "NoOptions",
    "Opt",
    "Option",
    "OptionType",
    "Permission",
    "SharedText",
    "options_of",
]


class Permission(enum.Enum):
    """Who may use a command. Checked by the engine (``roles.authorise``), never by adapters."""

    ANYONE = "anyone"
    PLAYER = "player"  # a seated player, the GM or a co-GM
    GM = "gm"  # the GM or a co-GM
    HEAD_GM = "head_gm"  # the GM who created the table
    OWNER = "owner"  # the player who owns the command's character:, the GM or a co-GM

    @property
    def label(self) -> str:
        return {
            Permission.ANYONE: "anyone",
            Permission.PLAYER: "players and GMs",
            Permission.GM: "the GM and co-GMs",
            Permission.HEAD_GM: "the table's GM",
            Permission.OWNER: "the character's player and GMs",
        }[self]


@dataclass(frozen=True)
class NoOptions:
    """The options of a command that takes none."""


@dataclass(frozen=True)
class SharedText:
    """What a name says where every game's version of it is one command (Discord shows one
    description for all of them): written for every table, never in one game's words
    (docs/architecture.md, "One command scheme"). ``options``: the same for the options whose
    versions say different things."""

    help: str
    options: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Decision:
    """What a handler decided: events to append (possibly none) and the reply."""

    events: tuple[Event, ...] = ()
    reply: Reply = field(default_factory=Reply)
    #: Events carried over with their original envelopes (table import), instead of ``events``.
    recorded: tuple[Envelope, ...] = ()


@dataclass(frozen=True)
class Context:
    """Everything a handler may look at. Handlers are pure functions of this and their options."""

    table_id: str
    table: Table
    actor: Person
    dice: DiceSource
    registry: CommandRegistry
    #: The stored events after a seq, read only when a handler asks (history, export).
    history: Callable[[int], Sequence[Envelope]]

    @property
    def state(self) -> TableState | None:
        return self.table.state

    def require_state(self) -> TableState:
        if self.table.state is None:  # authorise() refuses first; this guards handlers.
            raise AssertionError("handler needs a table")
        return self.table.state


A = TypeVar("A")
Handler = Callable[[Context, A], Decision]


@dataclass(frozen=True)
class CommandSpec(Generic[A]):
    name: str
    help: str
    args_type: type[A]
    options: tuple[Option, ...]
    permission: Permission
    handler: Handler[A]
    needs_table: bool = True
    #: The games this command belongs to; None means every table.
    systems: frozenset[str] | None = None
    examples: tuple[str, ...] = ()
    #: Every option value is the actor's secret (a sealed bid): shown to no one else, answered
    #: privately from the first byte (``engine.secrets``).
    secret: bool = False

    def usage(self) -> str:
        parts = [f"/{self.name}"]
        for option in self.options:
            part = f"{option.name}:<{option.placeholder()}>"
            parts.append(part if option.required else f"[{part}]")
        return " ".join(parts)

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    @functools.cached_property
    def read_back_changes(self) -> bool:
        """Whether reading a recorded line of this command back changes it
        (``engine.secrets.shown``: secret values hidden, people named); most commands' lines
        read back as they are. Worked out once (a frozen dataclass's own dict allows it)."""
        return self.secret or any(
            o.meta.secret or o.name == "secret" or o.type is OptionType.USER for o in self.options
        )

    def build(self, values: dict[str, Any]) -> A:
        return self.args_type(**values)


_NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")


class CommandRegistry:
    """Every command the engine knows, by name; a game may have its own version of a name.

    Given ``games`` (each game's command names) and ``load`` (a game's command sets), a game's
    commands are included only when a table playing it is first asked about (``find``,
    ``names``), or when every command is (``all_specs``): the registry answers for the others
    from their names, as if they were included. Loading holds a lock, but a registry that
    still has games to load is for one asking thread (the console); the bot's loads them all
    at start-up."""

    def __init__(
        self,
        games: Mapping[str, frozenset[str]] | None = None,
        load: Callable[[str], Iterable[CommandSet]] | None = None,
    ) -> None:
        self._lazy: dict[str, frozenset[str]] = dict(games or {}) if load is not None else {}
        self._load = load
        self._loading = threading.RLock()
        self._specs: dict[str, list[CommandSpec[Any]]] = {}
        self._max_words = 1
        #: Each option name's type and the first command that declared it.
        self._option_types: dict[str, tuple[OptionType, str]] = {}
        self._shared: dict[str, SharedText] = {}
        #: Every-table command name -> the games whose tables do without it (NoDice: /roll).
        self._without: dict[str, set[str]] = {}
        #: What ``find`` answered, by name and game: every command line asks, often several
        #: times (parse, the secrets' read-back, /history). Emptied whenever a command is added.
        self._found: dict[tuple[str, str | None], CommandSpec[Any] | None] = {}
        for names in self._lazy.values():
            self._max_words = max([self._max_words, *(len(n.split()) for n in names)])

    def load(self, system: str | None) -> None:
        """Include ``system``'s commands now, if they wait to be (a no-op otherwise)."""
        if system is None or system not in self._lazy or self._load is None:
            return
        with self._loading:
            if system in self._lazy:
                for commands in self._load(system):
                    self.include(commands)
                del self._lazy[system]

    def load_all(self) -> None:
        """Include every game's commands, in the order the games were given."""
        for system in tuple(self._lazy):
            self.load(system)

    def add(self, spec: CommandSpec[Any]) -> None:
        for word in spec.name.split():
            if not _NAME.fullmatch(word):
                raise TypeError(f"command word {word!r} must be lowercase letters, digits, - or _")
        for option in spec.options:
            if not _NAME.fullmatch(option.name):
                raise TypeError(f"/{spec.name}: option name {option.name!r} is not valid")
        for other in self._specs.get(spec.name, []):
            # A game may have its own version of an every-table command; two versions for
            # the same game (or two every-table versions) would be ambiguous.
            if (other.systems is None and spec.systems is None) or (
                other.systems and spec.systems and other.systems & spec.systems
            ):
                raise TypeError(f"/{spec.name} is declared twice for the same game")
        # The command scheme (docs/architecture.md, rule 6): one option name means one thing,
        # of one type, in every command of every game (the versions of a name are one slash
        # command on Discord, and people carry a name's meaning from one command to the next).
        for option in spec.options:
            kind, first = self._option_types.get(option.name, (option.type, spec.name))
            if kind is not option.type:
                raise TypeError(
                    f"/{spec.name} {option.name}: is {option.type.value} here but {kind.value} "
                    f"in /{first}; one option name has one type everywhere: use another name"
                )
        for option in spec.options:
            self._option_types.setdefault(option.name, (option.type, spec.name))
        self._specs.setdefault(spec.name, []).append(spec)
        self._max_words = max(self._max_words, len(spec.name.split()))
        self._found.clear()

    def include(self, commands: CommandSet) -> None:
        for spec in commands:
            self.add(spec)
        for name, text in commands.shared_texts().items():
            if name in self._shared:
                raise TypeError(f"/{name}: its every-table text is declared twice")
            self._shared[name] = text
        for name in commands.left_out():
            self._without.setdefault(name, set()).update(commands.systems or ())
        self._found.clear()

    def shared_text(self, name: str) -> SharedText | None:
        """The every-table text declared for ``name`` (``CommandSet.shared``), if any."""
        return self._shared.get(name)

    def names(self, system: str | None = None) -> list[str]:
        self.load(system)
        return sorted(name for name in self._specs if self.find(name, system) is not None)

    def find(self, name: str, system: str | None) -> CommandSpec[Any] | None:
        """The command called ``name`` at a table playing ``system`` (None: no table yet)."""
        self.load(system)
        key = (name, system)
        try:
            return self._found[key]
        except KeyError:
            specs = self._specs.get(name)
            if specs is None:
                return None  # not a command: not kept (what people mistype has no end)
            if len(self._found) >= 4096:
                self._found.clear()  # a bound, whatever game names are asked about
            found = self._found[key] = self._find(specs, name, system)
            return found

    def _find(
        self, specs: list[CommandSpec[Any]], name: str, system: str | None
    ) -> CommandSpec[Any] | None:
        if system is None:
            # No table yet: only commands that need none, or the all-games version.
            return next((s for s in specs if s.systems is None), None)
        own = next((s for s in specs if s.systems and system in s.systems), None)
        if own is not None or self.left_out_at(name, system):
            return own
        return next((s for s in specs if s.systems is None), None)

    def left_out_at(self, name: str, system: str | None) -> bool:
        """Whether ``system``'s tables do without the every-table command ``name``."""
        self.load(system)
        return system is not None and system in self._without.get(name, ())

    def games_of(self, name: str) -> list[str] | None:
        """The games a command name belongs to ([] for every game); None if no such command."""
        specs = self._specs.get(name, [])
        waiting = {g for g, names in tuple(self._lazy.items()) if name in names}
        if not specs and not waiting:
            return None
        return sorted({g for s in specs for g in (s.systems or ())} | waiting)

    def spec_of(self, command: str, system: str | None) -> CommandSpec[Any] | None:
        """The command a recorded line (``/game gm add user:bob``) is, at a ``system`` table."""
        words = command.removeprefix("/").split(maxsplit=self._max_words)[: self._max_words]
        for end in range(len(words), 0, -1):
            spec = self.find(" ".join(words[:end]), system)
            if spec is not None:
                return spec
        return None

    def max_words(self) -> int:
        """The most words a command name has (a line's words past it are never a name)."""
        return self._max_words

    def all_specs(self) -> list[CommandSpec[Any]]:
        self.load_all()
        return [spec for name in sorted(self._specs) for spec in self._specs[name]]

    def word_tree(self) -> set[tuple[str, ...]]:
        """Every command name and every prefix of one, as word tuples (for parsing)."""
        prefixes: set[tuple[str, ...]] = set()
        for name in {*self._specs, *(n for names in tuple(self._lazy.values()) for n in names)}:
            words = tuple(name.split())
            for end in range(1, len(words) + 1):
                prefixes.add(words[:end])
        return prefixes


class CommandSet:
    """The commands one module declares, added to a registry at bootstrap."""

    def __init__(self, systems: frozenset[str] | None = None) -> None:
        self._systems = systems
        self._specs: list[CommandSpec[Any]] = []
        self._shared: dict[str, SharedText] = {}
        self._left_out: tuple[str, ...] = ()

    def __iter__(self) -> Iterator[CommandSpec[Any]]:
        return iter(self._specs)

    @property
    def systems(self) -> frozenset[str] | None:
        return self._systems

    def leave_out(self, *names: str) -> None:
        """Every-table commands this set's games' tables do without (NoDice rolls no dice:
        ``/roll``): not listed there, and refused there with the game's ``instead``."""
        if self._systems is None:
            raise TypeError("only a game's command set leaves every-table commands out")
        self._left_out += names

    def left_out(self) -> tuple[str, ...]:
        return self._left_out

    def reused_for(self, system: str, *, leaving_out: Sequence[str] = ()) -> CommandSet:
        """These commands for another game built on the same engine (Scions on Cortex), but
        for the names it declares its own version of."""
        reused = CommandSet(frozenset({system}))
        reused._specs = [
            dataclasses.replace(spec, systems=frozenset({system}))
            for spec in self._specs
            if spec.name not in leaving_out
        ]
        return reused

    def shared(self, name: str, help: str, options: Mapping[str, str] | None = None) -> None:
        """Declare what ``name`` says at every table when its games' versions say different
        things (one Discord command holds them all); ``options`` likewise, by option name."""
        if self._systems is not None:
            raise TypeError(f"/{name}: an every-table text is declared by an every-table set")
        self._shared[name] = SharedText(help=help, options=dict(options or {}))

    def shared_texts(self) -> Mapping[str, SharedText]:
        return self._shared

    def command(
        self,
        name: str,
        *,
        help: str,
        permission: Permission,
        needs_table: bool = True,
        examples: Sequence[str] = (),
        secret: bool = False,
    ) -> Callable[[Handler[A]], Handler[A]]:
        def declare(handler: Handler[A]) -> Handler[A]:
            hints = typing.get_type_hints(handler)
            params = [p for p in hints if p != "return"]
            if len(params) != 2:
                raise TypeError(f"/{name}: handler takes (ctx, args)")
            args_type = hints[params[1]]
            options = options_of(args_type)
            # An optional character: means "the one you play": the handler must take it so
            # (authorise checks only a character named).
            if permission is Permission.OWNER and not any(o.name == "character" for o in options):
                raise TypeError(f"/{name}: an owner-only command needs a character: option")
            self._specs.append(
                CommandSpec(
                    name=name,
                    help=help,
                    args_type=args_type,
                    options=options,
                    permission=permission,
                    handler=handler,
                    needs_table=needs_table,
                    systems=self._systems,
                    examples=tuple(examples),
                    secret=secret,
                )
            )
            return handler

        return declare
