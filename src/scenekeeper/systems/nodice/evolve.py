"""How each NoDice event changes the table (pure)."""

from __future__ import annotations

from collections.abc import Callable

from scenekeeper.engine.evolve import evolves
from scenekeeper.engine.state import TableState
from scenekeeper.systems.nodice import events as ev
from scenekeeper.systems.nodice.engagement import next_hand, regroup
from scenekeeper.systems.nodice.sheet import Actor
from scenekeeper.systems.nodice.state import AnteCommit, BidCommit, Conflict, NoDiceState


def nodice(state: TableState) -> NoDiceState:
    game = state.game
    if not isinstance(game, NoDiceState):
        raise TypeError("not a NoDice table")
    return game


def _conflict(state: TableState, change: Callable[[Conflict], Conflict | None]) -> TableState:
    game = nodice(state)
    if game.conflict is None:
        return state
    return state.replace(game=game.model_copy(update={"conflict": change(game.conflict)}))


def _stack(conflict: Conflict, name: str, moves: dict[str, int]) -> Conflict:
    """Tokens on (+) or off (-) a Fighter's stacks (R5); an AV never goes below 0."""
    fighter = conflict.fighters[name]
    avs = dict(fighter.avs)
    for attribute, n in moves.items():
        avs[attribute] = max(0, (avs.get(attribute) or 0) + n)
    return conflict.with_fighter(fighter.model_copy(update={"avs": avs}))


@evolves(ev.ActorMade)
def _made(state: TableState, event: ev.ActorMade) -> TableState:
    actor = Actor(name=event.name, kind=event.kind)
    return state.replace(game=nodice(state).with_actor(actor))


@evolves(ev.SheetWritten)
def _written(state: TableState, event: ev.SheetWritten) -> TableState:
    game = nodice(state)
    actor = game.characters[event.character]
    wr = event.values.get("wr")
    avs = {k: v for k, v in event.values.items() if k != "wr"}
    update: dict[str, object] = {"avs": {**actor.avs, **avs}}
    if wr is not None:
        update["wr"] = wr
    return state.replace(game=game.with_actor(actor.model_copy(update=update)))


@evolves(ev.RankSet)
def _rank(state: TableState, event: ev.RankSet) -> TableState:
    game = nodice(state)
    actor = game.characters[event.character].model_copy(update={"rank": event.rank})
    return state.replace(game=game.with_actor(actor))


@evolves(ev.ConflictStarted)
def _started(state: TableState, event: ev.ConflictStarted) -> TableState:
    conflict = Conflict(es=event.es, order=event.order, fighters=event.fighters)
    return state.replace(game=nodice(state).model_copy(update={"conflict": conflict}))


@evolves(ev.AnteSealed)
def _ante(state: TableState, event: ev.AnteSealed) -> TableState:
    commit = AnteCommit(aspect=event.aspect, ante=event.ante, by=event.by)
    return _conflict(
        state, lambda c: c.model_copy(update={"antes": {**c.antes, event.character: commit}})
    )


@evolves(ev.BidSealed)
def _bid(state: TableState, event: ev.BidSealed) -> TableState:
    commit = BidCommit(
        action=event.action, bid=event.bid, wildcard=event.wildcard, open=event.open, by=event.by
    )
    return _conflict(
        state, lambda c: c.model_copy(update={"bids": {**c.bids, event.character: commit}})
    )


def _settled(conflict: Conflict) -> Conflict:
    """The Hand's next step once every cluster has revealed the open one (R29): Step 3 when
    every involved Actor's TA card is shown, Step 5 when every Step-3 play is. An Actor left
    with no opponent (its cluster's others gone) stands by: its sealed commit is discarded
    unseen (G6)."""
    involved = set(conflict.involved())
    antes = {n: a for n, a in conflict.antes.items() if n in involved}
    bids = {n: b for n, b in conflict.bids.items() if n in involved}
    conflict = conflict.model_copy(update={"antes": antes, "bids": bids})
    if not involved:
        return conflict
    if conflict.step == "ante" and involved <= set(conflict.cards):
        return conflict.model_copy(update={"antes": {}, "step": "bid"})
    if conflict.step == "bid" and involved <= set(conflict.played):
        return conflict.model_copy(update={"bids": {}, "step": "spread"})
    return conflict


@evolves(ev.Retreated)
def _retreated(state: TableState, event: ev.Retreated) -> TableState:
    def change(conflict: Conflict) -> Conflict:
        fighter = conflict.fighters[event.character]
        out = fighter.model_copy(update={"status": "retreated", "reason": "retreated"})
        # Out of the Conflict, so involved no more: _settled discards its sealed commit (G6).
        return _settled(conflict.with_fighter(out))

    return _conflict(state, change)


