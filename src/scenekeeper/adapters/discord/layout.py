"""Where each engine command sits in Discord's command tree, planned from the registry.

Discord has three levels (command, group, subcommand), and a command with subcommands cannot
be invoked itself. Engine names map word by word: ``game gm add`` is group ``game``, subgroup
``gm``, subcommand ``add``. Two cases need a decision, made here once for every command:

* a name that is both a command and the start of longer ones (``roll`` and ``roll odds``):
  the command keeps its name and the longer ones join the clashing word with a hyphen
  (``/roll-odds``), so the one people type most stays as it is;
* a name of more than three words: the words past the second join with hyphens.

Specs that share a name for different games become one Discord command with the union of
their options; the handler dispatches by the table's game. Nothing here imports discord.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from scenekeeper.adapters.discord.limits import (
    MAX_CHILDREN,
    MAX_CHOICE_VALUE,
    MAX_CHOICES,
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

    def top_level(self) -> list[str]:
        return sorted({c.path[0] for c in self.commands})

    def children_of(self, path: tuple[str, ...]) -> list[str]:
        depth = len(path)
        return sorted(
            {c.path[depth] for c in self.commands if c.path[:depth] == path and len(c.path) > depth}
        )

    def by_engine_name(self) -> dict[str, PlannedCommand]:
        return {c.engine_name: c for c in self.commands}


def plan(registry: CommandRegistry, autocompleted: Autocompleted | None = None) -> Layout:
    wants_autocomplete = autocompleted or (lambda _name, _option: False)
    by_name: dict[str, list[CommandSpec[Any]]] = {}
    for spec in registry.all_specs():
        by_name.setdefault(spec.name, []).append(spec)
    paths, moved = _paths(sorted(by_name))
    installed = set(system_names()) | {g for s in registry.all_specs() for g in (s.systems or ())}
    problems: list[str] = []
    commands = []
    for name, specs in by_name.items():
        options, option_problems = _merge_options(name, specs, wants_autocomplete)
        problems += option_problems
        commands.append(
            PlannedCommand(
                path=paths[name],
                engine_name=name,
                description=_described(specs, installed),
                options=options,
            )
        )
    commands.sort(key=lambda c: c.path)
    bare = Layout(commands=tuple(commands))
    groups = {
        path: shorten(f"/{' '.join(path)}: {', '.join(bare.children_of(path))}.")
        for path in {c.path[:end] for c in commands for end in range(1, len(c.path))}
    }
    layout = Layout(commands=bare.commands, groups=groups, moved=moved)
    return replace(layout, problems=tuple(problems + _limit_problems(layout)))


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


def _described(specs: Sequence[CommandSpec[Any]], installed: set[str]) -> str:
    """The richest version's help; a command of only some games names them first, since
    Discord shows it in every channel (docs/architecture.md, scheme rule 5)."""
    games = sorted({g for s in specs for g in (s.systems or ())})
    mine = all(s.systems for s in specs) and len(installed) > 1 and set(games) != installed
    help_text = _richest(specs).help
    return shorten(f"{', '.join(games)}: {help_text}" if mine else help_text)


def _richest(specs: Sequence[CommandSpec[Any]]) -> CommandSpec[Any]:
    """The version whose help describes the command best: the one with the most options."""
    return max(specs, key=lambda s: len(s.options))


def _merge_options(
    name: str, specs: Sequence[CommandSpec[Any]], autocompleted: Autocompleted
) -> tuple[tuple[PlannedOption, ...], list[str]]:
    """The union of every version's options; required only where every version requires it."""
    problems: list[str] = []
    merged: dict[str, list[tuple[CommandSpec[Any], Option]]] = {}
    # The richest version's order first (a Cortex table's /roll leads with pool:).
    for spec in sorted(specs, key=lambda s: -len(s.options)):
        for option in spec.options:
            merged.setdefault(option.name, []).append((spec, option))
    planned = []
    for option_name, found in merged.items():
        first = found[0][1]
        # The every-game version's help reads right at every table.
        helped = next((o for s, o in found if s.systems is None), first)
        kinds = {o.type for _, o in found}
        if len(kinds) > 1:
            problems.append(
                f"/{name} {option_name}: the games' versions give it different types "
                f"({', '.join(sorted(k.value for k in kinds))}); Discord shows the first"
            )
        options = [o for _, o in found if o.type is first.type]
        in_every = len(found) == len(specs)
        choices = _merged_choices(options)
        if len(choices) > MAX_CHOICES or any(len(c) > MAX_CHOICE_VALUE for c in choices):
            choices = ()  # too many to list: the engine still checks them; autocomplete offers
        planned.append(
            PlannedOption(
                name=option_name,
                type=first.type,
                description=shorten(helped.help or option_name),
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
