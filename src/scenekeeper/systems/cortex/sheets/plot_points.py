"""``/pp``: plot points -- give, spend, show, the GM's bank and the start of a session.

Cortex p.29-33: players start each session with at least 1 PP and keep what they do not spend;
the GM has a bank of 1 PP per player per session for GMCs and pays players from an unlimited
pile. Every plot point earned or spent is an event with its reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import Die
from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.names import resolve
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.render import outcome_lines, roll_data
from scenekeeper.systems.cortex.roll.choices import (
    Spend,
    one_more_effect_die,
    one_more_total_die,
    roll_in_play,
    spendable,
    warn_effect,
)
from scenekeeper.systems.cortex.roll.window import reading_changed, require_open
from scenekeeper.systems.cortex.sheets.sheet import Asset, Character, clean_name
from scenekeeper.systems.cortex.state import (
    CortexState,
    character,
    cortex,
    may_act_for,
    own_character,
)

commands = CommandSet(systems=frozenset({"cortex"}))
SPENDS = ("total", "effect", "asset", "sfx", "other")
#: Cortex p.35: a d6 asset costs 1 PP for the scene, 2 PP for the session; open costs 1 more.
ASSET_COST = {"scene": 1, "session": 2}


@dataclass(frozen=True)
class Give:
    character: Annotated[str, Opt("who earns them")]
    amount: Annotated[int, Opt("how many", min_value=1, max_value=10)] = 1
    reason: Annotated[str, Opt("why (it is recorded)", max_length=120)] = "GM award"


@commands.command(
    "pp give",
    help="Give a player's character plot points from the GM's unlimited pile.",
    permission=Permission.GM,
    examples=('/pp give character:"Ada Lark" reason:"great scene"',),
)
def give(ctx: Context, args: Give) -> Decision:
    who = character(ctx, args.character)
    if who.kind != "pc":
        raise Refusal(f"{who.name} is a GMC; GMCs use the GM bank (/pp bank).")
    event = ev.PlotPointsChanged(character=who.name, delta=args.amount, reason=args.reason)
    return Decision(
        events=(event,),
        reply=Reply.say(
            f"{who.name} earns {args.amount} PP ({args.reason}): {who.pp + args.amount} PP."
        ),
    )


@dataclass(frozen=True)
class SpendPp:
    on: Annotated[str, Opt("what for", choices=SPENDS)]
    character: Annotated[str | None, Opt("who spends (default: the character you play)")] = None
    roll: Annotated[int | None, Opt("for total/effect: which roll (default: the newest)")] = None
    name: Annotated[
        str | None, Opt("for asset: what the asset is; for sfx: which SFX", max_length=60)
    ] = None
    duration: Annotated[
        str, Opt("for asset: scene (1 PP) or session (2 PP)", choices=("scene", "session"))
    ] = "scene"
    open: Annotated[bool, Opt("for asset: open to everyone (1 PP more)")] = False
    what: Annotated[
        str | None, Opt("for other: what it buys, as the table agrees", max_length=120)
    ] = None
    anyway: Annotated[
        bool, Opt("effect: spend it even when it keeps only a d4 or the roll failed")
    ] = False


@commands.command(
    "pp spend",
    help="Spend plot points: one more die in a roll's total, one more effect die, a d6 asset, "
    "an SFX, or anything else the table allows.",
    summary="Spend plot points: a die in the total, an effect die, a d6 asset, an SFX, and more.",
    permission=Permission.PLAYER,
    examples=(
        "/pp spend on:total",
        "/pp spend on:effect",
        '/pp spend on:asset name:"Loaded Dice" duration:session',
        '/pp spend on:sfx name:"Hit Hard"',
    ),
)
def spend(ctx: Context, args: SpendPp) -> Decision:
    who = own_character(ctx, args.character)
    may_act_for(ctx, who)
    if args.on in ("total", "effect"):
        return _on_roll(ctx, who, args)
    if args.on == "asset":
        return _asset(ctx, who, args)
    if args.on == "sfx":
        if not who.sfx:
            raise Refusal(f"{who.name} has no SFX; write one with /char sfx add.")
        sfx = resolve(who.sfx, args.name or "", "SFX")
        if sfx is None:
            wanted = f"no SFX called {args.name}" if args.name else "several SFX"
            raise Refusal(f"{who.name} has {wanted}; name one: name:<{'|'.join(who.sfx)}>.")
        return _pay(
            ctx.require_state(), who, 1, f"activates {sfx}", lines=(f"{sfx}: {who.sfx[sfx]}",)
        )
    if not args.what:
        raise Refusal('Say what it buys: what:"...".')
    return _pay(ctx.require_state(), who, 1, args.what)


def _on_roll(ctx: Context, who: Character, args: SpendPp) -> Decision:
    state = ctx.require_state()
    roll = roll_in_play(ctx, who, args.roll)
    require_open(roll)
    bought: Spend = one_more_total_die(roll) if args.on == "total" else one_more_effect_die(roll)
    if who.kind == "pc" and who.pp < 1:
        raise Refusal(f"That costs 1 PP and {who.name} has 0.")
    if who.kind == "pc" and spendable(who, roll) < 1:
        raise Refusal(
            f"{who.name} has {who.pp} PP, and a plot point earned on roll #{roll.id} cannot be "
            "spent on it."
        )
    if args.on == "effect" and not args.anyway:
        warn_effect(roll, bought, "1 PP", "anyway:true")
    after, events, decided = reading_changed(
        state,
        roll,
        bought.reading,
        keep=roll.keep + (args.on == "total"),
        effects=roll.effects + (args.on == "effect"),
    )
    what = "one more die in the total" if args.on == "total" else "one more effect die"
    return _pay(
        state,
        who,
        1,
        f"{what} of roll #{roll.id}",
        events=tuple(events),
        lines=(f"{who.name} {bought.line}.", *outcome_lines(after)[1:], *decided),
        data=roll_data(after),
    )


def _asset(ctx: Context, who: Character, args: SpendPp) -> Decision:
    if not args.name:
        raise Refusal('Name the asset: name:"Cover of Darkness".')
    cost = ASSET_COST[args.duration] + (1 if args.open else 0)
    name = who.find_asset(args.name) or clean_name(args.name)
    if name in who.assets:
        raise Refusal(f"{who.name} has {name} already; step it up with an effect die or the GM.")
    asset = Asset.model_validate({"die": Die.D6, "duration": args.duration, "open": args.open})
    event = ev.AssetSet(owner=who.name, name=name, asset=asset)
    made = f"{who.name} creates {name} d6 for the {args.duration}{' (open)' if args.open else ''}."
    return _pay(
        ctx.require_state(), who, cost, f"a d6 asset {name}", events=(event,), lines=(made,)
    )


def _pay(
    state: TableState,
    who: Character,
    cost: int,
    reason: str,
    *,
    events: tuple[Event, ...] = (),
    lines: tuple[str, ...] = (),
    data: object = None,
) -> Decision:
    """Take ``cost`` from the character (a GMC: from the GM bank) and record why."""
    if who.kind == "pc":
        if who.pp < cost:
            raise Refusal(f"That costs {cost} PP and {who.name} has {who.pp}.")
        paid: Event = ev.PlotPointsChanged(character=who.name, delta=-cost, reason=reason)
        left = f"{who.name} has {who.pp - cost} PP left."
    else:
        game = cortex(state)
        if game.gm_bank < cost:
            raise Refusal(f"That costs {cost} PP from the GM bank, which has {game.gm_bank}.")
        paid = ev.GmBankChanged(delta=-cost, reason=f"{who.name}: {reason}")
        left = f"(paid from the GM bank: {game.gm_bank - cost} PP left)"
    summary = f"Spent {cost} PP: {reason}. {left}"
    return Decision(events=(paid, *events), reply=Reply.say(*lines, summary, data=data))


@commands.command(
    "pp show", help="Everyone's plot points and the GM bank.", permission=Permission.ANYONE
)
def show(ctx: Context, _args: NoOptions) -> Decision:
    state = ctx.require_state()
    game = cortex(state)
    pcs = [c for c in game.characters.values() if c.kind == "pc"]
    lines = [f"{c.name}: {c.pp} PP" for c in pcs] or ["No player characters yet."]
    lines.append(f"GM bank: {game.gm_bank} PP.")
    data = {"characters": {c.name: c.pp for c in pcs}, "gm_bank": game.gm_bank}
    return Decision(reply=Reply.say(*lines, data=data))


@dataclass(frozen=True)
class Bank:
    amount: Annotated[int, Opt("the GM bank's new total", min_value=0, max_value=99)]


@commands.command(
    "pp bank", help="Set the GM bank (plot points for GMCs).", permission=Permission.GM
)
def bank(ctx: Context, args: Bank) -> Decision:
    game = cortex(ctx.require_state())
    delta = args.amount - game.gm_bank
    if delta == 0:
        raise Refusal(f"The GM bank has {args.amount} PP already.")
    event = ev.GmBankChanged(delta=delta, reason="set by the GM")
    return Decision(events=(event,), reply=Reply.say(f"GM bank: {args.amount} PP."))


def _session_assets_end(game: CortexState) -> tuple[list[Event], list[str]]:
    """Gaps 1.5, 1.7: a session-long asset lasts the session; a new one begins without it."""
    events: list[Event] = []
    lines: list[str] = []
    for who in game.characters.values():
        for name, asset in who.assets.items():
            if asset.duration == "session":
                events.append(ev.AssetRemoved(owner=who.name, name=name))
                lines.append(f"{who.name}'s {name} lasted the session and ends.")
    for name, asset in game.scene_assets.items():
        if asset.duration == "session":
            events.append(ev.AssetRemoved(owner="", name=name))
            lines.append(f"The scene's {name} lasted the session and ends.")
    return events, lines


@commands.command(
    "pp session",
    help="Start a session: the GM bank gets 1 PP per player character, every player character "
    "with no plot points gets 1, and session-long assets end.",
    summary="Start a session: the GM bank gets 1 PP per player character, every PC at least 1.",
    permission=Permission.GM,
)
def session(ctx: Context, _args: NoOptions) -> Decision:
    game = cortex(ctx.require_state())
    pcs = [c for c in game.characters.values() if c.kind == "pc"]
    events: list[Event] = [ev.TimePassed(reason="a new session")]
    lines = []
    if game.gm_bank != len(pcs):
        events.append(ev.GmBankChanged(delta=len(pcs) - game.gm_bank, reason="new session"))
    lines.append(f"New session: the GM bank is {len(pcs)} PP (1 per player character).")
    ended, said = _session_assets_end(game)
    events += ended
    lines += said
    start = game.doom_start_dice()
    doom = mod_on(ctx.require_state(), "doom-pool")
    if doom and game.rules.doom_resets == "session" and game.doom_pool != start:
        # Gaps 1.6: the doom pool starts each session at d6 d6 (or the GM's chosen start).
        events.append(ev.DoomPoolChanged(dice=start, reason="a new session", lent=()))
        lines.append(f"The doom pool starts the session at {' '.join(str(d) for d in start)}.")
    elif doom and game.rules.doom_resets == "act":
        lines.append("The doom pool carries on; it starts afresh with each act (/scene act).")
    if not game.rules.session_refresh:
        lines.append("Points do not refresh by themselves; the GM awards them (/pp give).")
    for pc in pcs if game.rules.session_refresh else ():
        if pc.pp < 1:
            # Cortex p.29: each player starts a session with at least one plot point.
            events.append(
                ev.PlotPointsChanged(character=pc.name, delta=1 - pc.pp, reason="new session")
            )
            lines.append(f"{pc.name} starts the session with 1 PP.")
    return Decision(events=tuple(events), reply=Reply.say(*lines))
