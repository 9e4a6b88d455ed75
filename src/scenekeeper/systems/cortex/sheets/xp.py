"""``/xp``: experience points -- give, spend, show.

The rule texts say little: Scions of the Old Gods gives an XP (or a legend point) to each
affected player for every doom d12 the GM spends; Cortex Prime's scene chapter leaves growth to
bridge and tag scenes. So XP here is a count per character with every change recorded and its
reason: the GM gives it (and a spent doom d12 may), the player spends it on whatever growth the
table's rules price, and the sheet itself is changed with the usual commands (``/char set``).
See docs/rules-notes.md, "XP".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.reply import Reply
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.state import character, cortex

commands = CommandSet(systems=frozenset({"cortex"}))


@dataclass(frozen=True)
class GiveXp:
    character: Annotated[str, Opt("who earns it")]
    amount: Annotated[int, Opt("how many", min_value=1, max_value=100)] = 1
    reason: Annotated[str, Opt("why (it is recorded)", max_length=120)] = "GM award"


@commands.command(
    "xp give",
    help="Give a player's character experience points (a milestone, a spent doom d12).",
    permission=Permission.GM,
    examples=('/xp give character:"Ada Lark" amount:2 reason:"finished the heist"',),
)
def give(ctx: Context, args: GiveXp) -> Decision:
    who = character(ctx, args.character)
    if who.kind != "pc":
        raise Refusal(f"{who.name} is a GMC; experience is for the players' characters.")
    event = ev.XpChanged(character=who.name, delta=args.amount, reason=args.reason)
    return Decision(
        events=(event,),
        reply=Reply.say(
            f"{who.name} gains {args.amount} XP ({args.reason}): {who.xp + args.amount} XP."
        ),
    )


@dataclass(frozen=True)
class SpendXp:
    character: Annotated[str, Opt("whose experience")]
    amount: Annotated[int, Opt("how many", min_value=1, max_value=100)]
    what: Annotated[str, Opt("what it buys, as the table prices growth", max_length=120)]


@commands.command(
    "xp spend",
    help="Spend experience points on growth (change the sheet itself with /char set).",
    permission=Permission.OWNER,
    examples=('/xp spend character:"Ada Lark" amount:5 what:"Fighting d8 to d10"',),
)
def spend(ctx: Context, args: SpendXp) -> Decision:
    who = character(ctx, args.character)
    if who.xp < args.amount:
        raise Refusal(f"That is {args.amount} XP and {who.name} has {who.xp}.")
    event = ev.XpChanged(character=who.name, delta=-args.amount, reason=args.what)
    return Decision(
        events=(event,),
        reply=Reply.say(
            f"{who.name} spends {args.amount} XP on {args.what}: {who.xp - args.amount} XP left.",
            "Change the sheet to match with /char set (or /char sfx add).",
        ),
    )


@commands.command("xp show", help="Everyone's experience points.", permission=Permission.ANYONE)
def show(ctx: Context, _args: NoOptions) -> Decision:
    game = cortex(ctx.require_state())
    pcs = [c for c in game.characters.values() if c.kind == "pc"]
    lines = [f"{c.name}: {c.xp} XP" for c in pcs] or ["No player characters yet."]
    return Decision(reply=Reply.say(*lines, data={c.name: c.xp for c in pcs}))
