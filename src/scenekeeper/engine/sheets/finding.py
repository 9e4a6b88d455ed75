"""The character a command means, in every game: the one named (as people say names:
``engine.names.resolve``), else the one the acting person plays when they play exactly one."""

from __future__ import annotations

from typing import TypeVar

import pydantic

from scenekeeper.engine import who
from scenekeeper.engine.commands import Context
from scenekeeper.engine.sheets.schema import Roster

C = TypeVar("C", bound=pydantic.BaseModel)


def character(game: Roster[C], name: str, whole: str | None = None) -> C:
    """The character ``name`` means, or a refusal listing the table's characters; ``whole``
    names a command that takes only its whole name (``names.resolve``)."""
    return who.named(game.characters, name, game.find_character, whole)


def own_character(ctx: Context, game: Roster[C], name: str | None) -> C:
    """The character named, or the one the acting person plays when they play exactly one."""
    if name:
        return character(game, name)
    state = ctx.require_state()
    mine = who.played(state.meta, ctx.actor.id, lambda c: game.find_character(c) is not None)
    if len(mine) == 1:
        return character(game, mine[0])
    raise who.name_the_character(mine)


def may_act_for(ctx: Context, name: str) -> None:
    """Players act for their own characters; GMs for anyone."""
    who.may_act_for(ctx.require_state().meta, ctx.actor.id, name)
