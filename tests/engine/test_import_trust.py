"""/game import trusts nothing in the file: every crafted history the trust audit found is
refused with the first problem named, and nothing is written (issue 11)."""

from __future__ import annotations

import copy
import gzip
import json
from typing import Any

import pytest

from scenekeeper.engine.commands import Attachment
from scenekeeper.engine.core import transfer
from scenekeeper.engine.core.transfer import MAX_FILE_BYTES, MAX_JSON_BYTES
from tests.engine.test_transfer import export, import_into
from tests.support import TableDriver, person


def cortex_table() -> TableDriver:
    driver = TableDriver()
    driver.do('/game new system:cortex name:"Trust"')
    driver.do("/game join", "alice")
    driver.do("/game join", "bob")
    driver.do("/char new name:Ada", "alice")
    driver.do("/char set character:Ada trait:Agility die:d8 set:Attributes", "alice")
    driver.do('/roll pool:"Agility d6" results:"5 3"', "alice")
    driver.do("/pp give character:Ada")
    driver.do("/pp spend character:Ada on:other what:luck", "alice")
    return driver


@pytest.fixture(scope="module")
def original() -> dict[str, Any]:
    return export(cortex_table())


def seq_of(doc: dict[str, Any], command: str) -> int:
    return next(e["seq"] for e in doc["events"] if e["command"].startswith(command))


def event(doc: dict[str, Any], seq: int) -> dict[str, Any]:
    found: dict[str, Any] = doc["events"][seq - 1]
    assert found["seq"] == seq
    return found


def refused(doc: object) -> str:
    driver = TableDriver()
    outcome = import_into(driver, "fresh", doc)
    assert not outcome.ok, "the crafted file was imported"
    assert driver.app.store.head("fresh") == 0
    assert outcome.error is not None
    assert "\n" not in outcome.error
    return outcome.error


def test_the_untouched_file_imports_as_it_was(original: dict[str, Any]) -> None:
    driver = TableDriver()
    outcome = import_into(driver, "fresh", original)
    assert outcome.ok, outcome.error
    assert (
        export(TableDriver(app=driver.app, table_id="fresh"))["characters"]
        == original["characters"]
    )


def test_a_gm_command_authored_by_a_player_is_refused(original: dict[str, Any]) -> None:
    doc = copy.deepcopy(original)
    give = seq_of(doc, "/pp give")
    event(doc, give)["actor"] = "alice"
    assert refused(doc).startswith(
        f"table.json does not hold as a table's history: #{give} /pp give character:Ada was "
        "not alice's to make: Only the GM or a co-GM can use /pp give."
    )


def test_a_player_as_head_gm_of_a_table_she_did_not_create(original: dict[str, Any]) -> None:
    doc = copy.deepcopy(original)
    event(doc, 1)["data"]["gm"] = "alice"
    doc["table"]["gm"] = "alice"
    assert "#1 /game new" in refused(doc)
    doc = copy.deepcopy(original)
    event(doc, 1)["actor"] = "alice"
    assert "does not make the events the file says it made" in refused(doc)


def test_someone_never_seated_cannot_have_acted(original: dict[str, Any]) -> None:
    doc = copy.deepcopy(original)
    spend = seq_of(doc, "/pp spend")
    event(doc, spend)["actor"] = "mallory"
    assert "You are not at this table yet, mallory" in refused(doc)


def test_events_that_are_not_what_the_command_makes_are_refused(
    original: dict[str, Any],
) -> None:
    doc = copy.deepcopy(original)
    give = seq_of(doc, "/pp give")
    event(doc, give)["data"]["delta"] = 99
    doc["characters"]["Ada"]["pp"] = 99
    assert f"#{give} /pp give character:Ada does not make the events" in refused(doc)


@pytest.mark.parametrize("time", ["not a time", "2026-13-01T00:00:00Z", "2026-01-01T00:00:00"])
def test_times_must_be_times(original: dict[str, Any], time: str) -> None:
    doc = copy.deepcopy(original)
    event(doc, 3)["time"] = time
    assert "#3 /game join" in refused(doc)


def test_times_never_go_backwards(original: dict[str, Any]) -> None:
    doc = copy.deepcopy(original)
    event(doc, 3)["time"] = "2001-01-01T00:00:00.000Z"
    assert "#3 /game join is dated before the command it follows" in refused(doc)


