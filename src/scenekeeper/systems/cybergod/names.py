"""Finding the table's state, characters and rolls by what people type; mods in force."""

from __future__ import annotations

from scenekeeper.engine import who
from scenekeeper.engine.commands import Context
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import get_system
from scenekeeper.systems.cybergod.sheet import Character
from scenekeeper.systems.cybergod.state import CybergodState, TestRecord


def cybergod(state: TableState) -> CybergodState:
    game = state.game
    if not isinstance(game, CybergodState):  # the registry only routes Cybergod tables here
        raise Refusal("This is not a Cybergod table.")
    return game


def character(ctx: Context, name: str) -> Character:
    game = cybergod(ctx.require_state())
    return who.named(game.characters, name, game.find_character)


def acting_character(ctx: Context, name: str | None) -> Character | None:
    """The character named, or the one the acting person plays; None for a GM who plays
    none and names none (the GM rolls for the opposition or a hazard)."""
    if name:
        named = character(ctx, name)
        may_act_for(ctx, named)
        return named
    state = ctx.require_state()
    game = cybergod(state)
    known = who.played(state.meta, ctx.actor.id, lambda c: game.find_character(c) is not None)
    if len(known) == 1:
        return character(ctx, known[0])
    if state.meta.is_gm(ctx.actor.id) and not known:
        return None
    raise who.name_the_character(known)


def may_act_for(ctx: Context, character: Character) -> None:
    """Players act for their own characters; GMs for anyone."""
    who.may_act_for(ctx.require_state().meta, ctx.actor.id, character.name)


def may_act_for_roller(ctx: Context, roller: str) -> None:
    """The GM's rolls (no character) are the GM's; a character's, its player's or a GM's."""
    state = ctx.require_state()
    found = cybergod(state).find_character(roller)
    if found is not None:
        may_act_for(ctx, found)
    elif not state.meta.is_gm(ctx.actor.id):
        raise Refusal("That roll is the GM's; only a GM can do that.")


def roll_in_play(ctx: Context, roll_id: int) -> TestRecord:
    game = cybergod(ctx.require_state())
    found = game.roll_by_id(roll_id)
    if found is None:
        raise Refusal(
            f"There is no roll #{roll_id} in play (rolls leave play when their scene ends; "
            "/scene show lists the newest)."
        )
    if not isinstance(found, TestRecord):
        raise Refusal(f"#{roll_id} is a save, not a test; name a test's number (/scene show).")
    return found


def mod_on(state: TableState, name: str) -> bool:
    """Whether a mod is on at this table (its default when the table predates the mod)."""
    if name in state.meta.mods:
        return state.meta.mods[name]
    mod = get_system(state.meta.system).mod(name)
    return mod.default if mod is not None else False


def require_mod(state: TableState, name: str, what: str) -> None:
    if not mod_on(state, name):
        raise Refusal(
            f"{what} belongs to the {name} mod, which is off at this table; a GM switches it "
            f"on with /game mods set mod:{name} enabled:true."
        )
