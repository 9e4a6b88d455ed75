"""``/order interrupt``, ``/order add`` and ``/order remove``: changing a running action order
(Cortex p.98; doom pool interrupts, gaps 1.6).

A GMC brought in mid-fight joins the order and acts this round when someone hands off to them
(in a fixed order: last in line); a character leaving the scene leaves it (taken out or
stressed out characters leave by themselves, ``out_of_scene``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import Die
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.systems import require_mod
from scenekeeper.engine.turns import TurnError, TurnOrder, add, interrupt
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.order.action_order import order_change, order_status, running_order
from scenekeeper.systems.cortex.procedures.scene_rules import current_scene, scene_change
from scenekeeper.systems.cortex.scene_state import Scene
from scenekeeper.systems.cortex.sheets.sheet import same_name
from scenekeeper.systems.cortex.state import CortexState, character, cortex
from scenekeeper.systems.cortex.troubles.doom import (
    D12Players,
    D12Reward,
    d12_rewards,
    take_doom_die,
)
from scenekeeper.systems.cortex.troubles.out_of_scene import leave_order

commands = CommandSet(systems=frozenset({"cortex"}))


@dataclass(frozen=True)
class Interrupt:
    character: Annotated[str, Opt("the GMC who acts now")]
    die: Annotated[
        str, Opt("the doom die spent: at least the next PC's largest trait (Scions: d6)")
    ]
    players: D12Players = None
    reward: D12Reward = None


@commands.command(
    "order interrupt",
    help="Doom pool: spend a doom die at least as large as the next PC's largest trait (in "
    "Scions, any die from d6) to have a GMC act now, out of turn.",
    summary="Spend a doom die to have a GMC act now, out of turn.",
    permission=Permission.GM,
)
def interrupt_order(ctx: Context, args: Interrupt) -> Decision:
    state = ctx.require_state()
    require_mod(state, "doom-pool")
    game = cortex(state)
    scene = current_scene(game)
    order = running_order(scene)
    who = character(ctx, args.character)
    if who.status != "active":
        raise Refusal(f"{who.name} is out of the scene and cannot act.")
    die, rest = take_doom_die(game.doom_pool, args.die)
    due = game.find_character(order.current) if order.current else None
    least = game.rules.interrupt_min
    if least is not None and die < least:
        raise Refusal(f"Interrupting takes a doom die of at least {least}.")
    if least is None and due is not None and due.kind == "pc":
        largest = max(
            (d for traits in due.traits.values() for d in traits.values()), default=Die.D4
        )
        if die < largest:
            raise Refusal(
                f"Interrupting {due.name} takes a doom die of at least {largest}, their "
                "largest trait."
            )
    try:
        moved = interrupt(order, who.name)
    except TurnError as error:
        raise Refusal(str(error)) from None
    # Scions: a spent d12 rewards the players it affects -- the one interrupted, at least.
    affected = (due.name,) if due is not None and due.kind == "pc" else ()
    rewarded, said = d12_rewards(
        ctx, int(die is Die.D12), args.players, args.reward, affected=affected
    )
    events = (
        ev.DoomPoolChanged(dice=rest, reason=f"spent {die} to interrupt the action order"),
        order_change(game, scene, moved, f"{who.name} interrupts"),
        *rewarded,
    )
    return Decision(
        events=events,
        reply=Reply.say(
            f"The GM spends a doom {die}: {who.name} acts now, out of turn.",
            order_status(moved),
            *said,
        ),
    )


@dataclass(frozen=True)
class Joiner:
    character: Annotated[str, Opt("who joins or leaves the action order")]


@commands.command(
    "order add",
    help="A character joins the running action order (a GMC brought in mid-fight); they act "
    "this round, when someone hands off to them.",
    summary="A character joins the running action order (a GMC brought in mid-fight).",
    permission=Permission.GM,
    examples=('/order add character:"Thug 3"',),
)
def add_to_order(ctx: Context, args: Joiner) -> Decision:
    game = cortex(ctx.require_state())
    scene = current_scene(game)
    order = running_order(scene)
    who = character(ctx, args.character)
    if who.status != "active":
        raise Refusal(f"{who.name} is out of the scene and cannot join the order.")
    try:
        moved = add(order, who.name)
    except TurnError as error:
        raise Refusal(str(error)) from None
    where = "last in line" if moved.kind == "fixed" else "yet to act this round"
    return Decision(
        events=(_keep_turn(game, scene, moved, f"{who.name} joins the action order"),),
        reply=Reply.say(f"{who.name} joins the action order, {where}.", order_status(moved)),
    )


@commands.command(
    "order remove",
    help="A character leaves the running action order (out of the scene, or gone).",
    permission=Permission.GM,
)
def remove_from_order(ctx: Context, args: Joiner) -> Decision:
    game = cortex(ctx.require_state())
    scene = current_scene(game)
    order = running_order(scene)
    who = character(ctx, args.character, "order remove")
    if not any(same_name(p, who.name) for p in order.participants):
        raise Refusal(f"{who.name} is not in the action order ({', '.join(order.participants)}).")
    moved = leave_order(order, who.name)
    if moved is None:
        raise Refusal(f"{who.name} is the last in the order; end it with /order end.")
    return Decision(
        events=(_keep_turn(game, scene, moved, f"{who.name} leaves the action order"),),
        reply=Reply.say(f"{who.name} leaves the action order.", order_status(moved)),
    )


def _keep_turn(game: CortexState, scene: Scene, order: TurnOrder, note: str) -> Event:
    """The order changed without anyone's turn moving on (their action stays taken)."""
    return scene_change(game, scene.model_copy(update={"action_order": order}), note)
