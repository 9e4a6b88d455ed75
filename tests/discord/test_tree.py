"""The whole command tree, built offline, checked payload by payload against Discord's limits.
A new engine command that breaks one fails here (and the bot refuses to start)."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest
from discord import app_commands

from scenekeeper.adapters.discord.layout import plan
from scenekeeper.adapters.discord.limits import check_payloads, shorten
from scenekeeper.adapters.discord.tree import TreeError, build_tree, layout_of
from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
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
from scenekeeper.engine.renamed import RENAMED_COMMANDS
from scenekeeper.engine.systems import system_names
from tests.discord.fakes import make_bot, run

# Discord's pattern ^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$, lowercase; our names are ASCII.
NAME = re.compile(r"^[-_a-z0-9]{1,32}$")
SUBCOMMAND, GROUP = 1, 2
CHAT_INPUT = 1


def payloads(app: App) -> list[dict[str, Any]]:
    async def build() -> list[dict[str, Any]]:
        bot = make_bot(app)
        tops = [command.to_dict(bot.tree) for command in bot.tree.get_commands()]
        # The slash commands: a message menu (type 3, Edit post) has a name and no description.
        return [top for top in tops if top.get("type", CHAT_INPUT) == CHAT_INPUT]

    return run(build())


def walk(payload: dict[str, Any], depth: int = 0) -> list[tuple[int, dict[str, Any]]]:
    found = [(depth, payload)]
    for option in payload.get("options", []):
        if option["type"] in (SUBCOMMAND, GROUP):
            found += walk(option, depth + 1)
    return found


def test_every_payload_keeps_discords_limits(app: App) -> None:
    tops = payloads(app)
    assert 0 < len(tops) <= 100
    for top in tops:
        for depth, node in walk(top):
            assert depth <= 2
            assert NAME.fullmatch(node["name"]), node["name"]
            assert 1 <= len(node["description"]) <= 100, node
            options = node.get("options", [])
            children = [o for o in options if o["type"] in (SUBCOMMAND, GROUP)]
            if children:
                assert len(children) == len(options) <= 25
                continue
            assert len(options) <= 25
            required = [o.get("required", False) for o in options]
            assert required == sorted(required, reverse=True), f"{node['name']}: required first"
            for option in options:
                assert NAME.fullmatch(option["name"]), option["name"]
                assert 1 <= len(option["description"]) <= 100
                assert len(option.get("choices", [])) <= 25
                assert not (option.get("choices") and option.get("autocomplete"))
                assert 1 <= option.get("max_length", 1) <= 6000
    assert check_payloads(tops) == []


def option_types(tops: list[dict[str, Any]]) -> dict[str, set[int]]:
    """Every option name in the payloads, with each Discord type it has anywhere."""
    found: dict[str, set[int]] = {}
    for top in tops:
        for _depth, node in walk(top):
            for option in node.get("options", []):
                if option["type"] not in (SUBCOMMAND, GROUP):
                    found.setdefault(option["name"], set()).add(option["type"])
    return found


def test_an_option_name_has_one_type_in_the_whole_tree(app: App) -> None:
    """docs/architecture.md, rule 6: not only within one command, anywhere in the tree."""
    found = option_types(payloads(app))
    assert {"pool", "dice", "mod", "amount", "on", "scale", "soak"} <= set(found)
    assert {name: kinds for name, kinds in found.items() if len(kinds) > 1} == {}


def test_the_tree_check_sees_an_option_name_of_two_types() -> None:
    tops = [
        {"name": "a", "options": [{"name": "amount", "type": 4}]},
        {
            "name": "b",
            "options": [{"type": 1, "name": "c", "options": [{"name": "amount", "type": 3}]}],
        },
    ]
    assert option_types(tops) == {"amount": {3, 4}}


def test_commands_are_for_server_channels_only(app: App) -> None:
    for top in payloads(app):
        assert top["contexts"] == [0], top["name"]  # guilds only: no DMs, no group DMs
        assert top["integration_types"] == [0], top["name"]  # installed to a server
        assert top["dm_permission"] is False, top["name"]


def test_option_values_keep_discords_rules(app: App) -> None:
    for top in payloads(app):
        for _depth, node in walk(top):
            for option in node.get("options", []):
                if option["type"] in (SUBCOMMAND, GROUP):
                    continue
                where = f"/{top['name']} {node['name']} {option['name']}"
                if option.get("autocomplete"):
                    assert option["type"] in (3, 4, 10), where  # string, integer, number
                low, high = option.get("min_value"), option.get("max_value")
                if low is not None and high is not None:
                    assert low <= high, where
                for choice in option.get("choices", []):
                    assert 1 <= len(choice["name"]) <= 100, where
                    if isinstance(choice["value"], str):
                        assert 1 <= len(choice["value"]) <= 100, where


def test_every_pool_option_autocompletes(app: App) -> None:
    found = []
    for top in payloads(app):
        for _depth, node in walk(top):
            for option in node.get("options", []):
                if option["name"] == "pool" and option["type"] == 3:
                    found.append(node["name"])
                    assert option.get("autocomplete") is True, node["name"]
    assert len(found) >= 10  # /roll, /gmroll, /contest roll, /action, /react, ...


def test_no_description_is_cut_or_begins_with_the_games(app: App) -> None:
    """Discord shows 100 characters: each description is written to fit (``summary``), and
    none is spent naming games first ("cortex, cybergod, mettle, nodice, scions: ...")."""
    games = "|".join(system_names())
    listed = re.compile(rf"^({games})(, ({games}))*:", re.IGNORECASE)
    assert layout_of(build_registry()).cut == ()
    for top in payloads(app):
        for _depth, node in walk(top):
            for text in [node["description"], *(o["description"] for o in node.get("options", []))]:
                assert not text.endswith(("…", "...")), text
                assert not listed.match(text), text


def test_every_engine_command_is_a_slash_command(app: App) -> None:
    tops = payloads(app)
    leaves = {" ".join(path) for top in tops for path in _leaf_paths(top)}
    layout = layout_of(build_registry())
    # And the old names of renamed commands, which Discord shows until it is synced.
    assert {c.discord_name for c in layout.commands} | set(RENAMED_COMMANDS) == leaves
    assert {c.engine_name for c in layout.commands} == {
        s.name for s in build_registry().all_specs()
    }
    # A name that is a command and a group at once (/assist, /assist drop) keeps the command;
    # the longer one joins its words with a hyphen (/assist-drop). Nothing else moves.
    for engine_name, discord_name in layout.moved.items():
        assert discord_name.replace("-", " ") == engine_name
        words = engine_name.split()
        paths = {c.path for c in layout.commands}
        assert any(tuple(words[:k]) in paths for k in range(1, len(words))) or len(words) > 3


def _leaf_paths(node: dict[str, Any], prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    path = (*prefix, node["name"])
    children = [o for o in node.get("options", []) if o["type"] in (SUBCOMMAND, GROUP)]
    if not children:
        return [path]
    return [p for child in children for p in _leaf_paths(child, path)]


def test_commands_shared_by_games_take_the_union_of_their_options(app: App) -> None:
    (roll,) = [p for p in payloads(app) if p["name"] == "roll"]
    names = [o["name"] for o in roll["options"]]
    assert {"dice", "results", "label", "pool", "vs", "character", "hinder"} <= set(names)
    dice = next(o for o in roll["options"] if o["name"] == "dice")
    assert not dice.get("required")  # required by the every-game /roll only, not Cortex's
    assert names[0] == "pool"  # the richer version's order


def test_fixed_values_are_choices_and_table_names_autocomplete(app: App) -> None:
    tops = {p["name"]: p for p in payloads(app)}
    game = {o["name"]: o for o in tops["game"]["options"]}
    system = game["new"]["options"][0]
    assert system["name"] == "system"
    assert {"cortex", "generic"} <= {c["value"] for c in system["choices"]}
    stress = {o["name"]: o for o in tops["stress"]["options"]}
    add = {o["name"]: o for o in stress["add"]["options"]}
    assert add["character"]["autocomplete"] is True
    assert add["type"]["autocomplete"] is True
    roll = {o["name"]: o for o in tops["roll"]["options"]}
    assert roll["vs"]["autocomplete"] is True
    assert roll["pay"]["min_value"] == 0
    assert roll["pay"]["max_value"] == 10


def _registry(*names: str, options: int = 0) -> CommandRegistry:
    """A registry of test commands (long help, ``options`` string options each)."""
    registry = CommandRegistry()
    for name in names:
        registry.add(
            CommandSpec(
                name=name,
                help="A test command. " * 12,
                args_type=NoOptions,
                options=tuple(
                    Option(f"o{i}", OptionType.STRING, f"option {i}", False, None, Opt("x"))
                    for i in range(options)
                ),
                permission=Permission.ANYONE,
                handler=lambda ctx, args: Decision(),
            )
        )
    return registry


def test_a_command_that_is_also_a_group_moves_its_longer_names() -> None:
    layout = plan(_registry("roll", "roll odds", "game stress", "game stress add", "a b c d"))
    assert layout.moved == {
        "roll odds": "roll-odds",
        "game stress add": "game stress-add",
        "a b c d": "a b c-d",
    }
    assert layout.problems == ()
    paths = {c.engine_name: c.path for c in layout.commands}
    assert paths["roll"] == ("roll",)
    assert paths["game stress"] == ("game", "stress")


def test_two_names_that_would_meet_in_discord_are_a_problem() -> None:
    problems = plan(_registry("roll", "roll odds", "roll-odds")).problems
    assert any("both become /roll-odds" in p for p in problems)


def test_long_help_is_cut_at_a_word_to_100_characters() -> None:
    layout = plan(_registry("x"))
    (command,) = layout.commands
    assert len(command.description) <= 100
    assert command.description.endswith("…")
    assert shorten("short") == "short"


def test_too_many_subcommands_or_options_stop_the_build() -> None:
    crowded = _registry(*(f"big s{i}" for i in range(26)))
    assert any("26 subcommands" in p for p in plan(crowded).problems)
    wide = _registry("wide", options=26)
    assert any("26 options" in p for p in plan(wide).problems)

    async def build(registry: CommandRegistry) -> None:
        tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
        build_tree(tree, registry, handles=None)  # type: ignore[arg-type]

    with pytest.raises(TreeError, match="26 subcommands"):
        run(build(crowded))


def test_the_payload_check_catches_what_discord_refuses() -> None:
    bad = {
        "name": "Bad Name",
        "description": "",
        "options": [
            {"name": "b", "description": "x", "type": 3, "required": False},
            {"name": "a", "description": "x" * 101, "type": 3, "required": True},
        ],
    }
    problems = check_payloads([bad] * 2)
    text = "; ".join(problems)
    assert "declared twice" in text
    assert "not 1-32 lowercase" in text
    assert "description is 0 characters" in text
    assert "description is 101 characters" in text
    assert "required option after an optional one" in text
