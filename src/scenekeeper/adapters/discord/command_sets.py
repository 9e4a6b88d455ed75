"""The command sets the bot sends Discord: the every-table commands (global, so that a server
with no game yet can start one), each server's games' own commands (synced to that server),
and everything at once (a development server). Built as the bot's own tree is built
(``tree.payloads``), so what Discord is sent is what the bot answers.

Discord shows a global command and a server's command of the same name side by side, so a
top-level name is in one of the two sets only (``layout.every_table_tops``); and it allows 100
top-level commands globally and 100 more per server: ``problems`` checks every combination of
games a server can play against every limit.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from discord import app_commands

from scenekeeper.adapters.discord.layout import (
    ALL,
    EVERY_TABLE,
    Scope,
    for_games,
    installed_games,
    versions,
)
from scenekeeper.adapters.discord.tree import TreeError, menu_payloads, payloads
from scenekeeper.engine.commands import CommandRegistry

Payload = list[dict[str, Any]]


def digest(payload: Sequence[Mapping[str, Any]]) -> str:
    """A short fingerprint of what a sync sends: equal payloads, equal digests."""
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def game_subsets(registry: CommandRegistry) -> list[frozenset[str]]:
    """Every combination of installed games a server could play (the empty one too)."""
    games = sorted(installed_games(registry))
    return [
        frozenset(chosen)
        for size in range(len(games) + 1)
        for chosen in itertools.combinations(games, size)
    ]


def scopes(registry: CommandRegistry) -> list[tuple[str, Scope]]:
    """Every command set the bot may send, named for messages."""
    named = [("every-table (global)", EVERY_TABLE), ("everything (development)", ALL)]
    return named + [
        (f"a server playing {', '.join(sorted(games))}", for_games(games))
        for games in game_subsets(registry)
        if games
    ]


class CommandSets:
    """The payloads of each command set, built once each (a server's by its games)."""

    def __init__(self, tree: app_commands.CommandTree[Any], registry: CommandRegistry) -> None:
        self.tree = tree
        self.registry = registry
        self._built: dict[Scope, Payload] = {}

    def every_table(self) -> Payload:
        """The global commands: the every-table slash commands and a post's message menu."""
        return self._payload(EVERY_TABLE) + menu_payloads(self.tree)

    def everything(self) -> Payload:
        """A development server's: every slash command and the message menu."""
        return self._payload(ALL) + menu_payloads(self.tree)

    def for_games(self, games: Iterable[str]) -> Payload:
        return self._payload(for_games(games))

    def has_own(self, game: str) -> bool:
        """Whether a game has commands of its own (not every-table ones) to send a server."""
        return bool(versions(self.registry, for_games({game})))

    def _payload(self, scope: Scope) -> Payload:
        if scope not in self._built:
            self._built[scope] = payloads(self.tree, self.registry, scope)
        return self._built[scope]

    def problems(self) -> list[str]:
        """Every way a set the bot may send breaks Discord's limits or the scheme (empty: all
        fine): each combination of games, the global set, and the two side by side."""
        found: list[str] = []
        global_names: set[str] = set()
        for label, scope in scopes(self.registry):
            try:
                built = self._payload(scope)
            except TreeError as error:
                found.append(f"{label}: {error}")
                continue
            names = {str(p["name"]) for p in built}
            if scope == EVERY_TABLE:
                global_names = names
            elif scope != ALL and names & global_names:
                # Discord would show both: the global one and the server's.
                twice = ", ".join(f"/{n}" for n in sorted(names & global_names))
                found.append(f"{label}: {twice} would be global and the server's at once")
        return found
