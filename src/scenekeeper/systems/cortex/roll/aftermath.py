"""What a roll leaves behind on the roller's sheet, decided with the roll itself.

Cortex p.27, p.39: a d4 complication or d4 stress in your own pool goes away after the roll,
or steps up to d6 if the roll had a hitch. A beat-long asset is used up by the roll.
"""

from __future__ import annotations

from scenekeeper.dice import Die
from scenekeeper.engine.events import Event
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.roll.pools import BuiltPool
from scenekeeper.systems.cortex.roll.reading import hitches
from scenekeeper.systems.cortex.roll.rolls import steps
from scenekeeper.systems.cortex.sheets.sheet import Character
from scenekeeper.systems.cortex.state import RollRecord


def after_roll(who: Character, pool: BuiltPool, roll: RollRecord) -> tuple[list[Event], list[str]]:
    hitched = hitches(steps(roll)) > 0
    events: list[Event] = []
    notes: list[str] = []
    for term in pool.terms:
        if term.owner:
            continue
        if term.kind == "complication" and term.earns_pp:
            if hitched:
                events.append(ev.ComplicationSet(owner=who.name, name=term.name, die=Die.D6))
                notes.append(f"{term.name} worsens to d6 (the roll had a hitch).")
            else:
                events.append(ev.ComplicationRemoved(owner=who.name, name=term.name))
                notes.append(f"{term.name} (d4) is gone.")
        elif term.kind == "stress" and term.earns_pp:
            if hitched:
                events.append(ev.StressSet(character=who.name, stress=term.name, die=Die.D6))
                notes.append(f"{term.name} stress worsens to d6 (the roll had a hitch).")
            else:
                events.append(ev.StressRemoved(character=who.name, stress=term.name))
                notes.append(f"{term.name} stress (d4) is gone.")
        elif term.kind == "asset" and _beat_asset(who, term.name):
            events.append(ev.AssetRemoved(owner=who.name, name=term.name))
            notes.append(f"{term.name} was a one-beat asset and is used up.")
    return events, notes


def _beat_asset(who: Character, name: str) -> bool:
    asset = who.assets.get(name)
    return asset is not None and asset.duration == "beat"
