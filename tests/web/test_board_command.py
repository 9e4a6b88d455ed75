"""``scenekeeper board`` in this process (the subprocess test is tests/web/test_cli.py): what it
says when it serves, when the database cannot be opened and when the port is taken, and that a
SIGTERM stops it cleanly."""

from __future__ import annotations

import io
import logging
import os
import re
import signal
import socket
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from scenekeeper.adapters.web import cli
from scenekeeper.adapters.web.answer import DEFAULT_PORT, console_url
from scenekeeper.adapters.web.serve import WebBoard
from scenekeeper.app import App
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


@contextmanager
def bare_root_logger() -> Iterator[None]:
    """The root logger as in a fresh process (no handler: pytest's, of the test's own phase,
    are put back after), so ``logging.basicConfig`` takes effect as for ``scenekeeper board``
    run by hand."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    root.handlers.clear()
    try:
        yield
    finally:
        for handler in root.handlers:
            handler.close()
        root.handlers[:] = handlers
        root.setLevel(level)


def _stopping_at_once(monkeypatch: pytest.MonkeyPatch) -> list[App]:
    """``WebBoard.start`` sends the process a SIGTERM as soon as it listens: the board stops."""
    start = WebBoard.start
    apps: list[App] = []

    async def started(board: WebBoard) -> int:
        port = await start(board)
        apps.append(board.app)
        os.kill(os.getpid(), signal.SIGTERM)
        return port

    monkeypatch.setattr(WebBoard, "start", started)
    return apps


def test_it_logs_to_stderr_records_its_address_and_closes_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("SCENEKEEPER_WEB_URL", raising=False)
    path = _database(tmp_path)
    apps = _stopping_at_once(monkeypatch)
    with bare_root_logger():
        assert cli.main(["--db", str(path), "--port", "0"]) == 0
    said = capsys.readouterr()
    found = re.match(r"Serving board pages on 127\.0\.0\.1:(\d+) ", said.out)
    assert found, said.out
    url = f"http://127.0.0.1:{found.group(1)}"
    assert f"(links: {url}/b/...; /board web at the console gives one)." in said.out
    # The log, as the operator's terminal shows it: level, logger, message.
    assert (
        f"INFO scenekeeper.adapters.web.server: board pages served on 127.0.0.1:{found.group(1)}"
    ) in said.err.splitlines()
    # The console on this database links to where it served.
    store = SqliteStore(path)
    try:
        assert console_url(store, env={}) == url
    finally:
        store.close()
    # Its own connection to the database is closed once it stops.
    with pytest.raises(Exception, match="closed"):
        apps[0].store.head("t")


def test_help_says_what_it_serves_and_its_options(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "100")  # argparse wraps to the terminal's width
    with pytest.raises(SystemExit) as done:
        cli.main(["--help"])
    assert done.value.code == 0
    assert capsys.readouterr().out.splitlines() == [
        "usage: scenekeeper board [-h] [--db DB] [--host HOST] [--port PORT]",
        "",
        "Serve the live board pages (/board web gives a table's link).",
        "",
        "options:",
        "  -h, --help   show this help message and exit",
        "  --db DB      database path or URL (default: as for play)",
        "  --host HOST  where to listen (default: 127.0.0.1)",
        f"  --port PORT  port (default: {DEFAULT_PORT})",
    ]


def test_a_port_that_is_no_number_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        cli.main(["--port", "eighty"])
    assert done.value.code == 2
    assert "argument --port: invalid int value: 'eighty'" in capsys.readouterr().err


class _Pipe(io.TextIOBase):
    """A pipe's end as a script reading ``scenekeeper board``'s output sees it: what was
    written reaches it only when flushed."""

    def __init__(self) -> None:
        self.pending = ""
        self.sent = ""

    def write(self, text: str) -> int:
        self.pending += text
        return len(text)

    def flush(self) -> None:
        self.sent, self.pending = self.sent + self.pending, ""


def test_where_it_serves_reaches_a_pipe_while_it_serves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _database(tmp_path)
    pipe = _Pipe()
    monkeypatch.setattr(sys, "stdout", pipe)
    _stopping_at_once(monkeypatch)
    original = WebBoard.stop
    seen: list[str] = []

    async def stop(board: WebBoard) -> None:
        seen.append(pipe.sent)
        await original(board)

    monkeypatch.setattr(WebBoard, "stop", stop)
    assert cli.main(["--db", str(path), "--port", "0"]) == 0
    assert seen[0].startswith("Serving board pages on 127.0.0.1:")


def _listening_nowhere(monkeypatch: pytest.MonkeyPatch) -> None:
    """``WebBoard.start`` answers the port it was asked for without listening (nothing is bound
    in the test), and stops the board at once."""

    async def started(board: WebBoard) -> int:
        os.kill(os.getpid(), signal.SIGTERM)
        return board.settings.port

    monkeypatch.setattr(WebBoard, "start", started)


@pytest.mark.parametrize(
    ("options", "address"),
    [
        ([], f"127.0.0.1:{DEFAULT_PORT}"),
        (["--host", "localhost", "--port", "9999"], "localhost:9999"),
    ],
)
def test_it_serves_where_it_is_told_and_by_default_on_its_own_port(
    options: list[str],
    address: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.delenv("SCENEKEEPER_WEB_URL", raising=False)
    path = _database(tmp_path)
    _listening_nowhere(monkeypatch)
    assert cli.main(["--db", str(path), *options]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Serving board pages on {address} (links: http://{address}/b/...;")
