"""The command sets the bot sends Discord, built offline: the every-table commands (global),
each combination of games a server may play (its own), and everything (a development
server). Each keeps Discord's limits, a name is in one of the global and a server's sets only,
the bot's own tree answers every set, and a command several games share reads right at every
table that sees it."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from scenekeeper.adapters.discord.command_sets import CommandSets, game_subsets, scopes
from scenekeeper.adapters.discord.layout import (
    ALL,
    EVERY_TABLE,
    Scope,
    for_games,
    plan,
    versions,
)
from scenekeeper.adapters.discord.limits import MAX_TOP_LEVEL, check_payloads, shorten
from scenekeeper.adapters.discord.tree import new_tree
from scenekeeper.bootstrap import build_registry
from scenekeeper.engine.commands import CommandRegistry, CommandSpec, NoOptions, Permission
from scenekeeper.engine.systems import system_names
from tests.discord.fakes import run
from tests.discord.test_tree import GROUP, SUBCOMMAND, walk

REGISTRY = build_registry()
SCOPES = scopes(REGISTRY)
#: A game named in a text (its name, or the first word of its title): "Roll a Cortex pool".
GAME_WORDS = re.compile(r"\b(cortex|cybergod|mettle|scions)\b", re.IGNORECASE)


@pytest.fixture(scope="module")
def sets() -> CommandSets:
    async def build() -> CommandSets:
        return CommandSets(new_tree(discord.Client(intents=discord.Intents.none())), REGISTRY)

    return run(build())


def built(sets: CommandSets, scope: Scope) -> list[dict[str, Any]]:
    return sets._payload(scope)


def leaves(tops: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Every (sub)command of a set by its Discord path ("char show")."""
    found: dict[str, dict[str, Any]] = {}

    def visit(node: dict[str, Any], path: tuple[str, ...]) -> None:
        here = (*path, node["name"])
        children = [o for o in node.get("options", []) if o["type"] in (SUBCOMMAND, GROUP)]
        if not children:
            found[" ".join(here)] = node
        for child in children:
            visit(child, here)

    for top in tops:
        visit(top, ())
    return found


def test_there_is_a_set_for_every_combination_of_games() -> None:
    games = {g for subset in game_subsets(REGISTRY) for g in subset}
    assert games == set(system_names()) >= {"cortex", "scions", "mettle", "cybergod", "generic"}
    assert len(game_subsets(REGISTRY)) == 2 ** len(games)
    assert len(SCOPES) == 2 + 2 ** len(games) - 1  # global, everything, each server's


@pytest.mark.parametrize(("label", "scope"), SCOPES, ids=[label for label, _ in SCOPES])
def test_every_set_keeps_discords_limits(sets: CommandSets, label: str, scope: Scope) -> None:
    tops = built(sets, scope)
    assert len(tops) <= MAX_TOP_LEVEL, label
    assert check_payloads(tops) == [], label
    for top in tops:
        for depth, node in walk(top):
            assert depth <= 2
            options = node.get("options", [])
            assert len(options) <= 25, node["name"]


def test_the_sets_break_no_limit_and_no_name_is_global_and_a_servers(sets: CommandSets) -> None:
    assert sets.problems() == []
    everywhere = {t["name"] for t in built(sets, EVERY_TABLE)}
    assert everywhere == {
        "board",
        "game",
        "help",
        "history",
        "post",
        "recap",
        "redo",
        "say",
        "undo",
    }
    for games in game_subsets(REGISTRY):
        own = {t["name"] for t in built(sets, for_games(games))}
        assert not own & everywhere, games  # Discord would show both
    every_game = {t["name"] for t in built(sets, for_games(system_names()))}
    assert everywhere | every_game == {t["name"] for t in built(sets, ALL)}


