"""Building a character's pool before it is rolled: the dice named, helpers' dice, boosts,
pushed stress, scale; and what it costs (extra traits, pushed stress).

Cortex p.16-17, p.39-40, p.99-100 (rules cited at each step).
"""

from __future__ import annotations

import dataclasses
from typing import Protocol

from scenekeeper.dice import Die, step_up
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.names import resolve
from scenekeeper.engine.quoting import option, quoted
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import mod_on, require_mod
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.procedures.scene_rules import refuse_in_scene
from scenekeeper.systems.cortex.roll.pools import BuiltPool, player_pool
from scenekeeper.systems.cortex.roll.scale import with_scale
from scenekeeper.systems.cortex.roll.terms import Term
from scenekeeper.systems.cortex.sheets.sheet import Character
from scenekeeper.systems.cortex.state import CortexState, cortex
from scenekeeper.systems.cortex.troubles.shaken import stressed_in_pool, take_trait_stress
from scenekeeper.systems.cortex.troubles.stress import take_stress


class RollRequest(Protocol):
    """What a roll command asks for (``rolling.CortexRoll`` and its kin)."""

    @property
    def pool(self) -> str | None: ...
    @property
    def vs(self) -> str | None: ...
    @property
    def hinder(self) -> str | None: ...
    @property
    def push(self) -> str | None: ...
    @property
    def boost(self) -> str | None: ...
    @property
    def scale(self) -> str | None: ...


def build_pool(
    state: TableState, who: Character, args: RollRequest, *, test: bool
) -> tuple[BuiltPool, int, tuple[Term, ...]]:
    """The pool to roll, how many more dice it keeps (scale), and the dice helpers handed over.
    ``test``: the roll is a test or contest (an opening scene has none)."""
    if who.status == "draft":
        raise Refusal(
            f"{who.name} is a draft and cannot roll until a GM approves it "
            f"(/char approve {option('character', who.name)})."
        )
    if who.status != "active":
        how = (
            "out of the game for good" if who.status == "removed" else who.status.replace("_", " ")
        )
        back = "" if who.status == "removed" else " (a GM brings them back with /char return)"
        raise Refusal(f"{who.name} is {how} and cannot roll{back}.")
    assert args.pool is not None
    if test:
        # Cortex p.89: opening scenes require no tests or contests.
        refuse_in_scene(state, "tests or contests", ("opening",))
    game = cortex(state)
    pool = player_pool(args.pool, who, game, args.hinder)
    if args.push is not None:
        pool = _pushed(state, who, pool, args.push)
    if mod_on(state, "shaken-stricken"):
        pool = _own_trait_stress(game, who, pool)
    _check_own_troubles(who, pool)
    helping = _assists(game, who)
    if helping:
        # Cortex p.100: dice handed over by helping PCs join the lead's rolls.
        pool = BuiltPool((*pool.terms, *helping))
    if args.boost is not None:
        pool = _boosted(game, who, pool, args.boost)
    extra_kept = 0
    if args.scale is not None:
        multi = mod_on(state, "multi-level-scale")
        pool, extra_kept = with_scale(pool, args.scale, multi_level=multi)
    return pool, extra_kept, helping


def _own_trait_stress(game: CortexState, who: Character, pool: BuiltPool) -> BuiltPool:
    """Cortex p.42: d4 stress on a trait used goes in its character's own pool, earning a
    plot point, as any d4 stress does (larger stress joins the opposition, ``shaken``)."""
    have = {t.name for t in pool.terms if t.kind == "stress"}
    extra = tuple(
        Term(Die.D4, f"{trait} stress", "stress", trait, earns_pp=True)
        for trait, die in stressed_in_pool(game, who, pool)
        if die is Die.D4 and trait not in have
    )
    return BuiltPool((*pool.terms, *extra)) if extra else pool


def _boosted(game: CortexState, who: Character, pool: BuiltPool, name: str) -> BuiltPool:
    """Step up one die of the pool with a boost the character holds."""
    if game.boosts.get(who.name, 0) < 1:
        raise Refusal(f"{who.name} has no boost to use; leave out boost:.")
    wanted = " ".join(name.split()).casefold()
    index = next(
        (
            i
            for i, t in enumerate(pool.terms)
            if t.name.casefold() == wanted or str(t.die) == wanted
        ),
        None,
    )
    if index is None:
        raise Refusal(f"boost: names a die of the pool; '{name}' is not in it.")
    term = pool.terms[index]
    higher = step_up(term.die)
    if not isinstance(higher, Die):
        raise Refusal(f"{term.source or term.die} is a d12 already; boost another die.")
    boosted = dataclasses.replace(term, die=higher, source=f"{term.source or term.die} (boosted)")
    return BuiltPool((*pool.terms[:index], boosted, *pool.terms[index + 1 :]))


