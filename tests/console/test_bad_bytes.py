"""The console never stops for what a file or a line holds: bytes that are not UTF-8, a NUL, a
path that cannot be read, a line of 160 KB. Each gets one line and the rest runs (issue 11)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def run(tmp_path: Path, script: bytes) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "script.txt"
    path.write_bytes(script)
    return subprocess.run(
        [sys.executable, "-m", "scenekeeper", "play", "--db", "memory:", "--script", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        check=False,
    )


def test_a_script_with_bytes_that_are_not_utf8_runs_every_other_line(tmp_path: Path) -> None:
    done = run(
        tmp_path,
        b"/game new system:generic name:T\n"
        b"/roll dice:d6 label:\xff\xfe\n"
        b'/roll dice:2d6 results:"3 4"\n',
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stdout.splitlines()
    assert lines[4] == (
        "error: That line holds a byte that is not UTF-8 text (\\xFF); save the text as UTF-8 "
        "and send it again."
    )
    assert lines[6] == "gm rolls (typed faces): 2d6 (3, 4) = 7"


def test_paths_that_cannot_be_read_are_refused_in_one_line(tmp_path: Path) -> None:
    done = run(
        tmp_path,
        b"/game import file:~nosuchuser/t.json\n/game import file:a\x00b\n"
        + b"/game import file:"
        + str(tmp_path).encode()
        + b"\n/game new system:generic name:T\n",
    )
    assert done.returncode == 0, done.stderr
    errors = [line for line in done.stdout.splitlines() if line.startswith("error:")]
    assert errors[0] == (
        "error: Cannot read ~nosuchuser/t.json (no such file); give the path of a file, like "
        "file:exports/table.json."
    )
    assert errors[1].startswith("error: That line holds a control character (U+0000)")
    assert errors[2].startswith(f"error: Cannot read {str(tmp_path)[:40]}")
    assert "New table 'T'" in done.stdout


def test_a_huge_line_is_refused_at_once(tmp_path: Path) -> None:
    done = run(tmp_path, b"/game new system:generic name:T\n/" + b"a " * 80_000 + b"\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == (
        "error: That line is 160,000 characters; a command is at most 6,000 (Discord's own "
        "limit). Shorten it."
    )


def test_a_file_too_big_is_said_to_be_too_big_not_missing(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as file:  # 9 MB, sparse: nothing is written but its size
        file.truncate(9 * 2**20)
    done = run(
        tmp_path,
        b"/game new system:nodice name:T\n/char import file:" + str(big).encode() + b"\n",
    )
    assert done.returncode == 0, done.stderr
    errors = [line for line in done.stdout.splitlines() if line.startswith("error:")]
    assert errors == ["error: big.yaml is 9.0 MB; a file for a command is at most 8 MB."]