def test_a_die_showing_more_than_its_sides_is_refused(original: dict[str, Any]) -> None:
    doc = copy.deepcopy(original)
    roll = seq_of(doc, "/roll")
    text = json.dumps(event(doc, roll)["data"]).replace('"face": 5', '"face": 99')
    event(doc, roll)["data"] = json.loads(text)
    event(doc, roll)["command"] = '/roll pool:"Agility d6" results:"99 3"'
    assert f"#{roll} /roll" in refused(doc)
    # Typed faces that could not come up are refused as at the table.
    assert "cannot come up on a d8" in refused(doc)


@pytest.mark.parametrize("pp", [-3, 10**3999])
def test_impossible_plot_points_are_refused(original: dict[str, Any], pp: int) -> None:
    doc = copy.deepcopy(original)
    new = seq_of(doc, "/char new")
    event(doc, new)["data"]["pp"] = pp
    assert f"#{new} /char new" in refused(doc)


@pytest.mark.parametrize(
    ("value", "kind"),
    [("2", "str '2'"), (2.9, "float 2.9"), (True, "bool True"), (None, "NoneType None")],
)
def test_a_seq_must_be_a_whole_number(original: dict[str, Any], value: object, kind: str) -> None:
    doc = copy.deepcopy(original)
    event(doc, 2)["seq"] = value
    assert f"seq must be a whole number, not {kind}" in refused(doc)


def test_an_actor_must_be_a_person(original: dict[str, Any]) -> None:
    doc = copy.deepcopy(original)
    event(doc, 2)["actor"] = None
    assert "event #2: actor must be text, not NoneType None" in refused(doc)


def damaged(doc: dict[str, Any], seq: int, change: dict[str, Any]) -> dict[str, Any]:
    """``doc`` with the record of event ``seq`` changed (a value of None: the key taken out)."""
    doc = copy.deepcopy(doc)
    record = event(doc, seq)
    for key, value in change.items():
        if value is None:
            del record[key]
        else:
            record[key] = value
    return doc


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"seq": None}, "an event record: seq must be a whole number, not missing"),
        ({"seq": "two"}, "an event record: seq must be a whole number, not str 'two'"),
        ({"command": None}, "event #2: command must be text, not missing"),
        ({"data": [1]}, "event #2: data must be an object, not list [1]"),
        ({"signed": "me"}, "event #2: unknown field 'signed'"),
        ({"actor": "  "}, "event #2: actor '  ' is not a person's id"),
        ({"actor": "a" * 101}, f"event #2: actor {'a' * 101!r:.40} is not a person's id"),
        ({"time": "2" * 101}, "event #2: time is not a time"),
    ],
)
def test_a_malformed_event_record_is_named(
    original: dict[str, Any], change: dict[str, Any], why: str
) -> None:
    assert refused(damaged(original, 2, change)) == (
        f"table.json is damaged: {why}. Export the table again."
    )


def test_an_event_record_must_be_an_object(original: dict[str, Any]) -> None:
    doc = copy.deepcopy(original)
    doc["events"][1] = ["not", "a", "record"]
    assert refused(doc) == (
        "table.json is damaged: an event record must be an object, not list. "
        "Export the table again."
    )


def test_an_actor_or_a_time_of_a_hundred_characters_is_read(original: dict[str, Any]) -> None:
    # Long enough for any id or time: the file is refused only as a history would be.
    assert "#2 /game join" in refused(damaged(original, 2, {"actor": "a" * 100}))
    assert "#2 /game join" in refused(damaged(original, 2, {"time": "2" * 100}))


def test_event_data_takes_no_conversions(original: dict[str, Any]) -> None:
    doc = copy.deepcopy(original)
    give = seq_of(doc, "/pp give")
    event(doc, give)["data"]["delta"] = "1"
    assert "Input should be a valid integer" in refused(doc)


def test_a_players_sheet_import_in_the_history_may_not_set_gm_parts() -> None:
    driver = cortex_table()
    ana = '{"name": "Cog", "distinctions": ["A", "B", "C"]}'
    outcome = driver.app.handle(
        "t1",
        person("bob"),
        "/char import file:cog.json",
        read_file=lambda _p: Attachment("cog.json", ana.encode()),
    )
    assert outcome.ok, outcome.error
    doc = export(driver)
    assert refused_or_ok(doc) is None
    forged = copy.deepcopy(doc)
    imported = next(e for e in forged["events"] if e["type"] == "cortex.sheet_imported@1")
    imported["data"]["character"]["pp"] = 99
    forged["characters"]["Cog"]["pp"] = 99
    assert "a player's import set pp: only a GM gives plot points" in refused(forged)


