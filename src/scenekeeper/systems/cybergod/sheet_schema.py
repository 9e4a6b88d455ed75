"""Cybergod's sheet as the shell (``engine.sheets``) takes it: what a file's keys hold
(format: docs/cybergod-sheets.md), what only the GM and play set, and what ``/char show`` says.

A player rates their character's Attributes, Aptitudes, Skills and Engrams, sets Resolve's
maximum and their Stress by command (``/char set``), and writes their weapons on the sheet;
wounds (``/wound add``), Resolve spent and burned (``/resolve``), and the Stress Saves and
breakdowns play leaves owing are the game's and the GM's.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scenekeeper.engine.documents import short_name
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.sheets.files import not_a_key, read_sheets, sheet_name
from scenekeeper.engine.sheets.schema import SheetData, SheetSchema
from scenekeeper.engine.state import GameState, Person, TableState
from scenekeeper.systems.cybergod import events as ev
from scenekeeper.systems.cybergod.sheet import (
    AMMO_SIZES,
    APTITUDES,
    ATTRIBUTES,
    MAX_APTITUDE,
    MAX_SKILL,
    MAX_STRESS,
    SIZES,
    SKILLS,
    TIERS,
    WOUND_CLASSES,
    Character,
    Weapon,
    Wounds,
    clean_name,
    find_aptitude,
    find_attribute,
    find_skill,
    key,
)
from scenekeeper.systems.cybergod.sheet_lines import sheet_lines_at
from scenekeeper.systems.cybergod.state import CybergodState, cybergod

_KEYS = (
    "name",
    "kind",
    "engrams",
    "attributes",
    "aptitudes",
    "skills",
    "resolve",
    "stress",
    "wounds",
    "weapons",
)
_ABSENT = {"-", "none", "absent", ""}

GM_ONLY = {
    "kind": "only a GM makes GM characters",
    "wounds": "wounds are taken in play (/wound add)",
    "resolve_spent": "Resolve is spent in play (/resolve reroll)",
    "resolve_burned": "Resolve is burned in play",
    "stress_saves_due": "Stress Saves come from play",
    "breakdowns_due": "breakdowns come from play",
}


#: Setting Stress waives the Stress Saves and breakdowns owed: a GM's call (``/char set``).
OWED = "Stress is kept while Stress Saves or breakdowns are owed (a GM waives them)"
#: The tracks play moves (R58: Resolve starts at the Engrams; Stress comes from Mental Saves):
#: once play has started a player's file keeps them as they are, as ``/char set`` does.
IN_PLAY = ("engrams", "resolve_max", "stress")
PLAYED = "Engrams, Resolve and Stress are kept by play now; a GM sets them by hand"


def owes(who: Character) -> bool:
    return bool(who.stress_saves_due or who.breakdowns_due)


@dataclass(frozen=True)
class CybergodSheetData(SheetData[Character]):
    merged: frozenset[str] = frozenset({"attributes", "aptitudes", "skills", "weapons"})

    def parts(self) -> list[str]:
        """What the file gives, in the sheet's words (``resolve_spent`` is Resolve)."""
        return sorted({part.split("_")[0] for part in self.given - {"name"}})


def read_file(content: bytes, filename: str, game: GameState) -> list[CybergodSheetData]:
    return read_sheets(content, filename, _sheet, "docs/cybergod-sheets.md")


def _sheet(item: object, where: str) -> CybergodSheetData:
    keys, name, where = sheet_name(item, where, lambda k: key(str(k)))
    fields: dict[str, Any] = {"name": name}
    for raw_key, value in keys.items():
        _field(fields, str(raw_key), value, where)
    return CybergodSheetData(Character.model_validate(fields), frozenset(fields))


def _field(fields: dict[str, Any], raw_key: str, value: object, where: str) -> None:
    here = f"{where}: {raw_key}"
    word = key(raw_key)
    if word == "name":
        return
    if word == "kind":
        if value not in ("pc", "gmc"):
            raise Refusal(f"{here}: kind is pc or gmc, not {value}.")
        fields["kind"] = value
    elif word == "engrams":
        fields["engrams"] = _number(value, here, 1, len(TIERS))
    elif word == "attributes":
        for name, rating in _entries(value, here):
            _attribute(fields, name, rating, f"{here}: {name}")
    elif word == "aptitudes":
        for name, rating in _entries(value, here):
            _aptitude(fields, name, rating, f"{here}: {name}")
    elif word == "skills":
        for name, rating in _entries(value, here):
            _skill(fields, name, rating, f"{here}: {name}")
    elif word == "resolve":
        _resolve(fields, value, here)
    elif word == "stress":
        fields["stress"] = _number(value, here, 0, MAX_STRESS)
    elif word == "wounds":
        fields["wounds"] = _wounds(value, here)
    elif word == "weapons":
        fields["weapons"] = {n: _weapon(v, f"{here}: {n}") for n, v in _entries(value, here)}
    elif find_attribute(raw_key):
        _attribute(fields, raw_key, value, here)
    elif find_aptitude(raw_key):
        _aptitude(fields, raw_key, value, here)
    elif find_skill(raw_key):
        _skill(fields, raw_key, value, here)
    else:
        known = [*_KEYS, "or an Attribute, Aptitude or Skill by name"]
        raise not_a_key(where, raw_key, [*_KEYS, *ATTRIBUTES, *APTITUDES, *SKILLS], known)


def _entries(value: object, where: str) -> list[tuple[str, object]]:
    if value is None:
        return []
    if isinstance(value, Mapping):
        return [(short_name(clean_name(str(k)), where), v) for k, v in value.items()]
    raise Refusal(f"{where}: write it as name: value lines.")


