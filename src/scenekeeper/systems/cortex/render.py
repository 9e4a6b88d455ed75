"""How Cortex things read in a reply: one fact a line, plain words, no tables."""

from __future__ import annotations

from typing import Any

from scenekeeper.dice import Die
from scenekeeper.engine.quoting import option
from scenekeeper.engine.sheets.paper import not_yet_rated
from scenekeeper.systems.cortex.roll.reading import (
    Outcome,
    Reading,
    alternatives,
    highest_total,
    hitches,
    is_botch,
    read_outcome,
)
from scenekeeper.systems.cortex.roll.rolls import NO_CHARACTER, outcome_of, reading_of, steps
from scenekeeper.systems.cortex.sheets.sheet import Character
from scenekeeper.systems.cortex.state import RollRecord


def sheet_lines(who: Character, owner: str | None, trait_sets: tuple[str, ...] = ()) -> list[str]:
    kind = "GMC" if who.kind == "gmc" else "character"
    played = f", played by {owner}" if owner else ""
    status = who.status.replace("_", " ")
    pp = "" if who.kind == "gmc" else f", {who.pp} PP"
    xp = f", {who.xp} XP" if who.xp else ""
    lines = [f"{who.name} ({kind}{played}){pp}{xp}, {status}."]
    ordered = [s for s in trait_sets if s in who.traits] + [
        s for s in who.traits if s not in trait_sets
    ]
    for set_name in ordered:
        traits = ", ".join(f"{t} {d}" for t, d in who.traits[set_name].items())
        lines.append(f"{set_name}: {traits}.")
    lines += not_yet_rated([s for s in trait_sets if s not in who.traits])
    lines.extend(f"SFX {name}: {text}" for name, text in who.sfx.items())
    if who.assets:
        assets = ", ".join(
            f"{name} {a.die} ({a.duration}{', open' if a.open else ''})"
            for name, a in who.assets.items()
        )
        lines.append(f"Assets: {assets}.")
    for label, dice in (
        ("Complications", who.complications),
        ("Stress", who.stress),
        ("Trauma", who.trauma),
    ):
        if dice:
            lines.append(f"{label}: {', '.join(f'{n} {d}' for n, d in dice.items())}.")
    return lines


def roll_lines(
    roll: RollRecord,
    opposition: RollRecord | None = None,
    *,
    dice_fall: bool = False,
) -> list[str]:
    """A roll as it reads at the table: every die and face, the reading, the alternatives,
    the outcome, hitches."""
    dice = steps(roll)
    reading = reading_of(roll)
    count = hitches(dice)
    botch = is_botch(dice, count)
    lines = [f"{roll.roller} rolls #{roll.id}{_typed(roll)}: {_faces(roll)}."]
    if opposition is not None:
        lines.append(
            f"Against {roll.against} (#{opposition.id}{', typed' if opposition.typed else ''}: "
            f"{_faces(opposition)}): difficulty {roll.difficulty}."
        )
        opportunities = hitches(steps(opposition))
        if opportunities and roll.purpose != NO_CHARACTER:
            lines.append(
                f"{opportunities} opportunit{'y' if opportunities == 1 else 'ies'} on the GM's "
                f"dice: {roll.roller} may activate {'it' if opportunities == 1 else 'them'} for "
                f"1 PP with /opportunity roll:{opposition.id}."
            )
    elif roll.against.startswith("difficulty"):
        lines.append(f"Against {roll.against}.")
    elif roll.against:
        lines.append(f"Against {roll.against}: difficulty {roll.difficulty}.")
    if botch and roll.side == "gm":
        lines.append("Every GM die shows 1: total 0, and every 1 is an opportunity.")
        return lines
    if botch and roll.purpose == NO_CHARACTER:
        lines.append("Botch: every die is a hitch. Total 0, effect d4.")
        return lines
    if botch:
        lines.append(
            "Botch: every die is a hitch. Total 0, effect d4. The GM creates a d6 complication "
            "for free, stepped up per hitch past the first: "
            f"/hitch {option('character', roll.roller)}."
        )
        return lines
    lines.append(_reading_line(roll, reading, "Total"))
    if dice_fall:
        lines.append("Let the dice fall (mod): the highest dice make the total.")
    else:
        for other in worth_offering(roll, reading):
            lines.append(_reading_line(roll, other, "Or: total"))
    result = outcome_of(roll, reading)
    if result is not None:
        lines.append(_outcome_line(result))
    them = "it" if count == 1 else "them"
    if count and roll.side == "gm":
        lines.append(
            f"{count} opportunit{'y' if count == 1 else 'ies'} (1s on the GM's dice): a player "
            f"may activate {them} for 1 PP with /opportunity roll:{roll.id}."
        )
    elif count and not roll.hitches_activated and roll.purpose != NO_CHARACTER:
        lines.append(
            f"{count} hitch{'es' if count > 1 else ''}: the GM may activate {them} "
            f"with /hitch {option('character', roll.roller)}."
        )
    return lines


