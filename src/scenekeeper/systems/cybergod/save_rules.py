"""What a save leaves behind: a weapon's Ammo Save marks, Stress and breakdowns, death.

corebook 09 "Ammo Save": each passed save adds a die to the next one; a failure, or the sixth
save in a row, means reload. corebook 07 "Stress": each failed Mind die is a point of Stress;
on gaining Stress roll a Stress die per point held; any highest face is a Mental Breakdown.
corebook 07 "Damage Class": a Death Save that fails means death.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from scenekeeper.engine.commands import Context
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.names import resolve
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cybergod import events as ev
from scenekeeper.systems.cybergod.sheet import (
    AMMO_SIZES,
    MAX_STRESS,
    Character,
    Weapon,
    clean_name,
    key,
    pasteable,
    stress_dice,
)
from scenekeeper.systems.cybergod.state import SaveRecord, cybergod

#: corebook 09: "the 6th consecutive" Ammo Save means reload whatever it shows.
AMMO_PASSES = 6


def weapon_named(who: Character, text: str | None) -> str:
    """The weapon ``text`` names on ``who``'s sheet (the only one when none is named)."""
    if text is None:
        if len(who.weapons) == 1:
            return next(iter(who.weapons))
        listed = ", ".join(who.weapons) or "none yet"
        raise Refusal(f"Name the weapon: add weapon:<name> ({who.name}'s weapons: {listed}).")
    found = who.find_weapon(text) or resolve(who.weapons, text, "weapon")
    if found is None:
        listed = ", ".join(who.weapons) or "none yet"
        raise Refusal(f"{who.name} has no weapon called {text} (weapons: {listed}).")
    return found


@dataclass(frozen=True)
class AmmoPlan:
    """The Ammo Save about to be rolled: which weapon, its state before, its dice."""

    name: str
    weapon: Weapon
    dice: int
    die: int
    #: Its first Ammo Save: the weapon goes on the sheet with it.
    new: bool = False


def ammo_plan(who: Character, text: str | None, die: str | None, dice: int | None) -> AmmoPlan:
    """R50: a weapon's first Ammo Save puts it on the sheet (D6, or D12 for high capacity);
    the save rolls one die more than the marks; a weapon out of ammo fires no more."""
    if text is None and not who.weapons:
        raise Refusal(
            "Name the weapon for its first Ammo Save: weapon:<name> (die:d12 for high "
            "or ultra capacity)."
        )
    # As people say names: a weapon's unique start or word finds it ("pist" for Pistol).
    existing = (
        who.find_weapon(text) or resolve(who.weapons, text, "weapon")
        if text is not None
        else weapon_named(who, None)
    )
    size = _ammo_die(die) if die is not None else None
    if existing is None:
        assert text is not None
        _not_a_slip(who, text)
        weapon = Weapon(die=size or 6)
        name = clean_name(text)
    else:
        weapon, name = who.weapons[existing], existing
        if size is not None and size != weapon.die:
            raise Refusal(f"{name}'s ammo die is D{weapon.die}; leave out die:.")
    if weapon.reload:
        raise Refusal(
            f"{name} is out of ammo; /reload weapon:{pasteable(name)} before it fires again."
        )
    if dice is not None and dice != weapon.marks + 1:
        raise Refusal(
            f"{name}'s Ammo Save rolls {weapon.marks + 1} D{weapon.die} (one die per mark, plus "
            "one); leave out count:."
        )
    return AmmoPlan(name, weapon, weapon.marks + 1, weapon.die, new=existing is None)


def _not_a_slip(who: Character, text: str) -> None:
    """A weapon not on the sheet goes on it with its first Ammo Save -- unless the name is
    plainly one it has, mistyped ("Pistl" for Pistol): that is refused with the weapon it
    means, never taken as a new one silently."""
    by_key = {key(w): w for w in who.weapons}
    close = [
        by_key[k] for k in difflib.get_close_matches(key(text), list(by_key), n=2, cutoff=0.75)
    ]
    if close:
        meant = " or ".join(f"weapon:{pasteable(w)}" for w in dict.fromkeys(close))
        raise Refusal(
            f"{who.name} has no weapon called {text}; did you mean {meant}? A weapon new to the "
            "sheet needs a name of its own."
        )