@evolves(ev.Engaged)
def _engaged(state: TableState, event: ev.Engaged) -> TableState:
    def change(conflict: Conflict) -> Conflict:
        joining = [n for n in event.joining if n not in conflict.fighters]
        conflict = conflict.model_copy(
            update={
                "fighters": {**conflict.fighters, **{n: event.joining[n] for n in joining}},
                "order": (*conflict.order, *joining),
            }
        )
        if event.planned:
            return conflict.model_copy(update={"planned": dict(event.engagement)})
        return regroup(conflict, event.engagement)

    return _conflict(state, change)


@evolves(ev.AspectsRevealed)
def _aspects(state: TableState, event: ev.AspectsRevealed) -> TableState:
    def change(conflict: Conflict) -> Conflict:
        for name, attribute in event.antes.items():
            conflict = _stack(conflict, name, {attribute: -1})  # R32: anted, never returned
        for name, won in event.paid.items():
            fighter = conflict.fighters[name]
            more = {"unassigned": fighter.unassigned + won}
            conflict = conflict.with_fighter(fighter.model_copy(update=more))
        # R28: one cluster's reveal; the Hand moves to Step 3 when every cluster's is made.
        return _settled(
            conflict.model_copy(
                update={
                    "antes": {n: a for n, a in conflict.antes.items() if n not in event.cards},
                    "cards": {**conflict.cards, **event.cards},
                }
            ).with_jackpots({**conflict.jackpots, event.cluster: event.jackpot})
        )

    return _conflict(state, change)


@evolves(ev.TokensAssigned)
def _assigned(state: TableState, event: ev.TokensAssigned) -> TableState:
    def change(conflict: Conflict) -> Conflict:
        conflict = _stack(conflict, event.character, event.tokens)
        fighter = conflict.fighters[event.character]
        left = fighter.unassigned - sum(event.tokens.values())
        return conflict.with_fighter(fighter.model_copy(update={"unassigned": left}))

    return _conflict(state, change)


@evolves(ev.BidsRevealed)
def _bids(state: TableState, event: ev.BidsRevealed) -> TableState:
    def change(conflict: Conflict) -> Conflict:
        for name, (_, _, wildcard) in event.plays.items():
            if wildcard:  # R46: spent for the rest of the Conflict
                fighter = conflict.fighters[name]
                spent = fighter.model_copy(update={"wildcards": fighter.wildcards - 1})
                conflict = conflict.with_fighter(spent)
        # R64: bid tokens go back to their stacks: a bid never changes an AV. R28: one
        # cluster's reveal; the Hand moves to Step 5 when every cluster's is made.
        return _settled(
            conflict.model_copy(
                update={
                    "bids": {n: b for n, b in conflict.bids.items() if n not in event.plays},
                    "played": (*conflict.played, *event.plays),
                    "damage": (*conflict.damage, *event.damage),
                }
            )
        )

    return _conflict(state, change)


@evolves(ev.DamageSpread)
def _spread(state: TableState, event: ev.DamageSpread) -> TableState:
    def change(conflict: Conflict) -> Conflict:
        conflict = _stack(conflict, event.character, {a: -n for a, n in event.spread.items()})
        owed = list(conflict.damage)
        first = next(
            i
            for i, d in enumerate(owed)
            if d.defender == event.character and d.attacker == event.attacker
        )
        del owed[first]
        return conflict.model_copy(update={"damage": tuple(owed)})

    return _conflict(state, change)


@evolves(ev.HandClosed)
def _closed(state: TableState, event: ev.HandClosed) -> TableState:
    def change(conflict: Conflict) -> Conflict | None:
        if event.ended:
            return None  # R27: stacks were the Conflict's; the sheets never changed
        return next_hand(conflict, event.eliminated)

    return _conflict(state, change)


@evolves(ev.ConflictEnded)
def _ended(state: TableState, event: ev.ConflictEnded) -> TableState:
    return _conflict(state, lambda c: None)


@evolves(ev.ActorDeleted)
def _deleted(state: TableState, event: ev.ActorDeleted) -> TableState:
    game = nodice(state)
    left = {n: a for n, a in game.characters.items() if n != event.name}
    return state.replace(game=game.model_copy(update={"characters": left}))


@evolves(ev.SheetImported)
def _imported(state: TableState, event: ev.SheetImported) -> TableState:
    return state.replace(game=nodice(state).with_actor(event.character))