def _typed(roll: RollRecord) -> str:
    """The mark of a roll whose faces a person typed (results:), not the bot."""
    return " (typed faces)" if roll.typed else ""


def worth_offering(roll: RollRecord, chosen: Reading) -> list[Reading]:
    """The other readings a player may want: every Pareto choice keeping a larger effect die;
    against a known difficulty only those that still succeed and end with a larger effect die
    (heroic steps included), since a failed test's effect die does nothing."""
    dice = steps(roll)
    if roll.difficulty is not None:
        # No reading totals more than the highest faces the roll keeps: when even those fail,
        # every reading fails, and none is worth offering (a roll fails about half the time).
        most = read_outcome(
            highest_total(dice, roll.keep), Die.D4, roll.difficulty, ties_succeed=roll.ties_succeed
        )
        if most is not None and not most.succeeded:
            return []
    others = [r for r in alternatives(dice, roll.keep, roll.effects) if r != chosen]
    if roll.difficulty is None:
        return others
    mine = outcome_of(roll, chosen)

    def final(result: Outcome | None) -> int:
        if result is None or not result.succeeded:
            return 0
        return int(result.effect) if isinstance(result.effect, Die) else 13  # 13: past d12

    return [r for r in others if final(outcome_of(roll, r)) > final(mine)]


def outcome_lines(roll: RollRecord) -> list[str]:
    """How a roll reads now (after a pick or a plot point spent on it)."""
    reading = reading_of(roll)
    lines = [f"{roll.roller}'s roll #{roll.id} now reads: " + _reading_line(roll, reading, "total")]
    result = outcome_of(roll, reading)
    if result is not None:
        lines.append(_outcome_line(result))
    return lines


#: Each die's name, as ``str`` makes it, found rather than made (a call each: issue 36).
_NAME = {die: str(die) for die in Die}


def _faces(roll: RollRecord) -> str:
    parts = []
    for die in roll.dice:
        name = _NAME[die.die]
        mark = " (hitch)" if die.face == 1 else ""
        label = f"{die.source} " if die.source and die.source != name else ""
        parts.append(f"{label}{name} {die.face}{mark}")
    return ", ".join(parts)


def _reading_line(roll: RollRecord, reading: Reading, lead: str) -> str:
    dice = roll.dice
    used = " + ".join([str(dice[i].face) for i in reading.total_dice]) or "nothing"
    effects = ", ".join([_NAME[e] for e in reading.effects])
    plural = "dice" if len(reading.effects) > 1 else "die"
    return f"{lead} {reading.total} ({used}), effect {plural} {effects}."


def _outcome_line(result: Outcome) -> str:
    if result.kind == "failure":
        return f"Failure: {'a tie fails' if result.margin == 0 else f'short by {-result.margin}'}."
    if result.kind == "success":
        if result.margin == 0:
            return "Success: a tie goes to the actor."
        return f"Success by {result.margin}."
    if result.past_d12:
        return (
            f"Heroic success by {result.margin}: the effect die steps past d12; the GM "
            "chooses an automatic victory or a second effect die from the pool."
        )
    times = "once" if result.steps == 1 else f"{result.steps} steps"
    return f"Heroic success by {result.margin}: the effect die steps up {times} to {result.effect}."


def roll_data(roll: RollRecord) -> dict[str, Any]:
    """The structured result of a roll (``--json``'s data) for the reading in force."""
    dice = steps(roll)
    reading = reading_of(roll)
    result = outcome_of(roll, reading)
    effect = reading.effect
    if result is not None and result.kind == "heroic":
        effect = result.effect if isinstance(result.effect, Die) else Die.D12
    count = hitches(dice)
    return {
        "dice": [{"die": _NAME[d.die], "face": d.face} for d in roll.dice],
        "hitches": count,
        "botch": is_botch(dice, count),
        "total": reading.total,
        "effect": _NAME[effect],
        "outcome": result.kind if result else None,
        "margin": result.margin if result else None,
    }
