"""Reading Cybergod sheets from a YAML or JSON file (format: docs/cybergod-sheets.md).

Every mistake is reported with where it is (file, character, key) and what to write instead;
a file with any mistake imports nothing.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scenekeeper.engine.documents import read_document, short_name
from scenekeeper.engine.errors import Refusal
from scenekeeper.systems.cybergod.sheet import (
    AMMO_SIZES,
    APTITUDES,
    ATTRIBUTES,
    MAX_APTITUDE,
    MAX_SKILL,
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

MAX_FILE_BYTES = 256 * 1024
MAX_SHEETS = 50
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


@dataclass(frozen=True)
class SheetData:
    """A sheet read from a file and which parts it gave (the rest keeps its value)."""

    character: Character
    given: frozenset[str]

    def onto(self, existing: Character) -> Character:
        """The existing character with what the file gives replaced; Attributes, Aptitudes,
        Skills and weapons the file does not mention stay as they are."""
        update: dict[str, Any] = {}
        for part in self.given - {"name"}:
            value = getattr(self.character, part)
            if part in ("attributes", "aptitudes", "skills", "weapons"):
                value = {**getattr(existing, part), **value}
            update[part] = value
        return existing.model_copy(update=update)

    def parts(self) -> list[str]:
        """What the file gives, in the sheet's words (``resolve_spent`` is Resolve)."""
        return sorted({part.split("_")[0] for part in self.given - {"name"}})


def read_sheets(content: bytes, filename: str) -> list[SheetData]:
    if len(content) > MAX_FILE_BYTES:
        raise Refusal(
            f"{filename} is over {MAX_FILE_BYTES // 1024} KB; split it into smaller files."
        )
    document = read_document(content, filename)
    if isinstance(document, Mapping) and "characters" in document:
        document = document["characters"]
    raw = document if isinstance(document, list) else [document]
    if not raw or raw == [None]:
        raise Refusal(f"{filename} has no sheets in it.")
    if len(raw) > MAX_SHEETS:
        raise Refusal(f"{filename} has {len(raw)} sheets; import at most {MAX_SHEETS} at a time.")
    sheets = [_sheet(item, f"{filename}: sheet {n}") for n, item in enumerate(raw, 1)]
    names = [s.character.name.casefold() for s in sheets]
    for sheet in sheets:
        if names.count(sheet.character.name.casefold()) > 1:
            raise Refusal(
                f"{filename}: {sheet.character.name} is in the file twice; keep one sheet each."
            )
    return sheets


def _sheet(item: object, where: str) -> SheetData:
    if not isinstance(item, Mapping):
        raise Refusal(f"{where}: a sheet is a set of keys (name:, attributes:, ...), not a list.")
    name_value = next((v for k, v in item.items() if key(str(k)) == "name"), None)
    if not isinstance(name_value, str) or not name_value.strip():
        raise Refusal(f"{where}: the sheet needs name: <the character's name>.")
    name = short_name(clean_name(name_value), where)
    where = f"{where.split(': sheet', maxsplit=1)[0]}: {name}"
    fields: dict[str, Any] = {"name": name}
    for raw_key, value in item.items():
        _field(fields, str(raw_key), value, where)
    return SheetData(Character.model_validate(fields), frozenset(fields))


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
        fields["stress"] = _number(value, here, 0, 99)
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
        names = [*_KEYS, *ATTRIBUTES, *APTITUDES, *SKILLS]
        close = difflib.get_close_matches(raw_key, names, n=1)
        hint = f" Did you mean {close[0]}:?" if close else ""
        raise Refusal(f"{where}: '{raw_key}' is not a sheet key.{hint} Keys: {', '.join(known)}.")


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
