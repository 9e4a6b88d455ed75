"""``/voucher`` and ``/xp``: Downtime Vouchers (scenes.md, Downtime) and experience
(characters.md, Experience).

A character tied up in a long Downtime action may accept a Downtime Voucher, spent later to
reveal something helpful they did meanwhile. XP: raising the highest Attribute by one costs
twice its level; any other, the highest's level; with several equal highest, the one raised
counts as highest; Frame may count as the highest for XP.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.reply import Reply
from scenekeeper.systems.mettle import events as ev
from scenekeeper.systems.mettle.damage import land_before_change
from scenekeeper.systems.mettle.plan import Plan
from scenekeeper.systems.mettle.sheet import ATTRIBUTES, Character, attribute_named, title
from scenekeeper.systems.mettle.state import character

commands = CommandSet(systems=frozenset({"mettle"}))


@dataclass(frozen=True)
class GiveVouchers:
    character: Annotated[str, Opt("who was tied up in the Downtime")]
    count: Annotated[int, Opt("how many Vouchers", min_value=1, max_value=10)] = 1


@commands.command(
    "voucher give",
    help="Give Downtime Vouchers to a character tied up in a long Downtime action.",
    permission=Permission.GM,
)
def give(ctx: Context, args: GiveVouchers) -> Decision:
    who = character(ctx, args.character)
    plural = "s" if args.count != 1 else ""
    return Decision(
        events=(ev.VouchersChanged(character=who.name, count=args.count),),
        reply=Reply.say(
            f"{who.name} takes {args.count} Downtime Voucher{plural} (now "
            f"{who.vouchers + args.count}): spend one later to reveal something helpful they "
            "did meanwhile."
        ),
    )


@dataclass(frozen=True)
class SpendVoucher:
    character: Annotated[str, Opt("whose Voucher")]
    what: Annotated[str, Opt("what they did during the Downtime", max_length=200)]


@commands.command(
    "voucher spend",
    help="Spend a Downtime Voucher: reveal something helpful the character did in the Downtime.",
    permission=Permission.OWNER,
    examples=('/voucher spend character:Viktor what:"bought a speedboat"',),
)
def spend(ctx: Context, args: SpendVoucher) -> Decision:
    who = character(ctx, args.character)
    if who.vouchers < 1:
        raise Refusal(f"{who.name} has no Downtime Voucher to spend.")
    return Decision(
        events=(ev.VouchersChanged(character=who.name, count=-1, what=args.what),),
        reply=Reply.say(
            f"{who.name} spends a Downtime Voucher ({who.vouchers - 1} left): during the "
            f"Downtime, {args.what}."
        ),
    )


@dataclass(frozen=True)
class GiveXp:
    character: Annotated[str, Opt("who recounted a Highlight")]
    amount: Annotated[int, Opt("XP (1 a Highlight; 1-3 a session)", min_value=1, max_value=10)] = 1


@commands.command(
    "xp give",
    help="Give XP for Highlights recounted at the start of a session.",
    permission=Permission.GM,
)
def give_xp(ctx: Context, args: GiveXp) -> Decision:
    who = character(ctx, args.character)
    return Decision(
        events=(ev.XpChanged(character=who.name, amount=args.amount),),
        reply=Reply.say(f"{who.name} gets {args.amount} XP (now {who.xp + args.amount})."),
    )


def xp_cost(who: Character, attribute: str) -> int:
    """characters.md, Spending XP (Frame may count as the highest)."""
    level = who.rated(attribute)
    highest = max(who.rated(a) for a in ATTRIBUTES)
    return 2 * level if level >= highest else highest


@dataclass(frozen=True)
class SpendXp:
    character: Annotated[str, Opt("whose XP")]
    attribute: Annotated[str, Opt("the Attribute to raise by one", choices=ATTRIBUTES)]


@commands.command(
    "xp spend",
    help="Raise an Attribute by one: twice its level if it is the highest, else the highest's "
    "level.",
    permission=Permission.OWNER,
)
def spend_xp(ctx: Context, args: SpendXp) -> Decision:
    who = character(ctx, args.character)
    if who.pool is not None:
        raise Refusal(f"{who.name} is an NPC pool; the Guide rates it with /char set.")
    attribute = attribute_named(args.attribute)
    cost = xp_cost(who, attribute)
    if who.xp < cost:
        raise Refusal(
            f"Raising {title(attribute)} from {who.rated(attribute)} costs {cost} XP; "
            f"{who.name} has {who.xp}."
        )
    level = who.rated(attribute) + 1
    plan = Plan(ctx)
    land_before_change(plan, who.name)
    plan.add(ev.XpChanged(character=who.name, amount=-cost, attribute=attribute))
    plan.say(f"{who.name} spends {cost} XP: {title(attribute)} {level} ({who.xp - cost} XP left).")
    return plan.decision()
