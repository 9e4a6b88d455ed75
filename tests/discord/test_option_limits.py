"""The limits an option declares reach Discord as Discord reads them: a number's least and
greatest value (either alone), a text's longest length (none for fixed choices), and whether it
may be left out."""

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

OPTIONS = (
    Option("from", OptionType.INTEGER, "the first", True, None, Opt("x", min_value=1)),
    Option("most", OptionType.INTEGER, "at most", False, None, Opt("x", max_value=5)),
    Option("any", OptionType.INTEGER, "any number", False, None, Opt("x")),
    Option("word", OptionType.STRING, "a word", False, None, Opt("x", max_length=30)),
    Option("pick", OptionType.STRING, "a pick", False, None, Opt("x", choices=("a", "b"))),
)


def payload() -> dict[str, dict[str, Any]]:
    registry = CommandRegistry()
    registry.add(
        CommandSpec(
            name="count",
            help="Count something.",
            args_type=NoOptions,
            options=OPTIONS,
            permission=Permission.ANYONE,
            handler=lambda ctx, args: Decision(),
        )
    )

    async def scenario() -> dict[str, Any]:
        tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
        return build_tree(tree, registry, None)["count"].to_dict(tree)

    return {option["name"]: option for option in run(scenario())["options"]}


def test_a_number_keeps_its_least_or_greatest_value_alone() -> None:
    options = payload()
    first, most, any_number = options["from"], options["most"], options["any"]
    assert (first["type"], first.get("min_value"), first.get("max_value")) == (4, 1, None)
    assert (most["type"], most.get("min_value"), most.get("max_value")) == (4, None, 5)
    assert (any_number.get("min_value"), any_number.get("max_value")) == (None, None)


def test_a_text_keeps_its_length_and_fixed_choices_take_none() -> None:
    options = payload()
    assert (options["word"]["type"], options["word"].get("max_length")) == (3, 30)
    pick = options["pick"]
    assert [c["value"] for c in pick["choices"]] == ["a", "b"]
    assert [c["name"] for c in pick["choices"]] == ["a", "b"]
    assert pick.get("max_length") is None


def test_an_option_may_be_left_out_unless_it_is_required() -> None:
    options = payload()
    assert options["from"]["required"] is True
    assert [name for name, o in options.items() if o.get("required")] == ["from"]
