"""``/conflict``: Step 1 of Hand 1 (engagement and Stakes), the table's view of it, its end."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.names import resolve
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import get_system, mod_on, require_mod
from scenekeeper.systems.nodice import contract
from scenekeeper.systems.nodice import events as ev
from scenekeeper.systems.nodice.engagement import (
    CLUSTERS,
    ENGAGE,
    cluster_number,
    engagement_lines,
    engagement_text,
    lost_jackpots,
    read_groups,
    regroup,
)
from scenekeeper.systems.nodice.evolve import nodice
from scenekeeper.systems.nodice.hand import elimination
from scenekeeper.systems.nodice.seats import conflict_of
from scenekeeper.systems.nodice.sheet import av_text
from scenekeeper.systems.nodice.state import BidCommit, Conflict, Fighter
from scenekeeper.systems.nodice.trine import (
    ASPECTS,
    ATTRIBUTES_OF,
    stakes,
    stakes_text,
    total_trine_score,
    trine_score,
)

commands = CommandSet(systems=frozenset({"nodice"}))
# NoDice never rolls a die: the every-table dice commands are not offered at its tables (a
# /roll typed there is told what to use instead: INSTEAD in __init__).
commands.leave_out("roll", "results")
NPC_WILDCARDS = "npc-wildcards"


@dataclass(frozen=True)
class Start:
    sides: Annotated[
        str,
        Opt('who opposes whom, sides split by | in table order: "Ada, Bo | Brute" (clusters: ;)'),
    ]
    stakes: Annotated[
        int | None,
        Opt("ES 1-5 instead of the one the highest Rank gives", min_value=1, max_value=5),
    ] = None


@commands.command(
    "conflict start",
    help="Start a Conflict (Step 1 of Hand 1): its Actors by side, in table order; the Stakes "
    "come from the highest Rank (never shown) unless stakes: is given. With the clusters mod, "
    'clusters split by ; ("Ada | Brute; Bo | Wisp").',
    summary="Start a Conflict (Step 1 of Hand 1): its Actors by side, in table order.",
    permission=Permission.GM,
    examples=(
        '/conflict start sides:"Ada, Bo | Brute"',
        '/conflict start sides:"Ada | Wisp" stakes:3',
        '/conflict start sides:"Ada | Brute; Bo | Wisp"',
    ),
)
def start(ctx: Context, args: Start) -> Decision:
    state = ctx.require_state()
    game = nodice(state)
    if game.conflict is not None:
        raise Refusal("A Conflict is running; a GM ends it first with /conflict end.")
    groups = read_groups(args.sides, mod_on(state, CLUSTERS))
    fighters: dict[str, Fighter] = {}
    ranks = []
    for cluster, sides in enumerate(groups):
        for side, names in enumerate(sides):
            for name in names:
                fighter, rank = entering(state, name, fighters)
                fighters[fighter.name] = fighter.model_copy(
                    update={"cluster": cluster, "side": side}
                )
                ranks.append(rank)
    es = contract.engagement(args.stakes if args.stakes is not None else stakes(max(ranks)))
    event = ev.ConflictStarted(es=es, order=tuple(fighters), fighters=fighters)
    conflict = Conflict(es=es, order=event.order, fighters=fighters)
    vs = engagement_text(conflict)
    lines = [f"Conflict: {vs}. Stakes: {stakes_text(es)}.", *stack_lines(conflict)]
    lines.append("Hand 1, Step 2: seal your TA card and ante with /hand ante.")
    return Decision(events=(event,), reply=Reply.say(*lines, data=public_data(conflict)))


def entering(state: TableState, name: str, listed: Collection[str]) -> tuple[Fighter, int]:
    """An Actor entering a Conflict (its stacks from its sheet) and its Rank (R_max, R20)."""
    game = nodice(state)
    actor = game.find_character(resolve(game.characters, name, "Actor") or name)
    if actor is None:
        known = ", ".join(game.characters) or "none yet: /char new"
        raise Refusal(f"There is no Actor called {name} (Actors: {known}).")
    if actor.name in listed:
        raise Refusal(f"{actor.name} is listed twice; each Actor is on one side.")
    why = elimination(actor.avs)
    if why is not None:
        raise Refusal(f"{actor.name} cannot enter: it would be out at once ({why}, R26).")
    # R11, R24: Wildcards = WR each Conflict; NPCs only with the npc-wildcards mod.
    wild = actor.wr if actor.kind == "pc" or state.meta.mods.get(NPC_WILDCARDS) else 0
    return Fighter(name=actor.name, side=0, avs=dict(actor.avs), wildcards=wild), actor.rank


def stack_lines(conflict: Conflict) -> list[str]:
    """S5: the stacks and Wildcards of every Actor still in the Conflict (public)."""
    return _stacks({n: conflict.fighters[n] for n in conflict.present()})


def _stacks(fighters: Mapping[str, Fighter]) -> list[str]:
    lines = []
    for name, f in fighters.items():
        avs = "; ".join(
            " ".join(f"{a} {av_text(f.avs.get(a))}" for a in ATTRIBUTES_OF[aspect])
            for aspect in ASPECTS
        )
        wild = f"; Wildcards {f.wildcards}" if f.wildcards else ""
        lines.append(f"{name}: {avs}{wild}.")
    return lines


def score_lines(conflict: Conflict) -> list[str]:
    """Each Actor's Trine Scores and TTS from its stacks as they stand (R7-R9; public)."""
    lines = []
    for name in conflict.present():
        avs = conflict.fighters[name].avs
        scores = ", ".join(f"{aspect} {trine_score(avs, aspect)}" for aspect in ASPECTS)
        lines.append(f"{name}: {scores}; TTS {total_trine_score(avs)}.")
    return lines


