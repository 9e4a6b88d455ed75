"""The stress and trauma rules, pure: what taking, stepping and recovering them does.

Cortex p.39-41: incoming stress larger than what a character has replaces it; equal or smaller
steps the existing die up by one. Stress stepped past d12 stresses the character out (out of
the scene; treated as d12 for any further stress) and, with trauma, gives d6 trauma of that
type; while stressed out, further stress goes to trauma by the same rule. Trauma stepped past
d12 removes the character from the game for good.
"""

from __future__ import annotations

from scenekeeper.dice import Beyond, Die, Step, step_up
from scenekeeper.engine.events import Event
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.sheets.sheet import Character
from scenekeeper.systems.cortex.state import StressTaken

#: Cortex p.40: the three usual ways to set up stress.
STRESS_PRESETS = {
    "three": ("Physical", "Mental", "Social"),
    "five": ("Afraid", "Angry", "Exhausted", "Injured", "Insecure"),
    "single": ("Stress",),
}
DEFAULT_STRESS_TYPES = STRESS_PRESETS["three"]
#: Cortex p.41: being stressed out gives trauma of that type at d6.
FIRST_TRAUMA = Die.D6


def added(current: Die | None, incoming: Die) -> Step:
    """Cortex p.39: none or smaller takes the incoming die; equal or larger steps up once."""
    if current is None or current < incoming:
        return incoming
    return step_up(current)


def _line(who: Character, what: str, current: Die | None, now: Die, incoming: Die) -> str:
    if current is not None and now != incoming:
        return f"{who.name}: {what} steps up from {current} to {now}."
    return f"{who.name}: {what} is {now}."


def take_stress(
    who: Character, kind: str, die: Die, *, trauma_on: bool
) -> tuple[list[Event], list[str]]:
    """``who`` takes ``die`` stress of type ``kind``."""
    if who.status == "stressed_out" and trauma_on:
        # Cortex p.41: while stressed out, more stress goes straight to trauma.
        to_trauma, said = take_trauma(who, kind, die)
        return to_trauma, [f"{who.name} is stressed out, so the stress goes to trauma.", *said]
    current = who.stress.get(kind)
    stepped = added(current, die)
    noted = ev.StressTakenNoted(
        character=who.name,
        taken=StressTaken(
            stress=kind,
            die=die,
            before=current,
            after=stepped if isinstance(stepped, Die) else Die.D12,
            status_before=who.status,
            trauma_before=who.trauma.get(kind),
        ),
    )
    if isinstance(stepped, Die):
        line = _line(who, f"{kind} stress", current, stepped, die)
        return [ev.StressSet(character=who.name, stress=kind, die=stepped), noted], [line]
    # Past d12: stressed out, and treated as d12 for further stress (Cortex p.40).
    events: list[Event] = [ev.StressSet(character=who.name, stress=kind, die=Die.D12)]
    lines = [f"{who.name}: {kind} stress steps past d12."]
    if who.status != "stressed_out":
        reason = f"{kind} stress past d12"
        events.append(ev.StatusChanged(character=who.name, status="stressed_out", reason=reason))
        lines.append(f"{who.name} is stressed out and leaves the scene.")
    else:
        lines.append(f"{who.name} is stressed out already.")
    if trauma_on:
        more, trauma_lines = take_trauma(who, kind, FIRST_TRAUMA)
        events += more
        lines += trauma_lines
    return [*events, noted], lines


def take_trauma(who: Character, kind: str, die: Die) -> tuple[list[Event], list[str]]:
    current = who.trauma.get(kind)
    stepped = added(current, die)
    if isinstance(stepped, Die):
        line = _line(who, f"{kind} trauma", current, stepped, die)
        return [ev.TraumaSet(character=who.name, trauma=kind, die=stepped)], [line]
    return removed_by_trauma(who, kind)


def removed_by_trauma(who: Character, kind: str) -> tuple[list[Event], list[str]]:
    # Cortex p.41: trauma past d12 takes the character out of the game for good.
    return [
        ev.TraumaSet(character=who.name, trauma=kind, die=Die.D12),
        ev.StatusChanged(character=who.name, status="removed", reason=f"{kind} trauma past d12"),
    ], [f"{who.name}: {kind} trauma steps past d12: {who.name} is out of the game for good."]


def beyond(step: Step) -> bool:
    return step is Beyond.PAST_D12
