"""Turn orders, shared by the games: handoff (Cortex action order, METTLE volleyball
initiative) and fixed (an order rolled or rated once).

Handoff (Cortex p.98): each participant acts once per round; whoever acts hands off to someone
who has not acted yet; when everyone has acted, the last to act picks who leads the next round,
and may pick themselves. Fixed: the same order every round. Pure values; games store them in
their state and record changes as events.

Two things a game may add on top (METTLE's volleyball initiative uses both; Cortex neither):

* some participants sit a round out (``out``): they have no turn in it, so nobody hands off to
  them and the round ends without them -- they lost it, or used it out of turn;
* the actor may hand off without finishing their turn (``finished=False``): they take the rest
  of it when the order comes back to them, and may hand off to themselves to go on at once.

Who a game hands off to (METTLE: the target first) is the game's rule, not this module's.
"""

from __future__ import annotations

from typing import Literal

import pydantic

from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.frozen import Frozen
from scenekeeper.engine.names import fold, resolve

Kind = Literal["handoff", "fixed"]


class TurnError(Refusal):
    """A move the order does not allow; the message says who may go instead. It is a
    ``Refusal``: whatever a person typed that the order cannot take is answered with this
    message and changes nothing, from every game's command that moves an order."""


class TurnOrder(Frozen):
    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    kind: Kind = "handoff"
    participants: tuple[str, ...]
    round: int = 1
    #: Who has finished acting this round, in order.
    acted: tuple[str, ...] = ()
    #: Who is acting now; None between rounds (the last actor is choosing the next lead).
    current: str | None = None
    #: Who led this round.
    lead: str | None = None
    #: Who acts after an interruption ends (the one whose turn was interrupted).
    resume: str | None = None
    #: Who has no turn this round without having acted in it (lost it, or used it out of turn).
    out: tuple[str, ...] = ()

    def waiting(self) -> tuple[str, ...]:
        """Who has a turn still to come this round (not counting whoever is acting now)."""
        return tuple(
            p
            for p in self.participants
            if p not in self.acted and p not in self.out and p not in (self.current, self.resume)
        )

    def has_turn(self, name: str) -> bool:
        """Whether ``name`` still has a turn this round (acting now counts)."""
        return name in self.participants and name not in self.acted and name not in self.out

    def last_actor(self) -> str | None:
        return self.acted[-1] if self.acted else None

    @property
    def round_over(self) -> bool:
        return self.current is None


def _find(order: TurnOrder, name: str) -> str:
    # As people say names: "Mara" for Mara Voss, when only she is called so.
    found = resolve(order.participants, name)
    if found is None:
        raise TurnError(f"{name} is not in the order ({', '.join(order.participants)}).")
    return found


def start(
    participants: tuple[str, ...],
    lead: str,
    kind: Kind = "handoff",
    *,
    out: tuple[str, ...] = (),
) -> TurnOrder:
    """A new order led by ``lead``; ``out`` sit the first round out."""
    if len(set(participants)) != len(participants) or not participants:
        raise TurnError("An order needs one or more different participants.")
    order = TurnOrder(kind=kind, participants=participants)
    first = _find(order, lead)
    out = tuple(_find(order, p) for p in out)
    if first in out:
        raise TurnError(f"{first} has no turn in round 1, so cannot lead it.")
    return order.model_copy(update={"current": first, "lead": first, "out": out})


def hand_off(order: TurnOrder, to: str | None, *, finished: bool = True) -> TurnOrder:
    """The current actor has acted and hands off to ``to`` (who has not acted this round).

    ``to`` is None when nobody is left: the round is over and the actor picks the next lead.
    In a fixed order the next in line goes, whatever ``to`` says. With ``finished=False`` the
    actor keeps the rest of their turn for later (and may hand off to themselves)."""
    if order.current is None:
        raise TurnError(f"Round {order.round} is over; {order.last_actor()} picks the next lead.")
    if not finished:
        return _pass_unfinished(order, to)
    acted = (*order.acted, order.current)
    if order.resume is not None:
        # An interruption is over: the interrupted actor takes their turn.
        return order.model_copy(update={"acted": acted, "current": order.resume, "resume": None})
    left = tuple(p for p in order.participants if p not in acted and p not in order.out)
    if order.kind == "fixed":
        if to is not None:
            nxt = left[0] if left else "nobody (the round ends)"
            raise TurnError(f"The order is fixed: the next in line goes ({nxt}); leave out to:.")
        following = left[0] if left else None
        return order.model_copy(update={"acted": acted, "current": following})
    if not left:
        if to is not None:
            raise TurnError(
                f"Everyone has acted in round {order.round}; {order.current} picks who leads "
                "the next round instead."
            )
        return order.model_copy(update={"acted": acted, "current": None})
    if to is None:
        raise TurnError(f"Hand off to someone who has not acted: {', '.join(left)}.")
    target = _find(order, to)
    if target in acted:
        raise TurnError(f"{target} has acted this round already; hand off to {', '.join(left)}.")
    if target in order.out:
        raise TurnError(f"{target} has no turn this round; hand off to {', '.join(left)}.")
    return order.model_copy(update={"acted": acted, "current": target})