def _number(value: object, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Refusal(f"{where}: a whole number from {low} to {high}, not {value!r}.")
    return value


def _attribute(fields: dict[str, Any], raw: str, value: object, where: str) -> None:
    name = find_attribute(raw)
    if name is None:
        raise Refusal(f"{where}: not an Attribute; the Attributes are {', '.join(ATTRIBUTES)}.")
    text = "" if value is None else str(value).strip()
    size: int | None
    if text.casefold() in _ABSENT:
        size = None
    else:
        digits = text.casefold().removeprefix("d")
        if not digits.isdigit() or int(digits) not in SIZES:
            raise Refusal(
                f"{where}: an Attribute is D6, D8, D10 or D12 (or - if absent), not {text}."
            )
        size = int(digits)
    fields.setdefault("attributes", {})[name] = size


def _aptitude(fields: dict[str, Any], raw: str, value: object, where: str) -> None:
    name = find_aptitude(raw)
    if name is None:
        raise Refusal(f"{where}: not an Aptitude; the Aptitudes are {', '.join(APTITUDES)}.")
    fields.setdefault("aptitudes", {})[name] = _number(value, where, 0, MAX_APTITUDE)


def _skill(fields: dict[str, Any], raw: str, value: object, where: str) -> None:
    name = find_skill(raw)
    if name is None:
        close = difflib.get_close_matches(raw, SKILLS, n=1)
        hint = f" Did you mean {close[0]}?" if close else ""
        raise Refusal(f"{where}: not a Skill.{hint}")
    fields.setdefault("skills", {})[name] = _number(value, where, 0, MAX_SKILL)


def _resolve(fields: dict[str, Any], value: object, where: str) -> None:
    if isinstance(value, int) and not isinstance(value, bool):
        fields["resolve_max"] = _number(value, where, 0, 9)
        return
    for part, amount in _entries(value, where):
        word = key(part)
        if word not in ("max", "spent", "burned"):
            raise Refusal(f"{where}: {part} is not one of max, spent, burned.")
        target = "resolve_max" if word == "max" else f"resolve_{word}"
        fields[target] = _number(amount, f"{where}: {part}", 0, 9)


def _wounds(value: object, where: str) -> Wounds:
    counts: dict[str, Any] = {}
    for part, amount in _entries(value, where):
        word = key(part)
        if word == "dead":
            counts["dead"] = bool(amount)
        elif word in WOUND_CLASSES:
            counts[word] = _number(amount, f"{where}: {part}", 0, 9)
        else:
            raise Refusal(f"{where}: {part} is not one of {', '.join(WOUND_CLASSES)}, dead.")
    return Wounds.model_validate(counts)


def _weapon(value: object, where: str) -> Weapon:
    if isinstance(value, Mapping):
        entries = dict(_entries(value, where))
        die = entries.pop("die", "d6")
        marks = _number(entries.pop("marks", 0), f"{where}: marks", 0, 5)
        reload = bool(entries.pop("reload", False))
        if entries:
            raise Refusal(
                f"{where}: a weapon has die:, marks: and reload:, not {', '.join(entries)}."
            )
    else:
        die, marks, reload = value if value is not None else "d6", 0, False
    digits = str(die).strip().casefold().removeprefix("d")
    if not digits.isdigit() or int(digits) not in AMMO_SIZES:
        raise Refusal(f"{where}: an ammo die is D6 (standard) or D12 (high capacity), not {die}.")
    return Weapon(die=int(digits), marks=marks, reload=reload)


def _player_limits(
    game: GameState, before: Character | None, kept: Character, left_out: dict[str, str]
) -> Character:
    """Setting Stress waives the Stress Saves and breakdowns owed: a GM's call; and once play
    has started, Engrams, Resolve and Stress move in play, so a player's file keeps them as
    they are (as ``/char set`` does, ``rating._in_play``)."""
    if before is None:
        return kept
    played = _play_started(game)
    for part in IN_PLAY:
        if getattr(kept, part) == getattr(before, part):
            continue
        if played or (part == "stress" and owes(before)):
            # Named as the file names it (resolve:, not the model's resolve_max).
            left_out[_file_word(part)] = str(getattr(kept, part))
            kept = kept.model_copy(update={part: getattr(before, part)})
    return kept


def _file_word(part: str) -> str:
    return part.removesuffix("_max")


def _recorded_limits(state: TableState, actor: Person, events: tuple[Event, ...]) -> None:
    game = cybergod(state)
    for event in events:
        sheet = SHEET.sheet_of(event)
        before = game.characters.get(sheet.name) if sheet is not None else None
        if sheet is None or before is None:
            continue
        for part in IN_PLAY:
            if getattr(sheet, part) == getattr(before, part):
                continue
            if _play_started(game):
                raise Refusal(
                    f"a player's import set {_file_word(part)} once play had started: {PLAYED}"
                )
            if part == "stress" and owes(before):
                raise Refusal(f"a player's import set stress: {OWED}")


def _play_started(game: GameState) -> bool:
    assert isinstance(game, CybergodState)
    return bool(game.roll_count or game.scene_count)


SHEET: SheetSchema[Character] = SheetSchema(
    game="Cybergod",
    state_type=CybergodState,
    sheet_type=Character,
    gm_only=GM_ONLY,
    deleted=ev.CharacterDeleted,
    imported=ev.SheetImported,
    read_file=read_file,
    lines_at=sheet_lines_at,
    player_limits=_player_limits,
    recorded_limits=_recorded_limits,
)
