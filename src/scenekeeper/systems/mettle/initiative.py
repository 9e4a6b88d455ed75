"""Who has an Action in the running Initiative, and losing it (scenes.md, Initiative; engine.md,
Taking Damage and Status Effects). The handoff itself is in ``volley``."""

from __future__ import annotations

from scenekeeper.engine.turns import sit_out
from scenekeeper.systems.mettle import events as ev
from scenekeeper.systems.mettle.plan import PROCEDURES, Plan
from scenekeeper.systems.mettle.state import Initiative


def has_action(init: Initiative, name: str) -> bool:
    """In the order, not yet acted or lost this Round, and not done and passing. A splitter
    passing between parts still counts as having their Action (scenes.md, Split Actions)."""
    order = init.order
    if not order.has_turn(name):
        return False
    return not (order.current == name and init.passing) or bool(init.parts_left(name))


def is_turn(init: Initiative, name: str) -> bool:
    """It is ``name``'s turn and they have not taken their Action yet."""
    return init.order.current == name and not init.passing and not init.gm_picks


def set_initiative(plan: Plan, init: Initiative | None, note: str) -> None:
    plan.add(ev.InitiativeChanged(initiative=init, note=note))


def lose_action(plan: Plan, name: str, reason: str, *, may_regain: bool = False) -> None:
    """``name`` loses their Action this Round (Fallen, Incapacitated, Dead, a Delay): nobody
    hands Initiative to them and the Round ends without them. If it is their turn, it
    passes on as after an Action with no target -- or, ``may_regain`` (a player may still take
    Staggered), waits for their player to take Staggered or pass."""
    init = plan.game.initiative
    if init is None or name not in init.order.participants or not init.order.has_turn(name):
        return
    lost = {**init.lost, name: reason}
    if init.order.current == name:
        if init.passing:
            return
        waiting = init.model_copy(update={"lost": lost, "passing": True})
        set_initiative(plan, waiting, f"{name} loses the Action")
        plan.say(f"{name} loses their Action ({reason}).")
        if may_regain:
            plan.say(
                f"{name} keeps it by taking Staggered (/mettle stagger); otherwise their player "
                "passes Initiative (/order handoff to:<name>)."
            )
            return
        PROCEDURES.pass_on(plan, name, None, finished=True)
        return
    order = sit_out(init.order, name)
    set_initiative(
        plan, init.model_copy(update={"order": order, "lost": lost}), f"{name} loses the Action"
    )
    plan.say(f"{name} loses their Action this Round ({reason}).")


def regain_action(plan: Plan, name: str, reason: str) -> None:
    """Someone who lost their Action this Round for ``reason`` has it back (Staggered instead
    of Fallen: "lets them stay active")."""
    init = plan.game.initiative
    if init is None or init.lost.get(name) != reason or name in init.order.acted:
        return
    order = init.order.model_copy(update={"out": tuple(p for p in init.order.out if p != name)})
    lost = {n: r for n, r in init.lost.items() if n != name}
    update: dict[str, object] = {"order": order, "lost": lost}
    if init.order.current == name:
        update["passing"] = False
    set_initiative(plan, init.model_copy(update=update), f"{name} has the Action")
    plan.say(f"{name} keeps their Action this Round.")
