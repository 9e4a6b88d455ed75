"""A sheet file, read the same way in every game (``engine/sheets/files``): its size, how many
sheets it holds, each one's name, and every mistake said with where it is and what to write."""

from __future__ import annotations

import json

import pytest

from scenekeeper.app import Outcome
from scenekeeper.engine.commands import Attachment
from tests.support import TableDriver, person

GAMES = ["cortex", "scions", "mettle", "cybergod", "nodice"]
KB = 1024


def table(game: str) -> TableDriver:
    driver = TableDriver()
    driver.do(f'/game new system:{game} name:"Files"')
    driver.do("/game join", "ana")
    return driver


def import_file(
    driver: TableDriver, content: str | bytes, filename: str = "crew.json", actor: str = "gm"
) -> Outcome:
    data = content.encode() if isinstance(content, str) else content
    return driver.app.handle(
        driver.table_id,
        person(actor),
        f'/char import file:"{filename}"',
        read_file=lambda _p: Attachment(filename, data),
    )


def refused(driver: TableDriver, content: str | bytes, filename: str = "crew.json") -> str:
    head = driver.app.store.head(driver.table_id)
    outcome = import_file(driver, content, filename)
    assert not outcome.ok, outcome.reply.text
    assert driver.app.store.head(driver.table_id) == head
    assert outcome.error is not None
    return outcome.error


def padded(text: str, size: int) -> bytes:
    """``text`` (JSON) with spaces after it to make exactly ``size`` bytes."""
    data = text.encode()
    return data + b" " * (size - len(data))


@pytest.mark.parametrize("game", GAMES)
def test_a_file_of_256_kb_imports_and_one_byte_more_is_refused(game: str) -> None:
    driver = table(game)
    assert refused(driver, padded('{"name": "Zed"}', 256 * KB + 1)) == (
        "crew.json is over 256 KB; split it into smaller files."
    )
    outcome = import_file(driver, padded('{"name": "Zed"}', 256 * KB))
    assert outcome.ok, outcome.error


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("content", ["[]", "null", '{"characters": []}'])
def test_a_file_with_no_sheets_says_so(game: str, content: str) -> None:
    assert refused(table(game), content) == "crew.json has no sheets in it."


@pytest.mark.parametrize("game", GAMES)
def test_a_file_may_list_its_sheets_under_characters(game: str) -> None:
    outcome = import_file(table(game), '{"characters": [{"name": "Zed"}, {"name": "Ada"}]}')
    assert outcome.ok, outcome.error
    assert outcome.reply.text[0].startswith("Imported Zed from crew.json")
    assert outcome.reply.text[-1].startswith("Imported Ada from crew.json")


@pytest.mark.parametrize("game", GAMES)
def test_fifty_sheets_import_at_once_and_fifty_one_are_refused(game: str) -> None:
    driver = table(game)
    sheets = [{"name": f"Extra {n}"} for n in range(1, 52)]
    assert refused(driver, json.dumps(sheets)) == (
        "crew.json has 51 sheets; import at most 50 at a time."
    )
    outcome = import_file(driver, json.dumps(sheets[:50]))
    assert outcome.ok, outcome.error
    assert outcome.reply.text[0].startswith("Imported Extra 1 from crew.json")
    assert outcome.reply.text[-1].startswith("Imported Extra 50 from crew.json")


@pytest.mark.parametrize(
    ("game", "example"),
    [("cortex", "attributes:"), ("mettle", "concept:"), ("cybergod", "attributes:")],
)
def test_a_sheet_that_is_a_list_is_named_by_its_place_in_the_file(game: str, example: str) -> None:
    message = refused(table(game), '[{"name": "Zed"}, ["Ada"]]')
    assert message == (
        f"crew.json: sheet 2: a sheet is a set of keys (name:, {example} ...), not a list."
    )


@pytest.mark.parametrize("game", GAMES)
def test_a_sheet_twice_in_one_file_is_refused_by_the_name_it_has(game: str) -> None:
    message = refused(table(game), '[{"name": "Zed"}, {"name": "Ada"}, {"name": "zed"}]')
    assert message == "crew.json: Zed is in the file twice; keep one sheet each."


@pytest.mark.parametrize("game", ["cortex", "mettle"])
def test_a_mistake_is_said_under_the_files_whole_name(game: str) -> None:
    # A file name may itself hold ": sheet" (a colon is a letter of a file name on Linux).
    message = refused(table(game), '{"name": "Zed", "kind": "npc"}', "old: sheets: 2.json")
    assert message == "old: sheets: 2.json: Zed: kind: Input should be 'pc' or 'gmc'."


@pytest.mark.parametrize(("typed", "meant"), [("rnak", "rank"), ("avx", "avs"), ("nmae", "name")])
def test_a_key_mistyped_gets_the_nearest_key(typed: str, meant: str) -> None:
    message = refused(table("nodice"), f'{{"name": "Zed", "{typed}": 2}}')
    assert message.startswith(
        f"crew.json: Zed: '{typed}' is not a sheet key. Did you mean {meant}:? Keys: name, kind,"
    )


def test_a_cybergod_key_mistyped_gets_the_nearest_key() -> None:
    message = refused(table("cybergod"), '{"name": "Zed", "engrmas": 2}')
    assert message.startswith(
        "crew.json: Zed: 'engrmas' is not a sheet key. Did you mean engrams:?"
    )
