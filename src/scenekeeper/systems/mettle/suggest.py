"""What a METTLE table offers as an option is typed (``GameSystem.suggest``): its weapons,
Attributes, the Difficulty ladder, the Actions to split, gear from the tables, Backstories."""

from __future__ import annotations

from collections.abc import Mapping

from scenekeeper.engine.state import TableState
from scenekeeper.systems.mettle.checks import LADDER
from scenekeeper.systems.mettle.gear_tables import ARMOR, WEAPONS
from scenekeeper.systems.mettle.rules import BASE
from scenekeeper.systems.mettle.sheet import NON_FRAME, UNARMED, Character
from scenekeeper.systems.mettle.state import MettleState

#: The options METTLE suggests values for.
SUGGESTED = frozenset({"weapon", "pool", "attribute", "vs", "parts", "item", "text"})


def suggest(
    state: TableState, command: str, option: str, given: Mapping[str, object], actor_id: str
) -> list[str] | None:
    game = state.game
    assert isinstance(game, MettleState)
    who = _who(state, game, given, actor_id)
    if option == "weapon":
        carried = [g.name for g in who.weapons()] if who else []
        return [*carried, UNARMED.name]
    if option in ("pool", "attribute"):
        return list(NON_FRAME)
    if option == "vs":
        others = [
            f"{c.name} {a}"
            for c in game.characters.values()
            if who is None or c.name != who.name
            for a in ("poise", "motive", "nature")
        ]
        return [*LADDER, *others]
    if option == "parts":
        return [f"{a}, {b}" for a in ("attack", "move", "defend") for b in BASE if b != a]
    if option == "item":
        mine = [g.name for g in who.gear] if who else []
        return mine if given.get("remove") else [*mine, *(g.name for g in (*WEAPONS, *ARMOR))]
    if option == "text" and command == "char backstory" and who and given.get("remove"):
        return list(who.backstories)
    return None


def _who(
    state: TableState, game: MettleState, given: Mapping[str, object], actor_id: str
) -> Character | None:
    named = given.get("character")
    if isinstance(named, str) and named.strip():
        return game.find(named)
    mine = [c for c, owner in state.meta.owners.items() if owner == actor_id]
    return game.find(mine[0]) if len(mine) == 1 else None
