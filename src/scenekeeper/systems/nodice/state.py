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
    jackpot: int = 0
    antes: dict[str, AnteCommit] = pydantic.Field(default_factory=dict)
    #: This Hand's revealed TA cards.
    cards: dict[str, Aspect] = pydantic.Field(default_factory=dict)
    bids: dict[str, BidCommit] = pydantic.Field(default_factory=dict)
    damage: tuple[Damage, ...] = ()

    def involved(self) -> list[str]:
        """Who is still in, in table order."""
        return [n for n in self.order if self.fighters[n].status == "in"]

    def sealed(self) -> int:
        return len(self.antes) + len(self.bids)

    def with_fighter(self, fighter: Fighter) -> Conflict:
        return self.model_copy(update={"fighters": {**self.fighters, fighter.name: fighter}})

    def waiting(self) -> list[str]:
        """Who the open step still waits for."""
        if self.step == "ante":
            return [n for n in self.involved() if n not in self.antes]
        if self.step == "bid":
            return [n for n in self.involved() if n not in self.bids]
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
