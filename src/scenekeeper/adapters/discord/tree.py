"""The slash command tree, generated from the command registry (through ``layout``).

Each engine command becomes an ``app_commands.Command`` whose callback takes its options as
keyword arguments; the parameters are declared with ``__signature__`` and discord.py's own
decorators (describe, rename, choices, autocomplete), so discord.py reads them exactly as it
reads a hand-written command. Every command is for server channels only (``guild_only``,
``contexts: [0]``): a table is a channel or a thread.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from typing import Any, Protocol, TypeVar

import discord
from discord import app_commands

from scenekeeper.adapters.discord.layout import (
    ALL,
    Layout,
    PlannedCommand,
    PlannedOption,
    Scope,
    plan,
)
from scenekeeper.adapters.discord.limits import check_payloads
from scenekeeper.adapters.discord.options import annotation, choices, python_name
from scenekeeper.adapters.suggest import Suggestion, autocompleted
from scenekeeper.engine.commands import CommandRegistry, OptionType
from scenekeeper.engine.renamed import RENAMED_COMMANDS

ClientT = TypeVar("ClientT", bound=discord.Client)
SlashCommand = app_commands.Command[Any, ..., None]
TopLevel = SlashCommand | app_commands.Group
Autocomplete = Callable[
    [discord.Interaction[Any], str], Coroutine[Any, Any, list[app_commands.Choice[Any]]]
]


class Handles(Protocol):
    """What the tree calls (``runner.Runner``)."""

    def command(
        self,
        interaction: discord.Interaction[Any],
        name: str,
        values: Mapping[str, object],
        kinds: Mapping[str, OptionType],
    ) -> Awaitable[None]: ...

    def suggest(
        self, interaction: discord.Interaction[Any], name: str, option: str, current: str
    ) -> Awaitable[list[Suggestion]]: ...


class TreeError(Exception):
    """The registry has commands Discord would refuse; the message lists every problem."""


def new_tree(client: ClientT) -> app_commands.CommandTree[ClientT]:
    """The bot's command tree: for server channels, installed to servers."""
    return app_commands.CommandTree(
        client,
        allowed_contexts=app_commands.AppCommandContext(guild=True),
        allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
    )


def layout_of(registry: CommandRegistry, scope: Scope = ALL) -> Layout:
    return plan(registry, autocompleted, scope)


def build_tree(
    tree: app_commands.CommandTree[Any], registry: CommandRegistry, handles: Handles
) -> dict[str, SlashCommand]:
    """Add every engine command to ``tree``; the commands by engine name.

    Raises ``TreeError`` when a command cannot be shown to Discord as it is (too many
    commands or options, a bad name): better to refuse to start than to fail at Discord.
    """
    layout = layout_of(registry)
    tops, made = _commands(layout, handles)
    _old_names(tops, layout, handles)
    for top in tops:
        tree.add_command(top)
    _check(tree, tops)
    return made


def _old_names(tops: list[TopLevel], layout: Layout, handles: Handles) -> None:
    """A renamed command answers to its old name too (``engine.renamed``), where that name's
    top-level group is in the tree: Discord shows it until its copy is synced (``/game stress``,
    ``/game mods set`` after an upgrade). Only the bot's own tree has them: no set sent to
    Discord does."""
    planned = layout.by_engine_name()
    groups = {top.name: top for top in tops if isinstance(top, app_commands.Group)}
    for old, new in RENAMED_COMMANDS.items():
        words = tuple(old.split())
        parent = groups.get(words[0])
        if new not in planned or not 2 <= len(words) <= 3 or parent is None:
            continue
        if len(words) == 3:
            parent = _subgroup(parent, words[1])
        if parent is not None and parent.get_command(words[-1]) is None:
            parent.add_command(_command(dataclasses.replace(planned[new], path=words), handles))


def _subgroup(parent: app_commands.Group, name: str) -> app_commands.Group | None:
    """``parent``'s subgroup ``name``, made for old names if it is not there (None: ``name``
    is a command of ``parent``, not a group)."""
    found = parent.get_command(name)
    if found is None:
        found = app_commands.Group(name=name, description=f"/{parent.name} {name} (old names)")
        parent.add_command(found)
    return found if isinstance(found, app_commands.Group) else None


def payloads(
    tree: app_commands.CommandTree[Any], registry: CommandRegistry, scope: Scope
) -> list[dict[str, Any]]:
    """What Discord is sent for one scope's commands (a sync's JSON), built as ``build_tree``
    builds the bot's own; raises ``TreeError`` as it does."""
    tops, _made = _commands(layout_of(registry, scope), None)
    return _check(tree, tops)


