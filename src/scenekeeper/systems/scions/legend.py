"""What Scions has that Cortex does not: legend spends, its own way to use a GM's 1, trading
stress for trauma, acts, and the doom pool's extra habits.

The text's spends that Cortex already has stay Cortex's commands: an extra trait (roll pay:),
an extra die in the total or an extra effect die (/pp spend on:total|effect), activating a
power (/pp spend on:sfx), the effect die of a reaction (/react counter:true).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import Die, step_down
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.systems import mod_on, require_mod
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.roll.choices import hitch_count
from scenekeeper.systems.cortex.sheets.sheet import (
    Asset,
    Character,
    clean_name,
    die_named,
    same_name,
)
from scenekeeper.systems.cortex.state import cortex, may_act_for, own_character
from scenekeeper.systems.cortex.troubles.stress import take_stress, take_trauma

commands = CommandSet(systems=frozenset({"scions"}))
#: Cortex commands Scions replaces with its own version.
OWN_VERSIONS = ("opportunity",)


def _spend(who: Character, reason: str, cost: int = 1) -> Event:
    if who.kind != "pc":
        raise Refusal("Legend points are the players'; the GM spends the doom pool.")
    if who.pp < cost:
        raise Refusal(f"That costs {cost} legend and {who.name} has {who.pp}.")
    return ev.PlotPointsChanged(character=who.name, delta=-cost, reason=reason)


@dataclass(frozen=True)
class LegendDie:
    name: Annotated[str, Opt("the advantage you describe", max_length=60)] = "Legend die"
    size: Annotated[str, Opt("d6; the GM may make it d8 or d10 for a good description")] = "d6"
    character: Annotated[str | None, Opt("whose pool (default: the character you play)")] = None


@commands.command(
    "legend die",
    help="1 legend: add a d6 for an advantage you describe (the GM may make it d8 or d10); "
    "name it in your next pool.",
    summary="1 legend: add a d6 for an advantage you describe; name it in your next pool.",
    permission=Permission.PLAYER,
    examples=('/legend die name:"Length of Pipe"', '/legend die name:"Perfect Timing" size:d8'),
)
def legend_die(ctx: Context, args: LegendDie) -> Decision:
    who = own_character(ctx, args.character)
    may_act_for(ctx, who)
    die = die_named(args.size)
    if die not in (Die.D6, Die.D8, Die.D10):
        raise Refusal("The legend die is a d6, stepped up to d8 or d10 for a cool description.")
    if die > Die.D6 and not ctx.require_state().meta.is_gm(ctx.actor.id):
        raise Refusal("Only the GM steps the legend die up to d8 or d10; ask them, or take a d6.")
    name = clean_name(args.name)
    if who.find_asset(name):
        raise Refusal(f"{who.name} has {name} already; name this advantage differently.")
    asset = Asset.model_validate({"die": die, "duration": "beat"})
    return Decision(
        events=(
            _spend(who, f"a {die} for {name}"),
            ev.AssetSet(owner=who.name, name=name, asset=asset),
        ),
        reply=Reply.say(
            f"{who.name} spends 1 legend: {name} {die} joins the next pool (name it there)."
        ),
    )


@dataclass(frozen=True)
class Declare:
    what: Annotated[str, Opt("what becomes true", max_length=200)]
    character: Annotated[str | None, Opt("who declares (default: the character you play)")] = None


@commands.command(
    "legend declare",
    help="1 legend: declare something true (the GM agrees first).",
    permission=Permission.PLAYER,
    examples=('/legend declare what:"I have contacts in the Mafia"',),
)
def declare(ctx: Context, args: Declare) -> Decision:
    who = own_character(ctx, args.character)
    may_act_for(ctx, who)
    return Decision(
        events=(_spend(who, f"declaration: {args.what}"),),
        reply=Reply.say(f"{who.name} spends 1 legend: {args.what}"),
    )


@dataclass(frozen=True)
class Persist:
    aspect: Annotated[str, Opt("the aspect to keep")]
    character: Annotated[str | None, Opt("whose aspect (default: the character you play)")] = None


@commands.command(
    "legend persist",
    help="1 legend: an aspect made from an effect die lasts the scene instead of one use.",
    permission=Permission.PLAYER,
)
def persist(ctx: Context, args: Persist) -> Decision:
    who = own_character(ctx, args.character)
    may_act_for(ctx, who)
    name = who.find_asset(args.aspect)
    if name is None:
        raise Refusal(f"{who.name} has no aspect called {args.aspect}.")
    asset = who.assets[name]
    if asset.duration != "beat":
        raise Refusal(f"{name} lasts the {asset.duration} already.")
    kept = asset.model_copy(update={"duration": "scene"})
    return Decision(
        events=(
            _spend(who, f"{name} made persistent"),
            ev.AssetSet(owner=who.name, name=name, asset=kept),
        ),
        reply=Reply.say(f"{who.name} spends 1 legend: {name} {asset.die} lasts the scene."),
    )


@dataclass(frozen=True)
class Shift:
    to: Annotated[str, Opt("the stress type it becomes")]
    character: Annotated[str | None, Opt("whose stress (default: the character you play)")] = None


@commands.command(
    "legend shift",
    help="1 legend: the stress you just took is another type (the punch hurts your pride).",
    permission=Permission.PLAYER,
    examples=("/legend shift to:Emotional",),
)
def shift(ctx: Context, args: Shift) -> Decision:
    state = ctx.require_state()
    game = cortex(state)
    who = own_character(ctx, args.character)
    may_act_for(ctx, who)
    taken = game.stress_taken.get(who.name)
    if taken is None or who.stress.get(taken.stress) != taken.after:
        raise Refusal(
            f"{who.name} has not just taken stress (or it has changed since); the shift is for "
            "the stress you just took."
        )
    source = taken.stress
    target = next((t for t in game.stress_types if same_name(t, args.to)), None)
    if target is None or target == source:
        raise Refusal(
            "Shift it to another stress type: "
            f"{', '.join(t for t in game.stress_types if t != source)}."
        )
    spent = _spend(who, f"{taken.die} {source} stress taken as {target}")
    # Undo what taking it did -- the track, a stress-out, its trauma -- then take it anew.
    undone: list[Event] = [
        ev.StressRemoved(character=who.name, stress=source)
        if taken.before is None
        else ev.StressSet(character=who.name, stress=source, die=taken.before)
    ]
    if who.status != taken.status_before:
        undone.append(
            ev.StatusChanged(
                character=who.name, status=taken.status_before, reason="stress type changed"
            )
        )
    if who.trauma.get(source) != taken.trauma_before:
        undone.append(
            ev.TraumaRemoved(character=who.name, trauma=source)
            if taken.trauma_before is None
            else ev.TraumaSet(character=who.name, trauma=source, die=taken.trauma_before)
        )
    stress = {k: v for k, v in who.stress.items() if k != source}
    if taken.before is not None:
        stress[source] = taken.before
    trauma = {k: v for k, v in who.trauma.items() if k != source}
    if taken.trauma_before is not None:
        trauma[source] = taken.trauma_before
    restored = who.model_copy(
        update={"stress": stress, "trauma": trauma, "status": taken.status_before}
    )
    moved, lines = take_stress(restored, target, taken.die, trauma_on=mod_on(state, "trauma"))
    back = f"{source} stress back to {taken.before}" if taken.before else f"no {source} stress"
    return Decision(
        events=(spent, *undone, *moved),
        reply=Reply.say(
            f"{who.name} spends 1 legend: the {taken.die} stress is {target}, not {source} "
            f"({back}).",
            *lines,
        ),
    )


@dataclass(frozen=True)
class Opportunity:
    roll: Annotated[int, Opt("the GM roll with the 1s")]
    character: Annotated[str | None, Opt("who activates it (default: the character you play)")] = (
        None
    )


@commands.command(
    "opportunity",
    help="1 legend: activate a 1 the GM rolled -- step up one die in your next pool (roll it "
    "with boost:<die>).",
    summary="1 legend: activate a 1 the GM rolled to step up one die in your next pool.",
    permission=Permission.PLAYER,
    examples=("/opportunity roll:3",),
)
def opportunity(ctx: Context, args: Opportunity) -> Decision:
    game = cortex(ctx.require_state())
    who = own_character(ctx, args.character)
    may_act_for(ctx, who)
    roll = game.roll_by_id(args.roll)
    if roll is None or roll.side != "gm":
        raise Refusal(
            f"Roll #{args.roll} is not a GM roll in play; opportunities are 1s on GM dice."
        )
    if hitch_count(roll) == 0:
        raise Refusal(f"Roll #{roll.id} shows no 1s: there is no opportunity.")
    if roll.opportunities_used >= hitch_count(roll):
        raise Refusal(f"Every 1 of roll #{roll.id} has been activated already.")
    return Decision(
        events=(
            _spend(who, f"a GM 1 on roll #{roll.id}"),
            ev.OpportunitiesUsed(roll_id=roll.id, by=who.name),
            ev.BoostsChanged(character=who.name, delta=1, reason=f"a GM 1 on roll #{roll.id}"),
        ),
        reply=Reply.say(
            f"{who.name} spends 1 legend on a 1 of roll #{roll.id}: step up one die of the "
            "next pool (/roll ... boost:<die>)."
        ),
    )


@dataclass(frozen=True)
class Exchange:
    type: Annotated[str, Opt("the stress type to trade")]
    character: Annotated[str | None, Opt("whose stress (default: the character you play)")] = None


@commands.command(
    "stress exchange",
    help="House rule: trade stress of d8 or more for trauma two steps lower (at least d6) and "
    "earn 1 legend -- it keeps you in the fight.",
    summary="House rule: trade stress of d8 or more for trauma two steps lower, and earn 1 legend.",
    permission=Permission.PLAYER,
    examples=("/stress exchange type:Physical",),
)
def exchange(ctx: Context, args: Exchange) -> Decision:
    state = ctx.require_state()
    require_mod(state, "stress-for-trauma")
    who = own_character(ctx, args.character)
    may_act_for(ctx, who)
    kind = next((k for k in who.stress if same_name(k, args.type)), None)
    if kind is None:
        raise Refusal(f"{who.name} has no {args.type} stress.")
    die = who.stress[kind]
    if die < Die.D8:
        raise Refusal(f"Only stress of d8 or more is traded for trauma; {kind} stress is {die}.")
    lower = step_down(die, 2)
    trauma = lower if isinstance(lower, Die) and lower >= Die.D6 else Die.D6
    hurt, lines = take_trauma(who, kind, trauma)
    return Decision(
        events=(
            ev.StressRemoved(character=who.name, stress=kind),
            *hurt,
            ev.PlotPointsChanged(
                character=who.name, delta=1, reason=f"traded {die} {kind} stress for trauma"
            ),
        ),
        reply=Reply.say(
            f"{who.name} trades {die} {kind} stress for {trauma} trauma and earns 1 legend.", *lines
        ),
    )
