"""The board page over HTTP, without a browser: links and their 404s, nothing hidden on the
page, one render per change however many viewers, and console tables followed through the
store by ``scenekeeper board``'s poll."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

import aiohttp
import pytest

from scenekeeper.adapters.console.session import ConsoleSession
from scenekeeper.adapters.web import links
from scenekeeper.adapters.web.answer import WebSettings
from scenekeeper.adapters.web.page import render
from scenekeeper.adapters.web.rolls import last_rolls
from scenekeeper.adapters.web.serve import WebBoard
from scenekeeper.app import App
from scenekeeper.store.sqlite import SqliteStore
from tests.support import make_app
from tests.web.scenes import CORTEX, GM, METTLE, play


async def _serve(app: App, *, follow_store: bool = False) -> tuple[WebBoard, str]:
    board = WebBoard(app, WebSettings(url="http://x", port=0), follow_store=follow_store)
    return board, f"http://127.0.0.1:{await board.start()}"


async def _status(http: aiohttp.ClientSession, url: str) -> tuple[int, str]:
    async with http.get(url) as response:
        return response.status, await response.text()


async def _next_event(response: aiohttp.ClientResponse) -> tuple[str, dict[str, object]]:
    """The next event of a stream (comments and ``retry`` skipped): its name and data."""
    name, data = "", ""
    async with asyncio.timeout(20):
        while True:
            line = (await response.content.readline()).decode().rstrip("\n")
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                data = line[6:]
            elif line == "" and name:
                return name, json.loads(data)


def test_a_wrong_revoked_or_malformed_token_gets_a_plain_404_never_another_table() -> None:
    async def scenario() -> None:
        app = make_app()
        play(app, "docks", CORTEX)
        play(app, "bank", METTLE)
        docks = links.issue(app.store, "docks").token
        bank = links.issue(app.store, "bank").token
        assert links.issue(app.store, "docks").token == docks  # asked again: the same link
        board, base = await _serve(app)
        try:
            async with aiohttp.ClientSession() as http:
                status, text = await _status(http, f"{base}/b/{docks}")
                assert status == 200
                assert "The Burning Docks" in text
                assert "Baltimore" not in text
                status, text = await _status(http, f"{base}/b/{bank}")
                assert "Baltimore 1904" in text
                assert "Burning Docks" not in text
                wrong = docks[:-1] + ("A" if docks[-1] != "A" else "B")
                for path in (f"/b/{wrong}", "/b/short", "/b/", "/", f"/b/{docks}/nope"):
                    assert await _status(http, base + path) == (404, "Not found.")
                links.revoke(app.store, "docks")
                assert await _status(http, f"{base}/b/{docks}") == (404, "Not found.")
                assert await _status(http, f"{base}/b/{docks}/events") == (404, "Not found.")
                assert (await _status(http, f"{base}/b/{bank}"))[0] == 200
                fresh = links.issue(app.store, "docks").token
                assert fresh != docks
                assert (await _status(http, f"{base}/b/{fresh}"))[0] == 200
        finally:
            await board.stop()

    asyncio.run(scenario())


def test_a_revoked_link_stays_revoked_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    app = make_app(SqliteStore(path))
    play(app, "docks", CORTEX[:3])
    token = links.issue(app.store, "docks").token
    assert links.table_of(app.store, token) == "docks"
    assert links.revoke(app.store, "docks")
    app.store.close()
    store = SqliteStore(path)
    try:
        assert links.table_of(store, token) is None
        assert links.current(store, "docks") is None
        assert store.tables() == ["docks"]  # the links are no table
    finally:
        store.close()


def test_nothing_sealed_or_secret_reaches_the_page() -> None:
    app = make_app()
    play(app, "docks", CORTEX)
    before = render(app.table("docks"), app.registry)
    play(app, "docks", ['/roll dice:3d20 label:ambush secret:true results:"17 18 19"'])
    after = render(app.table("docks"), app.registry)
    assert after.seq > before.seq
    # The whole page is what it was: the secret roll left no face, label or line on it.
    assert after.fragment.replace(f"#{after.seq}", "#N") == before.fragment.replace(
        f"#{before.seq}", "#N"
    )
    play(app, "docks", ['/roll dice:3d20 label:open results:"17 18 19"'])
    public = render(app.table("docks"), app.registry).fragment
    assert "label:open" in public
    assert "ambush" not in public


def test_a_secret_dose_never_reaches_the_page() -> None:
    app = make_app()
    play(app, "bank", METTLE)
    before = last_rolls(app.table("bank"), app.registry)
    play(
        app,
        "bank",
        ['/status add character:Kirin status:afflicted kind:poison dose:2d6 results:"5 3"'],
    )
    table = app.table("bank")
    page = render(table, app.registry).fragment
    assert last_rolls(table, app.registry) == before  # the Dose's roll is not among them
    assert "2d6" not in page
    assert "5 3" not in page
    assert "Afflicted (poison)" in page  # the board says so, as on Discord


def test_a_stopping_server_ends_the_streams_without_saying_revoked() -> None:
    async def scenario() -> None:
        app = make_app()
        play(app, "docks", CORTEX)
        token = links.issue(app.store, "docks").token
        board, base = await _serve(app)
        async with aiohttp.ClientSession() as http:
            stream = await http.get(f"{base}/b/{token}/events?after=0")
            assert (await _next_event(stream))[0] == "board"
            await board.stop()
            rest = await stream.content.read()
            assert b"revoked" not in rest  # the page reconnects to the next server
            stream.close()

    asyncio.run(scenario())


def test_one_render_per_change_reaches_every_viewer() -> None:
    async def scenario() -> None:
        app = make_app()
        play(app, "docks", CORTEX)
        token = links.issue(app.store, "docks").token
        board, base = await _serve(app)
        viewers = 60
        try:
            async with aiohttp.ClientSession() as http:
                streams = [
                    await http.get(f"{base}/b/{token}/events?after=0") for _ in range(viewers)
                ]
                firsts = await asyncio.gather(*(_next_event(s) for s in streams))
                assert {name for name, _ in firsts} == {"board"}
                renders = board.hub.renders
                await asyncio.to_thread(play, app, "docks", ["/doom add dice:d12"])
                seen = await asyncio.gather(*(_next_event(s) for s in streams))
                assert board.hub.renders == renders + 1
                assert all("d12" in str(data["html"]) for _, data in seen)
                assert len({json.dumps(data) for _, data in seen}) == 1
                for stream in streams:
                    stream.close()
        finally:
            await board.stop()

    asyncio.run(scenario())


def test_scenekeeper_board_follows_a_console_table_played_by_another_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SCENEKEEPER_WEB_URL", raising=False)

    async def scenario() -> None:
        path = tmp_path / "tables.sqlite3"
        console = make_app(SqliteStore(path))  # `scenekeeper play`, in another process
        served = make_app(SqliteStore(path))  # `scenekeeper board --db`
        play(console, "t", CORTEX)
        out = io.StringIO()
        session = ConsoleSession(console, "t", out, GM)
        session.run_lines(["/board web"])
        token = links.current(console.store, "t")
        assert token is not None
        assert f"(only you) Board page: http://127.0.0.1:8765/b/{token}" in out.getvalue()
        board, base = await _serve(served, follow_store=True)
        try:
            async with aiohttp.ClientSession() as http:
                stream = await http.get(f"{base}/b/{token}/events?after=0")
                assert (await _next_event(stream))[0] == "board"
                await asyncio.to_thread(play, console, "t", ["/doom add dice:d12"])
                name, data = await _next_event(stream)
                assert name == "board"
                assert "d12" in str(data["html"])
                await asyncio.to_thread(session.run_lines, ["/board web revoke"])
                assert "Its link shows nothing from now on" in out.getvalue()
                assert (await _next_event(stream))[0] == "revoked"
                stream.close()
        finally:
            await board.stop()
            console.store.close()
            served.store.close()

    asyncio.run(scenario())
