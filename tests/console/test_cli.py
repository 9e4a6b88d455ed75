"""``scenekeeper play`` as a person or a tool runs it: scripts, --json, @name, files, seeds."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scenekeeper import __version__
from scenekeeper.cli import main

SCRIPT = """\
# A comment line is skipped, and so is a blank one.

/game new system:generic name:"CLI test"
@ana /game join
@ana /roll dice:2d6+1
/roll dice:2d6 results:"9 9"
@ana /undo
/history count:3
"""


def play(tmp_path: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scenekeeper", "play", "--db", str(tmp_path / "t.sqlite3"), *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
        cwd=tmp_path,
    )


def json_lines(output: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in output.splitlines()]


def test_json_output_has_one_object_per_command_line(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text(SCRIPT)
    results = json_lines(play(tmp_path, "--script", str(script), "--json", "--seed", "4").stdout)
    assert [r["line"] for r in results] == [3, 4, 5, 6, 7, 8]
    assert [r["actor"] for r in results] == ["gm", "ana", "ana", "gm", "ana", "gm"]
    assert [r["command"] for r in results] == [
        "game new",
        "game join",
        "roll",
        "roll",
        "undo",
        "history",
    ]
    assert [r["ok"] for r in results] == [True, True, True, False, True, True]
    for result in results:
        assert set(result) == {
            "line",
            "actor",
            "command",
            "command_text",
            "ok",
            "error",
            "text",
            "events",
            "data",
            "private",
            "private_data",
            "mentions",
        }
    created = results[0]["events"][0]
    assert created["type"] == "table.created@1"
    assert created["seq"] == 1
    assert created["name"] == "CLI test"
    roll = results[2]
    assert roll["events"][0]["type"] == "dice.rolled@1"
    assert roll["data"]["total"] == sum(d["face"] for d in roll["data"]["dice"]) + 1
    refused = results[3]
    assert refused["error"].startswith("results: face 9")
    assert refused["text"] == refused["error"]
    assert refused["events"] == []
    assert results[4]["events"][0]["target_seq"] == 3
    assert [h["undone"] for h in results[5]["data"]] == [False, True, False]


def test_the_same_seed_gives_the_same_dice(tmp_path: Path) -> None:
    roll = "/roll dice:10d20\n"
    first = play(tmp_path, "--seed", "11", "--table", "a", stdin=roll).stdout
    second = play(tmp_path, "--seed", "11", "--table", "b", stdin=roll).stdout
    third = play(tmp_path, "--seed", "12", "--table", "c", stdin=roll).stdout
    assert first == second
    assert first != third


def test_tables_are_kept_between_runs_and_apart_from_each_other(tmp_path: Path) -> None:
    play(tmp_path, "--table", "one", stdin="/game new system:generic name:One\n")
    play(tmp_path, "--table", "two", stdin="/game new system:generic name:Two\n")
    shown = play(tmp_path, "--table", "one", stdin="/game show\n").stdout
    assert "Table 'One'" in shown


def test_export_writes_a_file_that_imports_into_another_table(tmp_path: Path) -> None:
    play(tmp_path, "--table", "src", stdin="/game new system:generic name:Move\n@ana /game join\n")
    out = play(tmp_path, "--table", "src", "--files", "exports", stdin="/game export\n").stdout
    assert "Saved exports/move-2.json" in out
    result = play(
        tmp_path, "--table", "dst", stdin="/game import file:exports/move-2.json\n/game show\n"
    ).stdout
    assert "Imported 'Move' (generic): 2 events, 1 players." in result
    assert "Players: ana." in result


def test_an_unreadable_script_is_a_clear_error(tmp_path: Path, capsys: Any) -> None:
    code = main(["play", "--db", "memory:", "--script", str(tmp_path / "missing.txt")])
    assert code == 2
    assert "cannot read" in capsys.readouterr().err


def test_an_unusable_database_is_a_clear_error(tmp_path: Path, capsys: Any) -> None:
    code = main(["play", "--db", "nosuch://x", "--script", "-"])
    assert code == 2
    assert "cannot open the database" in capsys.readouterr().err


def test_docs_check_finds_a_stale_file(tmp_path: Path) -> None:
    stale = tmp_path / "commands.md"
    stale.write_text("# old\n")
    assert main(["docs", "--check", str(stale)]) == 1
    assert main(["docs", "--write", str(stale)]) == 0
    assert main(["docs", "--check", str(stale)]) == 0


def test_version_is_one_flag_away(capsys: Any) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"scenekeeper {__version__}"


def test_check_says_which_versions_opened_the_database(tmp_path: Path, capsys: Any) -> None:
    play(tmp_path, stdin="/game new system:generic name:Versions\n")
    assert main(["check", "--db", str(tmp_path / "t.sqlite3")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"Opened by Scenekeeper {__version__} (")
    assert out[1] == "console: ok, 1 events"
