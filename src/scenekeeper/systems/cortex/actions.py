"""``/action`` and ``/react``: action-based resolution (gaps 1.4; Cortex p.98 action order).

Every roll is an action opposed by a reaction -- the target's defensive traits, or the GM's
difficulty dice when no character opposes. The reaction must exceed the action; a tie goes to
the actor; there is no back-and-forth. A successful action compares effect dice as a contest
does (the target takes the actor's effect die, stepped down if their reaction's effect die is
equal or larger; high stakes can take them out). When the reaction wins, the action fails and
nothing more happens -- unless the reactor pays 1 PP to use its effect die (reaction-effect).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import Die
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import TableState
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.contest_rules import (
    describe_stake,
    effect_comparison,
    losing_effect,
    stakes_for,
)
from scenekeeper.systems.cortex.names import character, cortex, may_act_for, mod_on, own_character
from scenekeeper.systems.cortex.reading import read_outcome
from scenekeeper.systems.cortex.rolling import CortexRoll, roll_character, rolled_record
from scenekeeper.systems.cortex.rolls import reading_of
from scenekeeper.systems.cortex.scene_rules import current_scene, scene_change
from scenekeeper.systems.cortex.sheet import Character
from scenekeeper.systems.cortex.state import Contestant, CortexState, RollRecord

commands = CommandSet(systems=frozenset({"cortex"}))


@dataclass(frozen=True)
class Act:
    pool: Annotated[str, Opt("the acting pool")]
    target: Annotated[str | None, Opt("who it is against (they react with /react)")] = None
    vs: Annotated[str | None, Opt("no character opposes: the GM's difficulty, like hard")] = None
    character: Annotated[str | None, Opt("who acts (default: whose turn it is / yours)")] = None
    hinder: Annotated[str | None, Opt("a distinction to roll as d4 for 1 PP")] = None
    pay: Annotated[
        int, Opt("plot points for extra traits from one set", min_value=0, max_value=10)
    ] = 0
    scale: Annotated[str | None, Opt("scale dice (see /roll)")] = None
    boost: Annotated[str | None, Opt("use a boost: the pool die (by name) to step up")] = None
    results: Annotated[str | None, Opt("faces you rolled, in pool order")] = None
    vs_results: Annotated[str | None, Opt("faces of the GM's difficulty dice")] = None


@commands.command(
    "action",
    help="Act in the action order: against a character (who reacts with /react) or against the "
    "GM's difficulty dice (vs:). The reaction must exceed the action; a tie goes to the actor.",
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
    name = args.character or (order.current if order and state.meta.is_gm(ctx.actor.id) else None)
    who = own_character(ctx, name)
    may_act_for(ctx, who)
    if order is not None and order.current is not None and order.current != who.name:
        raise Refusal(f"It is {order.current}'s turn in the action order.")
    if order is not None and scene.turn_action == who.name:
        raise Refusal(f"{who.name} has taken their action this turn; /order handoff.")
    if scene.pending_action is not None:
        waiting_actor, waiting_target, waiting_roll = scene.pending_action
        raise Refusal(
            f"{waiting_target} has yet to react to {waiting_actor}'s action "
            f"(roll #{waiting_roll}): /react."
        )
    if (args.target is None) == (args.vs is None):
        raise Refusal(
            "Act against someone (target:<name>) or against the GM's difficulty (vs:hard), "
            "one of them."
        )
    request = CortexRoll(
        pool=args.pool,
        vs=args.vs,
        hinder=args.hinder,
        pay=args.pay,
        results=args.results,
        vs_results=args.vs_results,
        scale=args.scale,
        boost=args.boost,
    )
    rolled = roll_character(
        ctx, who, request, side="gm" if who.kind == "gmc" else "player", action=True
    )
    turn = who.name if order is not None and order.current == who.name else None
    if args.target is None:
        if scene.winning_reaction is None and turn is None:
            return rolled
        cleared = scene.model_copy(update={"winning_reaction": None, "turn_action": turn})
        return Decision(
            events=(*rolled.events, scene_change(game, cleared, f"{who.name} acts")),
            reply=rolled.reply,
        )
    target = character(ctx, args.target)
    if target.name == who.name:
        raise Refusal("An action is against someone else.")
    record = rolled_record(rolled, who)
    waiting = scene.model_copy(
        update={
            "pending_action": (who.name, target.name, record.id),
            "winning_reaction": None,
            "turn_action": turn,
        }
    )
    lines = (
        *rolled.reply.text,
        f'{target.name} reacts with defensive traits only: /react pool:"..." '
        f"(it must beat {reading_of(record).total}).",
    )
    return Decision(
        events=(
            *rolled.events,
            scene_change(game, waiting, f"{who.name} acts against {target.name}"),
        ),
        reply=Reply(text=lines, data=rolled.reply.data),
    )


@dataclass(frozen=True)
class React:
    pool: Annotated[str, Opt("defensive traits only")]
    character: Annotated[str | None, Opt("who reacts (default: the target)")] = None
    counter: Annotated[bool, Opt("if the reaction wins: pay 1 PP to use its effect die")] = False
    pay: Annotated[
        int, Opt("plot points for extra traits from one set", min_value=0, max_value=10)
    ] = 0
    scale: Annotated[str | None, Opt("scale dice (see /roll)")] = None
    boost: Annotated[str | None, Opt("use a boost: the pool die (by name) to step up")] = None
    results: Annotated[str | None, Opt("faces you rolled, in pool order")] = None


@commands.command(
    "react",
    help="React to the action against you with defensive traits: exceed the action's total to "
    "stop it (a tie goes to the actor).",
    permission=Permission.PLAYER,
    examples=('/react pool:"Agility Dodge"', '/react pool:"Agility Dodge" counter:true'),
)
def react(ctx: Context, args: React) -> Decision:
    state = ctx.require_state()
    game = cortex(state)
    scene = current_scene(game)
    if scene.pending_action is None:
        raise Refusal("No action is waiting for a reaction.")
    actor_name, target_name, roll_id = scene.pending_action
    who = own_character(ctx, args.character or target_name)
    may_act_for(ctx, who)
    if who.name != target_name:
        raise Refusal(f"The action is against {target_name}; they react.")
    action = game.roll_by_id(roll_id)
    if action is None:
        raise Refusal(f"Roll #{roll_id} is no longer in play; the GM can /undo and act again.")
    if args.counter:
        _may_counter(state, who)
    to_beat = reading_of(action).total
    rolled = roll_character(
        ctx,
        who,
        CortexRoll(
            pool=args.pool,
            vs=str(to_beat),
            pay=args.pay,
            scale=args.scale,
            boost=args.boost,
            results=args.results,
        ),
        side="gm" if who.kind == "gmc" else "player",
    )
    reaction = rolled_record(rolled, who)
    settled = scene.model_copy(update={"pending_action": None})
    now = game.with_roll(reaction)
    events: list[Event] = list(rolled.events)
    stress_on = mod_on(state, "stress")
    actor = character(ctx, actor_name)
    lines = list(rolled.reply.text)
    if reading_of(reaction).total > to_beat:
        lines.append(f"{who.name}'s reaction beats {to_beat}: {actor.name}'s action fails.")
        if mod_on(state, "reaction-effect") and not args.counter:
            settled = settled.model_copy(
                update={"winning_reaction": (who.name, actor.name, reaction.id, action.id)}
            )
        events.append(scene_change(now, settled, f"{who.name} reacts"))
        if args.counter:
            events += _counter(
                who, reaction, actor, action, game=now, stress_on=stress_on, lines=lines
            )
        elif mod_on(state, "reaction-effect"):
            lines.append(
                f"{who.name} may pay 1 PP to use its effect die against {actor.name}: /counter."
            )
        return Decision(
            events=tuple(events), reply=Reply(text=tuple(lines), data=rolled.reply.data)
        )
    events.append(scene_change(now, settled, f"{who.name} reacts"))
    if args.counter:
        lines.append("The reaction did not win, so there is no counter and nothing is paid.")
    won = _effect_against(action, reading_of(reaction).total)
    lost = losing_effect(now, Contestant(name=who.name, roll_id=reaction.id))
    stake = stakes_for(
        actor.name, won, who.name, lost, high_stakes=scene.high_stakes, stress_on=stress_on
    )
    lines.append(
        f"{actor.name}'s action stands ({reading_of(action).total} against "
        f"{reading_of(reaction).total}; a tie goes to the actor)."
    )
    compared = effect_comparison(actor.name, won, who.name, lost)
    if compared is not None and not scene.high_stakes:
        lines.append(compared)
    lines.append(describe_stake(stake, who.name, stress_on))
    if stake is not None:
        events.append(
            ev.ContestChanged(
                contest=game.contest,
                stakes=(*game.stakes, stake),
                gave_in_to=game.gave_in_to,
                note=f"{actor.name}'s action against {who.name}",
            )
        )
    return Decision(events=tuple(events), reply=Reply(text=tuple(lines), data=rolled.reply.data))


@dataclass(frozen=True)
class Counter:
    character: Annotated[str | None, Opt("who reacted (default: the winning reactor)")] = None


@commands.command(
    "counter",
    help="After a reaction wins (reaction-effect mod): pay 1 PP to use its effect die against "
    "the actor, as if the reaction were the action.",
    permission=Permission.PLAYER,
    examples=("/counter",),
)
def counter(ctx: Context, args: Counter) -> Decision:
    state = ctx.require_state()
    game = cortex(state)
    scene = current_scene(game)
    if not mod_on(state, "reaction-effect"):
        raise Refusal("The reaction-effect mod is off: a winning reaction only stops the action.")
    if scene.winning_reaction is None:
        raise Refusal("No winning reaction is waiting to use its effect die (it must be the last).")
    reactor, actor_name, reaction_id, action_id = scene.winning_reaction
    who = own_character(ctx, args.character or reactor)
    may_act_for(ctx, who)
    if who.name != reactor:
        raise Refusal(f"The winning reaction is {reactor}'s.")
    _may_counter(state, who)
    reaction, action = game.roll_by_id(reaction_id), game.roll_by_id(action_id)
    if reaction is None or action is None:
        raise Refusal("Those rolls are no longer in play; the reaction's effect die is gone.")
    lines: list[str] = []
    actor = character(ctx, actor_name)
    stress_on = mod_on(state, "stress")
    events = _counter(who, reaction, actor, action, game=game, stress_on=stress_on, lines=lines)
    done = scene.model_copy(update={"winning_reaction": None})
    return Decision(
        events=(*events, scene_change(game, done, f"{who.name} counters")),
        reply=Reply(text=tuple(lines)),
    )


def _may_counter(state: TableState, who: Character) -> None:
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


def _counter(
    who: Character,
    reaction: RollRecord,
    actor: Character,
    action: RollRecord,
    *,
    game: CortexState,
    stress_on: bool,
    lines: list[str],
) -> list[Event]:
    won = _effect_against(reaction, reading_of(action).total)
    lost = losing_effect(game, Contestant(name=actor.name, roll_id=action.id))
    stake = stakes_for(who.name, won, actor.name, lost, high_stakes=False, stress_on=stress_on)
    compared = effect_comparison(who.name, won, actor.name, lost)
    if stake is None:
        if compared is not None:
            lines.append(compared)
        lines.append(f"{who.name}'s effect die steps down to nothing: nothing is paid.")
        return []
    paid, cost = _reaction_cost(who, game)
    lines.append(f"{who.name} pays {cost} to use the reaction's effect die.")
    if compared is not None:
        lines.append(compared)
    lines.append(describe_stake(stake, actor.name, stress_on))
    return [
        paid,
        ev.ContestChanged(
            contest=game.contest,
            stakes=(*game.stakes, stake),
            gave_in_to=game.gave_in_to,
            note=f"{who.name}'s reaction against {actor.name}",
        ),
    ]


def _reaction_cost(who: Character, game: CortexState) -> tuple[Event, str]:
    """What using a winning reaction's effect die costs: 1 PP from a PC, a GM bank point for
    a GMC -- or, where the game says so (Scions), a doom die of any size: the smallest."""
    reason = f"{who.name} used a reaction's effect die"
    if who.kind == "pc":
        return ev.PlotPointsChanged(character=who.name, delta=-1, reason=reason), "1 PP"
    if game.rules.gmc_reaction_cost == "doom":
        rest = sorted(game.doom_pool)
        smallest = rest.pop(0)
        return ev.DoomPoolChanged(dice=tuple(rest), reason=reason), f"a doom {smallest}"
    return ev.GmBankChanged(delta=-1, reason=reason), "1 PP"


def _effect_against(roll: RollRecord, other_total: int) -> Die:
    """The roll's effect die with heroic steps for beating ``other_total`` by 5 or more."""
    read = reading_of(roll)
    result = read_outcome(read.total, read.effect, other_total, ties_succeed=roll.ties_succeed)
    if result is None or not result.succeeded:
        return read.effect
    return result.effect if isinstance(result.effect, Die) else Die.D12
