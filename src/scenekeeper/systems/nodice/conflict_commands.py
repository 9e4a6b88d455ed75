"""``/conflict``: Step 1 of Hand 1 (engagement and Stakes), the table's view of it, its end."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.names import resolve
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.systems import get_system
from scenekeeper.systems.nodice import contract
from scenekeeper.systems.nodice import events as ev
from scenekeeper.systems.nodice.evolve import nodice
from scenekeeper.systems.nodice.hand import elimination
from scenekeeper.systems.nodice.seats import conflict_of
from scenekeeper.systems.nodice.sheet import av_text
from scenekeeper.systems.nodice.state import BidCommit, Conflict, Fighter
from scenekeeper.systems.nodice.trine import ASPECTS, ATTRIBUTES_OF, stakes, stakes_text

commands = CommandSet(systems=frozenset({"nodice"}))
# NoDice never rolls a die: the every-table dice commands are not offered at its tables (a
# /roll typed there is told what to use instead: INSTEAD in __init__).
commands.leave_out("roll", "game results")
NPC_WILDCARDS = "npc-wildcards"


@dataclass(frozen=True)
class Start:
    sides: Annotated[
        str, Opt('who opposes whom, sides split by |, in table order: "Ada, Bo | Brute"')
    ]
    stakes: Annotated[
        int | None,
        Opt("ES 1-5 instead of the one the highest Rank gives", min_value=1, max_value=5),
    ] = None


@commands.command(
    "conflict start",
    help="Start a Conflict (Step 1 of Hand 1): its Actors by side, in table order; the Stakes "
    "come from the highest Rank (never shown) unless stakes: is given.",
    permission=Permission.GM,
    examples=(
        '/conflict start sides:"Ada, Bo | Brute"',
        '/conflict start sides:"Ada | Wisp" stakes:3',
    ),
)
def start(ctx: Context, args: Start) -> Decision:
    state = ctx.require_state()
    game = nodice(state)
    if game.conflict is not None:
        raise Refusal("A Conflict is running; a GM ends it first with /conflict end.")
    groups = [[n.strip() for n in side.split(",") if n.strip()] for side in args.sides.split("|")]
    groups = [g for g in groups if g]
    if len(groups) < 2:
        raise Refusal('Give at least two sides, split by |: sides:"Ada, Bo | Brute".')
    fighters: dict[str, Fighter] = {}
    ranks = []
    for side, names in enumerate(groups):
        for name in names:
            actor = game.find_character(resolve(game.characters, name, "Actor") or name)
            if actor is None:
                known = ", ".join(game.characters) or "none yet: /char new"
                raise Refusal(f"There is no Actor called {name} (Actors: {known}).")
            if actor.name in fighters:
                raise Refusal(f"{actor.name} is listed twice; each Actor is on one side.")
            why = elimination(actor.avs)
            if why is not None:
                raise Refusal(f"{actor.name} cannot enter: it would be out at once ({why}, R26).")
            # R11, R24: Wildcards = WR each Conflict; NPCs only with the npc-wildcards mod.
            wild = actor.wr if actor.kind == "pc" or state.meta.mods.get(NPC_WILDCARDS) else 0
            fighters[actor.name] = Fighter(
                name=actor.name, side=side, avs=dict(actor.avs), wildcards=wild
            )
            ranks.append(actor.rank)
    es = contract.engagement(args.stakes if args.stakes is not None else stakes(max(ranks)))
    event = ev.ConflictStarted(es=es, order=tuple(fighters), fighters=fighters)
    conflict = Conflict(es=es, order=event.order, fighters=fighters)
    vs = " vs ".join(
        ", ".join(f for f in fighters if fighters[f].side == s) for s in range(len(groups))
    )
    lines = [f"Conflict: {vs}. Stakes: {stakes_text(es)}.", *stack_lines(conflict)]
    lines.append("Hand 1, Step 2: seal your TA card and ante with /hand ante.")
    return Decision(events=(event,), reply=Reply.say(*lines, data=public_data(conflict)))


def stack_lines(conflict: Conflict) -> list[str]:
    """S5: every involved Actor's stacks and Wildcards (public)."""
    lines = []
    for name in conflict.involved():
        f = conflict.fighters[name]
        avs = "; ".join(
            " ".join(f"{a} {av_text(f.avs.get(a))}" for a in ATTRIBUTES_OF[aspect])
            for aspect in ASPECTS
        )
        wild = f"; Wildcards {f.wildcards}" if f.wildcards else ""
        lines.append(f"{name}: {avs}{wild}.")
    return lines


