"""The games Scenekeeper plays, one package each. Importing this package declares every game
by name (``catalog``) without importing any: a game's package is imported when a table plays
it; ``load_all`` imports every one."""

from __future__ import annotations

from scenekeeper.engine.commands import CommandSet
from scenekeeper.engine.systems import declare_games, load_game
from scenekeeper.systems.catalog import GAMES

declare_games(GAMES)


def commands_of(name: str) -> tuple[CommandSet, ...]:
    """Game ``name``'s command sets, its package imported (which registers the game)."""
    module = load_game(name)
    if module is None:
        return ()
    sets: tuple[CommandSet, ...] = module.COMMAND_SETS
    return sets


def command_names() -> dict[str, frozenset[str]]:
    """Each game's command names, as the catalog knows them (its package not imported)."""
    return {name: game.commands for name, game in GAMES.items()}


def load_all() -> tuple[CommandSet, ...]:
    """Every game's command sets (importing a game's package registers the game)."""
    return tuple(commands for name in GAMES for commands in commands_of(name))
