"""Finding METTLE characters and Attributes by the names people type (any case, extra
spaces), and who may act for whom."""

from __future__ import annotations

import difflib

from scenekeeper.engine import who
from scenekeeper.engine.commands import Context
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import get_system
from scenekeeper.systems.mettle.sheet import ATTRIBUTES, Character
from scenekeeper.systems.mettle.state import MettleState

#: The old name of Concept in some of the texts (gaps 4: "FOCUS" is Concept).
_OLD_NAMES = {"focus": "concept"}


def mettle(state: TableState) -> MettleState:
    game = state.game
    if not isinstance(game, MettleState):  # the registry only routes METTLE tables here
        raise Refusal("This is not a METTLE table.")
    return game


def character(ctx: Context, name: str) -> Character:
    game = mettle(ctx.require_state())
    return who.named(game.characters, name, game.find)


def own_character(ctx: Context, name: str | None) -> Character:
    """The character named, or the one the acting person plays when they play exactly one."""
    if name:
        return character(ctx, name)
    state = ctx.require_state()
    game = mettle(state)
    mine = who.played(state.meta, ctx.actor.id, lambda c: game.find(c) is not None)
    if len(mine) == 1:
        return character(ctx, mine[0])
    raise who.name_the_character(mine)


def may_act_for(ctx: Context, character: Character) -> None:
    """Players act for their own characters; GMs for anyone."""
    who.may_act_for(ctx.require_state().meta, ctx.actor.id, character.name)


def is_gm(ctx: Context) -> bool:
    return ctx.require_state().meta.is_gm(ctx.actor.id)


def attribute_named(text: str) -> str:
    """An Attribute as a person typed it, or a refusal naming the five."""
    word = text.strip().casefold()
    word = _OLD_NAMES.get(word, word)
    if word in ATTRIBUTES:
        return word
    close = difflib.get_close_matches(word, ATTRIBUTES, n=1)
    hint = f" Did you mean {close[0]}?" if close else ""
    raise Refusal(
        f"'{text}' is not an Attribute; METTLE has concept, frame, motive, nature and poise.{hint}"
    )


def title(word: str) -> str:
    """An Attribute, Action or status as the texts write it: "Poise", "Partial Cover"."""
    return " ".join(part.capitalize() for part in word.split("-"))


def mod_on(state: TableState, name: str) -> bool:
    """Whether a mod is on at this table (its default when the table predates the mod)."""
    if name in state.meta.mods:
        return state.meta.mods[name]
    mod = get_system(state.meta.system).mod(name)
    if mod is None:
        return False
    return mod.default if mod.older_tables is None else mod.older_tables


def same_side(a: Character, b: Character) -> bool:
    """Allies: players' characters with each other, the Guide's with each other."""
    return a.kind == b.kind


def names_list(names: list[str] | tuple[str, ...]) -> str:
    return ", ".join(names) if names else "nobody"