def test_a_players_sheet_import_in_the_history_may_not_rewrite_a_gmc() -> None:
    # The GM rewrites the GMC Thug from a file (a GM may); the file then says bob did it. A
    # GMC is nobody's character, so it is not bob's to import over.
    driver = cortex_table()
    driver.do("/char new name:Thug gmc:true")
    sheet = '{"name": "Thug", "distinctions": ["Big", "Mean", "Slow"]}'
    outcome = driver.app.handle(
        "t1",
        person("gm"),
        "/char import file:thug.json",
        read_file=lambda _p: Attachment("thug.json", sheet.encode()),
    )
    assert outcome.ok, outcome.error
    doc = export(driver)
    assert refused_or_ok(doc) is None
    forged = copy.deepcopy(doc)
    for record in forged["events"]:
        if record["command"].startswith("/char import"):
            record["actor"] = "bob"
    assert "Thug is not bob's character" in refused(forged)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"[" * 1000 + b"]" * 1000, "table.json"),
        (("[" * 100_000 + "]" * 100_000).encode(), "nesting too deep"),
        (b'{"format": "scenekeeper-table", "version": 1, "table": [], "events": [1]}', "'table'"),
        (b'{"format": "scenekeeper-table", "version": 1, "table": {}, "events": [1]}', "object"),
        (('{"n": ' + "9" * 4301 + "}").encode(), "number too long"),
        (b"\xff\xfe", "not a text file"),
        (b"\x1f\x8b broken", "damaged .gz"),
    ],
)
def test_malformed_files_get_one_line(content: bytes, expected: str) -> None:
    assert expected in refused(content)


def test_an_oversized_file_is_refused_before_it_is_read() -> None:
    assert "an export is at most 8 MB" in refused(b" " * (MAX_FILE_BYTES + 1))


def test_a_gzip_that_unpacks_past_the_cap_is_refused() -> None:
    bomb = gzip.compress(b" " * (MAX_JSON_BYTES + 10))
    assert len(bomb) < MAX_FILE_BYTES
    assert "unpacks to more than" in refused(bomb)


def test_a_large_export_is_gzipped_and_imports(monkeypatch: pytest.MonkeyPatch) -> None:
    # The same path as an 8 MB history, with the limit made small so the test stays quick.
    monkeypatch.setattr(transfer, "MAX_FILE_BYTES", 60_000)
    driver = cortex_table()
    for number in range(250):
        driver.do(f'/pp give character:Ada reason:"a fine scene, number {number}"')
    outcome = driver.do("/game export")
    (file,) = outcome.reply.files
    assert file.name.endswith(".json.gz")
    assert len(file.content) <= transfer.MAX_FILE_BYTES
    assert len(gzip.decompress(file.content)) > transfer.MAX_FILE_BYTES
    imported = import_into(driver, "copy", file.content)
    assert imported.ok, imported.error
    assert driver.app.table("copy").state == driver.app.table("t1").state


def refused_or_ok(doc: dict[str, Any]) -> str | None:
    driver = TableDriver()
    outcome = import_into(driver, "fresh", doc)
    return outcome.error


def _older(value: Any) -> Any:
    """A document as a version before the typed-faces mark wrote it (no ``typed`` keys, no
    ``typed_dice`` setting)."""
    if isinstance(value, dict):
        return {k: _older(v) for k, v in value.items() if k not in ("typed", "typed_dice")}
    if isinstance(value, list):
        return [_older(v) for v in value]
    return value


def test_an_export_from_before_the_typed_mark_still_imports(original: dict[str, Any]) -> None:
    """Never lose a table: a history recorded before rolls were marked typed imports, though
    its typed roll (results: in the command) now decides typed=True."""
    doc = _older(original)
    assert "typed" not in json.dumps(doc)
    driver = TableDriver()
    outcome = import_into(driver, "fresh", doc)
    assert outcome.ok, outcome.error


def test_a_typed_mark_the_command_does_not_make_is_refused() -> None:
    """Only the older way round is forgiven: a history may not claim typed faces the command
    did not type."""
    plain = TableDriver()
    plain.do('/game new system:cortex name:"Trust"')
    plain.do("/game join", "alice")
    plain.do('/roll pool:"d8 d6"', "alice")
    forged = export(plain)
    roll = seq_of(forged, "/roll")
    text = json.dumps(event(forged, roll)["data"]).replace('"typed": false', '"typed": true')
    event(forged, roll)["data"] = json.loads(text)
    assert "does not make the events the file says it made" in refused(forged)
