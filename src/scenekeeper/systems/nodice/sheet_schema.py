"""NoDice's sheet as the shell (``engine.sheets``) takes it: a file's keys (docs/nodice-sheets.md)
and what only a GM sets (an NPC, a Rank).

NoDice keeps its own ``/char show`` (``sheet_commands``): the shell's answers the whole sheet as
the reply's data, and a Rank is for GMs and the Actor's player only (R22). So the schema declares
no ``lines`` (the shell's ``/char show`` is the only reader of them, and is left out here).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.sheets.files import not_a_key, read_sheets, sheet_name
from scenekeeper.engine.sheets.schema import SheetData, SheetSchema
from scenekeeper.engine.state import GameState, TableState
from scenekeeper.systems.nodice import events as ev
from scenekeeper.systems.nodice.sheet import MAX_AV, MAX_RANK, MAX_WR, Actor
from scenekeeper.systems.nodice.state import NoDiceState
from scenekeeper.systems.nodice.trine import ATTRIBUTES, find_attribute

GM_ONLY = {
    "kind": "only a GM makes NPCs",
    "rank": "only a GM sets a Rank",
}
_KEYS = ("name", "kind", "rank", "wr", "avs", *ATTRIBUTES)


def read_file(content: bytes, filename: str, game: GameState) -> list[SheetData[Actor]]:
    del game
    return read_sheets(content, filename, _sheet, "docs/nodice-sheets.md")


def _sheet(item: object, where: str) -> SheetData[Actor]:
    keys, name, where = sheet_name(item, where, lambda k: str(k).strip().lower(), "avs:")
    fields: dict[str, Any] = {"name": name}
    avs: dict[str, int | None] = {}
    for raw, value in keys.items():
        word = str(raw).strip().lower()
        here = f"{where}: {raw}"
        if word == "name":
            continue
        if word == "kind":
            if value not in ("pc", "gmc"):
                raise Refusal(f"{here}: kind is pc or gmc, not {value}.")
            fields["kind"] = value
        elif word == "rank":
            fields["rank"] = _number(value, here, 1, MAX_RANK)
        elif word == "wr":
            fields["wr"] = _number(value, here, 0, MAX_WR)
        elif word == "avs":
            if not isinstance(value, dict):
                raise Refusal(
                    f"{here}: the AVs by Attribute, like avs: {{REA: 4, KNO: 5, AGI: -}}, "
                    f"not {str(value)[:20]!r}."
                )
            for attribute, av in value.items():
                _av(avs, str(attribute), av, f"{here}: {attribute}")
        elif find_attribute(word) is not None:
            _av(avs, word, value, here)
        else:
            raise not_a_key(where, raw, _KEYS, _KEYS)
    given = set(fields)
    if avs:
        fields["avs"] = avs  # only the AVs the file gives: they join an existing sheet's
        given.add("avs")
    return ActorData(Actor.model_validate(fields), frozenset(given), frozenset({"avs"}))


@dataclass(frozen=True)
class ActorData(SheetData[Actor]):
    """A sheet from a file: its AVs join an existing sheet's; a new Actor's others are 0."""

    def fresh(self) -> Actor:
        avs = {**dict.fromkeys(ATTRIBUTES, 0), **self.character.avs}
        return self.character.model_copy(update={"avs": avs})


def _av(avs: dict[str, int | None], raw: str, value: object, where: str) -> None:
    attribute = find_attribute(raw)
    if attribute is None:
        raise Refusal(f"{where}: not an Attribute; they are {', '.join(ATTRIBUTES)}.")
    if value is None or str(value).strip() == "-":
        avs[attribute] = None
    else:
        avs[attribute] = _number(value, where, 0, MAX_AV)


def _number(value: object, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Refusal(f"{where}: a whole number from {low} to {high}, not {value!r}.")
    return value


def _before_delete(state: TableState, who: Actor) -> tuple[ev.ActorDeleted, ...]:
    conflict = state.game.conflict if isinstance(state.game, NoDiceState) else None
    if conflict is not None and who.name in conflict.fighters:
        raise Refusal(f"{who.name} is in the Conflict: delete them after /conflict end.")
    return ()


def frozen(game: GameState, name: str) -> str | None:
    """An Actor's sheet is written only out of a Conflict: its stacks there are copies of the
    sheet, returned to it at the end (R27) -- for /char set and /char import alike."""
    assert isinstance(game, NoDiceState)
    if game.conflict is not None and name in game.conflict.fighters:
        return f"{name} is in the Conflict: write the sheet after /conflict end."
    return None


SHEET: SheetSchema[Actor] = SheetSchema(
    game="NoDice",
    state_type=NoDiceState,
    sheet_type=Actor,
    gm_only=GM_ONLY,
    deleted=ev.ActorDeleted,
    imported=ev.SheetImported,
    read_file=read_file,
    gmc="NPC",
    gmcs="NPCs",
    kept_by="a GM sets them",
    players_kind_kept=True,
    before_delete=_before_delete,
    frozen=frozen,
)
