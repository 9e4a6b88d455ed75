"""A character's name that would read as something else -- a person (@ben), a roll (#1) or
Markdown (**bold**) -- is refused the same way in every game, by command and by sheet file,
with what to type instead and the table unchanged (play-test item 11). Long names are held
to 60 characters in every game."""

from __future__ import annotations

import json

import pytest

from scenekeeper.engine.commands import Attachment
from tests.support import TableDriver, person

GAMES = ["cortex", "scions", "mettle", "cybergod", "nodice"]
ODD = [
    ("@ben", "begins with @ reads as a mention of a person; choose another, like ben."),
    ("#1", 'begins with # reads as a roll (vs:"#1"); choose another, like 1.'),
    ("**bold**", "formatting marks on Discord; choose another, like bold."),
    ("Ana `x` ~~y~~", "formatting marks on Discord; choose another, like Ana x y."),
]


def _table(game: str) -> TableDriver:
    driver = TableDriver()
    driver.do(f"/game new system:{game} name:Names")
    driver.do("/game join", "ana")
    return driver


def _state(driver: TableDriver) -> tuple[int, object]:
    return driver.app.store.head(driver.table_id), driver.app.table(driver.table_id).state


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("name", "said"), ODD)
def test_an_odd_name_is_refused_by_command_and_by_file(game: str, name: str, said: str) -> None:
    driver = _table(game)
    before = _state(driver)
    refused = driver.refused(f'/char new name:"{name}"', "ana")
    assert refused.startswith(f"{name} cannot be a character's name: ")
    assert refused.endswith(said)
    assert _state(driver) == before
    outcome = driver.app.handle(
        driver.table_id,
        person("ana"),
        "/char import file:odd.json",
        read_file=lambda _p: Attachment("odd.json", json.dumps({"name": name}).encode()),
    )
    assert not outcome.ok
    assert outcome.error is not None
    assert outcome.error.endswith(said)
    assert _state(driver) == before


@pytest.mark.parametrize("game", GAMES)
def test_plain_names_and_long_ones(game: str) -> None:
    driver = _table(game)
    assert "keep it to 60" in driver.refused(f"/char new name:{'x' * 61}", "ana")
    driver.do("/char new name:\"Dex 'Razor' O'Brien-2 #7 @home\"", "ana")  # inside, they are fine
