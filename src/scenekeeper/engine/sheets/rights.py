"""What a player's sheet file may set: what the player could set by command, no more.

A sheet import is another way to type commands. Each game names the parts of its sheet that
only a GM sets by command (plot points, wounds, ...); a player's import keeps those as they
were -- on their own character, or as a new character starts -- and says which the file would
have changed. An imported history (``engine/recheck``) is checked the same way, since the file
behind a recorded /char import is not in it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypedDict, TypeVar

import pydantic

from scenekeeper.engine.core.events import CharacterClaimed
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.sheets.schema import SheetSchema
from scenekeeper.engine.state import GameState, Person, TableState

Sheet = pydantic.BaseModel
S = TypeVar("S", bound=pydantic.BaseModel)


def player_parts(
    before: Sheet, imported: Sheet, gm_only: Mapping[str, str]
) -> tuple[Sheet, dict[str, str]]:
    """``imported`` with every part named in ``gm_only`` kept as ``before`` has it, and those
    parts the file would have changed, each with what the file says of it."""
    kept = imported.model_copy(update={part: getattr(before, part) for part in gm_only})
    left_out = {
        part: shown(getattr(imported, part))
        for part in gm_only
        if getattr(before, part) != getattr(imported, part)
    }
    return kept, left_out


def part_words(part: str) -> str:
    """A sheet part as a person reads it: ``resolve_spent`` -> "resolve spent"."""
    return part.replace("_", " ")


def shown(value: object) -> str:
    """What a file gives for a part, in words: no field names, ``=`` or Python values."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{k} {getattr(v, 'die', v)}" for k, v in value.items()) or "none"
    if isinstance(value, list | tuple | set | frozenset):
        return ", ".join(shown(v) for v in value) or "none"
    if isinstance(value, pydantic.BaseModel):
        # What differs from a fresh one: Wounds(minor=1) -> "Minor 1"; dead=True -> "Dead".
        said = []
        for name, field in type(value).model_fields.items():
            now = getattr(value, name)
            if now == field.get_default(call_default_factory=True):
                continue
            words = part_words(name).capitalize()
            said.append(words if now is True else f"{words} {shown(now)}")
        return ", ".join(said) or "none"
    return str(value)


def check_recorded_import(
    state: TableState,
    actor: Person,
    events: tuple[Event, ...],
    *,
    sheet_of: Callable[[Event], Sheet | None],
    # existing: the character as the table has it; new_sheet: what a player's new character
    # holds of the GM's parts, given the sheet imported.
    existing: Callable[[str], Sheet | None],
    new_sheet: Callable[[Sheet], Sheet],
    gm_only: Mapping[str, str],
) -> None:
    """A recorded /char import without its file: a GM's stands; a player's may only have
    changed a player's parts, on their own or new characters (``Refusal`` otherwise)."""
    meta = state.meta
    if meta.is_gm(actor.id):
        return
    for event in events:
        if isinstance(event, CharacterClaimed):
            if event.owner != actor.id:
                raise Refusal(f"it hands {event.character} to {event.owner}, not its importer")
            continue
        sheet = sheet_of(event)
        if sheet is None:
            raise Refusal(f"a /char import does not make {event.type_name}")
        name = str(getattr(sheet, "name", ""))
        found = existing(name)
        if found is not None and meta.owner_of(name) != actor.id:
            raise Refusal(f"{name} is not {actor.id}'s character")
        before = found if found is not None else new_sheet(sheet)
        for part, why in gm_only.items():
            if getattr(before, part) != getattr(sheet, part):
                raise Refusal(f"a player's import set {part_words(part)}: {why}")


def player_import(
    schema: SheetSchema[S], game: GameState, before: S | None, imported: S
) -> tuple[S, dict[str, str]]:
    """A player's imported sheet as the game lets them have it: the GM's parts as ``before``
    has them (or as a new character of theirs starts), and those the file would have changed."""
    start = before if before is not None else schema.new_sheet(imported, game)
    kept, left_out = player_parts(start, imported, schema.gm_only)
    assert isinstance(kept, schema.sheet_type)
    if "kind" in left_out:
        left_out["kind"] = schema.gmc if left_out["kind"] == "gmc" else "player character"
    if schema.player_limits is not None:
        kept = schema.player_limits(game, before, kept, left_out)
    return kept, left_out


def check_import(
    schema: SheetSchema[Any], state: TableState, actor: Person, events: tuple[Event, ...]
) -> None:
    """A recorded /char import (``GameSystem.file_commands``): a player's sets a player's parts."""
    if schema.recorded_limits is not None and not state.meta.is_gm(actor.id):
        schema.recorded_limits(state, actor, events)
    roster = schema.roster(state)
    check_recorded_import(
        state,
        actor,
        events,
        sheet_of=schema.sheet_of,
        existing=roster.characters.get,
        new_sheet=lambda sheet: schema.new_sheet(sheet, state.game),
        gm_only=schema.gm_only,
    )


class Declared(TypedDict):
    sheet: SheetSchema[Any]
    file_commands: Mapping[str, Callable[[TableState, Person, tuple[Event, ...]], None]]


def declared(schema: SheetSchema[Any]) -> Declared:
    """What a game with this sheet passes its ``GameSystem``: the sheet, and the check of a
    recorded /char import (``GameSystem.file_commands``)::

        CortexSystem(**declared(SHEET), name="cortex", ...)
    """

    def check(state: TableState, actor: Person, events: tuple[Event, ...]) -> None:
        check_import(schema, state, actor, events)

    return {"sheet": schema, "file_commands": {"char import": check}}
