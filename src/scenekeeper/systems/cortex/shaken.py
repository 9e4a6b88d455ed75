"""The Shaken and Stricken mod (Cortex p.42): stress lands on traits instead of stress types.

The traits of one set (chosen before play; Attributes by default) take stress; the opponent
chooses which. Stress larger than the trait's own rating leaves the character shaken: they keep
only one die for their total. Shaken and then shaken on a second trait -- or any stress stepped
past d12 -- leaves them stricken: taken out.
"""

from __future__ import annotations

from scenekeeper.dice import Die
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.sheet import Character, same_name
from scenekeeper.systems.cortex.state import CortexState
from scenekeeper.systems.cortex.stress import added

MOD = "shaken-stricken"


def stressed_trait(game: CortexState, who: Character, wanted: str) -> str:
    traits = who.traits.get(game.shaken_set, {})
    found = next((t for t in traits if same_name(t, wanted)), None)
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
