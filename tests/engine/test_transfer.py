"""/game export and /game import: lossless round trip, and damaged files refused cleanly."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scenekeeper.engine.commands import Attachment
from scenekeeper.engine.core.transfer import EXPORT_FORMAT, EXPORT_VERSION
from tests.support import GM, TableDriver, person


def played_table() -> TableDriver:
    driver = TableDriver()
    driver.do('/game new system:generic name:"Export me"')
    driver.do("/game join", "bob")
    driver.do("/game join", "carol")
    driver.do("/roll dice:4d6kh3 label:stats", "bob")
    driver.do("/game gm add user:carol")
    driver.do("/undo")
    driver.do("/roll dice:d20", "carol")
    return driver


def export(driver: TableDriver) -> dict[str, Any]:
    outcome = driver.do("/game export")
    assert outcome.events == ()
    (file,) = outcome.reply.files
    assert json.loads(file.content) == outcome.reply.private_data
    assert outcome.reply.data is None  # the history is the GM's: not in what the table reads
    data: dict[str, Any] = outcome.reply.private_data
    return data


def import_into(driver: TableDriver, table_id: str, doc: object, actor: str = GM.id) -> Any:
    content = doc if isinstance(doc, bytes) else json.dumps(doc).encode()
    return driver.app.handle(
        table_id,
        person(actor),
        "/game import file:table.json",
        read_file=lambda _path: Attachment("table.json", content),
    )


def test_export_has_the_table_the_state_and_every_event() -> None:
    driver = played_table()
    doc = export(driver)
    assert doc["format"] == EXPORT_FORMAT
    assert doc["version"] == EXPORT_VERSION
    assert doc["table"]["name"] == "Export me"
    assert doc["table"]["players"] == ["bob", "carol"]
    assert doc["table"]["co_gms"] == []  # the co-GM was undone
    assert [e["seq"] for e in doc["events"]] == list(range(1, 8))
    roll = doc["events"][3]
    assert roll["type"] == "dice.rolled@1"
    assert len(roll["data"]["dice"]) == 4  # every face is in the file


def test_import_round_trip_keeps_state_history_and_undo() -> None:
    driver = played_table()
    doc = export(driver)
    outcome = import_into(driver, "t2", doc)
    assert outcome.ok, outcome.error
    assert driver.app.table("t2") == driver.app.table("t1")
    copy = export(TableDriver(app=driver.app, table_id="t2"))
    assert copy["events"] == doc["events"]
    assert copy["table"] == {**doc["table"], "id": "t2"}
    # Undo and redo work on the imported table exactly as on the original.
    t2 = TableDriver(app=driver.app, table_id="t2")
    assert "Undid #7 /roll dice:d20" in t2.do("/undo", "carol").reply.text[0]
    assert "Undid #4 /roll dice:4d6kh3" in t2.do("/undo", "bob").reply.text[0]
    t2.do("/redo count:2")
    assert driver.app.table("t2").state == driver.app.table("t1").state


def tampered(change: str) -> tuple[dict[str, Any], str]:
    doc = export(played_table())
    if change == "state":
        doc["table"]["players"] = ["bob", "carol", "mallory"]
        return doc, "'table' does not match its own history"
    if change == "unknown type":
        doc["events"][3]["type"] = "dice.exploded@1"
        return doc, "unknown event type"
    if change == "missing field":
        del doc["events"][1]["data"]["player"]
        return doc, "player"
    if change == "gap":
        del doc["events"][2]
        return doc, "follows"
    if change == "version":
        doc["version"] = 99
        return doc, "version 99"
    if change == "format":
        doc["format"] = "something-else"
        return doc, "not a Scenekeeper table export"
    if change == "no events":
        doc["events"] = []
        return doc, "no events"
    raise AssertionError(change)


@pytest.mark.parametrize(
    "change",
    ["state", "unknown type", "missing field", "gap", "version", "format", "no events"],
)
def test_damaged_files_are_refused_and_nothing_is_written(change: str) -> None:
    doc, expected = tampered(change)
    driver = TableDriver()
    outcome = import_into(driver, "fresh", doc)
    assert not outcome.ok
    assert expected in outcome.error
    assert driver.app.store.head("fresh") == 0


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [("total", 99, "make"), ("dice", [{"sides": 6, "face": 7}] * 4, "cannot come up")],
)
def test_a_roll_whose_faces_do_not_make_its_total_is_refused(
    field: str, value: object, expected: str
) -> None:
    doc = export(played_table())
    doc["events"][3]["data"][field] = value
    driver = TableDriver()
    outcome = import_into(driver, "fresh", doc)
    assert not outcome.ok
    assert "damaged" in outcome.error
    assert expected in outcome.error


@pytest.mark.parametrize(
    ("content", "expected"),
    [(b"\xff\xfe\x00", "not a text file"), (b"{not json", "not valid JSON"), (b"[]", "not a")],
)
def test_non_json_files_are_refused(content: bytes, expected: str) -> None:
    driver = TableDriver()
    outcome = import_into(driver, "fresh", content)
    assert not outcome.ok
    assert expected in outcome.error


def test_import_refuses_a_table_that_already_has_a_game() -> None:
    driver = played_table()
    outcome = import_into(driver, "t1", export(driver))
    assert not outcome.ok
    assert "already has a game" in outcome.error


def test_only_the_files_gm_or_co_gm_may_import_it() -> None:
    driver = played_table()
    outcome = import_into(driver, "t2", export(driver), actor="bob")
    assert not outcome.ok
    assert "only its GM or a co-GM" in outcome.error
    assert driver.app.store.head("t2") == 0
