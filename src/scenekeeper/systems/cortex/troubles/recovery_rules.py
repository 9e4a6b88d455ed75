"""Recovery tests, the rules: what a recovery roll does to the track it recovers, decided on
the roll's reading -- and decided again, from the track as it stood before the test, when
after-roll spends change that reading (:func:`redecide`).

Cortex p.37 (complications) and p.40 (stress): roll against d8 d8 plus the die.
  beat, effect die larger than it        -> eliminated
  beat, effect die equal or smaller      -> steps down one; no retry until time passes
  beat with a hitch                      -> as above, and the GM may pay 1 PP for a new
                                            complication or d6 stress of another type
  fail                                   -> unchanged
  fail with hitches                      -> steps up once per hitch
Cortex p.41 (trauma): beat -> steps down one; fail -> unchanged, no retry until time passes;
fail with hitches -> steps up once per hitch, past d12 out of the game for good. A game may use
a simpler trauma table (Scions): beat with a larger effect die -> steps back one; beat
otherwise -> stable; fail -> steps up one.
"""

from __future__ import annotations

from typing import Literal

from scenekeeper.dice import Die, step_down, step_up
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.roll.choices import hitch_count
from scenekeeper.systems.cortex.roll.reading import Reading, alternatives
from scenekeeper.systems.cortex.roll.rolls import outcome_of, reading_of, steps
from scenekeeper.systems.cortex.sheets.sheet import Character
from scenekeeper.systems.cortex.state import CortexState, Recovery, RollRecord
from scenekeeper.systems.cortex.troubles.stress import removed_by_trauma, take_stress
from scenekeeper.systems.cortex.troubles.troubles import complication_events

Kind = Literal["stress", "trauma", "complication"]
#: A roll made for a recovery test (``RollRecord.purpose``).
PURPOSE = "recovery"
#: What the GM may do with a hitch on a recovery test that beat the difficulty (p.37, p.40-41).
HITCH_NOTE = {
    "stress": "A hitch: the GM may pay 1 PP from the bank for a new complication, or d6 stress "
    "of another type (/complication add or /stress add).",
    "trauma": "A hitch: the GM may pay 1 PP from the bank for a complication hindering the next "
    "scene, or stress of another type (d6, or stepping it up) (/complication add, /stress add).",
    "complication": "A hitch: the GM may pay 1 PP from the bank for a new related complication "
    "(/complication add).",
}


def track(who: Character, kind: Kind, name: str) -> Die | None:
    held: dict[str, Die] = {
        "stress": who.stress,
        "trauma": who.trauma,
        "complication": who.complications,
    }[kind]
    return held.get(name)


def label(kind: str, name: str) -> str:
    return name if kind == "complication" else f"{name} {kind}"


def decide(
    state: TableState, who: Character, kind: Kind, name: str, record: RollRecord
) -> tuple[list[Event], list[str], Recovery]:
    """What the recovery roll ``record`` does to ``who``'s ``name`` (as it stands now, before
    the test): the events, the lines, and the test as kept for deciding it again."""
    die = track(who, kind, name)
    if die is None:
        raise Refusal(f"{who.name} has no {label(kind, name)} any more.")
    result = outcome_of(record)
    assert result is not None  # a recovery test has a difficulty
    beat = result.succeeded
    effect = result.effect if isinstance(result.effect, Die) else None
    game = state.game
    assert isinstance(game, CortexState)
    if kind == "trauma" and game.rules.trauma_recovery == "simple":
        events, lines = _simple_trauma(who, name, die, beat=beat, effect=effect)
    else:
        events, lines = _outcome(
            who,
            kind,
            name,
            die,
            beat=beat,
            effect=effect,
            hitches=hitch_count(record),
            trauma_on=mod_on(state, "trauma"),
        )
    return events, lines, _kept(who, kind, name, record.id, events)


