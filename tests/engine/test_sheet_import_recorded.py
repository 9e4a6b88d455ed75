"""A recorded /char import in an imported history (``/game import``), without its file: a
GM's stands; a player's may have made only their own characters and set only a player's parts,
on every sheet of the file (``engine/sheets/rights``)."""

from __future__ import annotations

import copy
from typing import Any

from scenekeeper.engine.commands import Attachment
from tests.engine.test_import_trust import cortex_table, export, refused, refused_or_ok
from tests.support import person


def bobs_crew() -> dict[str, Any]:
    """A table where bob (a player) imported two new characters from one file."""
    driver = cortex_table()
    sheet = '[{"name": "Cog"}, {"name": "Dot"}]'
    outcome = driver.app.handle(
        "t1",
        person("bob"),
        "/char import file:crew.json",
        read_file=lambda _p: Attachment("crew.json", sheet.encode()),
    )
    assert outcome.ok, outcome.error
    doc = export(driver)
    assert refused_or_ok(doc) is None
    return doc


def recorded(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in doc["events"] if e["command"].startswith("/char import")]


def test_a_players_import_hands_no_character_to_someone_else() -> None:
    doc = copy.deepcopy(bobs_crew())
    claim = next(e for e in recorded(doc) if e["type"] == "table.character_claimed@1")
    claim["data"]["owner"] = "alice"
    claim["data"]["name"] = "alice"
    doc["table"]["owners"]["Cog"] = "alice"
    assert "it hands Cog to alice, not its importer" in refused(doc)


def test_every_sheet_of_a_players_import_is_checked_not_only_the_first() -> None:
    doc = copy.deepcopy(bobs_crew())
    dot = next(
        e
        for e in recorded(doc)
        if e["type"] == "cortex.sheet_imported@1" and e["data"]["character"]["name"] == "Dot"
    )
    dot["data"]["character"]["pp"] = 9
    doc["characters"]["Dot"]["pp"] = 9
    assert "a player's import set pp: only a GM gives plot points" in refused(doc)


def test_a_players_import_makes_nothing_but_sheets_and_claims() -> None:
    doc = copy.deepcopy(bobs_crew())
    sheet = next(e for e in recorded(doc) if e["type"] == "cortex.sheet_imported@1")
    # The import's first record becomes a delete of Ada: not what a sheet file makes.
    sheet["type"] = "cortex.character_deleted@1"
    sheet["data"] = {"name": "Cog"}
    message = refused(doc)
    assert "a /char import does not make cortex.character_deleted@1" in message