def _ammo_die(text: str) -> int:
    digits = text.strip().casefold().removeprefix("d")
    if not digits.isdigit() or int(digits) not in AMMO_SIZES:
        raise Refusal(f"An ammo die is d6 (standard) or d12 (high or ultra capacity), not {text}.")
    return int(digits)


def ammo_after(plan: AmmoPlan, record: SaveRecord) -> Weapon:
    """A pass is a mark; a failure, or the sixth save in a row, empties the weapon (its
    marks are done with: the reload starts it at one die again)."""
    if not record.passed or plan.weapon.marks + 1 >= AMMO_PASSES:
        return plan.weapon.model_copy(update={"marks": 0, "reload": True})
    return plan.weapon.model_copy(update={"marks": plan.weapon.marks + 1})


def death_after(ctx: Context, who: Character, record: SaveRecord) -> ev.WoundsChanged:
    scene = cybergod(ctx.require_state()).scene
    at = (scene.number, scene.round) if scene is not None else None
    wounds = who.wounds.model_copy(update={"death_save_at": at, "dead": not record.passed})
    note = "Death Save failed: dead" if not record.passed else "Death Save passed"
    return ev.WoundsChanged(character=who.name, wounds=wounds, note=note)


def stress_after(
    state: TableState, who: Character, record: SaveRecord
) -> tuple[list[Event], list[str]]:
    """Stress from a Mental Save, the Stress Save it calls for, a breakdown it sets off."""
    tracked = mod_on(state, "stress")
    if record.save == "mental":
        return _mental(state, who, record, tracked=tracked)
    if record.save == "stress":
        due = who.stress_saves_due[1:]
        breakdowns = who.breakdowns_due + (0 if record.passed else 1)
        said = (
            [f"{who.name} holds together."]
            if record.passed
            else [
                "Mental Breakdown! Roll it on the table: /save kind:breakdown "
                f"character:{pasteable(who.name)}."
            ]
        )
        if not tracked:
            return [], said
        return [
            ev.StressChanged(
                character=who.name, stress=who.stress, saves_due=due, breakdowns_due=breakdowns
            )
        ], said
    # A breakdown rolled: one owed is settled.
    if tracked and who.breakdowns_due:
        return [
            ev.StressChanged(
                character=who.name,
                stress=who.stress,
                saves_due=who.stress_saves_due,
                breakdowns_due=who.breakdowns_due - 1,
            )
        ], []
    return [], []


def _mental(
    state: TableState, who: Character, record: SaveRecord, *, tracked: bool
) -> tuple[list[Event], list[str]]:
    gained = record.failed_dice
    if not gained:
        return [], [f"{who.name} keeps control of their nerves."]
    stress = min(MAX_STRESS, who.stress + gained)
    if stress == who.stress:
        return [], [f"{who.name} holds the most Stress kept, {MAX_STRESS}: it goes no higher."]
    gained = stress - who.stress
    if not tracked:
        return [], [f"{gained} Stress for {who.name} (the stress mod is off: not kept)."]
    if who.engrams == 1:
        new_saves: tuple[int, ...] = ()
        then = "a Relic, immune to Stress Saves"
    else:
        # R56: one Stress Save per gain with the Stress held after it; the stress-per-point
        # mod rolls one per point gained instead.
        if mod_on(state, "stress-per-point"):
            new_saves = tuple(range(who.stress + 1, stress + 1))
        else:
            new_saves = (stress,)
        rolls = " and ".join(stress_dice(who, n) for n in new_saves)
        saves = "a Stress Save" if len(new_saves) == 1 else f"{len(new_saves)} Stress Saves"
        then = f"{saves} (roll {rolls}): /save kind:stress character:{pasteable(who.name)}"
        if who.stress_die is None:
            then += " (no Engrams on the sheet, so no Stress die: set them, or add die:<d6-d12>)"
    event = ev.StressChanged(
        character=who.name,
        stress=stress,
        saves_due=(*who.stress_saves_due, *new_saves),
        breakdowns_due=who.breakdowns_due,
    )
    return [event], [f"{who.name} takes {gained} Stress (now {stress}): {then}."]
