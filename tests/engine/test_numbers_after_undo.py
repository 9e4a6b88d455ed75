"""Numbers a person can type never come back (issue 21): after /undo of a roll, the next roll
takes a new number in every game, so a later vs:"#1" or a note naming #1 means one roll only.
The same after a redo, and after the table is loaded again from a snapshot. A history recorded
before undo kept its numbers replays (and imports) as it was made."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from scenekeeper.engine.aggregate import Table
from scenekeeper.store.memory import MemoryStore
from tests.engine.test_transfer import export, import_into
from tests.support import TableDriver, make_app

#: Per game: how to set up a table with one roller, and a roll that says its number.
ROLLS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "cortex": (
        (
            "/char new name:Ada",
            "/char set character:Ada trait:Agility die:d8 set:Attributes",
        ),
        '/roll pool:Agility results:"5"',
        r"rolls #(\d+)",
    ),
    "scions": (
        ("/char new name:Ada", "/char set character:Ada trait:Might die:d8 set:Attributes"),
        '/roll pool:Might results:"5"',
        r"rolls #(\d+)",
    ),
    "mettle": (
        ("/char new name:Ada concept:3 frame:3 motive:3 nature:3 poise:3",),
        '/check pool:nature vs:2 results:"1 1 1"',
        r"Check #(\d+)",
    ),
    "cybergod": (
        ("/char new name:Ada",),
        '/test pool:2d8 results:"5 1"',
        r", #(\d+):",
    ),
}


def _table(game: str, snapshot_every: int = 200) -> TableDriver:
    driver = TableDriver(app=make_app(MemoryStore(), snapshot_every=snapshot_every))
    driver.do(f"/game new system:{game} name:Numbers")
    driver.do("/game join", "ana")
    for line in ROLLS[game][0]:
        driver.do(line, "ana")
    return driver


def _number(driver: TableDriver, game: str) -> int:
    _setup, line, pattern = ROLLS[game]
    text = "\n".join(driver.do(line, "ana").reply.text)
    found = re.search(pattern, text)
    assert found is not None, text
    return int(found.group(1))


@pytest.mark.parametrize("game", sorted(ROLLS))
def test_a_roll_number_is_never_given_twice(game: str) -> None:
    driver = _table(game)
    assert _number(driver, game) == 1
    driver.do("/undo", "ana")
    assert _number(driver, game) == 2
    driver.do("/undo", "ana")
    driver.do("/redo", "ana")  # #2 stands again
    assert _number(driver, game) == 3
    driver.do("/undo count:2")  # #3 and #2 taken back, by a GM
    driver.do("/redo")  # #2 again: #3 stays used
    assert _number(driver, game) == 4


@pytest.mark.parametrize("game", sorted(ROLLS))
def test_loaded_from_a_snapshot_the_numbers_stay_used(game: str) -> None:
    driver = _table(game, snapshot_every=1)
    assert _number(driver, game) == 1
    driver.do("/undo", "ana")
    driver.do("/char show character:Ada", "ana")
    driver.app._forget(driver.table_id)  # the next command loads the newest snapshot
    assert _number(driver, game) == 2


def test_generic_tables_number_commands_only_and_never_twice() -> None:
    # A generic table's rolls have no number; /history's command numbers are the store's and
    # never come back either.
    driver = TableDriver()
    driver.do("/game new system:generic name:Numbers")
    driver.do("/roll dice:d6")
    driver.do("/undo")
    driver.do("/roll dice:d6")
    lines = driver.do("/history").reply.text
    assert [line.split()[0] for line in lines] == ["#1", "#2", "#3", "#4"]
    assert lines[1].endswith("[undone]")


def test_an_older_history_replays_with_the_numbers_it_gave() -> None:
    # Exports made before undo kept numbers: the undo's event says nothing of numbers, and the
    # roll after it took #1 again. It still imports, and reads as it was made.
    driver = _table("cortex")
    _number(driver, "cortex")
    driver.do("/undo", "ana")
    assert _number(driver, "cortex") == 2
    doc: dict[str, Any] = copy.deepcopy(export(driver))
    for entry in doc["events"]:
        if entry["type"] == "table.undone@1":
            del entry["data"]["keeps_numbers"]
        if entry["type"] == "cortex.rolled@1" and entry["data"]["roll"]["id"] == 2:
            entry["data"]["roll"]["id"] = 1
    doc["roll_count"] = 1
    doc["rolls"][0]["id"] = 1
    fresh = TableDriver(app=driver.app, table_id="old")
    outcome = import_into(fresh, "old", doc)
    assert outcome.ok, outcome.error
    table: Table = fresh.app.table("old")
    assert table.state is not None
    assert table.state.game.roll_count == 1  # type: ignore[attr-defined]