def test_a_server_playing_only_mettle_sees_mettles_commands_and_the_every_table_ones(
    sets: CommandSets,
) -> None:
    seen = {t["name"] for t in built(sets, EVERY_TABLE) + built(sets, for_games({"mettle"}))}
    mettle = {
        s.name.split()[0]
        for s in REGISTRY.all_specs()
        if s.systems is None or "mettle" in s.systems
    }
    assert seen == mettle
    assert not {"doom", "test"} & seen  # Cortex's and Cybergod's own
    chars = leaves(built(sets, for_games({"mettle"})))
    new = {o["name"] for o in chars["char new"]["options"]}
    assert "traits" not in new  # Cortex's version is not METTLE's server's
    assert {"concept", "npc_pool"} <= new


@pytest.mark.parametrize("games", game_subsets(REGISTRY)[1:], ids=lambda g: "+".join(sorted(g)))
def test_the_bots_own_tree_answers_every_servers_set(
    sets: CommandSets, games: frozenset[str]
) -> None:
    """The bot answers from one tree of every command (discord.py finds a server's command
    there by name): whatever a server was sent, its options are in that tree, of the same
    type, no stricter."""
    everything = leaves(built(sets, ALL))
    for path, node in leaves(built(sets, for_games(games))).items():
        full = {o["name"]: o for o in everything[path].get("options", [])}
        for option in node.get("options", []):
            mine = full[option["name"]]
            assert mine["type"] == option["type"], (path, option["name"])
            assert option.get("required", False) or not mine.get("required", False)
            chosen = {c["value"] for c in option.get("choices", [])}
            allowed = {c["value"] for c in mine.get("choices", [])}
            assert not allowed or chosen <= allowed, (path, option["name"])
            if mine.get("min_value") is not None:
                assert option.get("min_value", -(10**9)) >= mine["min_value"]
            for high in ("max_value", "max_length"):
                if mine.get(high) is not None:
                    assert option.get(high, 10**9) <= mine[high], (path, option["name"])


def _owners(specs: list[CommandSpec[Any]]) -> list[str]:
    return sorted({g for s in specs for g in s.systems or ()})


@pytest.mark.parametrize(("label", "scope"), SCOPES, ids=[label for label, _ in SCOPES])
def test_a_command_of_several_games_reads_right_at_every_table(
    sets: CommandSets, label: str, scope: Scope
) -> None:
    """Where the versions in a set say different things (a game wrote its own), Discord shows
    the name's every-table text (engine/core/shared.py), which names no game: never one game's
    words at another's table ("Roll a Cortex pool"); likewise each option. An option only some
    versions have ends with their games. (Where every version says the same -- one
    declaration, reused by a game built on another -- its text was written for all of them.)"""
    by_name = versions(REGISTRY, scope)
    paths = {" ".join(p): n for n, p in _paths(REGISTRY).items()}
    games = scope.games if scope.games is not None else frozenset(system_names())
    for path, node in leaves(built(sets, scope)).items():
        name = paths[path]
        specs = by_name[name]
        if len({s.summary or s.help for s in specs}) > 1:
            shared = REGISTRY.shared_text(name)
            assert shared is not None, f"{label}: /{name} needs an every-table text"
            assert node["description"] == shared.help, (label, name)
            assert not GAME_WORDS.search(shared.help), name
        else:
            assert node["description"] == " ".join((specs[0].summary or specs[0].help).split())
        for option in node.get("options", []):
            having = [s for s in specs if s.option(option["name"]) is not None]
            helps = {s.option(option["name"]).help for s in having}  # type: ignore[union-attr]
            owners = _owners(having) if len(having) < len(specs) else []
            plain = REGISTRY.find(name, None)
            if any(s.systems is None for s in having):
                owners = []
            owners = sorted(set(owners) & games)
            if owners and not option["description"].endswith(f" ({', '.join(owners)})"):
                pytest.fail(f"{label}: /{name} {option['name']}: does not name its games")
            if len(helps) > 1:
                shared = REGISTRY.shared_text(name)
                declared = shared.options.get(option["name"]) if shared else None
                every = [s.option(option["name"]) for s in having if s.systems is None]
                if not every and plain is not None and plain.systems is None:
                    every = [plain.option(option["name"])]
                wanted = declared or (every[0].help if every and every[0] else None)
                assert wanted, f"{label}: /{name} {option['name']} needs an every-table text"
                assert not GAME_WORDS.search(wanted), (name, option["name"], wanted)
                assert (
                    shorten(f"{wanted} ({', '.join(owners)})" if owners else wanted)
                    == (option["description"])
                ), (label, name, option["name"])