def _kept(who: Character, kind: Kind, name: str, roll_id: int, events: list[Event]) -> Recovery:
    """The test as kept: the track, status and trauma before it and after ``events``."""
    after, status, trauma = track(who, kind, name), who.status, who.trauma.get(name)
    locked = False
    for event in events:
        if isinstance(event, ev.StressSet | ev.TraumaSet | ev.ComplicationSet):
            value = event.die
            if isinstance(event, ev.TraumaSet) and kind == "stress":
                trauma = value
            else:
                after = value
                if kind == "trauma":
                    trauma = value
        elif isinstance(event, ev.StressRemoved | ev.TraumaRemoved | ev.ComplicationRemoved):
            after = None
            if kind == "trauma":
                trauma = None
        elif isinstance(event, ev.StatusChanged):
            status = event.status
        elif isinstance(event, ev.RecoveryLocked):
            locked = True
    return Recovery(
        roll_id=roll_id,
        character=who.name,
        kind=kind,
        name=name,
        before=track(who, kind, name),
        after=after,
        status_before=who.status,
        status_after=status,
        trauma_before=who.trauma.get(name),
        trauma_after=trauma,
        locked=locked,
    )


def redecide(
    state: TableState, game: CortexState, roll_id: int
) -> tuple[list[Event], list[str]] | None:
    """The recovery test of roll ``roll_id`` decided again on its new reading, from the track
    as it stood before the test (None: the roll is not the newest recovery test)."""
    kept = game.recovery
    record = game.roll_by_id(roll_id)
    if kept is None or kept.roll_id != roll_id or record is None:
        return None
    who = game.find_character(kept.character)
    if who is None:
        return None
    if (
        track(who, kept.kind, kept.name) != kept.after
        or who.status != kept.status_after
        or who.trauma.get(kept.name) != kept.trauma_after
    ):
        raise Refusal(
            f"{who.name}'s {label(kept.kind, kept.name)} has changed since roll #{roll_id}: the "
            "recovery stands as it was."
        )
    before = _restored(who, kept)
    events, lines, again = decide(state, before, kept.kind, kept.name, record)
    undo = _undo(who, kept)
    return [*undo, *events, *_keep(again)], lines


def _restored(who: Character, kept: Recovery) -> Character:
    """``who`` as they stood before the test."""
    held = {
        "stress": dict(who.stress),
        "trauma": dict(who.trauma),
        "complication": dict(who.complications),
    }
    tracks = held[kept.kind]
    tracks.pop(kept.name, None)
    if kept.before is not None:
        tracks[kept.name] = kept.before
    if kept.kind == "stress":
        held["trauma"].pop(kept.name, None)
        if kept.trauma_before is not None:
            held["trauma"][kept.name] = kept.trauma_before
    return who.model_copy(
        update={
            "stress": held["stress"],
            "trauma": held["trauma"],
            "complications": held["complication"],
            "status": kept.status_before,
        }
    )


def _undo(who: Character, kept: Recovery) -> list[Event]:
    """Events putting the track, its trauma, the status and the retry lock back as they were
    before the test."""
    events: list[Event] = [*_set(who, kept.kind, kept.name, kept.before)[0]]
    if kept.kind == "stress" and kept.trauma_after != kept.trauma_before:
        events += _set(who, "trauma", kept.name, kept.trauma_before)[0]
    if kept.status_after != kept.status_before:
        events.append(
            ev.StatusChanged(
                character=who.name, status=kept.status_before, reason="recovery decided again"
            )
        )
    if kept.locked:
        events.append(ev.RecoveryUnlocked(character=who.name, kind=kept.kind, name=kept.name))
    return events


def _keep(kept: Recovery) -> list[Event]:
    return [ev.RecoveryKept(recovery=kept)]


def best_reading(record: RollRecord) -> tuple[Reading, Event | None]:
    """The reading with the largest effect die that still beats the difficulty (the one the
    player would pick), and the event choosing it when it is not the suggested one."""
    now = reading_of(record)

    def worth(reading: Reading) -> tuple[int, int]:
        result = outcome_of(record, reading)
        if result is None or not result.succeeded:
            return (0, reading.total)
        return (1, int(result.effect) if isinstance(result.effect, Die) else 13)

    best = max(alternatives(steps(record), record.keep, record.effects), key=worth)
    if worth(best) <= worth(now):
        return now, None
    chosen = ev.ReadingChosen(
        roll_id=record.id,
        keep=record.keep,
        effects=record.effects,
        total_dice=best.total_dice,
        effect_dice=best.effect_dice,
    )
    return best, chosen


