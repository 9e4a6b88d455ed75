"""Scions' acts and the doom pool's habits beyond Cortex's (gaps-and-defaults section 2):
trauma steps back and the doom pool resets with each act; a doom die lent to an NPC can come
back for a legend point; doom dice add dice to GM totals and effects; scene distinctions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import Beyond, DiceError, Die, Pool, step_down, step_up
from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.reply import Reply
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.procedures.scene_rules import current_scene, scene_change
from scenekeeper.systems.cortex.render import outcome_lines
from scenekeeper.systems.cortex.roll.choices import (
    one_more_effect_die,
    one_more_total_die,
    warn_effect,
)
from scenekeeper.systems.cortex.roll.rolls import reading_of
from scenekeeper.systems.cortex.roll.window import reading_changed, require_open
from scenekeeper.systems.cortex.sheets.sheet import Asset, clean_name, die_named, same_name
from scenekeeper.systems.cortex.state import character, cortex
from scenekeeper.systems.cortex.troubles.doom import (
    D12Players,
    D12Reward,
    d12_rewards,
    take_doom_die,
)


def _same_name_in(name: str, names: tuple[str, ...]) -> bool:
    return any(same_name(name, n) for n in names)


commands = CommandSet(systems=frozenset({"scions"}))


@commands.command(
    "scene act",
    help="A new act (or story): every trauma steps back one, the doom pool starts afresh, time "
    "passes.",
    permission=Permission.GM,
)
def new_act(ctx: Context, _args: NoOptions) -> Decision:
    game = cortex(ctx.require_state())
    events: list[Event] = []
    lines = ["A new act begins."]
    for who in game.characters.values():
        for kind, die in who.trauma.items():
            lower = step_down(die)
            if lower is Beyond.BELOW_D4:
                events.append(ev.TraumaRemoved(character=who.name, trauma=kind))
                lines.append(f"{who.name}: {kind} trauma is gone.")
            else:
                assert isinstance(lower, Die)
                events.append(ev.TraumaSet(character=who.name, trauma=kind, die=lower))
                lines.append(f"{who.name}: {kind} trauma steps back to {lower}.")
    start = game.doom_start_dice()
    events.append(ev.DoomPoolChanged(dice=start, reason="a new act", lent=()))
    events.append(ev.TimePassed(reason="a new act"))
    lines.append(f"The doom pool starts the act at {' '.join(str(d) for d in start)}.")
    return Decision(events=tuple(events), reply=Reply.say(*lines))


@dataclass(frozen=True)
class DoomReturn:
    die: Annotated[str, Opt("the doom die that went into an NPC's pool")]
    character: Annotated[str, Opt("the affected player's character, who earns 1 legend")]


@commands.command(
    "doom return",
    help="A doom die used in an NPC's pool goes back to the doom pool instead of away; the "
    "affected player earns 1 legend.",
    summary="A doom die used in an NPC's pool goes back to the doom pool; the player earns 1 "
    "legend.",
    permission=Permission.GM,
)
def doom_return(ctx: Context, args: DoomReturn) -> Decision:
    game = cortex(ctx.require_state())
    who = character(ctx, args.character)
    die = die_named(args.die)
    if die not in game.doom_lent:
        lent = " ".join(str(d) for d in game.doom_lent) or "none"
        raise Refusal(
            f"No doom {die} went into an NPC's pool (lent: {lent}); only a die spent with "
            "/doom spend on:gmc-pool comes back."
        )
    lent_now = list(game.doom_lent)
    lent_now.remove(die)
    return Decision(
        events=(
            ev.DoomPoolChanged(
                dice=(*game.doom_pool, die), reason=f"{die} returned", lent=tuple(lent_now)
            ),
            ev.PlotPointsChanged(
                character=who.name, delta=1, reason=f"doom {die} returned to the pool"
            ),
        ),
        reply=Reply.say(f"The {die} goes back to the doom pool; {who.name} earns 1 legend."),
    )


@dataclass(frozen=True)
class DoomBoost:
    roll: Annotated[int, Opt("the GM roll to improve")]
    on: Annotated[
        str, Opt("one more die in the total, or one more effect die", choices=("total", "effect"))
    ]
    die: Annotated[str, Opt("the doom die spent: at least the size of the die it adds")]
    players: D12Players = None
    reward: D12Reward = None
    anyway: Annotated[
        bool, Opt("effect: spend it even when it keeps only a d4 or the roll failed")
    ] = False


@commands.command(
    "doom boost",
    help="Spend a doom die at least the size of the die it adds: one more die in a GM roll's "
    "total, or one more effect die.",
    summary="Spend a doom die: one more die in a GM roll's total, or one more effect die.",
    permission=Permission.GM,
)
def doom_boost(ctx: Context, args: DoomBoost) -> Decision:
    state = ctx.require_state()
    game = cortex(state)
    roll = game.roll_by_id(args.roll)
    if roll is None or roll.side != "gm":
        raise Refusal(f"Roll #{args.roll} is not a GM roll in play.")
    require_open(roll)
    spent, rest = take_doom_die(game.doom_pool, args.die)
    bought = one_more_total_die(roll) if args.on == "total" else one_more_effect_die(roll)
    if args.on == "effect" and not args.anyway:
        warn_effect(roll, bought, f"the doom {spent}", "anyway:true")
    # The text: a doom die "equal to or larger than the size of the die that you wish to add".
    now = reading_of(roll)
    if args.on == "total":
        new = set(bought.reading.total_dice) - set(now.total_dice)
    else:
        new = set(bought.reading.effect_dice) - set(now.effect_dice)
    adding = max((roll.dice[i].die for i in new), default=Die.D4)
    if spent < adding:
        raise Refusal(f"That adds a {adding}; it takes a doom die of at least {adding}.")
    rewarded, said = d12_rewards(ctx, int(spent is Die.D12), args.players, args.reward)
    after, events, decided = reading_changed(
        state,
        roll,
        bought.reading,
        keep=roll.keep + (args.on == "total"),
        effects=roll.effects + (args.on == "effect"),
    )
    return Decision(
        events=(
            ev.DoomPoolChanged(dice=rest, reason=f"spent {spent} on roll #{roll.id}"),
            *events,
            *rewarded,
        ),
        reply=Reply.say(
            f"The GM spends a doom {spent}: roll #{roll.id} {bought.line}.",
            *outcome_lines(after)[1:],
            *decided,
            *said,
        ),
    )


@dataclass(frozen=True)
class Distinction:
    name: Annotated[str, Opt("the scene distinction", max_length=60)]
    helpful: Annotated[bool, Opt("a d4 that helps the PCs: steps up the smallest doom die")] = False
    die: Annotated[str, Opt("hindering: the doom die spent, d8 or larger")] = "d8"
    players: D12Players = None
    reward: D12Reward = None


@commands.command(
    "doom distinction",
    help="A scene distinction: spend a doom die (usually d8) for one that hinders the PCs, or add "
    "a d4 one that helps them and step up the smallest doom die.",
    summary="A scene distinction from the doom pool: a d8 that hinders the PCs, or a d4 that helps "
    "them.",
    permission=Permission.GM,
    examples=(
        '/doom distinction name:"Burning Hallway"',
        '/doom distinction name:"Loose Crowd" helpful:true',
    ),
)
def distinction(ctx: Context, args: Distinction) -> Decision:
    game = cortex(ctx.require_state())
    name = clean_name(args.name)
    if _same_name_in(name, (*game.scene_assets, *game.scene_complications)):
        raise Refusal(f"The scene has {name} already; name this distinction differently.")
    pool = list(game.doom_pool)
    if args.helpful:
        growable = [d for d in pool if d < Die.D12]
        if not growable:
            raise Refusal("No doom die can step up; spend one first.")
        smallest = min(growable)
        pool.remove(smallest)
        higher = step_up(smallest)
        assert isinstance(higher, Die)
        pool.append(higher)
        asset = Asset.model_validate({"die": Die.D4, "duration": "scene", "open": True})
        return Decision(
            events=(
                ev.AssetSet(owner="", name=name, asset=asset),
                ev.DoomPoolChanged(dice=tuple(pool), reason=f"{smallest} stepped up for {name}"),
            ),
            reply=Reply.say(
                f"Scene distinction {name} d4 helps the PCs; the doom pool's {smallest} steps "
                f"up to {higher}."
            ),
        )
    if die_named(args.die) < Die.D8:
        raise Refusal("A hindering scene distinction takes a doom die of d8 or larger.")
    spent, rest = take_doom_die(game.doom_pool, args.die)
    rewarded, said = d12_rewards(ctx, int(spent is Die.D12), args.players, args.reward)
    return Decision(
        events=(
            ev.ComplicationSet(owner="", name=name, die=spent),
            ev.DoomPoolChanged(dice=rest, reason=f"spent {spent} on {name}"),
            *rewarded,
        ),
        reply=Reply.say(
            f"The GM spends a doom {spent}: scene distinction {name} {spent}, for this scene.",
            *said,
        ),
    )


@dataclass(frozen=True)
class SceneDice:
    dice: Annotated[str, Opt('the scene\'s dice, like "d8 d6" (d6 d6 unless set)')]


@commands.command(
    "doom scene",
    help="Set the scene dice the doom pool adds when it is the opposition (vs:doom, /doom "
    "roll): d6 d6 unless set; they last the scene.",
    summary="Set the scene dice the doom pool adds when it is the opposition (d6 d6 unless set).",
    permission=Permission.GM,
    examples=('/doom scene dice:"d8 d8"',),
)
def scene_dice(ctx: Context, args: SceneDice) -> Decision:
    game = cortex(ctx.require_state())
    scene = current_scene(game)
    try:
        dice = Pool.parse(args.dice).dice
    except DiceError as error:
        raise Refusal(str(error)) from None
    updated = scene.model_copy(update={"doom_dice": dice})
    listed = " ".join(str(d) for d in dice)
    return Decision(
        events=(scene_change(game, updated, f"scene dice {listed}"),),
        reply=Reply.say(f"{scene.name}: the doom pool adds {listed} as the opposition."),
    )
