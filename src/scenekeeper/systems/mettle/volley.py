"""Volleyball Initiative (scenes.md, Initiative), on the engine's handoff order.

The one who acted passes the next turn to their target if the target has an Action; if not,
to anyone else with an Action, friend or foe (to the Guide, who may pick their character).
When nobody has an Action left, a new Round begins: everyone gets their Action back, and the
last to act passes Initiative to their target or anyone else -- themselves too if they
targeted no one (checklist D8: the target still goes first; mod free-round-lead: a free pick).
Initiative passes by itself whenever there is no choice.
"""

from __future__ import annotations

from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.turns import TurnError, hand_off, next_round
from scenekeeper.systems.mettle import events as ev
from scenekeeper.systems.mettle.initiative import set_initiative
from scenekeeper.systems.mettle.plan import PROCEDURES, Plan
from scenekeeper.systems.mettle.state import Initiative, MettleState, named


def candidates(init: Initiative, actor: str, *, finished: bool) -> list[str]:
    """Who the actor may pass to: anyone with an Action (themselves, mid-split)."""
    left = list(init.order.waiting())
    if not finished:
        left.append(actor)
    return left


def gm_characters(game: MettleState, names: list[str]) -> list[str]:
    return [n for n in names if (c := game.find(n)) is not None and c.kind == "gmc"]


def pass_on(plan: Plan, actor: str, target: str | None, *, finished: bool) -> None:
    """``actor`` has taken their Action (``finished``) or a part of a split one."""
    init = plan.game.initiative
    if init is None:
        return
    init = init.model_copy(update={"target": target, "target_of": actor})
    set_initiative(plan, init, f"{actor} acted")
    order = init.order
    choice = candidates(init, actor, finished=finished)
    if target is not None and target in order.waiting():
        give(plan, target, finished=finished, why=" (the target goes next)")
    elif not choice:
        ended = init.model_copy(update={"order": hand_off(order, None), "passing": False})
        set_initiative(plan, ended, f"round {order.round} over")
        plan.say(f"Everyone has acted: Round {order.round} is over.")
        new_round(plan)
    elif len(choice) == 1:
        give(plan, choice[0], finished=finished, why=" (the only one with an Action)")
    else:
        set_initiative(plan, init.model_copy(update={"passing": True}), f"{actor} passes")
        plan.say(
            f"{actor} passes Initiative to anyone with an Action: /order handoff "
            f"to:<{'|'.join(choice)}> (or to:gm to let the Guide pick)."
        )


def give(plan: Plan, to: str, *, finished: bool, why: str = "") -> None:
    init = plan.game.initiative
    assert init is not None
    assert init.order.current is not None
    actor = init.order.current
    try:
        order = hand_off(init.order, to, finished=finished)
    except TurnError as error:
        raise Refusal(str(error)) from None
    moved = init.model_copy(
        update={"order": order, "passing": False, "gm_picks": False, "passed_by": actor}
    )
    set_initiative(plan, moved, f"{actor} passes to {to}")
    if to == actor:
        plan.say(f"{actor} goes on with the next part of the split Action.")
    else:
        plan.say(f"Initiative passes to {to}{why}.")


def next_out(game: MettleState, init: Initiative, number: int) -> dict[str, str]:
    """Who has no Action in Round ``number``, and why."""
    out: dict[str, str] = {}
    for name in init.order.participants:
        who = game.find(name)
        if who is None:
            out[name] = "gone"
        elif who.lost_action():
            out[name] = str(who.lost_action()).capitalize()
        elif number == 1 and name in init.surprised:
            out[name] = "Surprised"
        elif who.delayed:
            out[name] = "Delay"
        elif name in init.waiting:
            out[name] = f"waiting to {init.waiting[name]}"
    return out


def lead_choices(plan: Plan, init: Initiative, playing: list[str]) -> list[str]:
    """Who may lead the next Round (checklist D8; mod free-round-lead)."""
    last = init.order.last_actor()
    target = init.target if init.target_of == last else None
    if target in playing and not plan.mod("free-round-lead"):
        return [target]
    picks = [p for p in playing if p != last or target is None]
    return picks or playing


def new_round(plan: Plan, lead: str | None = None) -> None:
    """The Round is over: start the next one if its lead is known, else say who picks."""
    init = plan.game.initiative
    assert init is not None
    assert init.order.current is None
    number = init.order.round + 1
    out = next_out(plan.game, init, number)
    playing = [p for p in init.order.participants if p not in out]
    last = init.order.last_actor() or "the GM"
    if not playing:
        set_initiative(plan, init.model_copy(update={"lost": out}), "nobody has an Action")
        reasons = ", ".join(f"{n} ({r})" for n, r in out.items())
        plan.say(
            f"Nobody has an Action for Round {number}: {reasons}. The waiting may /order "
            "rejoin; a GM may /order end."
        )
        return
    pending = [n for n in plan.game.felled if n in init.order.participants]
    if pending and lead is None:
        # A felled player's choice (Staggered or Fallen) decides who has an Action next.
        set_initiative(plan, init.model_copy(update={"lost": out}), "a felling to settle")
        plan.say(
            f"Round {number} waits for {', '.join(pending)}: Staggered (/mettle stagger) or "
            "Fallen; then /order next starts it."
        )
        return
    choices = lead_choices(plan, init, playing)
    if lead is not None:
        found = named(plan.game, lead).name
        if found not in choices:
            raise Refusal(f"{lead} cannot lead Round {number}; {last} picks {', '.join(choices)}.")
        lead = found
    elif len(choices) == 1:
        lead = choices[0]
    if lead is None:
        set_initiative(plan, init.model_copy(update={"lost": out}), "the last actor picks")
        plan.say(f"{last} picks who leads Round {number}: /order next lead:<{'|'.join(choices)}>.")
        return
    start_round(plan, init, lead, out)


def start_round(plan: Plan, init: Initiative, lead: str, out: dict[str, str]) -> None:
    number = init.order.round + 1
    order = next_round(init.order, lead, out=tuple(out))
    fresh = init.model_copy(
        update={
            "order": order,
            "lost": out,
            "moved": (),
            "splits": {},
            "passing": False,
            "gm_picks": False,
            "passed_by": init.order.last_actor(),
        }
    )
    set_initiative(plan, fresh, f"round {number}: {lead} leads")
    plan.say(f"Round {number} begins: everyone with an Action has it back; {lead} leads.")
    if out:
        plan.say("No Action this Round: " + ", ".join(f"{n} ({r})" for n, r in out.items()) + ".")
    for name, reason in out.items():
        # engine.md, Twists: a Delay loses the next Action; now it is spent.
        if reason == "Delay":
            plan.add(ev.DelayChanged(character=name, delayed=False))
    for name in init.surprised if number == 2 else ():
        who = plan.game.find(name)
        if who is not None and who.has("surprised"):
            plan.add(ev.StatusLost(character=name, status="surprised", reason="Round 2"))
    PROCEDURES.round_started(plan)
