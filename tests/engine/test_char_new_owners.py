"""Who plays a character ``/char new`` makes, in every game with sheets: a player their own; a
GM's new character no one unless the GM names a seated player; a GM character no one, ever."""

from __future__ import annotations

import pytest

from tests.support import TableDriver

GAMES = ["cortex", "scions", "mettle", "cybergod", "nodice"]


def table(game: str) -> TableDriver:
    driver = TableDriver()
    driver.do(f'/game new system:{game} name:"New ones"')
    driver.do("/game join", "ana")
    return driver


def owner(driver: TableDriver, name: str) -> str | None:
    state = driver.app.table(driver.table_id).state
    assert state is not None
    return state.meta.owner_of(name)


@pytest.mark.parametrize("game", GAMES)
def test_a_gms_new_character_has_no_player_unless_named(game: str) -> None:
    driver = table(game)
    driver.do("/char new name:Zed")
    assert owner(driver, "Zed") is None
    driver.do("/char new name:Yan owner:ana")
    assert owner(driver, "Yan") == "ana"


@pytest.mark.parametrize("game", GAMES)
def test_a_gm_character_goes_to_no_player_even_with_owner(game: str) -> None:
    driver = table(game)
    driver.do("/char new name:Zed gmc:true owner:ana")
    assert owner(driver, "Zed") is None


@pytest.mark.parametrize("game", GAMES)
def test_no_character_is_made_for_someone_who_has_not_joined(game: str) -> None:
    driver = table(game)
    head = driver.app.store.head(driver.table_id)
    message = driver.refused("/char new name:Zed owner:cyd")
    assert message == "cyd is not at this table; they type /game join first."
    assert driver.app.store.head(driver.table_id) == head


@pytest.mark.parametrize(
    ("game", "words"),
    [
        ("cortex", "Only a GM makes GMCs; leave out gmc:true to make your own character."),
        ("scions", "Only a GM makes GMCs; leave out gmc:true to make your own character."),
        ("mettle", "Only a GM makes GM characters; leave out gmc:true to make your own."),
        ("cybergod", "Only a GM makes GM characters; leave out gmc:true to make your own."),
        ("nodice", "Only a GM makes NPCs; leave out gmc:true to make your own."),
    ],
)
def test_a_player_is_told_a_gm_character_is_the_gms_in_the_games_words(
    game: str, words: str
) -> None:
    driver = table(game)
    head = driver.app.store.head(driver.table_id)
    assert driver.refused("/char new name:Zed gmc:true", "ana") == words
    assert driver.app.store.head(driver.table_id) == head


@pytest.mark.parametrize("game", GAMES)
def test_a_player_makes_no_character_for_someone_else(game: str) -> None:
    driver = table(game)
    driver.do("/game join", "bo")
    head = driver.app.store.head(driver.table_id)
    message = driver.refused("/char new name:Zed owner:bo", "ana")
    assert message == "Only a GM makes characters for someone else; leave out owner:."
    assert driver.app.store.head(driver.table_id) == head
