"""Option names that are no Python parameter (a keyword, a hyphen, ``interaction`` itself) are
still offered to Discord by their own names, and a value given for one reaches the command
under that name."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from scenekeeper.adapters.discord.tree import build_tree
from scenekeeper.engine.commands import (
    CommandRegistry,
    CommandSpec,
    Decision,
    NoOptions,
    Opt,
    Option,
    OptionType,
    Permission,
)
from tests.discord.fakes import run

NAMES = ("from", "interaction", "two-words", "class", "plain")


class Handles:
    def __init__(self) -> None:
        self.given: list[tuple[str, dict[str, object]]] = []

    async def command(
        self, interaction: object, name: str, values: dict[str, object], kinds: object
    ) -> None:
        del interaction, kinds
        self.given.append((name, dict(values)))


def test_awkward_option_names_are_offered_and_read_back_by_their_own_names() -> None:
    registry = CommandRegistry()
    registry.add(
        CommandSpec(
            name="say",
            help="Say something.",
            args_type=NoOptions,
            options=tuple(
                Option(name, OptionType.STRING, f"the {name}", False, None, Opt("x"))
                for name in NAMES
            ),
            permission=Permission.ANYONE,
            handler=lambda ctx, args: Decision(),
        )
    )
    handles = Handles()

    async def scenario() -> dict[str, Any]:
        tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
        made = build_tree(tree, registry, handles)  # type: ignore[arg-type]
        command = made["say"]
        payload = command.to_dict(tree)
        values = {p.name: f"value of {p.display_name}" for p in command.parameters}
        await command.callback(None, **values)  # type: ignore[arg-type]
        return payload

    payload = run(scenario())
    assert [o["name"] for o in payload["options"]] == list(NAMES)
    assert handles.given == [("say", {name: f"value of {name}" for name in NAMES})]
