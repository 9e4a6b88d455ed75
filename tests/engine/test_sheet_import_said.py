"""What a sheet import says and keeps (``engine/sheets``): the parts updated (or nothing), the
parts a player's file could not set in plain words, the name as the table has it; and
``/char show``'s sheet as data (``--json``, Discord's data)."""

from __future__ import annotations

import json

import pytest

from scenekeeper.app import Outcome
from scenekeeper.engine.commands import Attachment
from tests.support import TableDriver, person


def table(game: str) -> TableDriver:
    driver = TableDriver()
    driver.do(f'/game new system:{game} name:"Said"')
    driver.do("/game join", "ana")
    driver.do("/char new name:Ada", "ana")
    return driver


def import_file(driver: TableDriver, actor: str, sheet: str) -> Outcome:
    outcome = driver.app.handle(
        driver.table_id,
        person(actor),
        "/char import file:ada.json",
        read_file=lambda _p: Attachment("ada.json", sheet.encode()),
    )
    assert outcome.ok, outcome.error
    return outcome


@pytest.mark.parametrize("game", ["cortex", "scions", "cybergod", "nodice"])
def test_a_file_that_gives_nothing_new_says_it_updated_nothing(game: str) -> None:
    driver = table(game)
    said = import_file(driver, "gm", '{"name": "ADA"}').reply.text
    assert said == ("Updated Ada from ada.json: nothing.",)


@pytest.mark.parametrize("game", ["cortex", "mettle", "cybergod", "nodice"])
def test_a_file_that_spells_the_name_otherwise_keeps_the_tables_spelling(game: str) -> None:
    driver = table(game)
    import_file(driver, "gm", '{"name": "ADA"}')
    shown = driver.do("/char show", "ana").reply.text
    assert shown[0].startswith("Ada")
    assert "ADA" not in " ".join(shown)


@pytest.mark.parametrize("game", ["cortex", "nodice"])
def test_a_player_turns_back_no_gms_character_into_their_own_by_file(game: str) -> None:
    # The GM made ana's Ada a GM character by file; ana's file cannot make her ana's again.
    driver = table(game)
    import_file(driver, "gm", '{"name": "Ada", "kind": "gmc"}')
    said = import_file(driver, "ana", '{"name": "Ada", "kind": "pc"}').reply.text
    assert said[0] == "Updated Ada from ada.json: nothing."
    assert said[1].startswith(
        "Kept as they were, since a GM sets them: kind (the file says player character)."
    )


def test_a_players_file_that_sets_wounds_is_told_them_in_words() -> None:
    driver = TableDriver()
    driver.do('/game new system:cybergod name:"Said"')
    driver.do("/game join", "ana")
    said = import_file(driver, "ana", '{"name": "Ada", "wounds": {"minor": 1, "dead": true}}')
    assert said.reply.text[1] == (
        "Kept as they were, since the GM and play set them: wounds (the file says Minor 1, Dead)."
    )


def test_a_players_file_that_clears_wounds_is_told_it_says_none() -> None:
    driver = TableDriver()
    driver.do('/game new system:cybergod name:"Said"')
    driver.do("/game join", "ana")
    driver.do("/char new name:Ada", "ana")
    driver.do("/wound add character:Ada dc:2")
    said = import_file(driver, "ana", '{"name": "Ada", "wounds": {}}')
    assert said.reply.text[1] == (
        "Kept as they were, since the GM and play set them: wounds (the file says none)."
    )


@pytest.mark.parametrize("game", ["cortex", "mettle", "cybergod"])
def test_char_show_gives_the_sheet_as_json_data(game: str) -> None:
    driver = table(game)
    shown = driver.do("/char show", "ana").reply
    assert isinstance(shown.data, dict)
    assert shown.data["name"] == "Ada"
    assert shown.data["kind"] == "pc"
    assert json.loads(json.dumps(shown.data)) == shown.data
