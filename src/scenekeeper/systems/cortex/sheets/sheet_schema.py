"""Cortex's sheet as the shell (``engine.sheets``) takes it: what a file's keys hold
(format: docs/cortex-sheets.md), what only a GM sets, and what ``/char show`` says.

A player sets their character's traits (distinctions among them) and SFX by command
(``/char set``, ``/char sfx add``); plot points, assets, complications, stress, trauma, XP and
whether the character is in play are the GM's (``/pp give``, ``/asset add``, ...).
Cortex p.16-19: traits come in prime sets; a trait with no rating is a d4; distinctions d8.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scenekeeper.dice import DiceError, Die
from scenekeeper.engine.documents import short_name, whole_number
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.sheets.files import not_a_key, read_sheets, sheet_name, validated
from scenekeeper.engine.sheets.schema import SheetData, SheetSchema
from scenekeeper.engine.state import GameState, TableState
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.render import sheet_lines
from scenekeeper.systems.cortex.sheets.sheet import (
    DISTINCTION_COUNT,
    DISTINCTION_DIE,
    DISTINCTIONS,
    Asset,
    Character,
    clean_name,
)
from scenekeeper.systems.cortex.state import CortexState, cortex
from scenekeeper.systems.cortex.troubles.shaken import shaken_traits

_PLAIN_KEYS = ("name", "kind", "pp", "sfx", "assets", "complications", "stress", "trauma")
_DURATIONS = ("beat", "scene", "session", "signature")
#: As the commands take them: /pp bank amount: (0-99), /char sfx add text: (400 characters).
MAX_PP = 99
MAX_SFX_TEXT = 400

#: Sheet parts only a GM sets, with what a player is told about each.
GM_ONLY = {
    "kind": "only a GM makes GMCs",
    "pp": "only a GM gives plot points (/pp give)",
    "assets": "only a GM adds assets (/asset add)",
    "complications": "only a GM adds complications (/complication add)",
    "stress": "stress is taken in play, not written on a sheet",
    "trauma": "trauma is taken in play, not written on a sheet",
    "status": "only a GM takes a character out or brings them back",
    "xp": "only a GM gives XP (/xp give)",
}


@dataclass(frozen=True)
class CortexSheetData(SheetData[Character]):
    merged: frozenset[str] = frozenset({"traits"})

    def parts(self) -> list[str]:
        """What the file gives, as people call it (trait sets by name)."""
        named = [k for k in self.given if k not in ("name", "traits")]
        return [*self.character.traits, *named]


def read_file(content: bytes, filename: str, game: GameState) -> list[CortexSheetData]:
    assert isinstance(game, CortexState)
    return read_sheets(
        content,
        filename,
        lambda item, where: _sheet(item, where, game.trait_sets),
        "docs/cortex-sheets.md",
    )


def _key(text: object) -> str:
    return " ".join(str(text).replace("_", " ").replace("-", " ").split()).casefold()


def _sheet(item: object, where: str, trait_sets: tuple[str, ...]) -> CortexSheetData:
    keys, name, where = sheet_name(item, where, _key)
    sets = {_key(s): s for s in trait_sets}
    known = [*_PLAIN_KEYS, *(s.lower() for s in trait_sets)]
    fields: dict[str, Any] = {"name": name, "traits": {}}
    for raw_key, value in keys.items():
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
            raise not_a_key(where, raw_key, known, known, match=key)
    fields["traits"] = {k: v for k, v in fields["traits"].items() if v}
    given = frozenset(k for k in fields if k != "traits" or fields["traits"])
    return CortexSheetData(validated(Character, fields, where), given)


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


def _fresh(data: SheetData[Character], game: GameState) -> Character:
    """A new sheet without plot points starts with the game's starting points."""
    assert isinstance(game, CortexState)
    if "pp" in data.given:
        return data.character
    return data.character.model_copy(update={"pp": game.rules.start_points})


def new_player_character(sheet: Character, game: GameState) -> Character:
    """What a player's new character holds of the GM's parts: nothing but starting points."""
    assert isinstance(game, CortexState)
    return Character(name=sheet.name, pp=game.rules.start_points)


def _lines(state: TableState, who: Character, player: str | None) -> list[str]:
    game = cortex(state)
    lines = sheet_lines(who, player, game.trait_sets)
    if mod_on(state, "shaken-stricken") and shaken_traits(game, who):
        shaken = ", ".join(shaken_traits(game, who))
        lines.append(f"Shaken ({shaken}): one die makes the total.")
    boosts = game.boosts.get(who.name, 0)
    if boosts:
        lines.append(
            f"Boosts: {boosts} (step up one die of a coming pool: add boost:<die> to the roll)."
        )
    return lines


SHEET: SheetSchema[Character] = SheetSchema(
    game="Cortex",
    state_type=CortexState,
    sheet_type=Character,
    gm_only=GM_ONLY,
    deleted=ev.CharacterDeleted,
    imported=ev.SheetImported,
    read_file=read_file,
    lines_at=_lines,
    gmc="GMC",
    gmcs="GMCs",
    kept_by="a GM sets them",
    kept_hint=" A GM can set them in play (/pp give, /asset add, /complication add) or import "
    "the file.",
    new_player_sheet=new_player_character,
    fresh=_fresh,
)
