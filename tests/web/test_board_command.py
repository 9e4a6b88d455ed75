"""``scenekeeper board`` in this process (the subprocess test is tests/web/test_cli.py): what it
says when it serves, when the database cannot be opened and when the port is taken, and that a
SIGTERM stops it cleanly."""

from __future__ import annotations

import os
import signal
import socket
from pathlib import Path

import pytest

from scenekeeper.adapters.web import cli
from scenekeeper.adapters.web.serve import WebBoard
from scenekeeper.store.sqlite import SqliteStore
from tests.support import make_app
from tests.web.scenes import play


def _database(tmp_path: Path) -> Path:
    path = tmp_path / "tables.sqlite3"
    app = make_app(SqliteStore(path))
    play(app, "t", ["/game new system:generic name:Friday"])
    app.store.close()
    return path


def test_it_says_where_it_serves_and_stops_on_sigterm(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SCENEKEEPER_WEB_URL", "https://boards.example/")
    path = _database(tmp_path)
    start, original = WebBoard.start, WebBoard.stop
    stopped: list[bool] = []

    async def started(board: WebBoard) -> int:
        port = await start(board)
        os.kill(os.getpid(), signal.SIGTERM)  # handled by the board's own handler: it stops
        return port

    async def stop(board: WebBoard) -> None:
        stopped.append(True)
        await original(board)

    monkeypatch.setattr(WebBoard, "start", started)
    monkeypatch.setattr(WebBoard, "stop", stop)
    assert cli.main(["--db", str(path), "--port", "0"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Serving board pages on 127.0.0.1:")
    assert "(links: https://boards.example/b/...; /board web at the console gives one)." in out
    assert out.rstrip().endswith("Ctrl+C stops.")
    assert stopped == [True]


def test_a_database_it_cannot_open_is_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "notes.txt"
    other.write_text("Friday: bring snacks. " * 20, encoding="utf-8")
    assert cli.main(["--db", str(other), "--port", "0"]) == 2
    said = capsys.readouterr()
    assert said.err.startswith(
        f"scenekeeper: cannot open the database: '{other}' is not a database"
    )
    assert said.out == ""


def test_a_port_in_use_is_said(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _database(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli.main(["--db", str(path), "--host", "127.0.0.1", "--port", str(port)]) == 2
    out = capsys.readouterr().out
    assert out.startswith(f"scenekeeper board: cannot listen on 127.0.0.1:{port}: ")
