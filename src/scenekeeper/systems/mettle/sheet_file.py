"""Reading METTLE sheets from a YAML or JSON file (format: docs/mettle-sheets.md).

Every mistake is reported with where it is (file, character, key) and what to write instead;
a file with any mistake imports nothing.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pydantic

from scenekeeper.engine.documents import read_document, short_name, whole_number
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.names import fold
from scenekeeper.systems.mettle.gear_tables import MAX_GEAR, known, like, made_item
from scenekeeper.systems.mettle.sheet import ATTRIBUTES, STATUSES, Character, Gear, clean_name

MAX_FILE_BYTES = 256 * 1024
MAX_SHEETS = 50
MAX_RATING = 30
#: Each number's range: the one its command takes (an Attribute and a pool as /char set, Mettle
#: as /mettle set, Credit 0-6), and Vouchers and XP, which play adds up, far above a campaign's.
_NUMBERS = {
    "pool": (1, MAX_RATING),
    "mettle": (-99, 99),
    "credit": (0, 6),
    "vouchers": (0, 99),
    "xp": (0, 999),
}
#: As the commands that write them: /char backstory text:, /char set descriptor:, /char gear
#: special:, /status add value: (names: engine.documents.MAX_NAME, as /char new name:).
MAX_BACKSTORY = 200
MAX_DESCRIPTOR = 80
MAX_SPECIALS_TEXT = 120
MAX_STATUS_VALUE = 20
_GEAR_KEYS = ("hit", "dm", "soak", "load", "special", "specials")
KEYS = ("name", "kind", *ATTRIBUTES, *_NUMBERS, "backstories", "gear", "statuses")


@dataclass(frozen=True)
class SheetData:
    """A sheet read from a file and which parts the file gave (the rest keeps its value)."""

    character: Character
    given: frozenset[str]

    def fresh(self) -> Character:
        """A new character: full Mettle unless the file says otherwise."""
        if "mettle" in self.given:
            return self.character
        return self.character.model_copy(update={"mettle": self.character.max_mettle})

    def onto(self, existing: Character) -> Character:
        """The existing character with the parts this file gives replaced."""
        sheet = self.character
        update: dict[str, Any] = {}
        for key in self.given - {"name"}:
            if key in ATTRIBUTES:
                update["attributes"] = {**update.get("attributes", existing.attributes)}
                update["attributes"][key] = sheet.attributes[key]
                if key in sheet.descriptors:
                    update["descriptors"] = {**update.get("descriptors", existing.descriptors)}
                    update["descriptors"][key] = sheet.descriptors[key]
            else:
                update[key] = getattr(sheet, key)
        updated = existing.model_copy(update=update)
        if "mettle" not in self.given:
            full = existing.mettle == existing.max_mettle
            mettle = updated.max_mettle if full else min(existing.mettle, updated.max_mettle)
            updated = updated.model_copy(update={"mettle": mettle})
        return updated


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
    names = [fold(s.character.name) for s in sheets]
    for sheet in sheets:
        if names.count(fold(sheet.character.name)) > 1:
            raise Refusal(
                f"{filename}: {sheet.character.name} is in the file twice; keep one sheet each."
            )
    return sheets


def _key(text: object) -> str:
    return "".join(str(text).replace("_", " ").replace("-", " ").split()).casefold()


def _number(value: object, where: str, low: int, high: int) -> int:
    """A whole number in the range its command takes (``/char set``, ``/mettle set``...)."""
    return whole_number(value, where, low, high)


def _sheet(item: object, where: str) -> SheetData:
    if not isinstance(item, Mapping):
        raise Refusal(f"{where}: a sheet is a set of keys (name:, concept:, ...), not a list.")
    name_value = next((v for k, v in item.items() if _key(k) == "name"), None)
    if not isinstance(name_value, str) or not name_value.strip():
        raise Refusal(f"{where}: the sheet needs name: <the character's name>.")
    name = clean_name(name_value)
    short_name(name, where)
    where = f"{where.split(': sheet', maxsplit=1)[0]}: {name}"
    fields: dict[str, Any] = {"name": name, "attributes": {}, "descriptors": {}}
    given = {"name"}
    for raw_key, value in item.items():
        key = {"focus": "concept"}.get(_key(raw_key), _key(raw_key))
        if key == "name":
            continue
        if key in ATTRIBUTES:
            rating, descriptor = _attribute(value, f"{where}: {raw_key}")
            fields["attributes"][key] = rating
            if descriptor:
                fields["descriptors"][key] = descriptor
        elif key == "kind":
            fields["kind"] = value
        elif key in _NUMBERS:
            fields[key] = _number(value, f"{where}: {raw_key}", *_NUMBERS[key])
        elif key == "backstories":
            fields["backstories"] = tuple(
                clean_name(str(b)) for b in _list(value, f"{where}: backstories")
            )
            if any(len(b) > MAX_BACKSTORY for b in fields["backstories"]):
                raise Refusal(f"{where}: backstories: each is at most {MAX_BACKSTORY} characters.")
        elif key == "gear":
            fields["gear"] = _gear(value, f"{where}: gear")
        elif key == "statuses":
            fields["statuses"] = _statuses(value, f"{where}: statuses")
        else:
            close = difflib.get_close_matches(key, KEYS, n=1)
            hint = f" Did you mean {close[0]}:?" if close else ""
            raise Refusal(
                f"{where}: '{raw_key}' is not a sheet key.{hint} Keys: {', '.join(KEYS)}."
            )
        given.add(key)
    try:
        character = Character.model_validate(fields)
    except pydantic.ValidationError as error:
        first = error.errors()[0]
        loc = ".".join(str(p) for p in first["loc"])
        raise Refusal(f"{where}: {loc}: {first['msg']}.") from None
    if character.pool is not None and character.kind != "gmc":
        raise Refusal(f"{where}: an NPC pool is for GM characters; add kind: gmc.")
    if len(character.backstories) > character.highest:
        raise Refusal(
            f"{where}: {len(character.backstories)} Backstories; the highest non-Frame "
            f"Attribute ({character.highest}) allows {character.highest} at most."
        )
    return SheetData(character, frozenset(given))


def _attribute(value: object, where: str) -> tuple[int, str]:
    """``5``, ``"5 Itinerant Gambler"`` or ``{rating: 5, descriptor: ...}``."""
    if isinstance(value, Mapping):
        rating = value.get("rating")
        descriptor = value.get("descriptor") or ""
    elif isinstance(value, str) and value.split() and value.split()[0].isdigit():
        rating, _, descriptor = value.strip().partition(" ")
        rating = int(rating)
    else:
        rating, descriptor = value, ""
    number = _number(rating, where, 1, MAX_RATING)
    descriptor = clean_name(str(descriptor))
    if len(descriptor) > MAX_DESCRIPTOR:
        raise Refusal(f"{where}: a Descriptor is at most {MAX_DESCRIPTOR} characters.")
    return number, descriptor


def _list(value: object, where: str) -> list[object]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise Refusal(f"{where}: write a list (- one a line).")
    return value


def _gear(value: object, where: str) -> tuple[Gear, ...]:
    """A list of table names or ``{name:, hit:, dm:, soak:, load:, special:}``; or a mapping
    name -> those numbers."""
    entries: list[tuple[str, object]] = []
    if isinstance(value, Mapping):
        entries = [(str(k), v) for k, v in value.items()]
    else:
        for entry in _list(value, where):
            if isinstance(entry, Mapping) and "name" in entry:
                rest = {k: v for k, v in entry.items() if k != "name"}
                entries.append((str(entry["name"]), rest))
            elif (
                isinstance(entry, Mapping)
                and len(entry) == 1
                and _key(next(iter(entry))) not in _GEAR_KEYS
            ):
                entries.extend((str(k), v) for k, v in entry.items())
            elif isinstance(entry, Mapping):
                raise Refusal(f"{where}: write each item as a name, or name: {{hit:, dm:, ...}}.")
            else:
                entries.append((str(entry), None))
    out = []
    for raw_name, spec in entries:
        name = clean_name(raw_name)
        if not name:
            raise Refusal(f"{where}: every item needs a name.")
        out.append(_item(name, spec, f"{where}: {name}"))
    return tuple(out)


def _item(name: str, spec: object, where: str) -> Gear:
    """A table name alone takes the table's numbers; with numbers, they replace the table's
    (``{name: Sword, hit: 2}`` keeps the Sword's DM); any other name is one's own item."""
    short_name(name, where, "an item's name")
    if not spec:
        meant = like(name) if known(name) is None else []
        if meant:
            options = " or ".join(meant)
            raise Refusal(
                f"{where}: not on the gear tables; did you mean {options}? For an item of your "
                "own, give its numbers (name: {soak:, load:, hit:, dm:, special:})."
            )
        return known(name) or Gear(name=name)
    if not isinstance(spec, Mapping):
        raise Refusal(f"{where}: write its numbers as hit:, dm:, soak:, load:, special:.")
    numbers: dict[str, Any] = {}
    specials: list[str] = []
    for raw_key, value in spec.items():
        key = _key(raw_key)
        if key in ("hit", "soak", "load"):
            numbers[key] = _number(value, f"{where}: {raw_key}", 0, MAX_GEAR)
        elif key == "dm":
            numbers["dm"] = str(value)
        elif key in ("special", "specials"):
            words = value if isinstance(value, list) else str(value).split(",")
            specials += [str(w) for w in words]
            if len(", ".join(specials)) > MAX_SPECIALS_TEXT:
                raise Refusal(f"{where}: specials are at most {MAX_SPECIALS_TEXT} characters.")
        else:
            raise Refusal(f"{where}: '{raw_key}' is not a gear key (hit, dm, soak, load, special).")
    try:
        return made_item(name, specials=specials, **numbers)
    except Refusal as refusal:
        raise Refusal(f"{where}: {refusal}") from None


def _statuses(value: object, where: str) -> dict[str, int]:
    entries = value.items() if isinstance(value, Mapping) else [(s, 0) for s in _list(value, where)]
    out = {}
    for raw, number in entries:
        status = str(raw).strip().casefold().replace(" ", "-")
        if status not in STATUSES:
            raise Refusal(f"{where}: '{raw}' is not a status ({', '.join(STATUSES)}).")
        out[status] = _number(number or 0, f"{where}: {raw}", 0, MAX_STATUS_VALUE)
    return out
