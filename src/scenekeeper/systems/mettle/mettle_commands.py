"""``/mettle``: damage from hazards, letting a held hit land, taking Staggered, and the
Guide's hand on Mettle (engine.md, Taking Damage; scenes.md, Falls, Fire, Scenery).

A Roll (engine.md, Rolls) adds its faces; a penalty only lowers it to 0. Falls Soak with Poise
alone (checklist D33), fire and most hazards with Frame and armor.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import DiceError, roll_dice
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.core.events import DiceRolled, RolledDie
from scenekeeper.engine.errors import Refusal
from scenekeeper.systems.mettle.checks import d6_roll
from scenekeeper.systems.mettle.damage import (
    harm,
    land,
    land_before_change,
    set_mettle,
    soak_of,
    stagger,
)
from scenekeeper.systems.mettle.plan import Plan
from scenekeeper.systems.mettle.pools import rated
from scenekeeper.systems.mettle.state import character, may_act_for, named

commands = CommandSet(systems=frozenset({"mettle"}))
SOAKS = ("frame", "poise", "none")


#: Damage typed as a number: far above any Mettle (NPC pools and Attributes stop at 30).
MAX_DAMAGE = 999


def roll_amount(plan: Plan, text: str, results: str | None, label: str) -> tuple[int, str]:
    """A number, or a Roll of d6 (every face recorded); a penalty stops at 0 (engine.md)."""
    expression = d6_roll(text, "damage")
    if not expression.dice_sides():
        if results:
            raise Refusal("A number rolls no dice; leave out results:.")
        amount = expression.evaluate(()).total
        if amount < 0 or amount > MAX_DAMAGE:
            raise Refusal(
                f"damage:{text.strip()} is out of range: damage is a number from 0 to "
                f"{MAX_DAMAGE} or a Roll like 2d6+1 (to give Mettle back, /mettle set)."
            )
        shown = text.strip() if text.strip().isdigit() else f"{text.strip()} = {amount}"
        return amount, shown
    try:
        rolled = expression.evaluate(roll_dice(plan.ctx.dice, expression.dice_sides(), results))
    except DiceError as error:
        raise Refusal(str(error)) from None
    plan.add(
        DiceRolled(
            expression=rolled.expression.text,
            dice=tuple(RolledDie(sides=d.sides, face=d.face) for d in rolled.dice),
            total=rolled.total,
            by=plan.ctx.actor.name,
            label=label,
        )
    )
    faces = " ".join(str(d.face) for d in rolled.dice)
    total = max(0, rolled.total)
    floor = " (a Roll never goes below 0)" if rolled.total < 0 else ""
    return total, f"{rolled.expression.text} ({faces}) = {total}{floor}"


@dataclass(frozen=True)
class Damage:
    character: Annotated[str, Opt("who takes it")]
    damage: Annotated[str, Opt("the damage: a number 0-999 or a Roll of d6, like 1d6+4")]
    soak_with: Annotated[
        str, Opt("frame: Frame + armor; poise: Poise only (falls); none", choices=SOAKS)
    ] = "frame"
    halve: Annotated[bool, Opt("half damage after Soak, rounded up (Soft, Area in Cover)")] = False
    label: Annotated[
        str | None, Opt("where it comes from: a fall, fire, a trap", max_length=80)
    ] = None
    results: Annotated[str | None, Opt("the faces you rolled for the damage dice")] = None


@commands.command(
    "mettle damage",
    help="Hazard damage (falls, fire, traps, crashes): a number or a Roll, less Soak; a "
    "felling blow makes the character Fallen.",
    summary="Hazard damage (falls, fire, traps, crashes): a number or a Roll, less Soak.",
    permission=Permission.GM,
    examples=("/mettle damage character:Viktor damage:1d6+4 soak_with:poise label:fall",),
)
def damage(ctx: Context, args: Damage) -> Decision:
    plan = Plan(ctx)
    who = character(ctx, args.character)
    plan.close_window()
    land_before_change(plan, who.name)
    who = plan.get(who.name)
    amount, shown = roll_amount(plan, args.damage, args.results, args.label or "damage")
    if args.soak_with == "frame":
        soak: tuple[int, str] | None = soak_of(who)
    elif args.soak_with == "poise":
        # scenes.md, Falls: "This damage Soaks with Poise instead of Frame."
        soak = (rated(who, "poise"), f"Poise {rated(who, 'poise')}")
    else:
        soak = None
    source = args.label.capitalize() if args.label else "Damage"
    plan.say(f"{source}: {shown}.")
    harm(plan, who.name, amount, soak=soak, halve=args.halve, source=source)
    return plan.decision()


@dataclass(frozen=True)
class Take:
    character: Annotated[str | None, Opt("the one hit (default: the held hit's target)")] = None


@commands.command(
    "mettle take",
    help="Let the held hit land without a Defend.",
    permission=Permission.PLAYER,
)
def take(ctx: Context, args: Take) -> Decision:
    plan = Plan(ctx)
    hit = plan.game.held_hit
    if hit is None:
        raise Refusal("No hit waits for a Defend.")
    if args.character and named(plan.game, args.character).name != hit.target:
        raise Refusal(
            f"The hit that waits is on {hit.target}, not {args.character}; leave out character: "
            f"(/mettle take), or an ally Defends it (/act action:defend)."
        )
    may_act_for(ctx, plan.get(hit.target))
    plan.close_window()
    plan.say(f"{hit.target} takes the hit without a Defend.")
    land(plan, hit)
    return plan.decision()


@dataclass(frozen=True)
class Stagger:
    character: Annotated[str | None, Opt("who denies Fallen (default: the one just felled)")] = None


@commands.command(
    "mettle stagger",
    help="Deny a felling blow: take Staggered instead of Fallen (1 more damage; stay in the "
    "fight, no Free Move or Rally, negative Mettle as a die penalty).",
    summary="Deny a felling blow: take Staggered instead of Fallen (1 more damage).",
    permission=Permission.PLAYER,
)
def take_stagger(ctx: Context, args: Stagger) -> Decision:
    plan = Plan(ctx)
    felled = plan.game.felled
    if args.character:
        name = character(ctx, args.character).name
    elif len(felled) == 1:
        name = felled[0]
    else:
        raise Refusal("Name who takes Staggered: character:<name>." if felled else _NO_CHANCE)
    if name not in felled:
        who = plan.get(name)
        if who.has("fallen") and who.kind == "gmc" and not plan.mod("npc-staggered"):
            raise Refusal(
                "GM characters do not take Staggered at this table; a GM switches it on with "
                "/mods set mod:npc-staggered enabled:true."
            )
        raise Refusal(_NO_CHANCE.replace("Taking", f"{name} taking"))
    may_act_for(ctx, plan.get(name))
    stagger(plan, name)
    return plan.decision()


_NO_CHANCE = (
    "Taking Staggered denies a felling blow just dealt, before the next Action, Check or "
    "handoff; there is none to deny now."
)


@dataclass(frozen=True)
class SetMettle:
    character: Annotated[str, Opt("whose Mettle")]
    value: Annotated[int, Opt("the current Mettle", min_value=-99, max_value=99)]


@commands.command(
    "mettle set",
    help="Set a character's current Mettle by hand (the Guide's call).",
    permission=Permission.GM,
)
def set_value(ctx: Context, args: SetMettle) -> Decision:
    plan = Plan(ctx)
    who = character(ctx, args.character)
    plan.close_window()
    land_before_change(plan, who.name)
    who = plan.get(who.name)
    if args.value == who.mettle:
        # Routine, with nothing to do: said, and no refusal.
        plan.say(f"{who.name}'s Mettle is {who.mettle} already; nothing changes.")
        return plan.decision()
    plan.say(f"{who.name}: Mettle {who.mettle} -> {args.value} (of {who.max_mettle}).")
    set_mettle(plan, who.name, args.value, "set by the GM")
    return plan.decision()
