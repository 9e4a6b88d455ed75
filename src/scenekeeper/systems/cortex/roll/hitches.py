"""Hitches and opportunities: the GM activating a player's 1s, a player activating the GM's.

Cortex p.17, p.27-30: the GM may activate a player's hitches -- pay the player 1 PP and create a
d6 complication, stepped up once per extra hitch (or step up an existing complication instead);
with the doom pool mod, each hitch becomes a doom die the size of the hitched die (the player
still earns 1 PP). A botch gives the GM a d6 complication for free, stepped up per hitch past
the first. A 1 on a GM die is an opportunity: a player spends 1 PP to step one of their
complications down or one of their assets up, one step per 1 rolled.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import Beyond, Die, step_down, step_up
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.names import resolve
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.roll.choices import hitch_count, roll_in_play
from scenekeeper.systems.cortex.roll.reading import is_botch
from scenekeeper.systems.cortex.roll.rolls import steps
from scenekeeper.systems.cortex.state import (
    CortexState,
    RollRecord,
    character,
    cortex,
    may_act_for,
    own_character,
)
from scenekeeper.systems.cortex.troubles.troubles import complication_events

commands = CommandSet(systems=frozenset({"cortex"}))


@dataclass(frozen=True)
class Hitch:
    character: Annotated[str, Opt("whose roll had the hitches")]
    complication: Annotated[
        str | None, Opt("the complication to create or step up (leave out for doom dice)")
    ] = None
    roll: Annotated[int | None, Opt("which roll (default: their newest)")] = None


@commands.command(
    "hitch",
    help="Activate the hitches of a player's roll: pay them 1 PP and create (or step up) a "
    "complication, or, with the hitches-to-doom-pool mod, add doom dice. A botch is free.",
    summary="Activate the hitches of a player's roll: pay them 1 PP for a complication or doom "
    "dice.",
    permission=Permission.GM,
    examples=('/hitch character:"Ada Lark" complication:"Twisted Ankle"',),
)
def activate_hitches(ctx: Context, args: Hitch) -> Decision:
    state = ctx.require_state()
    game = cortex(state)
    who = character(ctx, args.character)
    roll = roll_in_play(ctx, who, args.roll)
    count = hitch_count(roll)
    if roll.side == "gm":
        raise Refusal(f"Roll #{roll.id} is the GM's: its 1s are opportunities for the players.")
    if count == 0:
        raise Refusal(f"Roll #{roll.id} has no hitches to activate.")
    if roll.hitches_activated:
        raise Refusal(f"The hitches of roll #{roll.id} are activated already.")
    botch = is_botch(steps(roll)) and not roll.hitch_only
    doom_pool = mod_on(state, "doom-pool") or mod_on(state, "limited-doom-pool")
    doom = mod_on(state, "hitches-to-doom-pool") and doom_pool and not args.complication
    events: list[Event] = [
        ev.HitchesActivated(roll_id=roll.id, paid=not botch and who.kind == "pc")
    ]
    lines: list[str] = []
    if doom and not botch:
        # One doom die per hitch, the size of the hitched die (gaps 1.6 default).
        pool, said = doom_from_hitches(game, roll)
        events.append(ev.DoomPoolChanged(dice=pool, reason=f"hitches of roll #{roll.id}"))
        lines.append(said)
    else:
        if not args.complication:
            if botch:
                raise Refusal(
                    'A botch gives the GM a free complication: name it with complication:"...".'
                )
            instead = (
                " (or switch on the hitches-to-doom-pool mod to take doom dice instead)"
                if doom_pool
                else ""
            )
            raise Refusal(
                f'Name the complication {who.name} gets: complication:"<what goes wrong>"{instead}.'
            )
        made, line = complication_events(who, args.complication, Die.D6, count - 1)
        events += made
        lines.append(line)
    if botch:
        lines.append("A botch: the complication is free, the GM pays no plot point.")
    elif who.kind == "pc":
        events.insert(
            1,
            ev.PlotPointsChanged(
                character=who.name, delta=1, reason=f"GM activated the hitches of roll #{roll.id}"
            ),
        )
        lines.insert(0, f"{who.name} earns 1 PP for the hitch{'es' if count > 1 else ''}.")
    return Decision(events=tuple(events), reply=Reply.say(*lines))


@dataclass(frozen=True)
class Opportunity:
    roll: Annotated[int, Opt("the GM roll with the 1s")]
    complication: Annotated[str | None, Opt("one of your complications to step down")] = None
    asset: Annotated[str | None, Opt("one of your assets to step up")] = None
    character: Annotated[str | None, Opt("who activates it (default: the character you play)")] = (
        None
    )


@commands.command(
    "opportunity",
    help="Spend 1 PP to activate the 1s on a GM roll: step one of your complications down or "
    "one of your assets up, one step per 1.",
    summary="Spend 1 PP to activate the 1s on a GM roll: step your complication down or asset up.",
    permission=Permission.PLAYER,
    examples=(
        '/opportunity roll:3 complication:"Twisted Ankle"',
        "/opportunity roll:3 asset:Sword",
    ),
)
def activate_opportunity(ctx: Context, args: Opportunity) -> Decision:
    game = cortex(ctx.require_state())
    who = own_character(ctx, args.character)
    may_act_for(ctx, who)
    roll = game.roll_by_id(args.roll)
    if roll is None or roll.side != "gm":
        raise Refusal(
            f"Roll #{args.roll} is not a GM roll in play; opportunities are 1s on GM dice."
        )
    count = hitch_count(roll)
    if count == 0:
        raise Refusal(f"Roll #{roll.id} shows no 1s: there is no opportunity.")
    if roll.opportunities_used:
        raise Refusal(f"The opportunities of roll #{roll.id} are activated already.")
    if (args.complication is None) == (args.asset is None):
        raise Refusal(
            'Name one thing: complication:"<yours, to step down>" or asset:"<yours, to step up>".'
        )
    if who.pp < 1:
        raise Refusal(f"Activating an opportunity costs 1 PP and {who.name} has none.")
    events: list[Event] = [
        ev.PlotPointsChanged(
            character=who.name, delta=-1, reason=f"opportunity on roll #{roll.id}"
        ),
        ev.OpportunitiesUsed(roll_id=roll.id, by=who.name),
    ]
    if args.complication is not None:
        name = resolve(who.complications, args.complication, "complication")
        if name is None:
            raise Refusal(f"{who.name} has no complication called {args.complication}.")
        lowered = step_down(who.complications[name], count)
        if lowered is Beyond.BELOW_D4:
            events.append(ev.ComplicationRemoved(owner=who.name, name=name))
            line = f"{name} is gone."
        else:
            assert isinstance(lowered, Die)
            events.append(ev.ComplicationSet(owner=who.name, name=name, die=lowered))
            line = f"{name} steps down to {lowered}."
    else:
        assert args.asset is not None
        name = resolve(who.assets, args.asset, "asset")
        if name is None:
            raise Refusal(f"{who.name} has no asset called {args.asset}.")
        asset = who.assets[name]
        raised = step_up(asset.die, count)
        top = raised if isinstance(raised, Die) else Die.D12  # assets stop at d12 (Cortex p.35)
        events.append(
            ev.AssetSet(owner=who.name, name=name, asset=asset.model_copy(update={"die": top}))
        )
        line = f"{name} steps up to {top}."
    return Decision(
        events=tuple(events),
        reply=Reply.say(
            f"{who.name} spends 1 PP on the opportunit{'y' if count == 1 else 'ies'} "
            f"of roll #{roll.id}: {line}"
        ),
    )


def doom_from_hitches(game: CortexState, roll: RollRecord) -> tuple[tuple[Die, ...], str]:
    """The doom pool after a roll's hitches feed it, and how that reads."""
    hitched = [d.die for d in roll.dice if d.face == 1]
    if game.rules.doom_from_hitches == "hitched-die":
        # Gaps 1.6: one doom die per hitch, the size of the hitched die.
        return (
            *game.doom_pool,
            *hitched,
        ), f"The doom pool gains {' '.join(str(d) for d in hitched)}."
    # The first 1 adds a d6; each more steps up the smallest doom die that can go up.
    pool: list[Die] = [*game.doom_pool, Die.D6]
    stepped = []
    for _ in hitched[1:]:
        growable = [d for d in pool if d < Die.D12]
        if not growable:
            break
        smallest = min(growable)
        pool.remove(smallest)
        higher = step_up(smallest)
        assert isinstance(higher, Die)
        pool.append(higher)
        stepped.append(f"{smallest} to {higher}")
    more = f"; stepped up {', '.join(stepped)}" if stepped else ""
    return tuple(sorted(pool)), f"The doom pool gains a d6{more}."
