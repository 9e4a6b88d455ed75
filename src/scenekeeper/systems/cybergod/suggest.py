"""What a Cybergod table suggests as people type (``GameSystem.suggest``): pools from the
roller's sheet ("Hacking x Cyber", their best first), the sheet's traits, their weapons, rolls
in play, difficulties and rolls to oppose.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import Suggested
from scenekeeper.systems.cybergod.reading import DIFFICULTIES
from scenekeeper.systems.cybergod.sheet import APTITUDES, ATTRIBUTES, SKILLS, Character
from scenekeeper.systems.cybergod.state import CybergodState, TestRecord

#: The options Cybergod suggests values for.
SUGGESTED = frozenset({"pool", "trait", "weapon", "roll", "vs"})
_OTHER_TRAITS = ("engrams", "resolve", "stress")


def suggest(
    state: TableState, command: str, option: str, given: Mapping[str, object], actor_id: str
) -> Sequence[Suggested] | None:
    game = state.game
    if not isinstance(game, CybergodState) or option not in SUGGESTED:
        return None
    who = _who(state, game, given, actor_id)
    if option == "pool":
        return _pools(who)
    if option == "trait":
        return [*ATTRIBUTES, *APTITUDES, *SKILLS, *_OTHER_TRAITS]
    if option == "weapon":
        return list(who.weapons) if who is not None else []
    if option == "roll":
        return [(_label(r), r.id) for r in reversed(game.rolls) if _mine(r, who)]
    names = [name.title() for name in DIFFICULTIES]
    if command != "test":
        return names
    return [*names, *(f"#{t.id}" for t in reversed(game.tests()) if t.threshold is None)]


def _who(
    state: TableState, game: CybergodState, given: Mapping[str, object], actor_id: str
) -> Character | None:
    named = given.get("character")
    if isinstance(named, str) and named.strip():
        return game.find_character(named)
    mine = [c for c, owner in state.meta.owners.items() if owner == actor_id]
    return game.find_character(mine[0]) if len(mine) == 1 else None


def _pools(who: Character | None) -> list[str]:
    """Every "Skill x Attribute" pool, the roller's most dice first (then the larger die)."""
    pools = [(skill, attribute) for skill in SKILLS for attribute in ATTRIBUTES]
    if who is not None:
        pools.sort(key=lambda p: (-who.level(p[0]), -(who.attributes.get(p[1]) or 0)))
    return [f"{skill} x {attribute}" for skill, attribute in pools]


def _mine(roll: object, who: Character | None) -> bool:
    return who is None or getattr(roll, "roller", None) == who.name


def _label(roll: object) -> str:
    if isinstance(roll, TestRecord):
        return f"#{roll.id} {roll.roller}: {roll.written}"[:90]
    return f"#{getattr(roll, 'id', '?')} {getattr(roll, 'roller', '')} save"[:90]