def _outcome(
    who: Character,
    kind: Kind,
    name: str,
    die: Die,
    *,
    beat: bool,
    effect: Die | None,
    hitches: int,
    trauma_on: bool,
) -> tuple[list[Event], list[str]]:
    """``effect`` is the effect die after heroic steps; None: stepped past d12."""
    named = label(kind, name)
    lock: list[Event] = [ev.RecoveryLocked(character=who.name, kind=kind, name=name)]
    if not beat:
        if hitches:
            return _worse(who, kind, name, die, hitches=hitches, trauma_on=trauma_on)
        if kind == "trauma":
            return lock, [f"Failed: {named} stays {die}; no retry until time passes."]
        return [], [f"Failed: {named} stays {die}."]
    if kind != "trauma" and (effect is None or effect > die):
        events, line = _set(who, kind, name, None)
        shown = effect or "past d12"
        lines = [f"Beat it with effect {shown}, larger than {die}: {line}"]
    elif kind == "trauma":
        lowered = step_down(die)
        events, line = _set(who, kind, name, lowered if isinstance(lowered, Die) else None)
        lines = [f"Beat it: {line}"]
    else:
        lowered = step_down(die)
        events, line = _set(who, kind, name, lowered if isinstance(lowered, Die) else None)
        events += lock
        lines = [
            f"Beat it, but effect {effect} is not larger than {die}: {line} "
            "No retry until time passes."
        ]
    if hitches:
        lines.append(HITCH_NOTE[kind])
    return events, lines


def _worse(
    who: Character, kind: Kind, name: str, die: Die, *, hitches: int, trauma_on: bool
) -> tuple[list[Event], list[str]]:
    said = f"Failed with {hitches} hitch{'es' if hitches > 1 else ''}:"
    raised = step_up(die, hitches)
    if isinstance(raised, Die):
        events, line = _set(who, kind, name, raised)
        return events, [f"{said} {line}"]
    # Stepped past d12: what that means is the thing's own rule.
    if kind == "trauma":
        events, lines = removed_by_trauma(who, name)
    elif kind == "complication":
        events, line = complication_events(who, name, die, hitches - 1)
        lines = [line]
    else:
        at_top = who.model_copy(update={"stress": {**who.stress, name: Die.D12}})
        events, lines = take_stress(at_top, name, Die.D12, trauma_on=trauma_on)
    return events, [said, *lines]


def _set(who: Character, kind: Kind, name: str, die: Die | None) -> tuple[list[Event], str]:
    """The event putting ``name`` at ``die`` (None: gone), and how it reads."""
    event: Event
    if kind == "stress":
        event = (
            ev.StressSet(character=who.name, stress=name, die=die)
            if die
            else ev.StressRemoved(character=who.name, stress=name)
        )
    elif kind == "trauma":
        event = (
            ev.TraumaSet(character=who.name, trauma=name, die=die)
            if die
            else ev.TraumaRemoved(character=who.name, trauma=name)
        )
    else:
        event = (
            ev.ComplicationSet(owner=who.name, name=name, die=die)
            if die
            else ev.ComplicationRemoved(owner=who.name, name=name)
        )
    named = label(kind, name)
    return [event], f"{named} is now {die}." if die else f"{named} is gone."


def _simple_trauma(
    who: Character, name: str, die: Die, *, beat: bool, effect: Die | None
) -> tuple[list[Event], list[str]]:
    """A game's simpler trauma recovery (Scions): beat it with a larger effect die -> trauma
    steps back one; beat it otherwise -> stable; fail -> it steps up one."""
    if beat and (effect is None or effect > die):
        lowered = step_down(die)
        events, line = _set(who, "trauma", name, lowered if isinstance(lowered, Die) else None)
        return events, [f"Beat it with a larger effect die: {line}"]
    if beat:
        return [], [f"Beat it, but the effect die is not larger: {name} trauma is stable at {die}."]
    raised = step_up(die)
    if not isinstance(raised, Die):
        return removed_by_trauma(who, name)
    events, line = _set(who, "trauma", name, raised)
    return events, [f"Failed: {line}"]
