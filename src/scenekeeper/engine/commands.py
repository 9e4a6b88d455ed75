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
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
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
from scenekeeper.engine.quick import quick_init
from scenekeeper.engine.registry import SharedText, SpecRegistry
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import Person, TableState
from scenekeeper.engine.upgrades import Upgrade

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


#: The reply of a decision given none: a frozen value of frozen values, so one serves all.
_NO_REPLY = Reply()


# Made for one command: quick_init's one-step __init__ (every command decides one).
@quick_init
@dataclass(frozen=True)
class Decision:
    """What a handler decided: events to append (possibly none) and the reply."""

    events: tuple[Event, ...] = ()
    reply: Reply = _NO_REPLY
    #: Events carried over with their original envelopes (table import), instead of ``events``.
    recorded: tuple[Envelope, ...] = ()


@quick_init
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
    #: Deciding again a command an earlier version made (``/game import``): the changes of
    #: rules it came before (``engine.upgrades``). Empty for every command made now.
    older: frozenset[str] = frozenset()

    def before(self, upgrade: Upgrade) -> bool:
        """Whether this command is decided as the version before ``upgrade`` decided it."""
        return upgrade.name in self.older

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
    #: What it does in one line of at most 100 characters, where ``help`` is longer: what
    #: Discord shows beside its name (``help`` stays for /help and docs/commands.md).
    summary: str = ""
    #: Every option value is the actor's secret (a sealed bid): shown to no one else, answered
    #: privately from the first byte (``engine.secrets``).
    secret: bool = False
    #: The command deletes, ends, removes or hands over what its options name: a person typed
    #: for it must be named whole, never by a beginning (``engine.names.resolve``).
    whole_names: bool = False

    def usage(self) -> str:
        parts = [f"/{self.name}"]
        for option in self.options:
            part = f"{option.name}:<{option.placeholder()}>"
            parts.append(part if option.required else f"[{part}]")
        return " ".join(parts)

    def option(self, name: str) -> Option | None:
        return self._by_name.get(name)

    @functools.cached_property
    def _by_name(self) -> dict[str, Option]:
        """The options by name, made once (a frozen dataclass's own dict allows it)."""
        return {o.name: o for o in self.options}

    @functools.cached_property
    def read_back_changes(self) -> bool:
        """Whether reading a recorded line of this command back changes it
        (``engine.secrets.shown``: secret values hidden, people named); most commands' lines
        read back as they are. Worked out once (a frozen dataclass's own dict allows it)."""
        return self.secret or any(
            o.meta.secret or o.name == "secret" or o.type is OptionType.USER for o in self.options
        )

    @functools.cached_property
    def read_back_options(self) -> tuple[Option, ...]:
        """The options whose values read back otherwise than typed, unless the command is
        given ``secret:true``: declared secret, or naming a person (``engine.secrets.shown``)."""
        return tuple(o for o in self.options if o.meta.secret or o.type is OptionType.USER)

    @functools.cached_property
    def secret_options(self) -> tuple[str, ...]:
        """The options declared secret (``Opt(secret=True)``), found once: most commands have
        none (``engine.secrets.is_secret``)."""
        return tuple(o.name for o in self.options if o.meta.secret)

    def build(self, values: dict[str, Any]) -> A:
        return self.args_type(**values)


#: Every command the engine knows (``engine.registry``), by name and game.
CommandRegistry = SpecRegistry[CommandSpec[Any]]


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
        whole_names: bool = False,
        summary: str = "",
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
                    whole_names=whole_names,
                    summary=summary,
                )
            )
            return handler

        return declare
