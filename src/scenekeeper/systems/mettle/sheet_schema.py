"""METTLE's sheet as the shell (``engine.sheets``) takes it: what a file's keys hold (format:
docs/mettle-sheets.md), what only the Guide and play set, and what ``/char show`` says.

A player rates Attributes and writes Descriptors (``/char set``), Backstories and gear
(``/char backstory``, ``/char gear``), and may declare their own character dead (``/status
add``); Mettle as it stands, statuses, Afflictions, being stable or Delayed, Downtime Vouchers
and XP come from play and the Guide (``/mettle damage``, ``/voucher give``, ``/xp give``). A
new character starts with full Mettle.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scenekeeper.engine.documents import short_name, whole_number
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.sheets.files import not_a_key, read_sheets, sheet_name, validated
from scenekeeper.engine.sheets.schema import Imported, SheetData, SheetSchema, Staging
from scenekeeper.engine.state import GameState, TableState
from scenekeeper.systems.mettle import events as ev
from scenekeeper.systems.mettle.damage import land_before_change
from scenekeeper.systems.mettle.gear_tables import MAX_GEAR, known, like, made_item
from scenekeeper.systems.mettle.plan import Plan
from scenekeeper.systems.mettle.rating import MAX_RATING, above_six
from scenekeeper.systems.mettle.sheet import (
    ATTRIBUTES,
    MAX_STATUS_VALUE,
    STATUSES,
    Character,
    Gear,
    clean_name,
)
from scenekeeper.systems.mettle.state import MettleState, mettle
from scenekeeper.systems.mettle.status_text import sheet_lines

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
_GEAR_KEYS = ("hit", "dm", "soak", "load", "special", "specials")
KEYS = ("name", "kind", *ATTRIBUTES, *_NUMBERS, "backstories", "gear", "statuses")


GM_ONLY = {
    "kind": "only a GM makes GM characters",
    "mettle": "Mettle changes in play (/mettle damage; a new Scene refills it)",
    "statuses": "statuses come from play and the Guide (/status add; a player may declare "
    "their own character dead)",
    "affliction": "Afflictions come from play",
    "stable": "only a successful Aid makes a character stable",
    "delayed": "only a Delay Twist delays a character",
    "vouchers": "only the Guide gives Downtime Vouchers (/voucher give)",
    "spent_vouchers": "Vouchers are spent in play (/voucher spend)",
    "xp": "only the Guide gives XP (/xp give)",
}


@dataclass(frozen=True)
class MettleSheetData(SheetData[Character]):
    """A sheet read from a file and which parts the file gave (the rest keeps its value)."""

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


def read_file(content: bytes, filename: str, game: GameState) -> list[MettleSheetData]:
    return read_sheets(content, filename, _sheet, "docs/mettle-sheets.md")


def _key(text: object) -> str:
    return "".join(str(text).replace("_", " ").replace("-", " ").split()).casefold()


def _number(value: object, where: str, low: int, high: int) -> int:
    """A whole number in the range its command takes (``/char set``, ``/mettle set``...)."""
    return whole_number(value, where, low, high)


def _sheet(item: object, where: str) -> MettleSheetData:
    keys, name, where = sheet_name(item, where, _key, "concept:")
    fields: dict[str, Any] = {"name": name, "attributes": {}, "descriptors": {}}
    given = {"name"}
    for raw_key, value in keys.items():
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
            raise not_a_key(where, raw_key, KEYS, KEYS, match=key)
        given.add(key)
    character = validated(Character, fields, where)
    if character.pool is not None and character.kind != "gmc":
        raise Refusal(f"{where}: an NPC pool is for GM characters; add kind: gmc.")
    if len(character.backstories) > character.highest:
        raise Refusal(
            f"{where}: {len(character.backstories)} Backstories; the highest non-Frame "
            f"Attribute ({character.highest}) allows {character.highest} at most."
        )
    return MettleSheetData(character, frozenset(given))


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


def new_player_character(sheet: Character, game: GameState) -> Character:
    """What a player's new character holds of the Guide's parts: full Mettle, nothing else."""
    return Character(name=sheet.name, mettle=sheet.max_mettle)


def _said(item: Imported[Character]) -> list[str]:
    sheet, data = item.sheet, item.data
    verb = "Updated" if item.existing else "Imported"
    lines = [
        f"{verb} {sheet.name} from {item.filename}: Mettle {sheet.mettle} of {sheet.max_mettle}.",
        above_six({a: n for a, n in data.character.attributes.items() if a in data.given}),
    ]
    bare = [g.name for g in data.character.gear if g == Gear(name=g.name) and known(g.name) is None]
    if bare:
        lines.append(f"Not on the gear tables, so with no numbers: {', '.join(bare)}.")
    return lines


def _before_change(stage: Staging, name: str) -> None:
    # A held hit on them lands on the sheet as it was, before the file changes it.
    assert isinstance(stage, Plan)
    land_before_change(stage, name)


def _before_delete(state: TableState, who: Character) -> tuple[Event, ...]:
    game = mettle(state)
    if game.initiative is not None and who.name in game.initiative.order.participants:
        raise Refusal(f"{who.name} is in the running Initiative; /order end it first.")
    hit = game.held_hit
    if hit is not None and who.name in (hit.attacker, hit.target):
        raise Refusal(f"A hit by or on {who.name} waits for a Defend; let it land first.")
    if game.team is not None and who.name in game.team.members:
        raise Refusal(f"{who.name} is in the teamwork Check; a GM ends it first (/team end).")
    # A Twist puts back sheets as they were: none may come back from deletion.
    return (ev.WindowClosed(),) if game.window_open else ()


SHEET: SheetSchema[Character] = SheetSchema(
    game="METTLE",
    state_type=MettleState,
    sheet_type=Character,
    gm_only=GM_ONLY,
    deleted=ev.CharacterDeleted,
    imported=ev.SheetImported,
    read_file=read_file,
    lines=sheet_lines,
    kept_by="the Guide and play set them",
    new_player_sheet=new_player_character,
    stage=Plan,
    before_change=_before_change,
    before_delete=_before_delete,
    said=_said,
)
