"""A table for any game: seats, roles, plain dice expressions, history and undo.

It has no state of its own; it is what a table plays when the game is not one Scenekeeper
knows the rules of, and the smallest complete plugin (see ``engine.systems.GameSystem``).
"""

from __future__ import annotations

from scenekeeper.engine.commands import CommandSet
from scenekeeper.engine.state import GameState
from scenekeeper.engine.systems import GameSystem, register_system


class GenericState(GameState):
    """Nothing beyond what every table has."""


SYSTEM = register_system(
    GameSystem(
        name="generic",
        title="any game (dice only)",
        state_type=GenericState,
        summary="Seats, roles, dice expressions, history and undo; no game rules.",
    )
)
#: A table with no rules has no mods to switch: no /mods there (nor on a dice-only server).
_OWN = CommandSet(frozenset({"generic"}))
_OWN.leave_out("mods show", "mods set")
COMMAND_SETS: tuple[CommandSet, ...] = (_OWN,)
