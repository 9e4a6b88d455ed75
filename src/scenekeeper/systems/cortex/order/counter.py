"""``/counter``: a winning reaction's effect die used against the actor (the reaction-effect
mod; gaps 1.4, Cortex p.98), and what it costs -- also asked for up front by ``/react
counter:true`` (``order.actions``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import Die
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.order.exchange import stakes_with, verdict
from scenekeeper.systems.cortex.procedures.scene_rules import current_scene, scene_change
from scenekeeper.systems.cortex.scene_state import Exchange, Scene
from scenekeeper.systems.cortex.sheets.sheet import Character
from scenekeeper.systems.cortex.state import (
    CortexState,
    character,
    cortex,
    may_act_for,
    own_character,
)
from scenekeeper.systems.cortex.troubles.doom import D12Players, D12Reward, d12_rewards

commands = CommandSet(systems=frozenset({"cortex"}))


@dataclass(frozen=True)
class Counter:
    character: Annotated[str | None, Opt("who reacted (default: the winning reactor)")] = None
    players: D12Players = None
    reward: D12Reward = None


@commands.command(
    "counter",
    help="After a reaction wins (reaction-effect mod): pay 1 PP to use its effect die against "
    "the actor, as if the reaction were the action.",
    summary="After a reaction wins (reaction-effect mod): pay 1 PP to use its effect die on the "
    "actor.",
    permission=Permission.PLAYER,
    examples=("/counter",),
)
def counter(ctx: Context, args: Counter) -> Decision:
    state = ctx.require_state()
    game = cortex(state)
    scene = current_scene(game)
    if not mod_on(state, "reaction-effect"):
        raise Refusal("The reaction-effect mod is off: a winning reaction only stops the action.")
    exchange = _winning(state, game, scene)
    who = own_character(ctx, args.character or exchange.reactor)
    may_act_for(ctx, who)
    if who.name != exchange.reactor:
        raise Refusal(f"The winning reaction is {exchange.reactor}'s.")
    may_counter(state, who)
    actor = character(ctx, exchange.actor)
    paid, said = counter_cost(ctx, who, actor, args.players, args.reward)
    countered = exchange.model_copy(update={"countered": True})
    found = verdict(state, game, countered)
    if found is None:
        raise Refusal("Those rolls are no longer in play; the reaction's effect die is gone.")
    events: list[Event] = [
        *paid,
        scene_change(
            game,
            scene.model_copy(update={"exchange": countered, "winning_reaction": None}),
            f"{who.name} counters",
        ),
    ]
    if found.stake is not None:
        events.append(
            ev.ContestChanged(
                contest=game.contest,
                stakes=stakes_with(game, exchange.reaction_id, found.stake),
                gave_in_to=game.gave_in_to,
                note=f"{who.name}'s reaction against {actor.name}",
            )
        )
    return Decision(events=tuple(events), reply=Reply.say(*said, *found.lines[1:]))


def _winning(state: TableState, game: CortexState, scene: Scene) -> Exchange:
    """The exchange whose reaction wins and may still use its effect die."""
    exchange = scene.exchange
    if exchange is None and scene.winning_reaction is not None:
        # A table from before exchanges were kept.
        reactor, actor, reaction_id, action_id = scene.winning_reaction
        exchange = Exchange(
            actor=actor, reactor=reactor, action_id=action_id, reaction_id=reaction_id
        )
    found = verdict(state, game, exchange) if exchange is not None else None
    if exchange is None or found is None or not found.reaction_wins or exchange.countered:
        raise Refusal("No winning reaction is waiting to use its effect die (it must be the last).")
    return exchange


def may_counter(state: TableState, who: Character) -> None:
    """Refuse before anything is rolled: the mod must be on and the reactor able to pay."""
    if not mod_on(state, "reaction-effect"):
        raise Refusal(
            "The reaction-effect mod is off: a winning reaction only stops the action "
            "(leave out counter:)."
        )
    if who.kind == "pc" and who.pp < 1:
        raise Refusal(
            f"Using the reaction's effect die costs 1 PP and {who.name} has none; "
            "react without counter:."
        )
    game = cortex(state)
    if who.kind == "gmc" and game.rules.gmc_reaction_cost == "doom":
        if not game.doom_pool:
            raise Refusal(
                "Using the reaction's effect die costs a doom die and the doom pool is empty; "
                "react without counter:."
            )
    elif who.kind == "gmc" and game.gm_bank < 1:
        raise Refusal(
            "Using the reaction's effect die costs 1 PP and the GM's bank is empty; "
            "react without counter:."
        )


def counter_cost(
    ctx: Context, who: Character, actor: Character, players: str | None, reward: str | None
) -> tuple[list[Event], list[str]]:
    """What using a winning reaction's effect die costs: 1 PP from a PC, a GM bank point for
    a GMC -- or, where the game says so (Scions), a doom die of any size: the smallest, and a
    spent d12 rewards the players it affects (the actor, unless ``players`` says)."""
    game = cortex(ctx.require_state())
    reason = f"{who.name} used a reaction's effect die"
    if who.kind == "pc":
        return [ev.PlotPointsChanged(character=who.name, delta=-1, reason=reason)], [
            f"{who.name} pays 1 PP to use the reaction's effect die."
        ]
    if game.rules.gmc_reaction_cost == "doom":
        rest = sorted(game.doom_pool)
        smallest = rest.pop(0)
        affected = (actor.name,) if actor.kind == "pc" else ()
        rewarded, said = d12_rewards(
            ctx, int(smallest is Die.D12), players, reward, affected=affected
        )
        paid: list[Event] = [ev.DoomPoolChanged(dice=tuple(rest), reason=reason), *rewarded]
        return paid, [f"{who.name} pays a doom {smallest} to use the reaction's effect die.", *said]
    return [ev.GmBankChanged(delta=-1, reason=reason)], [
        f"{who.name} pays 1 PP to use the reaction's effect die."
    ]
