"""Tests and saves in words (one fact a line) and as data (``--json``, export)."""

from __future__ import annotations

from typing import Any

from scenekeeper.dice import faces_text
from scenekeeper.systems.cybergod.reading import (
    DIFFICULTY_NAMES,
    OPPOSED_MARGIN,
    RECOMMENDED_COMPLICATIONS,
    Reading,
    count_successes,
    ep_holder,
    ep_left,
)
from scenekeeper.systems.cybergod.state import SaveRecord, TestRecord

#: corebook 07 "Stress": the Mental Breakdown table (d12).
BREAKDOWNS = {
    1: ("Nervous", "-1D to whatever you do next."),
    2: ("Klutz", "you trip and lose footing or slip whatever you were holding."),
    3: ("Drop Equipment", "test Alertness x Mind or something important is gone."),
    4: ("Noisy", "you make extra noise constantly; stealth fails automatically."),
    5: ("ALL CAPS!", "you speak at full volume whenever you say anything."),
    6: ("Wrong Turn!", "you fumble and lose your Action."),
    7: ("Mental Block", "you freeze for one round, unable to act at all."),
    8: ("Hopeless!", "everyone else takes Stress from your negativity; you try to quit."),
    9: ("Rage!", "you break something or do something stupid; -1D on Mind tests."),
    10: ("Tremors", "-1D to all Body or Reflex tests until you cool down."),
    11: ("Paranoia", "everyone on your team who hears you takes Stress; -1D on Mind tests."),
    12: ("Full Panic", "you act irrationally; everything you do is at -1D."),
}


_PLURALS = {"die": "dice", "success": "successes", "EP": "EP"}


def plural(count: int, word: str) -> str:
    return f"{count} {word if count == 1 else _PLURALS.get(word, word + 's')}"


def difficulty_label(threshold: int, named: str) -> str:
    """``Moderate (2)``, or ``threshold 5`` for a number the table does not name."""
    return f"{named} ({threshold})" if named else f"threshold {threshold}"


def _complications(test: TestRecord) -> str:
    return ", ".join(f"{c.name} ({c.rating})" for c in test.complications)


def describe_test(test: TestRecord, reading: Reading) -> list[str]:
    label = f" for {test.label}" if test.label else ""
    lines = [f"{test.roller} tests {test.written}{label}, #{test.id}: {_dice(test, reading)}."]
    if test.impossible:
        lines.append(
            "Impossible (the GM's call): the test fails whatever the dice, so none are rolled, "
            "and Resolve cannot save it."
        )
    elif test.dice == 0 and not test.burned and reading.outcome != "rolled":
        lines.append("No dice to roll: an automatic failure (Modifiers).")
    if test.burned:
        lines.append("Resolve burned: an automatic success; the dice roll for bonus effects.")
    lines.append(_outcome(test, reading))
    if test.complications:
        lines.append(_complication_line(test, reading))
        lines += _unpaid_line(test, reading)
    if reading.ep:
        holder = ep_holder(test, reading)
        left = ep_left(test, reading)
        how = "/effect" if holder == test.roller else f"/effect roll:{test.id}"
        lines.append(
            f"{holder}: {plural(reading.ep, 'EP')}, {left} left (the Basic Effect costs 1: {how})."
        )
    for effect in test.effects:
        lasting = "" if effect.lasts == "instant" else f", lasts {effect.lasts}"
        lines.append(f"Spent: {effect.name} ({effect.cost} EP, {effect.by}{lasting}).")
    return lines


def _dice(test: TestRecord, reading: Reading) -> str:
    notes = []
    if test.modifier:
        notes.append(f"{test.modifier:+d}")
    if test.wound_penalty:
        notes.append(f"wounds -{test.wound_penalty}D")
    if test.applied != test.modifier - test.wound_penalty:
        notes.append(f"counted as {test.applied:+d}, at most +-3")
    if test.base + test.applied > test.dice and test.dice:
        dropped = test.base + test.applied - test.dice
        notes.append(f"{plural(dropped, 'die')} over 10 dropped")
    pool = f"{test.base} D{test.die}"
    if notes:
        pool += f" ({', '.join(notes)}) = {test.dice} D{test.die}"
    if not test.faces:
        return f"{pool}, nothing rolled"
    faces = faces_text(test.faces)
    rerolled = " after a Resolve re-roll" if test.rerolls else ""
    return f"{pool}: {faces}{rerolled} = {plural(reading.successes, 'success')}"


def _outcome(test: TestRecord, reading: Reading) -> str:
    if test.against is not None:
        return _opposed_outcome(test, reading)
    if test.threshold is None:
        return (
            f"No difficulty: {plural(reading.successes, 'success')}, to be opposed with "
            f'/test vs:"#{test.id}".'
        )
    against = difficulty_label(test.threshold, test.difficulty)
    if reading.outcome == "success":
        beyond = f", {plural(reading.extra, 'success')} beyond it" if reading.extra else ""
        return f"Against {against}: success{beyond}."
    return f"Against {against}: failure."


