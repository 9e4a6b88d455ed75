"""Finding characters, traits and dice by the names people type (any case, extra spaces)."""

from __future__ import annotations

from scenekeeper.dice import DiceError, Die
from scenekeeper.engine import who
from scenekeeper.engine.commands import Context
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import get_system
from scenekeeper.systems.cortex.sheet import Character
from scenekeeper.systems.cortex.state import CortexState


def die_named(text: str) -> Die:
    """A step die as a person typed it (``d8``), or a refusal saying what a die looks like."""
    try:
        return Die.parse(text)
    except DiceError as error:
        raise Refusal(str(error)) from None


def cortex(state: TableState) -> CortexState:
    game = state.game
    if not isinstance(game, CortexState):  # the registry only routes Cortex tables here
        raise Refusal("This is not a Cortex table.")
    return game


def character(ctx: Context, name: str) -> Character:
    game = cortex(ctx.require_state())
    return who.named(game.characters, name, game.find_character)


def own_character(ctx: Context, name: str | None) -> Character:
    """The character named, or the one the acting person plays when they play exactly one."""
    if name:
        return character(ctx, name)
    state = ctx.require_state()
    game = cortex(state)
    mine = who.played(state.meta, ctx.actor.id, lambda c: game.find_character(c) is not None)
    if len(mine) == 1:
        return character(ctx, mine[0])
    raise who.name_the_character(mine)


def may_act_for(ctx: Context, character: Character) -> None:
    """Players act for their own characters; GMs for anyone."""
    who.may_act_for(ctx.require_state().meta, ctx.actor.id, character.name)


def mod_on(state: TableState, name: str) -> bool:
    """Whether a mod is on at this table (its default when the table predates the mod)."""
    if name in state.meta.mods:
        return state.meta.mods[name]
    mod = get_system(state.meta.system).mod(name)
    return mod.default if mod is not None else False


def require_mod(state: TableState, name: str) -> None:
    if not mod_on(state, name):
        raise Refusal(
            f"The {name} mod is off at this table; a GM switches it on with "
            f"/game mods set mod:{name} enabled:true."
        )
