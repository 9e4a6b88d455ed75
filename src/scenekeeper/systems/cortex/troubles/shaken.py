"""The Shaken and Stricken mod (Cortex p.42): stress lands on traits instead of stress types.

The traits of one set (chosen before play; Attributes by default) take stress; the opponent
chooses which. Stress larger than the trait's own rating leaves the character shaken: they keep
only one die for their total. Shaken and then shaken on a second trait -- or any stress stepped
past d12 -- leaves them stricken: taken out.
"""

from __future__ import annotations

import re

from scenekeeper.dice import Die
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.names import resolve
from scenekeeper.engine.quoting import quoted
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.roll.pools import BuiltPool, opposition_pool
from scenekeeper.systems.cortex.sheets.sheet import Character
from scenekeeper.systems.cortex.state import CortexState, cortex
from scenekeeper.systems.cortex.troubles.stress import added

MOD = "shaken-stricken"


def stressed_trait(game: CortexState, who: Character, wanted: str) -> str:
    traits = who.traits.get(game.shaken_set, {})
    found = resolve(traits, wanted, "trait")
    if found is None:
        listed = ", ".join(traits) or f"none in {game.shaken_set}"
        raise Refusal(
            f"With Shaken and Stricken, stress goes on one of {who.name}'s {game.shaken_set} "
            f"({listed}); '{wanted}' is not one."
        )
    return found


def shaken_traits(game: CortexState, who: Character) -> list[str]:
    """The traits whose stress is larger than their own rating."""
    traits = who.traits.get(game.shaken_set, {})
    return [t for t, die in who.stress.items() if t in traits and die > traits[t]]


def keep_for(game: CortexState, who: Character, shaken_on: bool) -> int:
    """How many dice the character keeps for a total (1 when shaken)."""
    return 1 if shaken_on and shaken_traits(game, who) else 2


def take_trait_stress(
    game: CortexState, who: Character, trait: str, die: Die
) -> tuple[list[Event], list[str]]:
    current = who.stress.get(trait)
    stepped = added(current, die)
    if not isinstance(stepped, Die):
        return [
            ev.StressSet(character=who.name, stress=trait, die=Die.D12),
            ev.StatusChanged(
                character=who.name, status="taken_out", reason=f"stricken: {trait} stress past d12"
            ),
        ], [f"{who.name}: {trait} stress steps past d12: {who.name} is stricken and taken out."]
    events: list[Event] = [ev.StressSet(character=who.name, stress=trait, die=stepped)]
    if current is not None and stepped != die:
        lines = [f"{who.name}: {trait} stress steps up from {current} to {stepped}."]
    else:
        lines = [f"{who.name}: {trait} stress is {stepped}."]
    rating = who.traits[game.shaken_set][trait]
    if stepped > rating:
        already = [t for t in shaken_traits(game, who) if t != trait]
        if already:
            events.append(
                ev.StatusChanged(
                    character=who.name,
                    status="taken_out",
                    reason=f"stricken: shaken on {already[0]} and {trait}",
                )
            )
            lines.append(
                f"{who.name} was shaken already ({already[0]}): now stricken and taken out."
            )
        else:
            lines.append(
                f"{trait} stress {stepped} is larger than {trait} {rating}: {who.name} is "
                "shaken and keeps only one die for a total."
            )
    return events, lines


def stressed_in_pool(game: CortexState, who: Character, pool: BuiltPool) -> list[tuple[str, Die]]:
    """The traits of ``pool`` that carry stress (Shaken and Stricken), and their stress."""
    traits = who.traits.get(game.shaken_set, {})
    pushed = {t.name for t in pool.terms if t.pushed}
    return [
        (t.name, who.stress[t.name])
        for t in pool.terms
        if t.kind == "trait" and t.name in traits and t.name in who.stress and t.name not in pushed
    ]


def with_trait_stress(
    state: TableState, who: Character, pool: BuiltPool, vs: str | None, vs_results: str | None
) -> tuple[str | None, list[str]]:
    """Cortex p.42: stress on a trait joins the opposition's pool whenever its character uses
    that trait (a d4 goes in their own pool instead, ``pool_building``). Against dice (a
    difficulty, a pool) it is added to them; against a total already rolled, the line says to
    add it to the opposition's next roll. Returns the vs: to roll and the lines to say."""
    if not mod_on(state, MOD):
        return vs, []
    game = cortex(state)
    named = _named_in(state, vs)
    stressed = [
        (t, d)
        for t, d in stressed_in_pool(game, who, pool)
        if d is not Die.D4 and (who.name, t) not in named
    ]
    if not stressed:
        return vs, []
    names = [f"{who.name}'s {trait} stress" for trait, _ in stressed]
    said = ", ".join(f"{trait} {die}" for trait, die in stressed)
    against_dice = vs is not None and not _NOT_DICE.fullmatch(vs.strip())
    if not against_dice:
        return vs, [
            f"{who.name} uses stressed {said}: it joins the opposition's pool (Shaken and "
            f"Stricken); add {quoted(' '.join(names))} to the opposing roll."
        ]
    assert vs is not None
    if vs_results is not None and len(vs_results.replace(",", " ").split()) == _count(state, vs):
        raise Refusal(
            f"{who.name}'s {said} stress joins the difficulty dice (Shaken and Stricken): give "
            "vs_results: a face for it too, last."
        )
    return f"{vs} {' '.join(names)}", [
        f"{who.name} uses stressed {said}: the stress joins the difficulty dice (Shaken and "
        "Stricken)."
    ]


#: A vs: that is not dice: a number, a roll (#4), or the last roll.
_NOT_DICE = re.compile(r"-?[0-9]+|#?[0-9]+|last", re.IGNORECASE)


def _named_in(state: TableState, vs: str | None) -> set[tuple[str, str]]:
    """The stress a vs: names already: (whose, which)."""
    if vs is None or _NOT_DICE.fullmatch(vs.strip()):
        return set()
    try:
        pool, _ = opposition_pool(vs, cortex(state), static=False, doom=True)
    except Refusal:
        return set()
    return {(t.owner, t.name) for t in pool.terms if t.kind == "stress"}


def _count(state: TableState, vs: str) -> int:
    """How many dice a vs: rolls as it stands (for the faces given with it)."""
    static = mod_on(state, "static-difficulty")
    try:
        pool, _ = opposition_pool(vs, cortex(state), static=static, doom=True)
    except Refusal:
        return -1
    return len(pool.terms)
