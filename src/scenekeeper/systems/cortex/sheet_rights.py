"""What a player may set on their own Cortex sheet, whether by command or by a file.

A player sets their character's traits (distinctions among them) and SFX by command
(``/char set``, ``/char sfx add``); plot points, assets, complications, stress, trauma, XP and
whether the character is in play are the GM's (``/pp give``, ``/asset add``, ...). The rule
itself is the engine's (``engine/sheet_rights.py``); this module names Cortex's parts.
"""

from __future__ import annotations

from scenekeeper.engine import sheet_rights
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
    "xp": "only a GM gives XP (/xp give)",
}


def new_player_character(name: str, start_points: int) -> Character:
    """What a player's new character holds of the GM's parts: nothing but starting points."""
    return Character(name=name, pp=start_points)


def player_parts(before: Character, imported: Character) -> tuple[Character, dict[str, str]]:
    kept, left_out = sheet_rights.player_parts(before, imported, GM_ONLY)
    assert isinstance(kept, Character)
    return kept, left_out


def check_recorded_import(state: TableState, actor: Person, events: tuple[Event, ...]) -> None:
    """A recorded /char import (``GameSystem.file_commands``): a player's sets a player's parts."""
    characters = state.game.characters  # type: ignore[attr-defined]
    start_points: int = state.game.rules.start_points  # type: ignore[attr-defined]

    def sheet_of(event: Event) -> Character | None:
        return event.character if isinstance(event, ev.SheetImported) else None

    sheet_rights.check_recorded_import(
        state,
        actor,
        events,
        sheet_of=sheet_of,
        existing=characters.get,
        new_sheet=lambda sheet: new_player_character(str(getattr(sheet, "name", "")), start_points),
        gm_only=GM_ONLY,
    )
