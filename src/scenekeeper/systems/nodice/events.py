"""NoDice events. Commits (``AnteSealed``, ``BidSealed``) are sealed: only their sealer reads
them, before and after the reveal (G1, G6); a reveal is one public event holding every
standing commit of its step (G5)."""

from __future__ import annotations

from typing import ClassVar

import pydantic

from scenekeeper.engine.events import Event
from scenekeeper.engine.state import TableMeta
from scenekeeper.systems.nodice.sheet import Actor, Kind
from scenekeeper.systems.nodice.state import Damage, Fighter
from scenekeeper.systems.nodice.trine import AV, Aspect


class ActorMade(Event):
    type_name: ClassVar[str] = "nodice.actor_made@1"
    name: str
    kind: Kind

    def describe(self) -> str:
        return f"{'NPC' if self.kind == 'gmc' else 'character'} {self.name} made"


class SheetWritten(Event):
    """AVs (None: a dash) and WR written on a sheet."""

    type_name: ClassVar[str] = "nodice.sheet_written@1"
    character: str
    values: dict[str, AV]

    def describe(self) -> str:
        shown = ", ".join(f"{k} {'-' if v is None else v}" for k, v in self.values.items())
        return f"{self.character}: {shown}"


class RankSet(Event):
    """R10, R22: a Rank is for GMs only (the Stakes are announced without revealing it)."""

    type_name: ClassVar[str] = "nodice.rank_set@1"
    character: str
    rank: int

    def sealed(self) -> bool:
        return True

    def visible_to(self, meta: TableMeta, viewer: str, actor: str) -> bool:
        del actor  # only a GM sets a Rank, and only GMs read it
        return meta.is_gm(viewer)

    def describe(self) -> str:
        return f"{self.character}: Rank {self.rank}"

    def describe_sealed(self) -> str:
        return f"{self.character}'s Rank set (GMs only)"


class ConflictStarted(Event):
    """Step 1 of Hand 1 (R20-R31): ES, table order, sides and every Actor's stacks."""

    type_name: ClassVar[str] = "nodice.conflict_started@1"
    es: int
    order: tuple[str, ...]
    fighters: dict[str, Fighter]

    def describe(self) -> str:
        return f"Conflict started (ES {self.es}): {', '.join(self.order)}"


class AnteSealed(Event):
    """Step 2 commit (R32-R36): sealed; a later one by the same sealer replaces it unseen."""

    type_name: ClassVar[str] = "nodice.ante_sealed@1"
    secret_fields: ClassVar[frozenset[str]] = frozenset({"aspect", "ante"})
    character: str
    aspect: Aspect
    ante: str
    by: str

    def sealed(self) -> bool:
        return True

    def describe(self) -> str:
        return f"{self.character} sealed {self.aspect}, ante {self.ante}"

    def describe_sealed(self) -> str:
        return f"{self.character} committed (sealed)"


class BidSealed(Event):
    """Step 3 commit (R42-R46): sealed; a face-up bid's amount is public (R45)."""

    type_name: ClassVar[str] = "nodice.bid_sealed@1"
    secret_fields: ClassVar[frozenset[str]] = frozenset({"action", "bid", "wildcard", "open"})
    character: str
    action: str
    bid: int
    wildcard: bool
    open: bool
    by: str

    def sealed(self) -> bool:
        return True

    def describe(self) -> str:
        wild = " + Wildcard" if self.wildcard else ""
        up = " face up" if self.open else ""
        return f"{self.character} sealed {self.action}, bid {self.bid}{wild}{up}"

    def describe_sealed(self) -> str:
        if self.open:
            wild = " + Wildcard" if self.wildcard else ""
            return f"{self.character} committed, bidding {self.bid}{wild} face up (sealed card)"
        return f"{self.character} committed (sealed)"


class Engaged(Event):
    """R28, R30 (the engage mod): a GM's new engagement -- each engaged Actor's (cluster,
    side); every other Actor still in stands by. ``planned``: from the next Hand (commits of
    this Hand were sealed already); else in force at once, before this Hand's first commit.
    ``joining``: Actors entering the Conflict, with their stacks and Wildcards (R24)."""

    type_name: ClassVar[str] = "nodice.engaged@1"
    hand: int
    engagement: dict[str, tuple[int, int]]
    joining: dict[str, Fighter] = pydantic.Field(default_factory=dict)
    planned: bool = False

    def describe(self) -> str:
        who = ", ".join(self.engagement)
        joined = f"; joining: {', '.join(self.joining)}" if self.joining else ""
        return f"engagement for Hand {self.hand}: {who}{joined}"