def commit_lines(conflict: Conflict) -> list[str]:
    """Who has committed in the open step and who is waited for -- never what (G4)."""
    if conflict.step not in ("ante", "bid"):
        return [f"{step_text(conflict)[:1].upper()}{step_text(conflict)[1:]}."]
    waiting = set(conflict.waiting())
    done = [n for n in conflict.involved() if n not in waiting]
    return [
        f"Committed: {', '.join(done) or 'nobody yet'}.",
        f"Not yet: {', '.join(n for n in conflict.involved() if n in waiting) or 'nobody'}.",
    ]


def public_data(conflict: Conflict) -> dict[str, Any]:
    return {
        "hand": conflict.hand,
        "step": conflict.step,
        "es": conflict.es,
        "order": list(conflict.order),
        "avs": {n: conflict.fighters[n].avs for n in conflict.present()},
        "wildcards": {n: conflict.fighters[n].wildcards for n in conflict.present()},
        "waiting": conflict.waiting(),
        "jackpot": conflict.jackpot,
        # R28, R30: who opposes whom this Hand (clusters in order, each a list of sides).
        "engagement": engagement_data(conflict),
        "standing_by": conflict.standing_by(),
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
    lines.extend(engagement_lines(conflict))
    lines.extend(stack_lines(conflict))
    if out:
        lines.append("Out: " + ", ".join(f"{n} ({conflict.fighters[n].reason})" for n in out) + ".")
    lines.extend(pot_lines(conflict))
    owed = [(n, conflict.fighters[n].unassigned) for n in conflict.involved()]
    if any(k for _, k in owed):
        said = ", ".join(f"{n} {k}" for n, k in owed if k)
        lines.append(f"Won tokens to assign with /hand assign, before the bid: {said}.")
    face_up = face_up_line(conflict)
    if face_up is not None:
        lines.append(face_up)
    # Whom it waits for, and the command that moves it on (as /board show says it).
    waiting = get_system("nodice").waiting_for(nodice(ctx.require_state()))
    lines.extend(f"Waiting for {line.rstrip('.')}." for line in waiting)
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


def pot_lines(conflict: Conflict) -> list[str]:
    """The Ante Pot in Step 2 (by cluster, R28), else the Jackpot carried."""
    lines = []
    for cluster, names in conflict.clusters().items():
        label = (
            f"Cluster {cluster_number(conflict, cluster)}'s pot" if conflict.clustered() else "Pot"
        )
        jackpot = conflict.jackpots.get(cluster, 0)
        if conflict.step == "ante" and not any(n in conflict.cards for n in names):
            pot = sum(1 for n in conflict.antes if n in names) + jackpot
            lines.append(f"{label}: {pot} token{'s' if pot != 1 else ''} (Jackpot {jackpot}).")
        elif jackpot:
            label = label.replace("pot", "Jackpot") if conflict.clustered() else "Jackpot"
            lines.append(f"{label}: {jackpot} (into the next Hand's pot).")
    return lines


def engagement_data(conflict: Conflict) -> list[list[list[str]]]:
    """This Hand's engagement as data: clusters, each a list of sides, each of names."""
    out: list[list[list[str]]] = []
    for names in conflict.clusters().values():
        sides: dict[int, list[str]] = {}
        for name in names:
            sides.setdefault(conflict.fighters[name].side, []).append(name)
        out.append([sides[s] for s in sorted(sides)])
    return out


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


@dataclass(frozen=True)
class Engage:
    sides: Annotated[
        str,
        Opt(
            'who is involved, sides split by |: "Ada, Bo | Brute"; the rest stand by (clusters: ;)'
        ),
    ]


@commands.command(
    "conflict engage",
    help="Step 1 again (the engage mod): who is involved and who opposes whom, for this Hand "
    "if nobody has committed yet, else from the next Hand. Actors left out stand by; a new "
    "Actor joins.",
    summary="Step 1 again (the engage mod): change who is involved and who opposes whom.",
    permission=Permission.GM,
    examples=(
        '/conflict engage sides:"Ada | Brute"',
        '/conflict engage sides:"Ada | Brute; Bo | Wisp"',
    ),
)
def engage(ctx: Context, args: Engage) -> Decision:
    state = ctx.require_state()
    require_mod(state, ENGAGE)
    conflict = conflict_of(ctx)
    game = nodice(state)
    groups = read_groups(args.sides, mod_on(state, CLUSTERS))
    engagement: dict[str, tuple[int, int]] = {}
    joining: dict[str, Fighter] = {}
    for cluster, sides in enumerate(groups):
        for side, names in enumerate(sides):
            for name in names:
                actor = game.find_character(resolve(game.characters, name, "Actor") or name)
                fighter = conflict.fighters.get(actor.name) if actor is not None else None
                if fighter is None:
                    # R23, R24, R26: a new Actor joins with its sheet's stacks and its WR in
                    # Wildcards; the Stakes stay as they are.
                    fighter, _ = entering(state, name, engagement)
                    joining[fighter.name] = fighter.model_copy(update={"engaged": False})
                elif fighter.name in engagement:
                    raise Refusal(f"{fighter.name} is listed twice; each Actor is on one side.")
                elif fighter.status != "in":
                    raise Refusal(
                        f"{fighter.name} is out of the Conflict ({fighter.reason}): only Actors "
                        "still in, or new ones, are engaged."
                    )
                engagement[fighter.name] = (cluster, side)
    # Step 1 of this Hand while nobody has committed in it; else the next Hand's (R29: the
    # commits sealed were made against this engagement).
    now = conflict.step == "ante" and not conflict.antes and not conflict.cards
    hand = conflict.hand if now else conflict.hand + 1
    event = ev.Engaged(hand=hand, engagement=engagement, joining=joining, planned=not now)
    with_joiners = conflict.model_copy(
        update={"fighters": {**conflict.fighters, **joining}, "order": (*conflict.order, *joining)}
    )
    lines = [f"Hand {hand}'s engagement: {engagement_text(with_joiners, engagement)}."]
    lost = lost_jackpots(with_joiners, engagement)
    if lost:
        lines.append(f"A Jackpot of {lost} is discarded: none of its Actors is engaged.")
    lines.extend(f"Joining: {line}" for line in _stacks(joining))

    by = [n for n in with_joiners.present() if n not in engagement]
    if by:
        lines.append(f"Standing by from Hand {hand}: {', '.join(by)}.")
    after = regroup(with_joiners, engagement) if now else with_joiners
    if now:
        lines.extend(pot_lines(after))
        lines.append(f"Hand {hand}, Step 2: seal your TA card and ante with /hand ante.")
    else:
        lines.append(
            f"Hand {conflict.hand} plays on as engaged; this engagement opens Hand {hand}."
        )
    return Decision(events=(event,), reply=Reply.say(*lines, data=public_data(after)))
