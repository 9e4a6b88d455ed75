"""Autocomplete at a NoDice table: TA cards, and the asker's own Actor's Attributes that can
ante or be played -- all of it public (stacks and revealed cards), never anyone's sealed choice."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.names import resolve
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import Suggested
from scenekeeper.systems.nodice.state import Fighter, NoDiceState
from scenekeeper.systems.nodice.trine import ASPECTS, ATTRIBUTES, ATTRIBUTES_OF

SUGGESTED = frozenset({"aspect", "ante", "action"})


def suggest(
    state: TableState, command: str, option: str, given: Mapping[str, object], actor_id: str
) -> Iterable[Suggested] | None:
    game = state.game
    if option not in SUGGESTED or not isinstance(game, NoDiceState) or game.conflict is None:
        return None
    if option == "aspect":
        return list(ASPECTS)
    conflict = game.conflict
    fighter = _whose(state, conflict.fighters, given.get("character"), actor_id)
    if fighter is None:
        return []
    if option == "ante":
        names: tuple[str, ...] = ATTRIBUTES
    else:
        card = conflict.cards.get(fighter.name)
        names = ATTRIBUTES_OF[card] if card is not None else ()
    return [(f"{a} ({fighter.avs[a]})", a) for a in names if (fighter.avs.get(a) or 0) >= 1]


def _whose(
    state: TableState, fighters: Mapping[str, Fighter], named: object, actor_id: str
) -> Fighter | None:
    if isinstance(named, str) and named:
        try:
            found = resolve(fighters, named, "Actor")
        except Refusal:
            return None  # several fit: nothing to suggest until the name says which
        return fighters.get(found) if found is not None else None
    mine = [f for n, f in fighters.items() if state.meta.owner_of(n) == actor_id]
    return mine[0] if len(mine) == 1 else None
