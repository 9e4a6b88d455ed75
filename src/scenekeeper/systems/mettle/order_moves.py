"""``/order move``, ``/order wait``, ``/order rejoin``: what a character does with their own
turn in volleyball Initiative besides acting (scenes.md, Free Move, Wait).

The Free Move comes on the character's turn, before the Action, never after; a Wait holds one
Action type to take any time later, even interrupting; a waiting character rejoins at the start
of a Round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.turns import rejoin
from scenekeeper.systems.mettle.initiative import is_turn, set_initiative
from scenekeeper.systems.mettle.order_commands import running
from scenekeeper.systems.mettle.outcomes import settle
from scenekeeper.systems.mettle.plan import Plan
from scenekeeper.systems.mettle.rules import ACTIONS
from scenekeeper.systems.mettle.state import may_act_for
from scenekeeper.systems.mettle.volley import pass_on
from scenekeeper.systems.mettle.whose_turn import turn_character

commands = CommandSet(systems=frozenset({"mettle"}))


@dataclass(frozen=True)
class FreeMove:
    character: Annotated[str | None, Opt("who moves (default: the character you play)")] = None
    to: Annotated[str | None, Opt("where to: the adjacent Zone", max_length=60)] = None


@commands.command(
    "order move",
    help="The Free Move: into an adjacent Zone before your Action, never after (not while "
    "Staggered or Incapacitated; one a Round, split or not).",
    summary="The Free Move: into an adjacent Zone before your Action, never after.",
    permission=Permission.PLAYER,
)
def free_move(ctx: Context, args: FreeMove) -> Decision:
    plan = Plan(ctx)
    init = running(plan)
    who = turn_character(ctx, args.character)
    may_act_for(ctx, who)
    for status in ("staggered", "incapacitated"):
        if who.has(status):
            raise Refusal(f"{who.name} is {status.capitalize()}: no Free Move (engine.md).")
    if not is_turn(init, who.name):
        raise Refusal(
            f"The Free Move comes on {who.name}'s turn, before their Action, never after."
        )
    if who.name in init.moved:
        raise Refusal(f"{who.name} has used their Free Move this Round.")
    moved = init.model_copy(update={"moved": (*init.moved, who.name)})
    set_initiative(plan, moved, f"{who.name} takes the Free Move")
    where = f" to {args.to}" if args.to else " into an adjacent Zone"
    plan.say(f"{who.name} takes their Free Move{where} (an obstacle needs the Move Action).")
    if who.has("encumbered"):
        plan.say("Encumbered: each Zone takes two Moves, so this is half the way.")
    return plan.decision()


@dataclass(frozen=True)
class Wait:
    action: Annotated[str, Opt("the Action type held (it cannot change)", choices=ACTIONS)]
    character: Annotated[str | None, Opt("who waits (default: the character you play)")] = None


@commands.command(
    "order wait",
    help="Wait: hold one Action type and take it any time later, even interrupting someone's "
    "Action; Initiative passes on now.",
    summary="Wait: hold one Action type and take it any time later; Initiative passes on now.",
    permission=Permission.PLAYER,
    examples=("/order wait action:attack",),
)
def wait(ctx: Context, args: Wait) -> Decision:
    plan = Plan(ctx)
    init = running(plan)
    who = turn_character(ctx, args.character)
    may_act_for(ctx, who)
    if not is_turn(init, who.name):
        raise Refusal(f"{who.name} may Wait on their own turn, instead of acting.")
    if init.splits.get(who.name):
        raise Refusal(f"{who.name} has split their Action; Wait instead of splitting, not after.")
    plan.close_window()
    waiting = {**init.waiting, who.name: args.action}
    set_initiative(plan, init.model_copy(update={"waiting": waiting}), f"{who.name} waits")
    plan.say(
        f"{who.name} waits to {args.action}: they take it when they choose (/act "
        f"action:{args.action}), even interrupting someone's Action."
    )
    pass_on(plan, who.name, None, finished=True)
    settle(plan)
    return plan.decision()


@dataclass(frozen=True)
class Rejoin:
    character: Annotated[str | None, Opt("who rejoins (default: the character you play)")] = None


@commands.command(
    "order rejoin",
    help="Stop Waiting and rejoin the regular Initiative (chosen at the start of a Round).",
    permission=Permission.PLAYER,
)
def rejoin_order(ctx: Context, args: Rejoin) -> Decision:
    plan = Plan(ctx)
    init = running(plan)
    who = turn_character(ctx, args.character, waiting=True)
    may_act_for(ctx, who)
    name = who.name
    if name not in init.waiting:
        raise Refusal(f"{name} is not waiting.")
    if init.order.current is not None and name in init.order.acted:
        raise Refusal(f"{name} began waiting this Round; at the start of the next they may rejoin.")
    waiting = {n: a for n, a in init.waiting.items() if n != name}
    lost = {n: r for n, r in init.lost.items() if n != name}
    order = init.order if init.order.current is None else rejoin(init.order, name)
    moved = init.model_copy(update={"waiting": waiting, "lost": lost, "order": order})
    set_initiative(plan, moved, f"{name} rejoins")
    when = "next Round" if init.order.current is None else "this Round"
    plan.say(f"{name} stops waiting and rejoins: they have an Action {when}.")
    return plan.decision()