class Retreated(Event):
    """R33: the Actor will not ante: it leaves the Conflict; its sealed commit is discarded."""

    type_name: ClassVar[str] = "nodice.retreated@1"
    character: str

    def describe(self) -> str:
        return f"{self.character} retreats"


class AspectsRevealed(Event):
    """Step 2's one reveal (R37-R40): every TA card and ante, TD wins, the pot paid."""

    type_name: ClassVar[str] = "nodice.aspects_revealed@1"
    hand: int
    cards: dict[str, Aspect]
    antes: dict[str, str]
    wins: dict[str, int]
    paid: dict[str, int]
    jackpot: int
    #: R28: the cluster whose commits these are (each cluster reveals its own; 0 without).
    cluster: int = 0

    def describe(self) -> str:
        cards = ", ".join(f"{n} {a} (ante {self.antes[n]})" for n, a in self.cards.items())
        return f"Hand {self.hand} TA cards: {cards}"


class TokensAssigned(Event):
    """R41: won tokens put on Attributes."""

    type_name: ClassVar[str] = "nodice.tokens_assigned@1"
    character: str
    tokens: dict[str, int]

    def describe(self) -> str:
        put = ", ".join(f"{a} +{n}" for a, n in self.tokens.items())
        return f"{self.character} assigns won tokens: {put}"


class BidsRevealed(Event):
    """Step 3's one reveal and Step 4 (R47-R55): every Action card, bid and Wildcard; the
    damage owed per pair."""

    type_name: ClassVar[str] = "nodice.bids_revealed@1"
    hand: int
    plays: dict[str, tuple[str, int, bool]]
    damage: tuple[Damage, ...]
    #: R28: the cluster whose commits these are (each cluster reveals its own; 0 without).
    cluster: int = 0

    def describe(self) -> str:
        shown = ", ".join(
            f"{n} {a} bid {b}{' + Wildcard' if w else ''}" for n, (a, b, w) in self.plays.items()
        )
        return f"Hand {self.hand} Action cards: {shown}"


class DamageSpread(Event):
    """R56-R59: one pair's damage on the defender's Attributes."""

    type_name: ClassVar[str] = "nodice.damage_spread@1"
    character: str
    attacker: str
    aspect: Aspect
    spread: dict[str, int]

    def describe(self) -> str:
        put = ", ".join(f"{a} -{n}" for a, n in self.spread.items()) or "nothing to take"
        return f"{self.character} takes {self.attacker}'s {self.aspect} damage: {put}"


class HandClosed(Event):
    """Step 6 (R61-R67): eliminations; the next Hand opens, or the Conflict ends."""

    type_name: ClassVar[str] = "nodice.hand_closed@1"
    hand: int
    eliminated: dict[str, str]
    ended: bool

    def describe(self) -> str:
        out = "; ".join(f"{n}: {why}" for n, why in self.eliminated.items())
        then = "the Conflict ends" if self.ended else f"Hand {self.hand + 1} opens"
        return f"Hand {self.hand} closed{f' ({out})' if out else ''}: {then}"


class ConflictEnded(Event):
    """R27, R67: the Conflict is over; AVs back to the sheets, open commits discarded unseen."""

    type_name: ClassVar[str] = "nodice.conflict_ended@1"
    reason: str

    def describe(self) -> str:
        return f"Conflict ended ({self.reason})"


class ActorDeleted(Event):
    type_name: ClassVar[str] = "nodice.actor_deleted@1"
    name: str

    def describe(self) -> str:
        return f"{self.name} deleted"


class SheetImported(Event):
    """A whole sheet read from a file (``/char import``). It holds the Rank, so only GMs read it
    (R22), not even the player who imported it (a GM may have set its Rank); the table reads its
    AVs with /char show."""

    type_name: ClassVar[str] = "nodice.sheet_imported@1"
    character: Actor

    def sealed(self) -> bool:
        return True

    def visible_to(self, meta: TableMeta, viewer: str, actor: str) -> bool:
        del actor
        return meta.is_gm(viewer)

    def describe(self) -> str:
        return f"sheet of {self.character.name} imported (Rank {self.character.rank})"

    def describe_sealed(self) -> str:
        return f"sheet of {self.character.name} imported"