def _opposed_outcome(test: TestRecord, reading: Reading) -> str:
    theirs = reading.their_successes or 0
    need = test.threshold or OPPOSED_MARGIN
    named = f", {DIFFICULTY_NAMES[need]}" if test.difficulty and need in DIFFICULTY_NAMES else ""
    other = f"{test.their_roller}'s #{test.against} ({plural(theirs, 'success')})"
    head = f"Against {other}, margin needed {need}{named}:"
    margin = reading.margin or 0
    if reading.outcome == "success":
        if margin >= need:
            return f"{head} {test.roller} wins by {margin}, success."
        return f"{head} success by burned Resolve (margin {margin})."
    if reading.outcome == "stalemate":
        return f"{head} equal successes, a stalemate; nobody wins."
    if reading.victor == "opponent":
        return f"{head} {test.their_roller} is the victor by {-margin}; {test.roller} fails."
    if reading.auto_fail:
        return f"{head} {test.roller} fails; nobody is the victor."
    return f"{head} {test.roller} is ahead by {margin} but needed {need}: failure."


def _unpaid_line(test: TestRecord, reading: Reading) -> list[str]:
    """R41: a choice the extra successes cannot pay is said, with its cost -- never dropped
    without a word (after the dice it cannot be refused, as /pick refuses it)."""
    if test.overcome is None or reading.outcome != "success":
        return []
    unpaid = [c for c in test.complications if c.name in test.overcome]
    unpaid = [c for c in unpaid if c.name not in reading.overcome]
    if not unpaid:
        return []
    cost = ", ".join(f"{c.name} ({c.rating})" for c in unpaid)
    extra = f"{reading.extra} extra success{'' if reading.extra == 1 else 'es'}"
    return [
        f"Not overcome as chosen: {cost} costs more than the {extra} #{test.id} had for it; "
        "choose again with /pick overcome:<names> (or all, none)."
    ]


def _complication_line(test: TestRecord, reading: Reading) -> str:
    parts = []
    if reading.overcome:
        parts.append(f"overcome {', '.join(reading.overcome)}")
    if reading.not_overcome:
        verb = "happens" if len(reading.not_overcome) == 1 else "happen"
        parts.append(f"{', '.join(reading.not_overcome)} {verb}")
    note = ""
    if len(test.complications) > RECOMMENDED_COMPLICATIONS:
        note = " (more than three on one test is not recommended)"
    return f"Complications {_complications(test)}: {'; '.join(parts)}{note}."


def data_of_test(test: TestRecord, reading: Reading) -> dict[str, Any]:
    data: dict[str, Any] = {
        "roll": test.id,
        "roller": test.roller,
        "test": test.written,
        "dice": test.dice,
        "die": f"d{test.die}",
        "faces": list(test.faces),
        "successes": reading.successes,
        "threshold": test.threshold if test.against is None else None,
        "difficulty": test.difficulty or None,
        "outcome": reading.outcome,
        "ep": reading.ep,
        "ep_left": ep_left(test, reading),
        "ep_holder": ep_holder(test, reading),
        "complications": {c.name: c.rating for c in test.complications},
        "overcome": list(reading.overcome),
        "not_overcome": list(reading.not_overcome),
        "auto_fail": reading.auto_fail,
        "modifier": test.modifier,
        "wound_penalty": test.wound_penalty,
        "applied": test.applied,
        "capped": test.applied != test.modifier - test.wound_penalty,
        "burned": test.burned,
        "rerolled": [list(f) for f in test.rerolls],
        "effects": [e.model_dump(mode="json") for e in test.effects],
    }
    if test.against is not None:
        data.update(
            {
                "against": test.against,
                "their_successes": reading.their_successes,
                "margin": reading.margin,
                "margin_needed": test.threshold or OPPOSED_MARGIN,
                "victor": reading.victor,
            }
        )
    return data


def save_lines(save: SaveRecord) -> list[str]:
    faces = faces_text(save.faces)
    label = f" ({save.label})" if save.label else ""
    kind = "Save" if save.save == "other" else f"{save.save.capitalize()} Save"
    if save.save == "breakdown":
        name, what = BREAKDOWNS[save.faces[0]]
        return [
            f"Mental Breakdown for {save.roller}{label}, #{save.id}: d12 {faces}: {name} -- {what}"
        ]
    shows = "shows" if save.failed_dice == 1 else "show"
    verdict = (
        "passes" if save.passed else f"fails ({plural(save.failed_dice, 'die')} {shows} {save.die})"
    )
    return [
        f"{kind} for {save.roller}{label}, #{save.id}: {save.dice} D{save.die}: {faces}; {verdict}."
    ]


def save_data(save: SaveRecord) -> dict[str, Any]:
    data: dict[str, Any] = {
        "roll": save.id,
        "kind": save.save,
        "roller": save.roller,
        "dice": save.dice,
        "die": f"d{save.die}",
        "faces": list(save.faces),
        "failed_dice": save.failed_dice,
        "outcome": "pass" if save.passed else "fail",
    }
    if save.save == "breakdown":
        data.update({"result": save.faces[0], "name": BREAKDOWNS[save.faces[0]][0]})
        del data["outcome"], data["failed_dice"]
    return data


__all__ = [
    "BREAKDOWNS",
    "count_successes",
    "data_of_test",
    "describe_test",
    "save_data",
    "save_lines",
]
