"""Who a sheet file makes a character for, in every game with sheets (``/char import``): a
player their own, a GM anyone seated or no one; a GM's character is nobody's to take over; a
sheet is never handed to someone who has not joined."""

from __future__ import annotations

import pytest

from scenekeeper.app import Outcome
from scenekeeper.engine.commands import Attachment
from scenekeeper.engine.state import Person
from tests.support import TableDriver, person

GAMES = ["cortex", "scions", "mettle", "cybergod", "nodice"]


def table(game: str) -> TableDriver:
    driver = TableDriver()
    driver.do(f'/game new system:{game} name:"Owners"')
    driver.do("/game join", "ana")
    driver.do("/game join", "ben")
    return driver


def import_file(driver: TableDriver, actor: Person | str, sheet: str, options: str = "") -> Outcome:
    return driver.app.handle(
        driver.table_id,
        person(actor),
        f"/char import file:zed.json{options}",
        read_file=lambda _p: Attachment("zed.json", sheet.encode()),
    )


def owner(driver: TableDriver, name: str) -> str | None:
    state = driver.app.table(driver.table_id).state
    assert state is not None
    return state.meta.owner_of(name)


@pytest.mark.parametrize("game", GAMES)
def test_a_sheet_is_never_handed_to_someone_who_has_not_joined(game: str) -> None:
    driver = table(game)
    head = driver.app.store.head(driver.table_id)
    outcome = import_file(driver, "gm", '{"name": "Zed"}', " owner:cyd")
    assert outcome.error == "cyd is not at this table; they type /game join first."
    assert driver.app.store.head(driver.table_id) == head
    outcome = import_file(driver, "gm", '{"name": "Zed"}', " owner:ben")
    assert outcome.ok, outcome.error
    assert owner(driver, "Zed") == "ben"


@pytest.mark.parametrize("game", GAMES)
def test_a_gms_new_character_from_a_file_has_no_player(game: str) -> None:
    driver = table(game)
    outcome = import_file(driver, "gm", '{"name": "Zed"}')
    assert outcome.ok, outcome.error
    assert outcome.reply.text[0].startswith("Imported Zed from zed.json")
    assert owner(driver, "Zed") is None


@pytest.mark.parametrize("game", GAMES)
def test_a_players_new_character_from_a_file_is_theirs_by_the_name_they_joined_with(
    game: str,
) -> None:
    driver = TableDriver()
    driver.do(f'/game new system:{game} name:"Owners"')
    driver.do("/game join", Person("u7", "Ana Lark"))
    outcome = import_file(driver, Person("u7", "ana-renamed"), '{"name": "Zed"}')
    assert outcome.ok, outcome.error
    assert owner(driver, "Zed") == "u7"
    shown = driver.do("/char show character:Zed", Person("u7", "ana-renamed")).reply.text
    assert "played by Ana Lark" in shown[0]


@pytest.mark.parametrize("game", ["cortex", "mettle", "cybergod"])
def test_a_gms_character_from_a_file_goes_to_no_player_even_with_owner(game: str) -> None:
    driver = table(game)
    outcome = import_file(driver, "gm", '{"name": "Zed", "kind": "gmc"}', " owner:ben")
    assert outcome.ok, outcome.error
    assert owner(driver, "Zed") is None


@pytest.mark.parametrize("game", GAMES)
def test_a_player_takes_over_no_gms_character_by_file(game: str) -> None:
    driver = table(game)
    driver.do("/char new name:Zed gmc:true")
    head = driver.app.store.head(driver.table_id)
    outcome = import_file(driver, "ana", '{"name": "Zed"}')
    assert outcome.error == (
        "Zed is someone else's character; a player imports only their own characters or new ones."
    )
    assert driver.app.store.head(driver.table_id) == head
    assert owner(driver, "Zed") is None


@pytest.mark.parametrize("game", GAMES)
def test_a_gm_updates_a_players_character_by_file_and_it_stays_theirs(game: str) -> None:
    driver = table(game)
    driver.do("/char new name:Zed", "ana")
    outcome = import_file(driver, "gm", '{"name": "Zed"}', " owner:ben")
    assert outcome.ok, outcome.error
    assert outcome.reply.text[0].startswith("Updated Zed from zed.json")
    assert owner(driver, "Zed") == "ana"


@pytest.mark.parametrize("game", ["cortex", "scions", "mettle", "cybergod"])
def test_a_players_file_makes_no_gms_character(game: str) -> None:
    driver = table(game)
    head = driver.app.store.head(driver.table_id)
    outcome = import_file(driver, "ana", '{"name": "Zed", "kind": "gmc"}')
    assert outcome.error is not None
    assert outcome.error.startswith("Zed is a ")
    assert "only a GM imports" in outcome.error
    assert driver.app.store.head(driver.table_id) == head


def test_a_players_nodice_file_makes_their_own_character_without_its_kind() -> None:
    driver = table("nodice")
    outcome = import_file(driver, "ana", '{"name": "Zed", "kind": "gmc"}')
    assert outcome.ok, outcome.error
    assert owner(driver, "Zed") == "ana"
    assert outcome.reply.text == (
        "Imported Zed from zed.json.",
        "Kept as they were, since a GM sets them: kind (the file says NPC).",
    )
