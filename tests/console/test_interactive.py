"""The interactive console as a person meets it: its greeting and prompt, Ctrl-C that only
clears the line, Tab that knows the table, a history file in a folder of its own that keeps
the earlier sessions' lines, and rows numbered by the lines typed."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from scenekeeper.adapters.console import repl
from scenekeeper.adapters.console.session import ConsoleSession
from scenekeeper.engine.state import Person
from tests.support import make_app

needs_readline = pytest.mark.skipif(repl.readline is None, reason="no readline here")


def session(json_mode: bool = False) -> ConsoleSession:
    app = make_app()
    console = ConsoleSession(
        app=app, table_id="t", out=io.StringIO(), actor=Person("gm", "gm"), json_mode=json_mode
    )
    for line in ('/game new system:cortex name:"Tab night"', '/char new name:"Mara Voss"'):
        outcome = console.run_line(1, line)
        assert outcome is not None
        assert outcome.ok, outcome.error
    console.out = io.StringIO()
    return console


def typing(
    monkeypatch: pytest.MonkeyPatch, lines: list[str | type[BaseException]]
) -> tuple[list[str], list[list[str]]]:
    """Feeds ``lines`` to input() (an exception class is raised there, as a key would); the
    prompts shown, and what Tab offered for ``/char show character:M`` at each prompt."""
    feed: Iterator[str | type[BaseException]] = iter(lines)
    prompts: list[str] = []
    offered: list[list[str]] = []

    def type_line(prompt: str) -> str:
        prompts.append(prompt)
        if repl.readline is not None:
            complete = repl.readline.get_completer()
            found = getattr(complete, "__self__", None)
            offered.append(found.candidates("/char show character:M") if found else [])
        line = next(feed, EOFError)
        if isinstance(line, type):
            raise line
        if repl.readline is not None:
            repl.readline.add_history(line)
        return line

    monkeypatch.setattr("builtins.input", type_line)
    monkeypatch.setattr(repl.getpass, "getpass", lambda _prompt: "")
    if repl.readline is not None:
        repl.readline.clear_history()
    return prompts, offered


def test_greeting_prompt_and_ctrl_c(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    console = session()
    prompts, offered = typing(monkeypatch, [KeyboardInterrupt, "/roll dice:d6 results:4"])
    repl.interact(console, tmp_path / "history")
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == (
        "Scenekeeper console, table 't'. You are gm; start a line with @name to act as "
        "someone else. /help lists commands; Ctrl-D quits."
    )
    # Ctrl-C clears the line and asks again; the next line still runs.
    assert prompts == ["t> ", "t> ", "t> "]
    assert isinstance(console.out, io.StringIO)
    assert "gm rolls (typed faces): d6 (4) = 4" in console.out.getvalue()
    if repl.readline is not None:
        assert offered[0] == ['/char show character:"Mara Voss" ']


def test_json_rows_are_numbered_by_the_lines_typed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    console = session(json_mode=True)
    typing(monkeypatch, ["/roll dice:d6 results:4", "", "/roll dice:d6 results:5"])
    repl.interact(console, tmp_path / "history")
    assert isinstance(console.out, io.StringIO)
    rows = [json.loads(line) for line in console.out.getvalue().splitlines()]
    assert [row["line"] for row in rows] == [1, 3]


@needs_readline
def test_the_history_file_is_made_in_its_folder_and_keeps_earlier_sessions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    history = tmp_path / "data" / "scenekeeper" / "history"
    typing(monkeypatch, ["/roll dice:d6 results:4"])
    repl.interact(session(), history)
    typing(monkeypatch, ["/roll dice:d6 results:5", "   "])
    repl.interact(session(), history)
    assert history.read_text().splitlines() == [
        "/roll dice:d6 results:4",
        "/roll dice:d6 results:5",
        "   ",
    ]


@needs_readline
def test_the_history_file_keeps_the_newest_2000_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    history = tmp_path / "history"
    history.write_text("".join(f"/roll dice:d{n}\n" for n in range(1, 2006)))
    typing(monkeypatch, ["/roll dice:d6 results:4"])
    repl.interact(session(), history)
    kept = history.read_text().splitlines()
    assert len(kept) == 2000
    assert kept[0] == "/roll dice:d7"
    assert kept[-1] == "/roll dice:d6 results:4"
