"""Reading Cortex sheets from a YAML or JSON file (format: docs/cortex-sheets.md).

Every mistake is reported with where it is (file, character, key) and what to write instead;
a file with any mistake imports nothing.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pydantic

from scenekeeper.dice import DiceError, Die
from scenekeeper.engine.documents import read_document, short_name, whole_number
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.names import fold
from scenekeeper.systems.cortex.sheet import (
    DISTINCTION_COUNT,
    DISTINCTION_DIE,
    DISTINCTIONS,
    Asset,
    Character,
    clean_name,
)

MAX_FILE_BYTES = 256 * 1024
MAX_SHEETS = 50
_PLAIN_KEYS = ("name", "kind", "pp", "sfx", "assets", "complications", "stress", "trauma")
_DURATIONS = ("beat", "scene", "session", "signature")
#: As the commands take them: /pp bank amount: (0-99), /char sfx add text: (400 characters).
MAX_PP = 99
MAX_SFX_TEXT = 400


@dataclass(frozen=True)
class SheetData:
    """A sheet read from a file and which parts the file gave (the rest keeps its value)."""

    character: Character
    given: frozenset[str]

    def onto(self, existing: Character) -> Character:
        """The existing character with the parts this file gives replaced; a trait set the
        file does not mention stays as it is."""
        update = {key: getattr(self.character, key) for key in self.given if key != "name"}
        if "traits" in update:
            update["traits"] = {**existing.traits, **self.character.traits}
        return existing.model_copy(update=update)

    def parts(self) -> list[str]:
        """What the file gives, as people call it (trait sets by name)."""
        named = [k for k in self.given if k not in ("name", "traits")]
        return [*self.character.traits, *named]


def read_sheets(content: bytes, filename: str, trait_sets: tuple[str, ...]) -> list[SheetData]:
    if len(content) > MAX_FILE_BYTES:
        raise Refusal(
            f"{filename} is over {MAX_FILE_BYTES // 1024} KB; split it into smaller files."
        )
    document = read_document(content, filename)
    if isinstance(document, Mapping) and "characters" in document:
        document = document["characters"]
    raw = document if isinstance(document, list) else [document]
    if not raw:
        raise Refusal(f"{filename} has no sheets in it.")
    if len(raw) > MAX_SHEETS:
        raise Refusal(f"{filename} has {len(raw)} sheets; import at most {MAX_SHEETS} at a time.")
    sheets = [_sheet(item, f"{filename}: sheet {n}", trait_sets) for n, item in enumerate(raw, 1)]
    names = [fold(s.character.name) for s in sheets]
    for sheet in sheets:
        if names.count(fold(sheet.character.name)) > 1:
            name = sheet.character.name
            raise Refusal(f"{filename}: {name} is in the file twice; keep one sheet each.")
    return sheets


def _key(text: object) -> str:
    return " ".join(str(text).replace("_", " ").replace("-", " ").split()).casefold()


def _sheet(item: object, where: str, trait_sets: tuple[str, ...]) -> SheetData:
    if not isinstance(item, Mapping):
        raise Refusal(f"{where}: a sheet is a set of keys (name:, attributes:, ...), not a list.")
    name_value = next((v for k, v in item.items() if _key(k) == "name"), None)
    if not isinstance(name_value, str) or not name_value.strip():
        raise Refusal(f"{where}: the sheet needs name: <the character's name>.")
    name = short_name(clean_name(name_value), where)
    where = f"{where.split(': sheet', maxsplit=1)[0]}: {name}"
    sets = {_key(s): s for s in trait_sets}
    known = [*_PLAIN_KEYS, *(s.lower() for s in trait_sets)]
    fields: dict[str, Any] = {"name": name, "traits": {}}
    for raw_key, value in item.items():
        key = _key(raw_key)
        if key in sets:
            fields["traits"][sets[key]] = _traits(value, f"{where}: {raw_key}", sets[key])
        elif key == "kind":
            fields[key] = value
        elif key == "pp":
            # As many as a table ever banks (/pp bank: 0-99).
            fields[key] = whole_number(value, f"{where}: {raw_key}", 0, MAX_PP)
        elif key == "sfx":
            fields["sfx"] = _texts(value, f"{where}: sfx")
        elif key == "assets":
            fields["assets"] = _assets(value, f"{where}: assets")
        elif key in ("complications", "stress", "trauma"):
            fields[key] = _dice(value, f"{where}: {raw_key}")
        elif key != "name":
            close = difflib.get_close_matches(key, known, n=1)
            hint = f" Did you mean {close[0]}:?" if close else ""
            raise Refusal(
                f"{where}: '{raw_key}' is not a sheet key.{hint} Keys: {', '.join(known)}."
            )
    fields["traits"] = {k: v for k, v in fields["traits"].items() if v}
    given = frozenset(k for k in fields if k != "traits" or fields["traits"])
    try:
        return SheetData(Character.model_validate(fields), given)
    except pydantic.ValidationError as error:
        first = error.errors()[0]
        loc = ".".join(str(p) for p in first["loc"])
        raise Refusal(f"{where}: {loc}: {first['msg']}.") from None


def _entries(value: object, where: str) -> list[tuple[str, object]]:
    """A mapping of name -> value, or a list of names (each with no value)."""
    if value is None:
        return []
    if isinstance(value, Mapping):
        entries = [(clean_name(str(k)), v) for k, v in value.items()]
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        entries = [(clean_name(v), None) for v in value]
    else:
        raise Refusal(f"{where}: write it as name: value lines (or a list of names).")
    for name, _ in entries:
        short_name(name, where)
    return entries


def _die(value: object, where: str, default: Die) -> Die:
    if value is None:
        return default
    try:
        return Die.of(value) if isinstance(value, int) else Die.parse(str(value))
    except DiceError as error:
        raise Refusal(f"{where}: {error}") from None


def _traits(value: object, where: str, set_name: str) -> dict[str, Die]:
    # Cortex p.18: a trait with no rating is a d4; distinctions are d8.
    default = DISTINCTION_DIE if set_name == DISTINCTIONS else Die.D4
    traits = {name: _die(v, f"{where}: {name}", default) for name, v in _entries(value, where)}
    if set_name == DISTINCTIONS:
        wrong = [n for n, d in traits.items() if d is not DISTINCTION_DIE]
        if wrong:
            raise Refusal(f"{where}: {wrong[0]}: distinctions are always {DISTINCTION_DIE}.")
        if len(traits) > DISTINCTION_COUNT:
            raise Refusal(
                f"{where}: a character has {DISTINCTION_COUNT} distinctions, not {len(traits)}."
            )
    return traits


def _dice(value: object, where: str) -> dict[str, Die]:
    return {name: _die(v, f"{where}: {name}", Die.D6) for name, v in _entries(value, where)}


def _texts(value: object, where: str) -> dict[str, str]:
    texts = {name: "" if v is None else str(v) for name, v in _entries(value, where)}
    for name, text in texts.items():
        if len(text) > MAX_SFX_TEXT:
            raise Refusal(
                f"{where}: {name}: an SFX says what it does in {MAX_SFX_TEXT} characters."
            )
    return texts


def _assets(value: object, where: str) -> dict[str, Asset]:
    assets = {}
    for name, v in _entries(value, where):
        if isinstance(v, Mapping):
            die = _die(v.get("die"), f"{where}: {name}: die", Die.D6)
            duration = str(v.get("duration", "signature"))
            if duration not in _DURATIONS:
                raise Refusal(f"{where}: {name}: duration is one of {', '.join(_DURATIONS)}.")
            fields = {"die": die, "duration": duration, "open": bool(v.get("open", False))}
            assets[name] = Asset.model_validate(fields)
        else:
            # Cortex p.35: assets on a sheet are signature assets unless it says otherwise.
            assets[name] = Asset(die=_die(v, f"{where}: {name}", Die.D6), duration="signature")
    return assets
