"""Undo and redo of sealed commits (G2, G8).

A commit is its sealer's to take back or put back: a GM's ``/undo`` (or ``/redo``) of a
command that only sealed someone else's commit -- a player's, or another GM's NPC commit -- is
refused, since it would remove or re-seal that choice unseen, out of its sealer's hands; a GM
moves the table on with a fold (Step 2) or ``/conflict end`` instead. A command that also made
a reveal is the exception G8 names: a GM may undo it, warned, and the table is told whose
commit it took back, with no value (docs/rules-notes.md, NoDice).
"""

from __future__ import annotations

from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.quoting import typed
from scenekeeper.engine.state import TableMeta
from scenekeeper.systems.nodice import events as ev

_REVEALS = (ev.AspectsRevealed, ev.BidsRevealed)


def _seals(events: tuple[Event, ...]) -> list[ev.AnteSealed | ev.BidSealed]:
    return [e for e in events if isinstance(e, ev.AnteSealed | ev.BidSealed)]


def _refuse_others(meta: TableMeta, actor: str, events: tuple[Event, ...], verb: str) -> None:
    for seal in _seals(events):
        if seal.by == actor:
            continue
        who = typed("character", seal.character)
        instead = (
            f"/hand fold {who} or /conflict end"
            if isinstance(seal, ev.AnteSealed)
            else "/conflict end"
        )
        raise Refusal(
            f"That command sealed {seal.character}'s commit, which only {meta.name_of(seal.by)} "
            f"(who sealed it) may {verb}: a sealed choice is its sealer's. If the table waits, "
            f"a GM can {instead}.",
            public=True,
        )


def undoing(meta: TableMeta, actor: str, events: tuple[Event, ...], *, sealer: bool) -> str | None:
    """G8: nobody takes back a reveal to bid again; a GM may, warned. G2: nobody but its
    sealer takes back a commit that no reveal showed (``sealer``; False: as an earlier version
    decided it, ``engine.upgrades.SEALER_UNDO``)."""
    if not any(isinstance(e, _REVEALS) for e in events):
        if sealer:
            _refuse_others(meta, actor, events, "take back")
        return None
    if not meta.is_gm(actor):
        raise Refusal(
            "That command revealed the cards: a reveal is not taken back to bid again. "
            "Play on, or ask a GM (who may, with everyone having seen the cards).",
            public=True,
        )
    back = [
        f" {s.character}'s commit, whose seal made the reveal, is taken back with it: "
        f"{meta.name_of(s.by)} seals {s.character}'s again."
        for s in _seals(events)
    ]
    return (
        "Warning: everyone has seen the revealed cards and bids; the commits stand sealed "
        "again, and may be sealed anew." + "".join(back)
    )


def redoing(meta: TableMeta, actor: str, events: tuple[Event, ...], *, sealer: bool) -> None:
    """G2: a commit no reveal showed is put back only by whoever sealed it."""
    if sealer and not any(isinstance(e, _REVEALS) for e in events):
        _refuse_others(meta, actor, events, "put back")
