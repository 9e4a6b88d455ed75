"""``/action`` and ``/react``: action-based resolution (gaps 1.4; Cortex p.98); ``/counter``
(a winning reaction's effect die) is in ``order.counter``.

Every roll is an action opposed by a reaction -- the target's defensive traits, or the GM's
difficulty dice when no character opposes. The reaction must exceed the action; a tie goes to
the actor; there is no back-and-forth. How an action and its reaction decide (and decide again
after plot points spent on the reaction) is in ``exchange``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.reply import Reply
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.order.counter import counter_cost, may_counter
from scenekeeper.systems.cortex.order.exchange import counter_hint, stakes_with, verdict
from scenekeeper.systems.cortex.procedures.scene_rules import (
    current_scene,
    refuse_in_scene,
    scene_change,
)
from scenekeeper.systems.cortex.roll.rolling import (
    BoostOpt,
    CortexRoll,
    HinderOpt,
    PayOpt,
    PushOpt,
    ScaleOpt,
    roll_character,
    rolled_record,
)
from scenekeeper.systems.cortex.roll.rolls import reading_of
from scenekeeper.systems.cortex.scene_state import Exchange, Scene
from scenekeeper.systems.cortex.state import character, cortex, may_act_for, own_character
from scenekeeper.systems.cortex.troubles.doom import D12Players, D12Reward

commands = CommandSet(systems=frozenset({"cortex"}))


@dataclass(frozen=True)
class Act:
    pool: Annotated[str, Opt("the acting pool")]
    target: Annotated[str | None, Opt("who it is against (they react with /react)")] = None
    vs: Annotated[str | None, Opt("no character opposes: the GM's difficulty, like hard")] = None
    character: Annotated[str | None, Opt("who acts (default: whose turn it is / yours)")] = None
    hinder: HinderOpt = None
    push: PushOpt = None
    pay: PayOpt = 0
    scale: ScaleOpt = None
    boost: BoostOpt = None
    results: Annotated[str | None, Opt("faces you rolled, in pool order")] = None
    vs_results: Annotated[str | None, Opt("faces of the GM's difficulty dice")] = None


@commands.command(
    "action",
    help="Act in the action order: against a character (who reacts with /react) or against the "
    "GM's difficulty dice (vs:). The reaction must exceed the action; a tie goes to the actor.",
    summary="Act in the action order, against a character (who reacts) or the GM's difficulty "
    "dice.",
    permission=Permission.PLAYER,
    examples=(
        '/action pool:"Fighting Agility" target:Thug',
        '/action pool:"Athletics Agility" vs:hard',
    ),
)
def act(ctx: Context, args: Act) -> Decision:
    state = ctx.require_state()
    game = cortex(state)
    scene = current_scene(game)
    order = scene.action_order
    # The one whose turn it is, when the asker plays it (a GM: anyone's), however many they
    # play (issue 21: METTLE's /act does the same).
    current = order.current if order is not None else None
    plays = current is not None and (
        state.meta.is_gm(ctx.actor.id) or state.meta.owner_of(current) == ctx.actor.id
    )
    name = args.character or (current if plays else None)
    who = own_character(ctx, name)
    may_act_for(ctx, who)
    if order is not None and order.current is not None and order.current != who.name:
        raise Refusal(
            f"It is {order.current}'s turn in the action order; {who.name} acts when it is "
            "handed to them (/order handoff)."
        )
    if order is not None and scene.turn_action == who.name:
        raise Refusal(f"{who.name} has taken their action this turn; /order handoff.")
    if scene.pending_action is not None:
        waiting_actor, waiting_target, waiting_roll = scene.pending_action
        raise Refusal(
            f"{waiting_target} has yet to react to {waiting_actor}'s action "
            f"(roll #{waiting_roll}): /react (a GM can /cancel what:action)."
        )
    if (args.target is None) == (args.vs is None):
        raise Refusal(
            "Act against someone (target:<name>) or against the GM's difficulty (vs:hard), "
            "one of them."
        )
    target = character(ctx, args.target) if args.target is not None else None
    if target is not None:
        # An action against a character is the action order's contest (Cortex p.89, p.96).
        refuse_in_scene(state, "contests", ("tag",))
        if target.name == who.name:
            raise Refusal(
                "An action is against someone else: target:<another character>, or vs:<difficulty>."
            )
        if target.status != "active":
            raise Refusal(
                f"{target.name} is {target.status.replace('_', ' ')} and out of the scene; "
                "act against someone else."
            )
    request = CortexRoll(
        pool=args.pool,
        vs=args.vs,
        hinder=args.hinder,
        push=args.push,
        pay=args.pay,
        results=args.results,
        vs_results=args.vs_results,
        scale=args.scale,
        boost=args.boost,
    )
    rolled = roll_character(
        ctx, who, request, side="gm" if who.kind == "gmc" else "player", action=True, test=True
    )
    turn = who.name if order is not None and order.current == who.name else None
    # A new action ends the last exchange: its reaction's reading is final now.
    ended = _end_exchange(scene)
    update: dict[str, object] = {"winning_reaction": None, "exchange": None, "turn_action": turn}
    if target is None:
        if scene.exchange is None and scene.winning_reaction is None and turn is None:
            return Decision(events=(*rolled.events, *ended), reply=rolled.reply)
        cleared = scene.model_copy(update=update)
        return Decision(
            events=(*rolled.events, *ended, scene_change(game, cleared, f"{who.name} acts")),
            reply=rolled.reply,
        )
    record = rolled_record(rolled, who)
    waiting = scene.model_copy(
        update={**update, "pending_action": (who.name, target.name, record.id)}
    )
    lines = (
        *rolled.reply.text,
        f'{target.name} reacts with defensive traits only: /react pool:"..." '
        f"(it must beat {reading_of(record).total}).",
    )
    return Decision(
        events=(
            *rolled.events,
            *ended,
            scene_change(game, waiting, f"{who.name} acts against {target.name}"),
        ),
        reply=Reply(text=lines, data=rolled.reply.data),
    )


def _end_exchange(scene: Scene) -> tuple[Event, ...]:
    exchange = scene.exchange
    if exchange is None:
        return ()
    return (ev.RollsClosed(roll_ids=(exchange.reaction_id,), reason="the next action came"),)


@dataclass(frozen=True)
class React:
    pool: Annotated[str, Opt("defensive traits only")]
    character: Annotated[str | None, Opt("who reacts (default: the target)")] = None
    counter: Annotated[bool, Opt("if the reaction wins: pay 1 PP to use its effect die")] = False
    hinder: HinderOpt = None
    push: PushOpt = None
    pay: PayOpt = 0
    scale: ScaleOpt = None
    boost: BoostOpt = None
    results: Annotated[str | None, Opt("faces you rolled, in pool order")] = None
    players: D12Players = None
    reward: D12Reward = None


def _may_react_for(ctx: Context, target: str) -> None:
    """Whoever may not react for ``target`` is told who does, not only that they may not."""
    meta = ctx.require_state().meta
    owner = meta.owner_of(target)
    if not meta.is_gm(ctx.actor.id) and owner != ctx.actor.id:
        reacts = "the GM reacts for them" if owner is None else "their player reacts"
        raise Refusal(f"The action is against {target}: {reacts}, not you.")


@commands.command(
    "react",
    help="React to the action against you with defensive traits: exceed the action's total to "
    "stop it (a tie goes to the actor).",
    summary="React to the action against you: exceed its total to stop it (a tie goes to the "
    "actor).",
    permission=Permission.PLAYER,
    examples=('/react pool:"Agility Dodge"', '/react pool:"Agility Dodge" counter:true'),
)
def react(ctx: Context, args: React) -> Decision:
    state = ctx.require_state()
    game = cortex(state)
    scene = current_scene(game)
    if scene.pending_action is None:
        raise Refusal("No action is waiting for a reaction; an action comes first (/action).")
    actor_name, target_name, roll_id = scene.pending_action
    who = own_character(ctx, args.character or target_name)
    if who.name == target_name:
        _may_react_for(ctx, target_name)
    may_act_for(ctx, who)
    if who.name != target_name:
        raise Refusal(f"The action is against {target_name}; they react.")
    action = game.roll_by_id(roll_id)
    if action is None:
        raise Refusal(
            f"Roll #{roll_id} is no longer in play; a GM can /cancel what:action and act again."
        )
    actor = character(ctx, actor_name)
    if args.counter:
        may_counter(state, who)
        counter_cost(ctx, who, actor, args.players, args.reward)
    to_beat = reading_of(action).total
    rolled = roll_character(
        ctx,
        who,
        CortexRoll(
            pool=args.pool,
            vs=str(to_beat),
            hinder=args.hinder,
            push=args.push,
            pay=args.pay,
            scale=args.scale,
            boost=args.boost,
            results=args.results,
        ),
        side="gm" if who.kind == "gmc" else "player",
        test=True,
        closes=(action.id,),
        beat=False,
    )
    reaction = rolled_record(rolled, who)
    now = game.with_roll(reaction)
    exchange = Exchange(
        actor=actor.name, reactor=who.name, action_id=action.id, reaction_id=reaction.id
    )
    found = verdict(state, now, exchange)
    assert found is not None  # both rolls are in play: one was just made
    lines = list(rolled.reply.text)
    events: list[Event] = list(rolled.events)
    paid: list[Event] = []
    if found.reaction_wins and args.counter:
        paid, said = counter_cost(ctx, who, actor, args.players, args.reward)
        exchange = exchange.model_copy(update={"countered": True})
        found = verdict(state, now, exchange)
        assert found is not None
        lines.append(found.lines[0])
        lines += said
        lines += found.lines[1:]
    else:
        lines += found.lines
        if args.counter:
            lines.append("The reaction did not win, so there is no counter and nothing is paid.")
        lines += counter_hint(state, exchange, found)
    settled = scene.model_copy(
        update={"pending_action": None, "exchange": exchange, "winning_reaction": None}
    )
    events += paid
    events.append(scene_change(now, settled, f"{who.name} reacts"))
    if found.stake is not None:
        events.append(
            ev.ContestChanged(
                contest=game.contest,
                stakes=stakes_with(game, reaction.id, found.stake),
                gave_in_to=game.gave_in_to,
                note=f"{actor.name}'s action against {who.name}",
            )
        )
    return Decision(events=tuple(events), reply=Reply(text=tuple(lines), data=rolled.reply.data))
