"""Who acts for which Actor in a Conflict, and who may seal for it (G2).

A PC's commit is its player's alone -- a GM may not commit, replace or view one for a played
PC; an NPC's is any GM's; a sealed commit is replaced only by whoever sealed it.
"""

from __future__ import annotations

from scenekeeper.engine.aggregate import Redone, Undone
from scenekeeper.engine.commands import Context
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.names import resolve
from scenekeeper.engine.quoting import typed
from scenekeeper.systems.nodice import events as ev
from scenekeeper.systems.nodice.evolve import nodice
from scenekeeper.systems.nodice.state import AnteCommit, BidCommit, Conflict, Fighter


def conflict_of(ctx: Context) -> Conflict:
    conflict = nodice(ctx.require_state()).conflict
    if conflict is None:
        raise Refusal(
            "No Conflict is running; a GM starts one with /conflict start sides:...", public=True
        )
    return conflict


def fighter_for(ctx: Context, conflict: Conflict, named: str | None, command: str) -> Fighter:
    """The Actor a command acts for: the one named, or the one the actor plays in it."""
    meta = ctx.require_state().meta
    if named is None:
        mine = [n for n in conflict.involved() if meta.owner_of(n) == ctx.actor.id]
        by = [n for n in conflict.standing_by() if meta.owner_of(n) == ctx.actor.id]
        if not mine and by:
            raise Refusal(_stands_by(by[0]), public=True)
        gone = [f for n, f in conflict.fighters.items() if meta.owner_of(n) == ctx.actor.id]
        if not mine and len(gone) == 1:
            raise Refusal(f"{gone[0].name} is out of the Conflict ({gone[0].reason}).", public=True)
        if not mine and not meta.is_gm(ctx.actor.id):
            # A player is never invited to name Actors they do not play.
            out = "; ".join(f"{f.name} is out ({f.reason})" for f in gone)
            raise Refusal(
                f"{out}: you play no Actor still in this Conflict."
                if out
                else "You play no Actor in this Conflict: /char new makes one for the next.",
                public=True,
            )
        if len(mine) != 1:
            which = ", ".join(mine or conflict.involved())
            raise Refusal(
                f"Say whose: /{command} character:<name> (in this Hand: {which}).", public=True
            )
        return conflict.fighters[mine[0]]
    try:
        found = resolve(conflict.fighters, named, "Actor")
    except Refusal as refusal:  # the Actors it could be: names the whole table knows
        raise Refusal(str(refusal), public=True) from None
    fighter = conflict.fighters.get(found) if found is not None else None
    if fighter is None:
        which = ", ".join(conflict.order)
        raise Refusal(f"{named} is not in this Conflict (it has {which}).", public=True)
    if fighter.status != "in":
        raise Refusal(f"{fighter.name} is out of the Conflict ({fighter.reason}).", public=True)
    if fighter.name not in conflict.involved():
        raise Refusal(_stands_by(fighter.name), public=True)
    return fighter


def _stands_by(name: str) -> str:
    """R30: an Actor in the Conflict but in no opposing pair this Hand."""
    return (
        f"{name} stands by this Hand: nobody opposes {name} in it (a GM changes who is "
        "involved with /conflict engage, the engage mod)."
    )


def unblock(conflict: Conflict, name: str) -> tuple[str, ...]:
    """What a GM can do about an Actor the table waits for, in the open step: only what works
    there (a fold only until the Step-2 reveal, R33; a spread by auto in Step 5)."""
    who = typed("character", name)
    if conflict.step == "ante":
        return (f"/hand fold {who}", "/conflict end")
    if conflict.step == "spread":
        return (f"/hand spread {who} points:auto", "/conflict end")
    return ("/conflict end",)


def check_sealer(ctx: Context, fighter: Fighter) -> None:
    """G2: only a PC's player seals for it; any GM for an NPC."""
    meta = ctx.require_state().meta
    owner = meta.owner_of(fighter.name)
    if owner is not None and owner != ctx.actor.id:
        conflict = nodice(ctx.require_state()).conflict
        unstick = (
            f" (a GM may {unblock(conflict, fighter.name)[0]} if the table waits)"
            if conflict
            else ""
        )
        raise Refusal(
            f"{fighter.name} is {meta.name_of(owner)}'s: only they seal {fighter.name}'s cards "
            f"and bids{unstick}.",
            public=True,
        )
    if owner is None and not meta.is_gm(ctx.actor.id):
        raise Refusal(f"{fighter.name} is an NPC: a GM seals its cards.", public=True)


def check_replace(ctx: Context, by: str | None, fighter: Fighter) -> None:
    """Only the sealer replaces its own commit (G2)."""
    if by is not None and by != ctx.actor.id:
        meta = ctx.require_state().meta
        raise Refusal(
            f"{fighter.name}'s commit was sealed by {meta.name_of(by)}; only they may seal "
            "it again. Their commit stands.",
            public=True,
        )


def _shown_of(event: ev.AspectsRevealed | ev.BidsRevealed, name: str) -> tuple[object, ...] | None:
    """What a reveal showed of ``name``'s commit (None: nothing of theirs)."""
    if isinstance(event, ev.AspectsRevealed):
        return (event.cards[name], event.antes.get(name)) if name in event.cards else None
    return tuple(event.plays[name]) if name in event.plays else None


def seen_at_undone_reveal(
    ctx: Context, conflict: Conflict, name: str, standing: AnteCommit | BidCommit
) -> bool:
    """Whether everyone saw ``name``'s standing commit at a reveal of this Hand that a GM then
    undid (G8): replacing it is no replacement 'unseen'."""
    history = ctx.history(0)
    undone: set[int] = set()  # every command ever undone (a reveal once undone was seen)
    gone: set[int] = set()  # undone and not redone since: never stood, as the table is now
    for envelope in history:
        event = envelope.event
        if isinstance(event, Undone):
            undone.add(event.target_seq)
            gone.add(event.target_seq)
        elif isinstance(event, Redone):
            gone.discard(event.target_seq)
    reveals: dict[int, tuple[object, ...]] = {}  # command seq -> what it showed of ``name``
    for envelope in history:
        event = envelope.event
        if isinstance(event, ev.ConflictStarted) and envelope.command_seq not in gone:
            reveals.clear()  # an earlier Conflict's reveals (a start undone since starts none)
        elif isinstance(event, ev.AspectsRevealed | ev.BidsRevealed) and (
            event.hand == conflict.hand
        ):
            shown = _shown_of(event, name)
            if shown is not None:
                reveals[envelope.command_seq] = shown
    if isinstance(standing, AnteCommit):
        mine: tuple[object, ...] = (standing.aspect, standing.ante)
    else:
        mine = (standing.action, standing.bid, standing.wildcard)
    return any(shown == mine for seq, shown in reveals.items() if seq in undone)
