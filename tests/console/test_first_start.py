"""The first start says what to type first (issue 16: set-up for players)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from scenekeeper.adapters.console import repl
from scenekeeper.adapters.console.session import ConsoleSession
from scenekeeper.engine.state import Person
from tests.support import make_app


def start(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    app_lines: list[str],
) -> str:
    app = make_app()
    for line in app_lines:
        assert app.handle("console", Person("gm", "gm"), line).ok
    session = ConsoleSession(
        app=app, table_id="console", out=io.StringIO(), actor=Person("gm", "gm")
    )

    def no_more(_prompt: str) -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", no_more)
    repl.interact(session, tmp_path / "history")
    return capsys.readouterr().out


def test_an_empty_table_says_how_to_start_a_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = start(tmp_path, capsys, monkeypatch, [])
    assert (
        "No game here yet. Start one: /game new "
        'system:<cortex|cybergod|generic|mettle|nodice|scions> name:"Friday night"'
    ) in out


def test_a_table_with_a_game_does_not_repeat_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = start(tmp_path, capsys, monkeypatch, ["/game new system:generic name:T"])
    assert "No game here yet" not in out
