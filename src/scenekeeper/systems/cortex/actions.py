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
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.contest_rules import describe_stake, losing_effect, stakes_for
from scenekeeper.systems.cortex.names import character, cortex, may_act_for, mod_on, own_character
from scenekeeper.systems.cortex.reading import read_outcome
from scenekeeper.systems.cortex.rolling import CortexRoll, roll_character
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
    )
    rolled = roll_character(
        ctx, who, request, side="gm" if who.kind == "gmc" else "player", action=True
    )
    if args.target is None:
        return rolled
    target = character(ctx, args.target)
    if target.name == who.name:
        raise Refusal("An action is against someone else.")
    record = _rolled(rolled, who)
    waiting = scene.model_copy(update={"pending_action": (who.name, target.name, record.id)})
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
    to_beat = reading_of(action).total
    rolled = roll_character(
        ctx,
        who,
        CortexRoll(pool=args.pool, vs=str(to_beat), results=args.results),
        side="gm" if who.kind == "gmc" else "player",
    )
    reaction = _rolled(rolled, who)
    settled = scene.model_copy(update={"pending_action": None})
    events: list[Event] = [
        *rolled.events,
        scene_change(game.with_roll(reaction), settled, f"{who.name} reacts"),
    ]
    now = game.with_roll(reaction)
    stress_on = mod_on(state, "stress")
    actor = character(ctx, actor_name)
    lines = list(rolled.reply.text)
    if reading_of(reaction).total > to_beat:
        lines.append(f"{who.name}'s reaction beats {to_beat}: {actor.name}'s action fails.")
        if args.counter:
            events += _counter(ctx, who, reaction, actor, action, game=now, lines=lines)
        elif mod_on(state, "reaction-effect"):
            lines.append(
                f"{who.name} may pay 1 PP to use its effect die against {actor.name} "
                "(react with counter:true)."
            )
        return Decision(
            events=tuple(events), reply=Reply(text=tuple(lines), data=rolled.reply.data)
        )
    if args.counter:
        raise Refusal("counter:true is for a reaction that wins; this one does not.")
    won = _effect_against(action, reading_of(reaction).total)
    lost = losing_effect(now, Contestant(name=who.name, roll_id=reaction.id))
    stake = stakes_for(
        actor.name, won, who.name, lost, high_stakes=scene.high_stakes, stress_on=stress_on
    )
    lines.append(
        f"{actor.name}'s action stands ({reading_of(action).total} against "
        f"{reading_of(reaction).total}; a tie goes to the actor)."
    )
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


def _counter(
    ctx: Context,
    who: Character,
    reaction: RollRecord,
    actor: Character,
    action: RollRecord,
    *,
    game: CortexState,
    lines: list[str],
) -> list[Event]:
    state = ctx.require_state()
    stress_on = mod_on(state, "stress")
    if not mod_on(state, "reaction-effect"):
        raise Refusal("The reaction-effect mod is off: a winning reaction only stops the action.")
    if who.kind == "pc" and who.pp < 1:
        raise Refusal(f"Using the reaction's effect die costs 1 PP and {who.name} has none.")
    paid: Event = (
        ev.PlotPointsChanged(character=who.name, delta=-1, reason="used a reaction's effect die")
        if who.kind == "pc"
        else ev.GmBankChanged(delta=-1, reason=f"{who.name} used a reaction's effect die")
    )
    won = _effect_against(reaction, reading_of(action).total)
    lost = losing_effect(game, Contestant(name=actor.name, roll_id=action.id))
    stake = stakes_for(who.name, won, actor.name, lost, high_stakes=False, stress_on=stress_on)
    lines.append(
        f"{who.name} pays 1 PP to use its effect die. "
        + describe_stake(stake, actor.name, stress_on)
    )
    if stake is None:
        return [paid]
    return [
        paid,
        ev.ContestChanged(
            contest=game.contest,
            stakes=(*game.stakes, stake),
            gave_in_to=game.gave_in_to,
            note=f"{who.name}'s reaction against {actor.name}",
        ),
    ]


def _effect_against(roll: RollRecord, other_total: int) -> Die:
    """The roll's effect die with heroic steps for beating ``other_total`` by 5 or more."""
    read = reading_of(roll)
    result = read_outcome(read.total, read.effect, other_total, ties_succeed=roll.ties_succeed)
    if result is None or not result.succeeded:
        return read.effect
    return result.effect if isinstance(result.effect, Die) else Die.D12


def _rolled(rolled: Decision, who: Character) -> RollRecord:
    return next(
        e.roll for e in rolled.events if isinstance(e, ev.Rolled) and e.roll.roller == who.name
    )