def test_roll_reads_right_at_every_table(sets: CommandSets) -> None:
    roll = leaves(built(sets, ALL))["roll"]
    assert "Cortex" not in roll["description"]
    assert roll["description"].startswith("Roll dice")
    options = {o["name"]: o["description"] for o in roll["options"]}
    assert options["hinder"].endswith(" (cortex, scions)")
    assert options["dice"] == "a dice expression, like 2d6+1, 4d6kh3 or d20"
    mettle = leaves(built(sets, for_games({"mettle"})))["roll"]
    assert {o["name"] for o in mettle["options"]} == {"dice", "results", "label", "secret"}


def test_a_name_whose_games_say_different_things_needs_an_every_table_text() -> None:
    registry = CommandRegistry()
    for game, said in (("game-a", "Roll game A's way."), ("game-b", "Roll game B's way.")):
        registry.add(
            CommandSpec(
                name="tally",
                help=said,
                args_type=NoOptions,
                options=(),
                permission=Permission.ANYONE,
                handler=lambda ctx, args: None,  # type: ignore[arg-type,return-value]
                systems=frozenset({game}),
            )
        )
    assert any("describe it differently" in p for p in plan(registry).problems)


def _paths(registry: CommandRegistry) -> dict[str, tuple[str, ...]]:
    return {c.engine_name: c.path for c in plan(registry).commands}


#: A description that begins with games' names ("cortex, cybergod, mettle: ...").
LISTED = re.compile(rf"^({'|'.join(system_names())})(, ({'|'.join(system_names())}))*:", re.I)


@pytest.mark.parametrize(("label", "scope"), SCOPES, ids=[label for label, _ in SCOPES])
def test_every_description_is_written_to_fit(sets: CommandSets, label: str, scope: Scope) -> None:
    """Discord shows 100 characters: nothing is cut to fit, and none begins with a list of
    games (a set holds only what its server's tables use)."""
    assert plan(REGISTRY, scope=scope).cut == (), label
    for top in built(sets, scope):
        for _depth, node in walk(top):
            texts = [node["description"], *(o["description"] for o in node.get("options", []))]
            for text in texts:
                assert not text.endswith(("…", "...")), (label, text)
                assert not LISTED.match(text), (label, text)


@pytest.mark.parametrize("games", game_subsets(REGISTRY)[1:], ids=lambda g: "+".join(sorted(g)))
def test_a_server_is_shown_only_what_a_table_of_its_games_finds(
    sets: CommandSets, games: frozenset[str]
) -> None:
    """Each command a server is shown (global and its own) is found at a table of one of its
    games, and each of its options is one that table's version takes."""
    paths = {" ".join(p): n for n, p in _paths(REGISTRY).items()}
    shown = leaves(built(sets, EVERY_TABLE) + built(sets, for_games(games)))
    for path, node in shown.items():
        found = [s for g in sorted(games) if (s := REGISTRY.find(paths[path], g)) is not None]
        assert found, f"/{path} is shown to a server playing {sorted(games)}"
        for option in node.get("options", []):
            assert any(s.option(option["name"]) for s in found), (path, option["name"])
    # And nothing its tables find is missing.
    wanted = {n for g in games for n in REGISTRY.names(g)}
    assert {paths[p] for p in shown} == wanted