def _assists(game: CortexState, who: Character) -> tuple[Term, ...]:
    scene = game.scene
    if scene is None:
        return ()
    return tuple(
        Term(a.die, a.source, "dice", a.source, a.helper) for a in scene.assists if a.to == who.name
    )


def after_push(state: TableState, who: Character, pushed: Term) -> tuple[list[Event], list[str]]:
    """Pushing Stress (Cortex p.40): the pushed stress die steps up after the roll (on a trait,
    with Shaken and Stricken, by that mod's rule)."""
    if mod_on(state, "shaken-stricken"):
        stepped, said = take_trait_stress(cortex(state), who, pushed.name, pushed.die)
    else:
        trauma_on = mod_on(state, "trauma")
        stepped, said = take_stress(who, pushed.name, pushed.die, trauma_on=trauma_on)
    return stepped, [f"Pushed stress: {line}" for line in said]


def extra_trait_price(game: CortexState, state: TableState) -> int:
    """Points for each extra trait from one set (a game may make it cheaper by a mod)."""
    return 1 if mod_on(state, "cheap-extra-traits") else game.rules.extra_trait_cost


def costs_before_rolling(
    state: TableState, who: Character, pool: BuiltPool, pay: int
) -> list[Event]:
    """Plot points a pool costs before it is rolled: extra traits from one set (asked first,
    Cortex p.17) and pushed stress (p.40). A plot point earned on this roll cannot pay."""
    game = cortex(state)
    extra = pool.extra_trait_cost()
    # The price (a mod may change it) is asked only of a pool with extra traits: most have none.
    each = extra_trait_price(game, state) if extra else 0
    cost = extra * each
    payer = (
        f"{who.name} has {who.pp} PP" if who.kind == "pc" else f"the GM bank has {game.gm_bank} PP"
    )
    if cost != pay:
        if cost == 0:
            raise Refusal(f"Nothing in this pool costs plot points; leave out pay:{pay}.")
        doubled = "; ".join(
            f"{' and '.join(names)} are {'both' if len(names) == 2 else 'all'} {s}"
            for s, names in pool.extra_traits()
        )
        raise Refusal(
            f"{doubled}: each trait after the first from a set costs {each} PP, {cost} in all "
            f"({payer}). Add pay:{cost} to spend it, or leave {'one' if cost == 1 else 'some'} out."
        )
    available = who.pp if who.kind == "pc" else game.gm_bank
    if cost > available:
        raise Refusal(f"That costs {cost} PP but {payer}; leave a trait out.")
    events: list[Event] = []
    if cost:
        sets = ", ".join(s for s, _ in pool.extra_traits())
        events.append(
            pay_points(who, -cost, f"extra trait from {sets} on roll #{game.roll_count + 1}")
        )
    pushed = next((t for t in pool.terms if t.pushed), None)
    if pushed is not None:
        if available - cost < 1:
            raise Refusal(f"Pushing stress costs 1 PP more and {payer}.")
        events.append(pay_points(who, -1, f"pushing {pushed.name} stress"))
    return events


def _pushed(state: TableState, who: Character, pool: BuiltPool, kind: str) -> BuiltPool:
    require_mod(state, "pushing-stress")
    found = resolve(who.stress, kind, "stress")
    if found is None:
        have = ", ".join(who.stress) or "none"
        raise Refusal(f"{who.name} has no {kind} stress to push (stress: {have}).")
    die = who.stress[found]
    if die is Die.D4:
        raise Refusal(
            f"{found} stress is a d4: it goes in {who.name}'s own pool anyway, earning 1 PP "
            f"(pool:{quoted('... ' + found + ' stress')}); no need to push it."
        )
    term = Term(die, f"{found} stress (pushed)", "stress", found, pushed=True)
    return BuiltPool((*pool.terms, term))


def pay_points(who: Character, delta: int, reason: str) -> Event:
    if who.kind == "pc":
        return ev.PlotPointsChanged(character=who.name, delta=delta, reason=reason)
    return ev.GmBankChanged(delta=delta, reason=f"{who.name}: {reason}")


def _check_own_troubles(who: Character, pool: BuiltPool) -> None:
    # Cortex p.27, p.39: your own complications and stress go in the opposition's pool; only a
    # d4 goes in your own (and earns a plot point).
    for term in pool.terms:
        if term.pushed:
            continue
        if (
            term.kind in ("complication", "stress", "trauma")
            and not term.owner
            and not term.earns_pp
        ):
            raise Refusal(
                f"{term.source} is {who.name}'s own at {term.die}: it goes in the opposition's "
                f"pool (vs:{quoted('... ' + _named(term))}), not yours; only a d4 goes in your own "
                "pool."
            )


def _named(term: Term) -> str:
    return f"{term.name} {term.kind}" if term.kind in ("stress", "trauma") else term.name
