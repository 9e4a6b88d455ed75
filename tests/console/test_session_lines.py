"""A console session in process: the lines it runs and counts, the files it reads and writes,
the line the history file keeps of each, and the board link it adds."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from scenekeeper.adapters.console.session import ConsoleSession
from scenekeeper.adapters.web.answer import SERVED_BY, record_server
from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.engine.commands import MAX_FILE_BYTES
from scenekeeper.engine.state import Person
from scenekeeper.store.memory import MemoryStore
from tests.nodice.test_shared_console import console as nodice_console


def session(files: Path = Path(), json_mode: bool = False) -> ConsoleSession:
    app = App(store=MemoryStore(), dice=SeededDice(1), registry=build_registry())
    return ConsoleSession(
        app=app,
        table_id="t",
        out=io.StringIO(),
        actor=Person("gm", "gm"),
        files_dir=files,
        json_mode=json_mode,
    )


def screen(console: ConsoleSession) -> list[str]:
    assert isinstance(console.out, io.StringIO)
    shown = console.out.getvalue().splitlines()
    console.out = io.StringIO()
    return shown


def test_run_lines_counts_refusals_and_numbers_lines_from_one() -> None:
    console = session(json_mode=True)
    lines = [
        '/game new system:generic name:"X"',
        "# a comment is skipped, not run",
        "",
        "/nosuch",
        "/roll dice:d6 results:4",
        "/nosuch either",
    ]
    assert console.run_lines(lines) == 2
    rows = [json.loads(line) for line in screen(console)]
    assert [row["line"] for row in rows] == [1, 4, 5, 6]
    assert [row["ok"] for row in rows] == [True, False, True, False]


def test_files_written_into_a_new_folder_and_read_back_up_to_the_limit(tmp_path: Path) -> None:
    folder = tmp_path / "exports" / "friday"
    console = session(folder)
    assert console.run_lines(['/game new system:generic name:"X"', "/game export"]) == 0
    (exported,) = folder.iterdir()
    assert screen(console)[-1] == f"Saved {exported}"
    data = exported.read_bytes().strip()
    # Exactly the limit, its last byte the one that closes the document: read whole.
    exported.write_bytes(b" " * (MAX_FILE_BYTES - len(data)) + data)
    console.table_id = "u"
    assert console.run_lines([f"/game import file:{exported}"]) == 0
    assert screen(console) == ["Imported 'X' (generic): 1 events, 0 players."]
    # One byte more is too big, and said so by its size.
    exported.write_bytes(b" " * (MAX_FILE_BYTES - len(data) + 1) + data)
    console.table_id = "v"
    assert console.run_lines([f"/game import file:{exported}"]) == 1
    assert screen(console) == [
        f"error: {exported.name} is 8.0 MB; a file for a command is at most 8 MB."
    ]


def test_a_file_that_cannot_be_read_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    console = session()
    console.run_lines(['/game new system:generic name:"X"'])
    screen(console)
    console.table_id = "u"
    console.run_lines(["/game import file:none.json", "/game import file:~nosuchuserzz/x.json"])
    assert screen(console) == [
        "error: Cannot read none.json (No such file or directory); give the path of a file, "
        "like file:exports/table.json.",
        "error: Cannot read ~nosuchuserzz/x.json (no such file); give the path of a file, "
        "like file:exports/table.json.",
    ]


def test_the_history_file_keeps_a_plain_line_as_typed_and_a_sealed_one_bare() -> None:
    console = nodice_console()
    assert console.kept_line("/conflict show") is None
    assert console.kept_line('@ana /hand assign tokens:"QUI 2"') is None
    # Values asked without echo: the line is kept as its command alone.
    assert console.kept_line("@ana /hand ante", 'aspect:"Mind" ante:"QUI"') == "@ana /hand ante"
    assert console.kept_line("@ana /hand ante aspect:Mind ante:QUI") == "@ana /hand ante"
    assert console.kept_line("/char set character:Brute rank:7") == "/char set"
    # /roll is no command at a NoDice table (whatever it is elsewhere): it may be a mistyped
    # sealed line, so it is not kept at all.
    assert console.kept_line("@ana /roll dice:d6") == "@ana"
    assert console.kept_line("/roll dice:d6") == ""


def test_a_value_with_a_colon_still_counts_as_given() -> None:
    console = nodice_console()
    asked = console.secrets_missing("@ana /hand ante aspect:Mind:x")
    assert [o.name for o in asked] == ["ante"]


def test_board_web_adds_the_recorded_servers_link_privately() -> None:
    console = session()
    console.run_lines(['/game new system:generic name:"X"'])
    record_server(console.app.store, "http://10.0.0.5:9999")
    screen(console)
    made = console.run_line(2, "/board web")
    assert made is not None
    assert made.reply.private[0].startswith("Board page: http://10.0.0.5:9999/b/")
    assert made.reply.private[-1] == SERVED_BY
    revoked = console.run_line(3, "/board web revoke")
    assert revoked is not None
    assert revoked.reply.private[-1] == (
        "Its link shows nothing from now on; /board web makes a new one."
    )
    assert SERVED_BY not in revoked.reply.private