def menu_payloads(tree: app_commands.CommandTree[Any]) -> list[dict[str, Any]]:
    """What Discord is sent for the message menu (with the every-table commands)."""
    found = [menu(name, _nothing).to_dict(tree) for name in MESSAGE_MENUS]
    problems = check_payloads(found)
    if problems:
        raise TreeError("; ".join(problems))
    return found


#: The message menu of every table (a post's Edit and Delete: ``post_forms``).
MESSAGE_MENUS = ("Edit post", "Delete post")
MenuCallback = Callable[[discord.Interaction[Any], discord.Message], Coroutine[Any, Any, None]]


def menu(name: str, callback: MenuCallback) -> app_commands.ContextMenu:
    """A message menu entry, for server channels only (as every command)."""
    found = app_commands.ContextMenu(name=name, callback=callback)
    app_commands.guild_only(found)
    return found


async def _nothing(_interaction: discord.Interaction[Any], _message: discord.Message) -> None:
    """A sent entry's stand-in callback (the bot's own tree has the real ones)."""


def _check(tree: app_commands.CommandTree[Any], tops: list[TopLevel]) -> list[dict[str, Any]]:
    found = [top.to_dict(tree) for top in tops]
    problems = check_payloads(found)
    if problems:
        raise TreeError("; ".join(problems))
    return found


def _commands(
    layout: Layout, handles: Handles | None
) -> tuple[list[TopLevel], dict[str, SlashCommand]]:
    """The top-level commands and groups of a layout, and its commands by engine name."""
    if layout.problems:
        raise TreeError("; ".join(layout.problems))
    tops: list[TopLevel] = []
    groups: dict[tuple[str, ...], app_commands.Group] = {}
    made: dict[str, SlashCommand] = {}
    for planned in layout.commands:
        parent = _group(tops, groups, layout, planned.path[:-1])
        command = _command(planned, handles)
        if parent is None:
            tops.append(command)
        else:
            parent.add_command(command)
        made[planned.engine_name] = command
    for top in tops:
        # A table is a server channel or thread: no command in DMs (Discord hides them there).
        app_commands.guild_only(top)
    return tops, made


def _group(
    tops: list[TopLevel],
    groups: dict[tuple[str, ...], app_commands.Group],
    layout: Layout,
    path: tuple[str, ...],
) -> app_commands.Group | None:
    if not path:
        return None
    if path not in groups:
        parent = _group(tops, groups, layout, path[:-1])
        group = app_commands.Group(name=path[-1], description=layout.groups[path])
        if parent is None:
            tops.append(group)
        else:
            parent.add_command(group)
        groups[path] = group
    return groups[path]


def _command(planned: PlannedCommand, handles: Handles | None) -> SlashCommand:
    """A slash command whose callback runs ``planned`` (``handles`` None: a payload only)."""
    names = {python_name(o.name): o.name for o in planned.options}
    kinds = {o.name: o.type for o in planned.options}
    engine_name = planned.engine_name

    async def callback(interaction: discord.Interaction[Any], **values: Any) -> None:
        given = {names[k]: v for k, v in values.items()}
        assert handles is not None, "a payload-only command is never called"
        await handles.command(interaction, engine_name, given, kinds)

    callback.__qualname__ = callback.__name__ = f"slash_{'_'.join(planned.path)}".replace("-", "_")
    callback.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
        + [_parameter(o) for o in planned.options]
    )
    described = {python_name(o.name): o.description for o in planned.options}
    renamed = {py: name for py, name in names.items() if py != name}
    chosen = {python_name(o.name): choices(o) for o in planned.options if o.choices}
    completed = {
        python_name(o.name): _autocomplete(handles, engine_name, o.name)
        for o in planned.options
        if o.autocomplete
    }
    decorated: Any = callback
    for decorator in (
        app_commands.describe(**described),
        app_commands.rename(**renamed),
        app_commands.choices(**chosen),
        app_commands.autocomplete(**completed),
    ):
        decorated = decorator(decorated)
    return app_commands.Command(
        name=planned.path[-1],
        description=planned.description,
        callback=decorated,
        extras={"engine_name": engine_name},
    )


def _parameter(option: PlannedOption) -> inspect.Parameter:
    return inspect.Parameter(
        python_name(option.name),
        inspect.Parameter.KEYWORD_ONLY,
        annotation=annotation(option),
        default=inspect.Parameter.empty if option.required else None,
    )


def _autocomplete(handles: Handles | None, engine_name: str, option: str) -> Autocomplete:
    async def suggest(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[Any]]:
        if handles is None:
            return []
        found = await handles.suggest(interaction, engine_name, option, current)
        return [app_commands.Choice(name=label[:100], value=value) for label, value in found]

    return suggest
