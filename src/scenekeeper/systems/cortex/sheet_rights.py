"""What a player may set on their own sheet, whether by command or by importing a file.

A player sets their character's traits (distinctions among them) and SFX by command
(``/char set``, ``/char sfx add``); plot points, assets, complications, stress, trauma and
whether the character is out of the scene are the GM's (``/pp give``, ``/asset add``,
``/complication add``, ``/stress add`` by a GM, ...). An import is only another way to type
the same commands, so a player's sheet file may not change what their commands could not.
"""

from __future__ import annotations

from scenekeeper.engine.core.events import CharacterClaimed
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.state import Person, TableState
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.sheet import Character

#: Sheet parts only a GM sets, with what a player is told about each.
GM_ONLY = {
    "kind": "only a GM makes GMCs",
    "pp": "only a GM gives plot points (/pp give)",
    "assets": "only a GM adds assets (/asset add)",
    "complications": "only a GM adds complications (/complication add)",
    "stress": "stress is taken in play, not written on a sheet",
    "trauma": "trauma is taken in play, not written on a sheet",
    "status": "only a GM takes a character out or brings them back",
}


def new_player_character(name: str, start_points: int) -> Character:
    """What a player's new character holds of the GM's parts: nothing but starting points."""
    return Character(name=name, pp=start_points)


def gm_only_change(before: Character, after: Character) -> str | None:
    """The first GM-only part that differs between ``before`` and ``after``, as a message."""
    for part, why in GM_ONLY.items():
        if getattr(before, part) != getattr(after, part):
            return f"{part}: {why}"
    return None


def player_parts(before: Character, imported: Character) -> tuple[Character, dict[str, str]]:
    """What a player's import makes of ``before``: the file's traits and SFX, with every
    GM-only part kept as it was; and the GM-only parts the file would have changed, each with
    what the file says of it ("Lucky Coin d6")."""
    kept = before.model_copy(update={"traits": imported.traits, "sfx": imported.sfx})
    left_out = {}
    for part in GM_ONLY:
        mine, theirs = getattr(before, part), getattr(imported, part)
        if mine != theirs:
            left_out[part] = _shown(theirs)
    return kept, left_out


def _shown(value: object) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {getattr(v, 'die', v)}" for k, v in value.items()) or "none"
    return str(value)


def check_recorded_import(
    state: TableState, actor: Person, events: tuple[Event, ...], start_points: int
) -> None:
    """A recorded /char import (in an imported history, without its file): a GM's stands; a
    player's may only have changed what a player may set, on their own or new characters."""
    meta = state.meta
    if meta.is_gm(actor.id):
        return
    characters = state.game.characters  # type: ignore[attr-defined]
    for event in events:
        if isinstance(event, CharacterClaimed):
            if event.owner != actor.id:
                raise Refusal(f"it hands {event.character} to {event.owner}, not its importer")
            continue
        if not isinstance(event, ev.SheetImported):
            raise Refusal(f"a /char import does not make {event.type_name}")
        sheet: Character = event.character
        existing = next((c for c in characters.values() if c.name == sheet.name), None)
        if existing is not None and meta.owner_of(existing.name) != actor.id:
            raise Refusal(f"{existing.name} is not {actor.id}'s character")
        before = existing or new_player_character(sheet.name, start_points)
        change = gm_only_change(before, sheet)
        if change is not None:
            raise Refusal(f"a player's import set {change}")
