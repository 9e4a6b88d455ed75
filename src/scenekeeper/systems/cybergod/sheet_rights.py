"""What a player may set on their own Cybergod sheet, by command or by a file.

A player rates their character's Attributes, Aptitudes, Skills and Engrams, sets Resolve's
maximum and their Stress by command (``/char set``), and writes their weapons on the sheet;
wounds (``/wound add``), Resolve spent and burned (``/resolve``), and the Stress Saves and
breakdowns play leaves owing are the game's and the GM's. The rule is the engine's
(``engine/sheet_rights.py``); this module names Cybergod's parts.
"""

from __future__ import annotations

from scenekeeper.engine import sheet_rights
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.state import Person, TableState
from scenekeeper.systems.cybergod import events as ev
from scenekeeper.systems.cybergod.sheet import Character

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


def owes(who: Character) -> bool:
    return bool(who.stress_saves_due or who.breakdowns_due)


def player_parts(before: Character, imported: Character) -> tuple[Character, dict[str, str]]:
    kept, left_out = sheet_rights.player_parts(before, imported, GM_ONLY)
    assert isinstance(kept, Character)
    if owes(before) and kept.stress != before.stress:
        left_out["stress"] = str(kept.stress)
        kept = kept.model_copy(update={"stress": before.stress})
    return kept, left_out


def check_recorded_import(state: TableState, actor: Person, events: tuple[Event, ...]) -> None:
    characters = state.game.characters  # type: ignore[attr-defined]

    def sheet_of(event: Event) -> Character | None:
        return event.character if isinstance(event, ev.SheetImported) else None

    if not state.meta.is_gm(actor.id):
        for event in events:
            sheet = sheet_of(event)
            before = characters.get(sheet.name) if sheet is not None else None
            changed = sheet is not None and before is not None and sheet.stress != before.stress
            if changed and before is not None and owes(before):
                raise Refusal(f"a player's import set stress: {OWED}")

    sheet_rights.check_recorded_import(
        state,
        actor,
        events,
        sheet_of=sheet_of,
        existing=characters.get,
        new_sheet=lambda sheet: Character(name=str(getattr(sheet, "name", ""))),
        gm_only=GM_ONLY,
    )
