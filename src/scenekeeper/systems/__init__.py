"""The games Scenekeeper plays, one package each. ``load_all`` registers every one."""

from __future__ import annotations

from scenekeeper.engine.commands import CommandSet
from scenekeeper.systems import cortex, cybergod, generic, mettle, nodice, scions


def load_all() -> tuple[CommandSet, ...]:
    """Every game's command sets (importing a game's package registers the game)."""
    return (
        *generic.COMMAND_SETS,
        *cortex.COMMAND_SETS,
        *scions.COMMAND_SETS,
        *mettle.COMMAND_SETS,
        *cybergod.COMMAND_SETS,
        *nodice.COMMAND_SETS,
    )
