"""A Cybergod sheet in words: one fact a line (``/char show``, the board)."""

from __future__ import annotations

from scenekeeper.engine.sheets.paper import not_yet_rated
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cybergod.sheet import (
    APTITUDES,
    ATTRIBUTES,
    WOUND_CLASSES,
    WOUND_SLOTS,
    Character,
    die_text,
    stress_dice,
)

#: What a wounds line adds while the wounds mod is off: the wounds stay on the sheet, but tests
#: roll their full pool, so the sheet does not claim a penalty the roll does not take.
WOUNDS_OFF = "not counted while the wounds mod is off"


def sheet_lines_at(state: TableState, who: Character, player: str | None) -> list[str]:
    """``/char show``: the sheet as it counts at this table (its mods)."""
    return sheet_lines(who, player, wounds_on=mod_on(state, "wounds"))


def sheet_lines(who: Character, player: str | None, wounds_on: bool = True) -> list[str]:
    kind = "GM character" if who.kind == "gmc" else "PC"
    played = f", played by {player}" if player else ""
    lines = [f"{who.name} ({kind}{played}): {experience(who)}."]
    lines.append(
        "Attributes: " + ", ".join(f"{a} {die_text(who.attribute(a))}" for a in ATTRIBUTES) + "."
    )
    blank = []
    for aptitude, skills in APTITUDES.items():
        level = who.aptitude(aptitude)
        if not level and not any(who.skill(s) for s in skills):
            blank.append(aptitude)
            continue
        ratings = ", ".join(f"{s} {who.skill(s)}" for s in skills)
        dice = ", ".join(str(who.level(s)) for s in skills)
        lines.append(f"{aptitude} {level}: {ratings} (tests roll {dice} dice).")
    lines += not_yet_rated(blank, "Aptitudes with their Skills at 0: no dice")
    lines += state_lines(who, wounds_on)
    return lines


def experience(who: Character) -> str:
    if who.engrams is None:
        return "Engrams not set (/char set trait:engrams value:1-5)"
    return f"{who.tier}, {who.engrams} engram{'' if who.engrams == 1 else 's'}"


def state_lines(who: Character, wounds_on: bool = True) -> list[str]:
    """Resolve, Stress, wounds and weapons: what changes in play."""
    lines = [resolve_line(who), stress_line(who), wounds_line(who, wounds_on)]
    weapons = weapons_line(who)
    if weapons:
        lines.append(weapons)
    return lines


def resolve_line(who: Character) -> str:
    return (
        f"Resolve {who.resolve_left} of {who.resolve} "
        f"({who.resolve_spent} spent, {who.resolve_burned} burned)."
    )


def stress_line(who: Character) -> str:
    die = who.stress_die
    if who.engrams == 1:
        shown = "a Relic, immune to Stress Saves"
    else:
        shown = f"Stress die {die_text(die)}" if die else "no Stress die until Engrams are set"
    line = f"Stress {who.stress} ({shown})"
    if who.stress_saves_due:
        dice = ", ".join(f"roll {stress_dice(who, d)}" for d in who.stress_saves_due)
        line += f"; Stress Saves due: {dice}"
    if who.breakdowns_due:
        line += f"; Mental Breakdowns due: {who.breakdowns_due}"
    return line + "."


def wounds_line(who: Character, counted: bool = True) -> str:
    """The wounds taken and what they do; with the wounds mod off (``counted`` False), only
    what was taken, and that it does nothing now."""
    wounds = who.wounds
    if wounds.dead:
        return "Dead."
    body = who.attribute("Body")
    slots = WOUND_SLOTS.get(body) if body else None
    if not wounds.any:
        return "Wounds: none."
    parts = []
    for n, wound in enumerate(WOUND_CLASSES):
        count = wounds.count(wound)
        if count:
            of = f"/{slots[n]}" if slots else ""
            parts.append(f"{wound.capitalize()} {count}{of}")
    state = ""
    if not counted:
        state = f" ({WOUNDS_OFF})"
    elif wounds.dying:
        state = "; dying: Death Saves each round"
    elif wounds.penalty:
        state = f"; -{wounds.penalty}D to every test"
    return f"Wounds: {', '.join(parts)}{state}."


def weapons_line(who: Character) -> str:
    parts = []
    for name, weapon in who.weapons.items():
        if weapon.reload:
            parts.append(f"{name} D{weapon.die}, needs a reload")
        else:
            marks = f"{weapon.marks} mark{'' if weapon.marks == 1 else 's'}"
            parts.append(
                f"{name} D{weapon.die}, {marks} (next Ammo Save {weapon.marks + 1} D{weapon.die})"
            )
    return f"Weapons: {'; '.join(parts)}." if parts else ""
