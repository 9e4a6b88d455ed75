"""The link the console's ``/board web`` gives opens, however ``scenekeeper board`` was started
(issue 35): the server records the address it serves at in the database, and the console reads
it there -- its ``--port``, and for ``--host 0.0.0.0`` the machine's own address on its network
(a phone at the table), not 127.0.0.1:8765. Opened in a real browser."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from tools.chromium import INSTALL, chromium, find_chromium

from scenekeeper.adapters.web import links
from scenekeeper.adapters.web.answer import WebSettings, lan_address, served_url
from scenekeeper.adapters.web.serve import WebBoard
from scenekeeper.store.sqlite import SqliteStore
from tests.support import make_app
from tests.web.scenes import CORTEX, play

pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _console(path: Path, line: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "scenekeeper", "play", "--db", str(path), "--script", "-"],
        input=line + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={k: v for k, v in os.environ.items() if k != "SCENEKEEPER_WEB_URL"},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("host", ["127.0.0.1", "0.0.0.0"])
def test_the_link_board_web_gives_opens_in_a_browser(host: str, tmp_path: Path) -> None:
    browser = find_chromium()
    if browser is None:
        if os.environ.get("SCENEKEEPER_REQUIRE_CHROMIUM"):
            pytest.fail(f"CI requires chromium for the board page's tests: {INSTALL}")
        pytest.skip(f"no chromium installed for the board page's browser tests: {INSTALL}")
    path = tmp_path / "tables.sqlite3"
    app = make_app(SqliteStore(path))
    play(app, "console", CORTEX)
    app.store.close()
    port = _free_port()
    command = [sys.executable, "-m", "scenekeeper.cli", "board", "--db", str(path)]
    command += ["--host", host, "--port", str(port)]
    env = {k: v for k, v in os.environ.items() if k != "SCENEKEEPER_WEB_URL"}
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env
    ) as process:
        try:
            assert process.stdout is not None
            announced = process.stdout.readline()
            assert f":{port}" in announced, announced
            said = _console(path, "/board web")
            found = re.search(r"Board page: (\S+)", said)
            assert found, said
            link = found.group(1)
            expected = "127.0.0.1" if host == "127.0.0.1" else lan_address()
            assert link.startswith(f"http://{expected}:{port}/b/"), link
            assert link.split("/b/")[0] in announced

            async def opened() -> str:
                async with chromium(browser) as tab_source:
                    page = await tab_source.new_page()
                    await page.goto(link)
                    return str(await page.evaluate("document.title"))

            assert "The Burning Docks" in asyncio.run(opened())
            process.send_signal(signal.SIGTERM)
            assert process.wait(timeout=30) == 0
        finally:
            if process.poll() is None:
                process.kill()


def test_an_address_set_for_a_proxy_wins() -> None:
    env = {"SCENEKEEPER_WEB_URL": "https://board.example.org/"}
    assert served_url("0.0.0.0", 9000, env) == "https://board.example.org"
    assert served_url("127.0.0.1", 9000, {}) == "http://127.0.0.1:9000"
    assert served_url("::1", 9000, {}) == "http://[::1]:9000"


def test_a_page_on_the_bots_server_follows_a_write_from_another_process(tmp_path: Path) -> None:
    """The bot serves pages; ``scenekeeper play`` on the bot's database writes the table (a
    second process, by mistake or by design): the open page follows, and a reload shows it."""
    browser = find_chromium()
    if browser is None:
        if os.environ.get("SCENEKEEPER_REQUIRE_CHROMIUM"):
            pytest.fail(f"CI requires chromium for the board page's tests: {INSTALL}")
        pytest.skip(f"no chromium installed for the board page's browser tests: {INSTALL}")
    path = tmp_path / "tables.sqlite3"

    async def scenario() -> None:
        app = make_app(SqliteStore(path))
        await asyncio.to_thread(play, app, "console", CORTEX)
        token = await asyncio.to_thread(links.issue, app.store, "console")
        board = WebBoard(app, WebSettings(url="http://127.0.0.1", port=0))  # as the bot's
        port = await board.start()
        page_url = f"http://127.0.0.1:{port}/b/{token.token}"
        try:
            async with chromium(browser) as tabs:
                page = await tabs.new_page()
                await page.goto(page_url)
                text = "document.getElementById('board').innerText"
                assert "Ada Lark" in await page.evaluate(text)
                await page.evaluate("window.notReloaded = true")
                line = '/complication add character:Brick name:"Cracked Rib" die:d8'
                said = await asyncio.to_thread(_console, path, line)
                assert "Cracked Rib" in said, said
                await page.wait_for(f"{text}.includes('Cracked Rib')")
                assert await page.evaluate("window.notReloaded") is True
                await asyncio.to_thread(
                    _console, path, '/complication remove character:Brick name:"Cracked Rib"'
                )
                await page.goto(page_url)  # a reload shows the table as stored
                assert "Cracked Rib" not in await page.evaluate(text)
        finally:
            await board.stop()
            app.store.close()

    asyncio.run(scenario())
