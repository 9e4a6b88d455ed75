"""Where each engine command sits in Discord's command tree, planned from the registry.

Discord has three levels (command, group, subcommand), and a command with subcommands cannot
be invoked itself. Engine names map word by word: ``game gm add`` is group ``game``, subgroup
``gm``, subcommand ``add``. Two cases need a decision, made here once for every command:

* a name that is both a command and the start of longer ones (``roll`` and ``roll odds``):
  the command keeps its name and the longer ones join the clashing word with a hyphen
  (``/roll-odds``), so the one people type most stays as it is;
* a name of more than three words: the words past the second join with hyphens.

Specs that share a name for different games become one Discord command with the union of
their options; the handler dispatches by the table's game. Where the versions say different
things, the description is the name's every-table text (``CommandRegistry.shared_text``); an
option only some versions have names their games.

A ``Scope`` picks the commands of one command set: all of them (the bot's own tree, and a
development guild), the every-table ones (global: every server sees them), or a server's
games' own (synced to that server only). A top-level name is global only when every command
under it is the every-table version and no game's tables do without it (``every_table_tops``);
a server's set holds only what a table of one of its games finds (``CommandRegistry.find``),
so a server is shown no command that none of its tables can use. Every scope keeps the same
Discord paths, so one tree answers every server. Descriptions fit Discord's 100 characters as
written (``CommandSpec.summary``); ``Layout.cut`` lists any that had to be cut. Nothing here
imports discord.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from scenekeeper.adapters.discord.limits import (
    MAX_CHILDREN,
    MAX_CHOICE_VALUE,
    MAX_CHOICES,
    MAX_DESCRIPTION,
    MAX_OPTIONS,
    MAX_STRING_LENGTH,
    MAX_TOP_LEVEL,
    shorten,
    valid_name,
)
from scenekeeper.engine.commands import CommandRegistry, CommandSpec, Option, OptionType
from scenekeeper.engine.systems import system_names

#: Whether an option of a command gets autocomplete: (engine command name, option) -> bool.
Autocompleted = Callable[[str, Option], bool]


@dataclass(frozen=True)
class Scope:
    """Which commands one command set holds. ``games`` None: every command of every game (the
    bot's own tree); else the commands under the top-level names that are not global, in the
    versions a table of one of those games finds (a server's own). ``EVERY_TABLE``: the
    commands under the global top-level names (``every_table_tops``)."""

    games: frozenset[str] | None = None
    every_table: bool = False


ALL = Scope()
EVERY_TABLE = Scope(every_table=True)


def for_games(games: Iterable[str]) -> Scope:
    return Scope(games=frozenset(games))


@dataclass(frozen=True)
class PlannedOption:
    name: str
    type: OptionType
    description: str
    required: bool
    choices: tuple[str, ...] = ()
    min_value: int | None = None
    max_value: int | None = None
    max_length: int | None = None
    autocomplete: bool = False


@dataclass(frozen=True)
class PlannedCommand:
    """One Discord (sub)command: its path of names and the engine command it runs."""

    path: tuple[str, ...]
    engine_name: str
    description: str
    options: tuple[PlannedOption, ...]

    @property
    def discord_name(self) -> str:
        return " ".join(self.path)


@dataclass(frozen=True)
class Layout:
    commands: tuple[PlannedCommand, ...]
    #: Groups by path (one or two names) -> description.
    groups: dict[tuple[str, ...], str] = field(default_factory=dict)
    #: Engine names that could not keep their words, with the Discord name they got.
    moved: dict[str, str] = field(default_factory=dict)
    #: What cannot be shown to Discord as it is (each also stops the bot from starting).
    problems: tuple[str, ...] = ()
    #: Descriptions cut to fit Discord (``discord --check`` names each: shorten its summary).
    cut: tuple[str, ...] = ()

    def top_level(self) -> list[str]:
        return sorted({c.path[0] for c in self.commands})

    def children_of(self, path: tuple[str, ...]) -> list[str]:
        depth = len(path)
        return sorted(
            {c.path[depth] for c in self.commands if c.path[:depth] == path and len(c.path) > depth}
        )

    def by_engine_name(self) -> dict[str, PlannedCommand]:
        return {c.engine_name: c for c in self.commands}


def installed_games(registry: CommandRegistry) -> frozenset[str]:
    return frozenset(system_names()) | {g for s in registry.all_specs() for g in s.systems or ()}


def every_table_tops(registry: CommandRegistry) -> frozenset[str]:
    """The top-level words global on Discord (``/game``, ``/help``): every command under them
    is the every-table version, and every game's tables keep it (not NoDice's ``/roll``). So a
    server with no game yet can start one, and no server is shown one its tables lack."""
    games = installed_games(registry)
    tops: dict[str, bool] = {}
    for spec in registry.all_specs():
        top = spec.name.split()[0]
        everywhere = spec.systems is None and not any(
            registry.left_out_at(spec.name, game) for game in games
        )
        tops[top] = tops.get(top, True) and everywhere
    return frozenset(top for top, everywhere in tops.items() if everywhere)


def versions(registry: CommandRegistry, scope: Scope = ALL) -> dict[str, list[CommandSpec[Any]]]:
    """The versions of each command name a scope holds: a server's, only those a table of
    one of its games finds."""
    everywhere = every_table_tops(registry)
    games = sorted((scope.games or frozenset()) & installed_games(registry))
    by_name: dict[str, list[CommandSpec[Any]]] = {}
    for spec in registry.all_specs():
        global_ = spec.name.split()[0] in everywhere
        if scope.every_table and not global_:
            continue
        if scope.games is not None and (
            global_ or not any(registry.find(spec.name, game) is spec for game in games)
        ):
            continue
        by_name.setdefault(spec.name, []).append(spec)
    return by_name


def plan(
    registry: CommandRegistry,
    autocompleted: Autocompleted | None = None,
    scope: Scope = ALL,
) -> Layout:
    wants_autocomplete = autocompleted or (lambda _name, _option: False)
    # Paths from every name, so that a command has the same path in every scope.
    paths, moved = _paths(sorted({s.name for s in registry.all_specs()}))
    by_name = versions(registry, scope)
    games = installed_games(registry) if scope.games is None else scope.games
    problems: list[str] = []
    cut: list[str] = []
    commands = []
    for name, specs in by_name.items():
        options, option_problems = _merge_options(name, specs, registry, wants_autocomplete, games)
        description, problem = _described(name, specs, registry)
        problems += option_problems + ([problem] if problem else [])
        commands.append(
            PlannedCommand(
                path=paths[name],
                engine_name=name,
                description=shorten(description),
                options=options,
            )
        )
        if len(description) > MAX_DESCRIPTION:
            cut.append(f"/{name}: {len(description)} characters")
        cut += [
            f"/{name} {o.name}: {len(o.description)} characters"
            for o in options
            if o.description.endswith("…")
        ]
    commands.sort(key=lambda c: c.path)
    bare = Layout(commands=tuple(commands))
    groups = {
        path: _listed(path, bare.children_of(path))
        for path in {c.path[:end] for c in commands for end in range(1, len(c.path))}
    }
    moved = {name: path for name, path in moved.items() if name in by_name}
    layout = Layout(commands=bare.commands, groups=groups, moved=moved, cut=tuple(cut))
    return replace(layout, problems=tuple(problems + _limit_problems(layout)))


def _listed(path: tuple[str, ...], children: Sequence[str]) -> str:
    """A group's description: its subcommands, as many as fit, then how many more."""
    head = f"/{' '.join(path)}: "
    whole = head + ", ".join(children) + "."
    if len(whole) <= MAX_DESCRIPTION:
        return whole
    for shown in range(len(children) - 1, 0, -1):
        text = f"{head}{', '.join(children[:shown])} and {len(children) - shown} more."
        if len(text) <= MAX_DESCRIPTION:
            return text
    return f"{head}{len(children)} commands."


def _paths(names: Sequence[str]) -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    """Discord paths for engine names (sorted), and the names that had to move."""
    paths = {name: _fit_depth(tuple(name.split())) for name in names}
    changed = True
    while changed:
        changed = False
        leaves = set(paths.values())
        for name, path in paths.items():
            for end in range(1, len(path)):
                if path[:end] in leaves:
                    # path[:end] is a command and cannot also be a group: join the word after it.
                    paths[name] = (
                        *path[: end - 1],
                        f"{path[end - 1]}-{path[end]}",
                        *path[end + 1 :],
                    )
                    changed = True
                    break
            if changed:
                break
    moved = {name: " ".join(path) for name, path in paths.items() if " ".join(path) != name}
    return paths, moved


def _fit_depth(words: tuple[str, ...]) -> tuple[str, ...]:
    if len(words) <= 3:
        return words
    return (*words[:2], "-".join(words[2:]))


def _described(
    name: str, specs: Sequence[CommandSpec[Any]], registry: CommandRegistry
) -> tuple[str, str | None]:
    """The versions' own line (``summary``, else ``help``) where they agree, else the name's
    every-table text; with the problem, if any. No game is named first: a set holds only
    what its server's tables can use (docs/architecture.md, scheme rule 5)."""
    shared = registry.shared_text(name)
    text, problem = _every_table(
        {" ".join((s.summary or s.help).split()) for s in specs},
        shared.help if shared else None,
        None,
        f"/{name}: its games' versions describe it differently",
    )
    return " ".join(text.split()), problem


def _every_table(
    texts: set[str], declared: str | None, fallback: str | None, where: str
) -> tuple[str, str | None]:
    """The one text where the versions agree; else the every-table text (declared for the
    name, else ``fallback``: the every-table version's own); else a problem (and the first)."""
    if len(texts) == 1:
        return next(iter(texts)), None
    chosen = declared or fallback
    if chosen:
        return chosen, None
    problem = f"{where}; declare what it says at every table in engine/core/shared.py"
    return sorted(texts)[0], problem


def _merge_options(
    name: str,
    specs: Sequence[CommandSpec[Any]],
    registry: CommandRegistry,
    autocompleted: Autocompleted,
    games: frozenset[str],
) -> tuple[tuple[PlannedOption, ...], list[str]]:
    """The union of every version's options; required only where every version requires it.
    (An option name has one type in every command: ``CommandRegistry.add`` sees to it.)"""
    problems: list[str] = []
    merged: dict[str, list[tuple[CommandSpec[Any], Option]]] = {}
    # The richest version's order first (a Cortex table's /roll leads with pool:).
    for spec in sorted(specs, key=lambda s: -len(s.options)):
        for option in spec.options:
            merged.setdefault(option.name, []).append((spec, option))
    planned = []
    for option_name, found in merged.items():
        first = found[0][1]
        options = [o for _, o in found]
        description, problem = _option_described(name, specs, found, registry, games)
        problems += [problem] if problem else []
        in_every = len(found) == len(specs)
        choices = _merged_choices(options)
        if len(choices) > MAX_CHOICES or any(len(c) > MAX_CHOICE_VALUE for c in choices):
            choices = ()  # too many to list: the engine still checks them; autocomplete offers
        planned.append(
            PlannedOption(
                name=option_name,
                type=first.type,
                description=description,
                required=in_every and all(o.required for o in options),
                choices=choices,
                min_value=_loosest(options, "min_value", min),
                max_value=_loosest(options, "max_value", max),
                max_length=_max_length(options) if first.type is OptionType.STRING else None,
                autocomplete=not choices
                and first.type in (OptionType.STRING, OptionType.INTEGER)
                and any(autocompleted(name, o) for o in options),
            )
        )
    # Discord wants required options first; otherwise the engine's order stands.
    planned.sort(key=lambda o: not o.required)
    return tuple(planned), problems


def _option_described(
    name: str,
    specs: Sequence[CommandSpec[Any]],
    found: Sequence[tuple[CommandSpec[Any], Option]],
    registry: CommandRegistry,
    games: frozenset[str],
) -> tuple[str, str | None]:
    """An option's help where its versions agree, else its every-table text; an option only
    some of the set's games' versions have ends with those games (it is refused at the
    others' tables)."""
    option = found[0][1].name
    shared = registry.shared_text(name)
    every_table = next((o.help for s, o in found if s.systems is None), None)
    # The every-table version's words, even where the set holds only games' own versions.
    plain = registry.find(name, None)
    written = plain.option(option) if plain is not None and plain.systems is None else None
    text, problem = _every_table(
        {o.help or option for _, o in found},
        shared.options.get(option) if shared else None,
        every_table or (written.help if written is not None else None),
        f"/{name} {option}: its games' versions describe it differently",
    )
    if len(found) < len(specs) and every_table is None:
        owners = sorted({g for s, _ in found for g in s.systems or ()} & games)
        text = f"{text} ({', '.join(owners)})"
    return shorten(text or option), problem


def _merged_choices(options: Sequence[Option]) -> tuple[str, ...]:
    if not all(o.choices for o in options):
        return ()
    seen: dict[str, None] = {}
    for option in options:
        seen.update(dict.fromkeys(option.choices))
    return tuple(seen)


def _loosest(
    options: Sequence[Option], attribute: str, pick: Callable[[list[int]], int]
) -> int | None:
    values = [getattr(o.meta, attribute) for o in options]
    if any(v is None for v in values):
        return None
    return pick(values)


def _max_length(options: Sequence[Option]) -> int | None:
    lengths = [o.meta.max_length for o in options]
    if any(length is None for length in lengths):
        return None
    return min(max(length for length in lengths if length is not None), MAX_STRING_LENGTH)


def _limit_problems(layout: Layout) -> list[str]:
    problems = []
    top = layout.top_level()
    if len(top) > MAX_TOP_LEVEL:
        problems.append(f"{len(top)} top-level commands; Discord allows {MAX_TOP_LEVEL}")
    for path in layout.groups:
        children = layout.children_of(path)
        if len(children) > MAX_CHILDREN:
            problems.append(
                f"/{' '.join(path)} has {len(children)} subcommands; Discord allows {MAX_CHILDREN}"
            )
    seen: dict[tuple[str, ...], str] = {}
    for command in layout.commands:
        other = seen.setdefault(command.path, command.engine_name)
        if other != command.engine_name:
            problems.append(
                f"/{other} and /{command.engine_name} both become /{command.discord_name}"
            )
        bad = [w for w in command.path if not valid_name(w)]
        if bad:
            problems.append(f"/{command.engine_name}: {bad[0]!r} is not a valid Discord name")
        if len(command.options) > MAX_OPTIONS:
            problems.append(
                f"/{command.engine_name} has {len(command.options)} options; Discord allows "
                f"{MAX_OPTIONS}"
            )
    return problems