def _pass_unfinished(order: TurnOrder, to: str | None) -> TurnOrder:
    if order.kind == "fixed" or order.resume is not None:
        raise TurnError(f"{order.current} must finish their turn before handing off.")
    left = tuple(p for p in order.participants if order.has_turn(p))
    if to is None:
        raise TurnError(f"Hand off to someone who still has a turn: {', '.join(left)}.")
    target = _find(order, to)
    if target not in left:
        raise TurnError(f"{target} has no turn left this round; hand off to {', '.join(left)}.")
    return order.model_copy(update={"current": target})


def next_round(
    order: TurnOrder, lead: str | None = None, *, out: tuple[str, ...] = ()
) -> TurnOrder:
    """Everyone has acted: the last actor picks the next lead (themselves included).
    ``out``: who sits the new round out (they have no turn in it)."""
    if order.current is not None:
        raise TurnError(f"{order.current} is acting; the round is not over.")
    if order.kind == "fixed" and lead is not None:
        raise TurnError("The order is fixed: each round goes the same way; leave out lead:.")
    out = tuple(p for p in order.participants if p in out)
    playing = tuple(p for p in order.participants if p not in out)
    if not playing:
        raise TurnError(f"Nobody has a turn in round {order.round + 1}.")
    first = playing[0] if order.kind == "fixed" else None
    if first is None:
        if lead is None:
            raise TurnError(f"{order.last_actor()} picks who leads round {order.round + 1}.")
        first = _find(order, lead)
        if first in out:
            raise TurnError(
                f"{first} has no turn in round {order.round + 1}; pick {', '.join(playing)}."
            )
    return order.model_copy(
        update={"round": order.round + 1, "acted": (), "current": first, "lead": first, "out": out}
    )


def sit_out(order: TurnOrder, who: str) -> TurnOrder:
    """``who`` loses their turn this round (or used it out of turn): nobody hands off to them,
    and the round ends without them. The one acting now hands off instead."""
    target = _find(order, who)
    if target == order.current:
        raise TurnError(f"{target} is acting; they hand off instead.")
    if target in order.acted or target in order.out:
        return order
    return order.model_copy(update={"out": (*order.out, target)})


def rejoin(order: TurnOrder, who: str) -> TurnOrder:
    """``who`` has a turn again this round (unless they have acted in it)."""
    target = _find(order, who)
    return order.model_copy(update={"out": tuple(p for p in order.out if p != target)})


def interrupt(order: TurnOrder, who: str) -> TurnOrder:
    """Someone acts out of turn (a Cortex doom pool interrupt): they act now, and when they
    hand off, whoever was due takes their turn. They count as having acted this round."""
    target = _find(order, who)
    if target in order.acted:
        raise TurnError(f"{target} has acted this round already.")
    if target == order.current:
        raise TurnError(f"{target} is acting already.")
    if order.current is None:
        raise TurnError("The round is over; interrupt once the next round has begun.")
    if order.resume is not None:
        raise TurnError(f"{order.current} is interrupting already.")
    return order.model_copy(update={"current": target, "resume": order.current})


def add(order: TurnOrder, who: str) -> TurnOrder:
    if any(fold(p) == fold(who) for p in order.participants):
        raise TurnError(f"{who} is in the order already.")
    return order.model_copy(update={"participants": (*order.participants, who)})


def remove(order: TurnOrder, who: str) -> TurnOrder:
    target = _find(order, who)
    participants = tuple(p for p in order.participants if p != target)
    if not participants:
        raise TurnError("The order would be empty; end it instead.")
    acted = tuple(p for p in order.acted if p != target)
    out = tuple(p for p in order.out if p != target)
    current = order.current
    if current == target:
        left = tuple(p for p in participants if p not in acted and p not in out)
        current = left[0] if left and order.kind == "fixed" else None
    return order.model_copy(
        update={"participants": participants, "acted": acted, "current": current, "out": out}
    )
