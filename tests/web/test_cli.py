"""``scenekeeper board`` as people run it: it serves the pages of a database's tables (a link
made at the console opens, anything else is a plain 404) and stops cleanly on SIGTERM."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from scenekeeper.adapters.web import links
from scenekeeper.store.sqlite import SqliteStore
from tests.support import make_app
from tests.web.scenes import CORTEX, play

pytestmark = pytest.mark.slow


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


def test_scenekeeper_board_serves_a_console_table_and_stops_on_sigterm(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    app = make_app(SqliteStore(path))
    play(app, "console", CORTEX)
    token = links.issue(app.store, "console").token
    app.store.close()
    command = [sys.executable, "-m", "scenekeeper.cli", "board", "--db", str(path), "--port", "0"]
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    ) as process:
        try:
            assert process.stdout is not None
            line = process.stdout.readline()
            found = re.search(r"on 127\.0\.0\.1:(\d+)", line)
            assert found, line
            base = f"http://127.0.0.1:{found.group(1)}"
            assert _status(f"{base}/b/{token}") == 200
            assert _status(f"{base}/b/{'x' * 32}") == 404
            process.send_signal(signal.SIGTERM)
            assert process.wait(timeout=30) == 0
        finally:
            if process.poll() is None:
                process.kill()
