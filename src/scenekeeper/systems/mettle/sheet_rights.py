"""What a player may set on their own METTLE sheet, by command or by a file.

A player rates Attributes and writes Descriptors (``/char set``), Backstories and gear
(``/char backstory``, ``/char gear``), and may declare their own character dead (``/status
add``); Mettle as it stands, statuses, Afflictions, being stable or Delayed, Downtime Vouchers
and XP come from play and the Guide (``/mettle damage``, ``/voucher give``, ``/xp give``). A
new character starts with full Mettle. The rule is the engine's (``engine/sheet_rights.py``).
"""

from __future__ import annotations

from scenekeeper.engine import sheet_rights
from scenekeeper.engine.events import Event
from scenekeeper.engine.state import Person, TableState
from scenekeeper.systems.mettle import events as ev
from scenekeeper.systems.mettle.sheet import Character

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


def new_player_character(sheet: Character) -> Character:
    """What a player's new character holds of the Guide's parts: full Mettle, nothing else."""
    return Character(name=sheet.name, mettle=sheet.max_mettle)


def player_parts(before: Character, imported: Character) -> tuple[Character, dict[str, str]]:
    kept, left_out = sheet_rights.player_parts(before, imported, GM_ONLY)
    assert isinstance(kept, Character)
    return kept, left_out


def check_recorded_import(state: TableState, actor: Person, events: tuple[Event, ...]) -> None:
    characters = state.game.characters  # type: ignore[attr-defined]

    def sheet_of(event: Event) -> Character | None:
        return event.character if isinstance(event, ev.SheetImported) else None

    sheet_rights.check_recorded_import(
        state,
        actor,
        events,
        sheet_of=sheet_of,
        existing=characters.get,
        new_sheet=new_player_character,  # type: ignore[arg-type]
        gm_only=GM_ONLY,
    )
