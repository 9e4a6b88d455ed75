"""Whose turn a command means when it names no character: at a table where one person plays
several characters (or the Guide runs the GM characters), ``/act`` and ``/order`` take the one
whose turn it plainly is."""

from __future__ import annotations

from scenekeeper.engine import who
from scenekeeper.engine.commands import Context
from scenekeeper.systems.mettle.outcomes import may_defend
from scenekeeper.systems.mettle.sheet import Character
from scenekeeper.systems.mettle.state import character, mettle, own_character


def turn_character(
    ctx: Context, name: str | None, *, defending: bool = False, waiting: bool = False
) -> Character:
    """The character named; else, in Initiative, the one whose turn it is when the acting
    person plays it (a GM: when it is a GM character), however many they play -- or, for a
    Defend, their only character who may Defend the held hit; for ``waiting``, their only
    waiting character. Otherwise the one they play (``own_character``)."""
    if name:
        return character(ctx, name)
    state = ctx.require_state()
    game = mettle(state)
    mine = who.played(state.meta, ctx.actor.id, lambda c: game.find(c) is not None)
    if state.meta.is_gm(ctx.actor.id):
        mine += [n for n, c in game.characters.items() if c.kind == "gmc"]
    init = game.initiative
    if init is not None:
        pick: list[str] = []
        hit = game.held_hit
        if defending and hit is not None:
            pick = [n for n in mine if may_defend(game, hit, n)]
        elif waiting:
            pick = [n for n in mine if n in init.waiting]
        elif init.order.current in mine:
            pick = [init.order.current]
        if len(pick) == 1:
            return character(ctx, pick[0])
    return own_character(ctx, None)
