"""What leaving the scene does to it: a character taken out, stressed out or removed.

Cortex p.22: a taken-out character "does not participate further in the scene"; p.40: a
stressed-out character "no longer participates in the scene"; p.100: a taken-out helper "can
no longer help". So the character leaves the action order, their help leaves the helped
character's pool, help handed to them is taken back, and an action waiting for their reaction
is called off, and a supporting opponent's die leaves the gang. Pure: the status event's
evolver applies it, so every way out of the scene does the same.
"""

from __future__ import annotations

from scenekeeper.engine.turns import TurnOrder
from scenekeeper.systems.cortex.scene_state import Scene
from scenekeeper.systems.cortex.sheets.sheet import same_name


def leave_order(order: TurnOrder, name: str) -> TurnOrder | None:
    """The order without ``name`` (None when nobody would be left). When they were acting,
    an interrupted actor takes their turn; in a fixed order the next in line goes; in a
    handoff order the turn waits for a GM to hand it on (``current`` None, others waiting)."""
    if not any(same_name(p, name) for p in order.participants):
        return order
    participants = tuple(p for p in order.participants if not same_name(p, name))
    if not participants:
        return None
    acted = tuple(p for p in order.acted if not same_name(p, name))
    current, resume = order.current, order.resume
    if resume is not None and same_name(resume, name):
        resume = None
    if current is not None and same_name(current, name):
        if resume is not None:
            current, resume = resume, None
        elif order.kind == "fixed":
            current = next((p for p in participants if p not in acted), None)
        else:
            current = None
    # The round's lead stays who led it, even gone.
    return order.model_copy(
        update={"participants": participants, "acted": acted, "current": current, "resume": resume}
    )


def handoff_waits(order: TurnOrder) -> bool:
    """Nobody is acting, but some have not acted this round: the one acting left the scene
    and a GM hands the turn on."""
    return order.current is None and bool(order.waiting())


def without(scene: Scene, name: str) -> Scene:
    """The scene once ``name`` is out of it."""
    update: dict[str, object] = {}
    if scene.action_order is not None:
        update["action_order"] = leave_order(scene.action_order, name)
        if scene.turn_action is not None and same_name(scene.turn_action, name):
            update["turn_action"] = None
    assists = tuple(
        a for a in scene.assists if not (same_name(a.helper, name) or same_name(a.to, name))
    )
    if assists != scene.assists:
        update["assists"] = assists
    gang = scene.gang
    if gang is not None and any(same_name(n, name) for n, _ in gang.support):
        # An opponent out of the fight no longer adds their die (Cortex p.100).
        support = tuple((n, d) for n, d in gang.support if not same_name(n, name))
        update["gang"] = gang.model_copy(update={"support": support})
    pending = scene.pending_action
    if pending is not None and same_name(pending[1], name):
        # The target cannot react any more: the action waiting for them is called off.
        update["pending_action"] = None
    return scene.model_copy(update=update) if update else scene
