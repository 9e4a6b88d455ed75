"""``/hand ante`` and ``/hand bid``: seal the TA card and ante (Step 2), the Action card and bid
(Step 3); the open moves (won tokens, damage, a fold) are ``hand_moves``. Sealed options are
secret (``Opt(secret=True)``): the command's answer is private from the first byte and its
values never shown to anyone else (G1-G3)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.systems.nodice import contract
from scenekeeper.systems.nodice import events as ev
from scenekeeper.systems.nodice.conflict_commands import NPC_WILDCARDS
from scenekeeper.systems.nodice.engagement import (
    commit_status,
    pot_said,
    revealed_already,
)
from scenekeeper.systems.nodice.evolve import nodice
from scenekeeper.systems.nodice.flow import (
    Flow,
)
from scenekeeper.systems.nodice.hand import legal_commit
from scenekeeper.systems.nodice.hand_steps import decided, step_open
from scenekeeper.systems.nodice.seats import (
    check_replace,
    check_sealer,
    conflict_of,
    fighter_for,
    seen_at_undone_reveal,
)
from scenekeeper.systems.nodice.state import AnteCommit, BidCommit, Conflict, Fighter
from scenekeeper.systems.nodice.trine import (
    ASPECT_OF,
    ATTRIBUTES,
    ATTRIBUTES_OF,
    find_aspect,
    find_attribute,
)

commands = CommandSet(systems=frozenset({"nodice"}))


@contextmanager
def _earlier_stands(name: str, standing: AnteCommit | BidCommit | None) -> Iterator[None]:
    """A refused replacement says that the commit it would have replaced still stands."""
    try:
        yield
    except Refusal as refusal:
        if standing is None:
            raise
        note = f" {name}'s earlier commit stands."
        public = refusal.public + note if refusal.public is not None else False
        raise Refusal(str(refusal) + note, public=public) from None


def _status(conflict: Conflict, name: str) -> str:
    return commit_status(conflict, name)


def _contract(fighter: Fighter, values: dict[str, object]) -> None:
    """The Commit hook point (R68): an Extension may refuse a commit, to its sealer only."""
    refused = contract.commit(fighter.name, values)
    if refused:
        raise Refusal(refused)


def _again(
    ctx: Context, conflict: Conflict, name: str, standing: AnteCommit | BidCommit | None
) -> str:
    """G6: a replaced commit is never shown, unless a GM undid the reveal that showed it."""
    if standing is None:
        return ""
    if seen_at_undone_reveal(ctx, conflict, name, standing):
        return " (replacing the earlier one, which everyone saw before the reveal was undone)"
    return " (replacing the earlier one, unseen)"


@dataclass(frozen=True)
class Ante:
    aspect: Annotated[str, Opt("your face-down TA card: Mind, Body or Spirit", secret=True)]
    ante: Annotated[str, Opt("the Attribute whose token you ante, like QUI (sealed)", secret=True)]
    character: Annotated[str | None, Opt("whose (default: the Actor you play)")] = None


@commands.command(
    "hand ante",
    help="Step 2: seal your TA card and the Attribute you ante (again to replace it unseen); "
    "all are revealed at once when the last is in.",
    # Any seated person; check_sealer says whose commit it is (G2: a PC's player only, not a
    # GM -- "only they or a GM" would send the GM to be refused in turn).
    summary="Step 2: seal your TA card and the Attribute you ante; all are revealed when the last "
    "is in.",
    permission=Permission.PLAYER,
    examples=("/hand ante aspect:Mind ante:QUI", "/hand ante character:Brute aspect:Body ante:STR"),
)
def ante(ctx: Context, args: Ante) -> Decision:
    conflict = conflict_of(ctx)
    fighter = fighter_for(ctx, conflict, args.character, "hand ante")
    check_sealer(ctx, fighter)
    step_open(conflict, "ante")
    revealed_already(conflict, fighter.name, conflict.cards, "TA card is")
    standing = conflict.antes.get(fighter.name)
    check_replace(ctx, standing.by if standing else None, fighter)
    with _earlier_stands(fighter.name, standing):
        aspect = find_aspect(args.aspect)
        if aspect is None:
            raise Refusal("aspect: is your TA card: Mind, Body or Spirit.", public=True)
        attribute = find_attribute(args.ante)
        if attribute is None or (fighter.avs.get(attribute) or 0) < 1:
            able = " ".join(a for a, v in fighter.avs.items() if (v or 0) >= 1)
            raise Refusal(
                f"ante: is an Attribute of {fighter.name} with a token (AV 1 or more): {able}. "
                "If you will not ante, /hand fold retreats.",
                public=True,  # the Attributes with a token are on the sheet; the ante is not named
            )
        if not legal_commit(fighter.avs, aspect, attribute):
            raise Refusal(
                f"After anteing {attribute}, {fighter.name} has no {aspect} Attribute to bid from "
                f"in Step 3 ({'/'.join(ATTRIBUTES_OF[aspect])}): choose another card or ante "
                "(a card needs an Attribute left to bid from).",
                public=f"That card and ante leave {fighter.name} no Attribute to bid from in "
                "Step 3: choose another card or ante.",
            )
        _contract(fighter, {"aspect": aspect, "ante": attribute})
    flow = Flow(ctx.require_state())
    flow.add(ev.AnteSealed(character=fighter.name, aspect=aspect, ante=attribute, by=ctx.actor.id))
    after = flow.conflict
    assert after is not None
    again = _again(ctx, conflict, fighter.name, standing)
    first = [f"{_status(after, fighter.name)} {pot_said(after, fighter.name)}"]
    private = (f"Sealed for {fighter.name}{again}: {aspect} card, ante {attribute}.",)
    data = {"character": fighter.name, "aspect": aspect, "ante": attribute}
    return decided(flow, first, private, data)


@dataclass(frozen=True)
class Bid:
    action: Annotated[
        str, Opt("your face-down Action card: an Attribute of your TA card, like QUI", secret=True)
    ]
    bid: Annotated[
        int,
        Opt("tokens you bid from it, 0 to its AV (sealed)", min_value=0, max_value=99, secret=True),
    ]
    wildcard: Annotated[bool, Opt("add a Wildcard: +1, beyond the AV", secret=True)] = False
    face_up: Annotated[
        bool, Opt("play the bid face up (chip bully); the card stays down", secret=True)
    ] = False
    character: Annotated[str | None, Opt("whose (default: the Actor you play)")] = None


@commands.command(
    "hand bid",
    help="Step 3: seal your Action card and bid (a Wildcard, face up if you like; again to "
    "replace it unseen); all are revealed at once when the last is in.",
    # Any seated person; check_sealer says whose commit it is (G2: a PC's player only, not a
    # GM -- "only they or a GM" would send the GM to be refused in turn).
    summary="Step 3: seal your Action card and bid; all are revealed when the last is in.",
    permission=Permission.PLAYER,
    examples=(
        "/hand bid action:QUI bid:4",
        "/hand bid action:STR bid:6 wildcard:true face_up:true",
    ),
)
def bid(ctx: Context, args: Bid) -> Decision:
    conflict = conflict_of(ctx)
    fighter = fighter_for(ctx, conflict, args.character, "hand bid")
    check_sealer(ctx, fighter)
    step_open(conflict, "bid")
    revealed_already(conflict, fighter.name, conflict.played, "Action card and bid are")
    standing = conflict.bids.get(fighter.name)
    check_replace(ctx, standing.by if standing else None, fighter)
    with _earlier_stands(fighter.name, standing):
        if fighter.unassigned:
            k = fighter.unassigned
            on = next((a for a in ATTRIBUTES if fighter.avs.get(a) is not None), "QUI")
            raise Refusal(
                f"{fighter.name} has {k} won token{'s' if k != 1 else ''} to put on Attributes "
                f'first: /hand assign tokens:"{on} {k}" (won tokens go on before the bid).',
                public=True,
            )
        card = conflict.cards[fighter.name]
        action = find_attribute(args.action)
        playable = [a for a in ATTRIBUTES_OF[card] if (fighter.avs.get(a) or 0) >= 1]
        if action is None or ASPECT_OF[action] != card:
            raise Refusal(
                f"action: must be an Attribute of {fighter.name}'s {card} card: "
                f"{', '.join(playable)}.",
                public=True,  # the TA cards were revealed at Step 2; the action typed is not named
            )
        av = fighter.avs.get(action) or 0
        if av < 1:
            raise Refusal(
                f"{fighter.name}'s {action} is "
                f"{'a dash' if fighter.avs.get(action) is None else 0}: no Action card on it "
                f"(a dash or an AV of 0); play {', '.join(playable)}.",
                public="That Attribute takes no Action card (a dash or an AV of 0).",
            )
        if args.bid > av:
            raise Refusal(
                f"{fighter.name}'s {action} is {av}: bid 0 to {av} (a bid is 0 to the AV); "
                "a Wildcard adds 1 beyond.",
                public="A bid is 0 to its Attribute's AV; a Wildcard adds 1 beyond.",
            )
        if args.wildcard and fighter.wildcards < 1:
            raise Refusal(f"{_no_wildcard(ctx, fighter)}: leave out wildcard:.", public=True)
        _contract(fighter, {"action": action, "bid": args.bid, "wildcard": args.wildcard})
    flow = Flow(ctx.require_state())
    flow.add(
        ev.BidSealed(
            character=fighter.name,
            action=action,
            bid=args.bid,
            wildcard=args.wildcard,
            open=args.face_up,
            by=ctx.actor.id,
        )
    )
    after = flow.conflict
    assert after is not None
    wild = " + Wildcard" if args.wildcard else ""
    first = [_status(after, fighter.name)]
    if args.face_up:
        first.append(f"{fighter.name} bids {args.bid}{wild} face up.")
    elif standing is not None and standing.open:
        # R45, G4: the table was told the face-up bid; it no longer stands.
        first.append(f"{fighter.name}'s face-up bid is withdrawn: the new bid is face down.")
    again = _again(ctx, conflict, fighter.name, standing)
    private = (
        f"Sealed for {fighter.name}{again}: {action} card, bid {args.bid}{wild}"
        f"{' face up' if args.face_up else ''}.",
    )
    data = {
        "character": fighter.name,
        "action": action,
        "bid": args.bid,
        "wildcard": args.wildcard,
        "face_up": args.face_up,
    }
    return decided(flow, first, private, data)


def _no_wildcard(ctx: Context, fighter: Fighter) -> str:
    """Why an Actor has no Wildcard to play: the real reason (R11, R24)."""
    state = ctx.require_state()
    actor = nodice(state).characters.get(fighter.name)
    if actor is not None and actor.kind == "gmc" and not state.meta.mods.get(NPC_WILDCARDS):
        return "NPCs have no Wildcards (the npc-wildcards mod is off)"
    if actor is not None and actor.wr < 1:
        return f"{fighter.name} has WR 0, so no Wildcards"
    return f"{fighter.name} has no Wildcard left this Conflict"
