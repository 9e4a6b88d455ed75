"""``/gang`` and ``/assist``: ganging up and getting help (Cortex p.100).

Each opponent beyond the lead adds one die to the opposition, the size of their highest
applicable trait (here: their highest trait, or a die the GM names); the total still keeps two.
Each time a player beats the group, their effect die knocks away one supporting die smaller than
it; a heroic success steps the effect die up to do it, or keeps two effect dice to knock away
two. Down to the lead alone, nothing more is knocked off. PCs gang up by handing the leading PC
a die each; if the opposition wins, its effect die can take out a helper as if they had lost the
fight (1 PP takes a complication instead); a helper may drop out before the next roll.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import DiceError, Die, Pool
from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.names import resolve
from scenekeeper.engine.quoting import option, split_listed
from scenekeeper.engine.reply import Reply
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.procedures.scene_rules import current_scene, scene_change
from scenekeeper.systems.cortex.roll.choices import roll_in_play
from scenekeeper.systems.cortex.roll.rolls import outcome_of, reading_of
from scenekeeper.systems.cortex.scene_state import Assist, Gang
from scenekeeper.systems.cortex.state import character, cortex, may_act_for, own_character

commands = CommandSet(systems=frozenset({"cortex"}))


@dataclass(frozen=True)
class StartGang:
    lead: Annotated[str, Opt("the opponent who leads (rolls their own pool)")]
    support: Annotated[
        str | None, Opt('the other opponents, like "Thug 2, Thug 3" (their highest trait)')
    ] = None
    dice: Annotated[str | None, Opt('or the supporting dice themselves, like "d6 d6 d6"')] = None


@commands.command(
    "gang start",
    help="Opponents gang up: the lead rolls with one more die per supporting opponent (add "
    "'gang' to their pool); beating them knocks supporting dice away.",
    summary="Opponents gang up: the lead rolls one more die per supporting opponent.",
    permission=Permission.GM,
    examples=(
        '/gang start lead:Boss support:"Thug 1, Thug 2"',
        '/gang start lead:Boss dice:"d6 d6 d6"',
    ),
)
def start(ctx: Context, args: StartGang) -> Decision:
    game = cortex(ctx.require_state())
    scene = current_scene(game)
    if scene.gang is not None:
        raise Refusal(f"{scene.gang.lead}'s gang is in the scene; /gang end it first.")
    lead = character(ctx, args.lead)
    if lead.status != "active":
        raise Refusal(f"{lead.name} is out of the scene and cannot lead a gang.")
    support: list[tuple[str, Die]] = []
    if args.support:
        for name in split_listed(args.support, game.characters):
            helper = character(ctx, name)
            if helper.status != "active":
                raise Refusal(f"{helper.name} is out of the scene and cannot support the gang.")
            ratings = [d for traits in helper.traits.values() for d in traits.values()]
            support.append((helper.name, max(ratings, default=Die.D4)))
    if args.dice:
        try:
            support += [(f"supporter {i + 1}", d) for i, d in enumerate(Pool.parse(args.dice))]
        except DiceError as error:
            raise Refusal(str(error)) from None
    if not support:
        raise Refusal(
            'Name the supporting opponents (support:"Thug 1, Thug 2") or their dice (dice:"d6 d6").'
        )
    gang = Gang(lead=lead.name, support=tuple(support))
    listed = ", ".join(f"{n} {d}" for n, d in support)
    return Decision(
        events=(
            scene_change(game, scene.model_copy(update={"gang": gang}), f"{lead.name}'s gang"),
        ),
        reply=Reply.say(
            f"{lead.name} leads a gang: {listed}.",
            "Their rolls add the supporting dice with the word gang, like "
            f'/gmroll {option("character", lead.name)} pool:"Fighting gang".',
        ),
    )


@dataclass(frozen=True)
class Knock:
    character: Annotated[
        str | None, Opt("whose successful roll (default: the character you play)")
    ] = None
    roll: Annotated[int | None, Opt("which roll (default: their newest)")] = None
    two: Annotated[bool, Opt("heroic success: keep two effect dice to knock away two")] = False


@commands.command(
    "gang knock",
    help="After beating the gang: the effect die knocks away one supporting die smaller than it "
    "(heroic: stepped up, or two:true for two dice).",
    summary="After beating the gang: the effect die knocks away a supporting die smaller than it.",
    permission=Permission.PLAYER,
)
def knock(ctx: Context, args: Knock) -> Decision:
    game = cortex(ctx.require_state())
    scene = current_scene(game)
    if scene.gang is None:
        raise Refusal("No gang is in the scene; the GM makes one with /gang start.")
    gang = scene.gang
    if not gang.support:
        raise Refusal(f"Only {gang.lead} is left: no more dice get knocked off (Cortex p.100).")
    who = own_character(ctx, args.character)
    may_act_for(ctx, who)
    roll = roll_in_play(ctx, who, args.roll)
    result = outcome_of(roll)
    if result is None or not result.succeeded:
        raise Refusal(f"Roll #{roll.id} did not beat the gang, so it knocks nothing away.")
    if roll.effects_used:
        raise Refusal(f"Roll #{roll.id} has knocked its die away already.")
    if args.two:
        if result.kind != "heroic":
            raise Refusal("Keeping two effect dice to knock away two needs a heroic success.")
        read = reading_of(roll)
        used = set(read.total_dice) | set(read.effect_dice)
        spare = sorted(
            (d.die for i, d in enumerate(roll.dice) if i not in used and d.face != 1), reverse=True
        )
        second = spare[0] if spare else Die.D4
        effects = [read.effect, second]
        where = "the largest die left after the total" if spare else "no die left: a d4"
        heroic = [f"Heroic: a second effect die, {second} ({where})."]
    else:
        effects = [result.effect if isinstance(result.effect, Die) else Die.D12]
        heroic = []
    misses = []
    support = list(gang.support)
    gone = []
    for effect in effects:
        smaller = [s for s in support if s[1] < effect]
        if not smaller:
            misses.append(f"The effect die {effect} knocks nothing away: none is smaller.")
            continue
        target = max(smaller, key=lambda s: s[1])
        support.remove(target)
        gone.append(f"{target[0]}'s {target[1]} (effect {effect})")
    if not gone:
        raise Refusal(f"No supporting die is smaller than the effect die {effects[0]}.")
    updated = scene.model_copy(update={"gang": gang.model_copy(update={"support": tuple(support)})})
    left = ", ".join(f"{n} {d}" for n, d in support) or f"nobody: {gang.lead} stands alone"
    return Decision(
        events=(
            ev.EffectDieUsed(roll_id=roll.id, purpose="knocking away a gang's die"),
            scene_change(game, updated, "gang knocked down"),
        ),
        reply=Reply.say(
            *heroic,
            f"Knocked away: {', '.join(gone)}.",
            *misses,
            f"Still supporting {gang.lead}: {left}.",
        ),
    )


@commands.command("gang end", help="The gang breaks up.", permission=Permission.GM)
def end(ctx: Context, _args: NoOptions) -> Decision:
    game = cortex(ctx.require_state())
    if game.scene is None or game.scene.gang is None:
        return Decision(reply=Reply.say("No gang is in the scene: nothing to end."))
    scene = current_scene(game)
    return Decision(
        events=(scene_change(game, scene.model_copy(update={"gang": None}), "gang ended"),),
        reply=Reply.say("The gang breaks up."),
    )


@dataclass(frozen=True)
class Help:
    to: Annotated[str, Opt("the PC leading the action")]
    trait: Annotated[str, Opt("the helper's trait whose die they hand over")]
    character: Annotated[str | None, Opt("who helps (default: the character you play)")] = None


@commands.command(
    "assist",
    help="Hand the leading PC a die of one of your traits: it joins their rolls; if the opposition "
    "wins, its effect die can take you out (1 PP: a complication instead).",
    summary="Hand the leading PC a die of one of your traits; if the opposition wins, you may be "
    "taken out.",
    permission=Permission.PLAYER,
    examples=('/assist to:"Ada Lark" trait:Fighting',),
)
def assist(ctx: Context, args: Help) -> Decision:
    game = cortex(ctx.require_state())
    scene = current_scene(game)
    helper = own_character(ctx, args.character)
    may_act_for(ctx, helper)
    lead = character(ctx, args.to)
    if lead.name == helper.name:
        raise Refusal("Help someone else: name the PC leading the action.")
    if helper.kind != "pc" or lead.kind != "pc":
        raise Refusal(
            "Helping is PCs handing a die to the leading PC (Cortex p.100); GMCs gang up "
            "with /gang start."
        )
    for who in (helper, lead):
        if who.status != "active":
            # Cortex p.22, p.100: out of the scene, a character neither helps nor is helped.
            raise Refusal(f"{who.name} is out of the scene: no help goes to or from them.")
    found = helper.find_trait(resolve(helper.trait_names(), args.trait, "trait") or args.trait)
    if found is None:
        raise Refusal(f"{helper.name} has no trait called {args.trait}.")
    if any(a.helper == helper.name for a in scene.assists):
        raise Refusal(f"{helper.name} is helping already; /assist drop first.")
    help_ = Assist(
        helper=helper.name, to=lead.name, die=found[2], source=f"{helper.name}'s help ({found[1]})"
    )
    updated = scene.model_copy(update={"assists": (*scene.assists, help_)})
    return Decision(
        events=(scene_change(game, updated, f"{helper.name} helps {lead.name}"),),
        reply=Reply.say(
            f"{helper.name} hands {lead.name} a {found[2]} ({found[1]}): it joins "
            f"{lead.name}'s rolls.",
            f"Risk: if the opposition wins, its effect die can take {helper.name} out (1 PP "
            "for a complication instead).",
        ),
    )


@dataclass(frozen=True)
class Drop:
    character: Annotated[str | None, Opt("who stops helping (default: the character you play)")] = (
        None
    )


@commands.command(
    "assist drop",
    help="Stop helping (before the dice are rolled again).",
    permission=Permission.PLAYER,
)
def drop(ctx: Context, args: Drop) -> Decision:
    game = cortex(ctx.require_state())
    scene = current_scene(game)
    helper = own_character(ctx, args.character)
    may_act_for(ctx, helper)
    if not any(a.helper == helper.name for a in scene.assists):
        raise Refusal(f"{helper.name} is not helping anyone.")
    updated = scene.model_copy(
        update={"assists": tuple(a for a in scene.assists if a.helper != helper.name)}
    )
    return Decision(
        events=(scene_change(game, updated, f"{helper.name} stops helping"),),
        reply=Reply.say(f"{helper.name} drops out and no longer helps."),
    )