def public_data(conflict: Conflict) -> dict[str, Any]:
    return {
        "hand": conflict.hand,
        "step": conflict.step,
        "es": conflict.es,
        "order": list(conflict.order),
        "avs": {n: conflict.fighters[n].avs for n in conflict.involved()},
        "wildcards": {n: conflict.fighters[n].wildcards for n in conflict.involved()},
        "waiting": conflict.waiting(),
        "jackpot": conflict.jackpot,
        "face_up": {
            n: {"bid": b.bid, "wildcard": b.wildcard} for n, b in face_up_bids(conflict).items()
        },
    }


def face_up_bids(conflict: Conflict) -> dict[str, BidCommit]:
    """R45, G4: the standing Step-3 bids played face up (their amount and Wildcard are public;
    the card stays sealed)."""
    if conflict.step != "bid":
        return {}
    return {
        n: conflict.bids[n] for n in conflict.order if n in conflict.bids and conflict.bids[n].open
    }


def face_up_line(conflict: Conflict) -> str | None:
    """The standing face-up bids as the table reads them, or None."""
    bids = face_up_bids(conflict)
    if not bids:
        return None
    said = ", ".join(
        f"{n} bids {b.bid}{' + Wildcard' if b.wildcard else ''}" for n, b in bids.items()
    )
    return f"Face up: {said}."


@commands.command(
    "conflict show",
    help="The Conflict as the table sees it (your own sealed commits to you only).",
    permission=Permission.ANYONE,
)
def show(ctx: Context, _args: NoOptions) -> Decision:
    conflict = conflict_of(ctx)
    out = [n for n in conflict.order if conflict.fighters[n].status != "in"]
    lines = [f"Hand {conflict.hand}, {stakes_text(conflict.es)}, {step_text(conflict)}."]
    lines.extend(stack_lines(conflict))
    if out:
        lines.append("Out: " + ", ".join(f"{n} ({conflict.fighters[n].reason})" for n in out) + ".")
    if conflict.step == "ante":
        pot = len(conflict.antes) + conflict.jackpot
        lines.append(f"Pot: {pot} token{'s' if pot != 1 else ''} (Jackpot {conflict.jackpot}).")
    elif conflict.jackpot:
        lines.append(f"Jackpot: {conflict.jackpot} (into the next Hand's pot).")
    owed = [(n, conflict.fighters[n].unassigned) for n in conflict.involved()]
    if any(k for _, k in owed):
        said = ", ".join(f"{n} {k}" for n, k in owed if k)
        lines.append(f"Won tokens to assign with /hand assign, before the bid: {said}.")
    face_up = face_up_line(conflict)
    if face_up is not None:
        lines.append(face_up)
    # Whom it waits for, and the command that moves it on (as /board show says it).
    waiting = get_system("nodice").waiting_for(nodice(ctx.require_state()))
    lines.extend(f"Waiting for {line}." for line in waiting)
    mine = [
        f"Your sealed {n}: {c.aspect} card, ante {c.ante}."
        for n, c in conflict.antes.items()
        if c.by == ctx.actor.id
    ] + [
        f"Your sealed {n}: {b.action} card, bid {b.bid}{' + Wildcard' if b.wildcard else ''}."
        for n, b in conflict.bids.items()
        if b.by == ctx.actor.id
    ]
    return Decision(reply=Reply(text=tuple(lines), private=tuple(mine), data=public_data(conflict)))


def step_text(conflict: Conflict) -> str:
    return {
        "ante": "Step 2 (TA cards and antes)",
        "bid": "Step 3 (Action cards and bids)",
        "spread": "Step 5 (damage to spread)",
    }[conflict.step]


@commands.command(
    "conflict end",
    help="End the Conflict: AVs back to the sheets, sealed commits discarded unseen.",
    permission=Permission.GM,
)
def end(ctx: Context, _args: NoOptions) -> Decision:
    conflict_of(ctx)
    return Decision(
        events=(ev.ConflictEnded(reason="ended by a GM"),),
        reply=Reply.say(
            "The GM ends the Conflict. Every AV is back to its sheet; sealed commits are "
            "discarded unseen."
        ),
    )
