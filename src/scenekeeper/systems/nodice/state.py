"""A NoDice table's state: the Actors' sheets and the Conflict being played (S1-S9).

The Conflict's sealed commitments (S7) live here until their reveal; nothing that renders
the state for the table reads them (``board``, ``conflict show``), and ``/game export`` is
refused while any stands (G3).
"""

from __future__ import annotations

from typing import Literal

import pydantic

from scenekeeper.engine.frozen import Frozen
from scenekeeper.engine.names import fold
from scenekeeper.engine.state import GameState
from scenekeeper.systems.nodice.sheet import Actor
from scenekeeper.systems.nodice.trine import AV, Aspect

#: Which part of the Hand is open: Step 2's commits, Step 3's (won tokens are assigned then),
#: or Step 5's damage spreads.
Step = Literal["ante", "bid", "spread"]
Status = Literal["in", "retreated", "eliminated"]


class Fighter(Frozen):
    """S5: an Actor in the Conflict: its token stacks (current AVs), Wildcards, status."""

    name: str
    side: int
    avs: dict[str, AV]
    #: R28 (the clusters mod): the interaction group it is in; only Actors of one cluster
    #: oppose each other. Without clusters every Actor is in cluster 0.
    cluster: int = 0
    #: R30: in the engagement of this Hand. An Actor left out by /conflict engage stays in
    #: the Conflict with its stacks, standing by (it antes and commits nothing this Hand).
    engaged: bool = True
    wildcards: int = 0
    status: Status = "in"
    reason: str = ""
    #: Won tokens not yet put on an Attribute (R41).
    unassigned: int = 0


class AnteCommit(Frozen):
    """S7, Step 2: the TA card and the ante's Attribute, sealed by ``by``."""

    aspect: Aspect
    ante: str
    by: str


class BidCommit(Frozen):
    """S7, Step 3: the Action card, the bid, the Wildcard, face up or down, sealed by ``by``."""

    action: str
    bid: int
    wildcard: bool = False
    open: bool = False
    by: str


class Damage(Frozen):
    """S9: damage owed from one pair, typed by the winner's TA card, to be spread."""

    defender: str
    attacker: str
    aspect: Aspect
    amount: int


class Conflict(Frozen):
    """S4-S9: one Conflict of one or more Hands."""

    es: int
    #: Table order (R25): the order the Actors were listed in.
    order: tuple[str, ...]
    fighters: dict[str, Fighter]
    hand: int = 1
    step: Step = "ante"
    #: R40: every cluster's Jackpot together (without clusters: the Jackpot); kept with
    #: ``jackpots`` by ``with_jackpots``, and in every export as before clusters.
    jackpot: int = 0
    #: R40 by cluster (R28: each cluster has its own Ante Pot and Jackpot).
    jackpots: dict[int, int] = pydantic.Field(default_factory=dict)
    antes: dict[str, AnteCommit] = pydantic.Field(default_factory=dict)
    #: This Hand's revealed TA cards.
    cards: dict[str, Aspect] = pydantic.Field(default_factory=dict)
    bids: dict[str, BidCommit] = pydantic.Field(default_factory=dict)
    damage: tuple[Damage, ...] = ()
    #: Who has had its Step-3 play revealed this Hand (a cluster reveals when its own last
    #: bid is in; the Hand moves to Step 5 when every cluster has).
    played: tuple[str, ...] = ()
    #: R30: the engagement a GM gave for the next Hand (name -> (cluster, side)), or None.
    planned: dict[str, tuple[int, int]] | None = None

    def with_jackpots(self, jackpots: dict[int, int]) -> Conflict:
        return self.model_copy(update={"jackpots": jackpots, "jackpot": sum(jackpots.values())})

    def present(self) -> list[str]:
        """Who is still in the Conflict (engaged or standing by), in table order."""
        return [n for n in self.order if self.fighters[n].status == "in"]

    def opposed(self, a: str, b: str) -> bool:
        """R17, R28: two Actors oppose each other when both are engaged this Hand, in one
        cluster, on different sides."""
        fa, fb = self.fighters[a], self.fighters[b]
        return (
            a != b and fa.engaged and fb.engaged and fa.cluster == fb.cluster and fa.side != fb.side
        )

    def involved(self) -> list[str]:
        """Who takes part in this Hand, in table order: in the Conflict, engaged, and opposed
        by someone (an Actor whose opponents all left stands by, R30)."""
        present = self.present()
        return [n for n in present if any(self.opposed(n, m) for m in present)]

    def standing_by(self) -> list[str]:
        """In the Conflict but in no opposing pair this Hand."""
        involved = set(self.involved())
        return [n for n in self.present() if n not in involved]

    def clusters(self) -> dict[int, list[str]]:
        """The involved Actors by cluster, clusters in number order, each in table order."""
        out: dict[int, list[str]] = {}
        for name in self.involved():
            out.setdefault(self.fighters[name].cluster, []).append(name)
        return dict(sorted(out.items()))

    def clustered(self) -> bool:
        """Whether this Hand's engagement has more than one cluster (R28)."""
        return (
            len({self.fighters[n].cluster for n in self.present() if self.fighters[n].engaged}) > 1
        )

    def cluster_of(self, name: str) -> list[str]:
        """The involved Actors of ``name``'s cluster."""
        return self.clusters().get(self.fighters[name].cluster, [])

    def sealed(self) -> int:
        return len(self.antes) + len(self.bids)

    def with_fighter(self, fighter: Fighter) -> Conflict:
        return self.model_copy(update={"fighters": {**self.fighters, fighter.name: fighter}})

    def waiting(self) -> list[str]:
        """Who the open step still waits for."""
        if self.step == "ante":
            return [n for n in self.involved() if n not in self.antes and n not in self.cards]
        if self.step == "bid":
            return [n for n in self.involved() if n not in self.bids and n not in self.played]
        return list(dict.fromkeys(d.defender for d in self.damage))


class NoDiceState(GameState):
    #: Every Actor's sheet by name (``characters``, as the engine's sheets call them).
    characters: dict[str, Actor] = pydantic.Field(default_factory=dict)
    conflict: Conflict | None = None

    def find_character(self, name: str) -> Actor | None:
        """The Actor called ``name`` as people read names (``engine.names.fold``)."""
        wanted = fold(name)
        return next((a for n, a in self.characters.items() if fold(n) == wanted), None)

    def with_actor(self, actor: Actor) -> NoDiceState:
        return self.model_copy(update={"characters": {**self.characters, actor.name: actor}})
