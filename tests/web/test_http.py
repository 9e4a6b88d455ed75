"""The board page's HTTP as a browser meets it: the headers that keep a page private and
uncached, overlay mode, the style and the script, one plain 404 for anything else, and the
event stream -- which starts where the viewer's page left off."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import aiohttp
import pytest

from scenekeeper.adapters.web import links, server
from scenekeeper.adapters.web.answer import WebSettings
from scenekeeper.adapters.web.serve import WebBoard
from scenekeeper.app import App
from scenekeeper.store.sqlite import SqliteStore
from tests.support import make_app
from tests.web.scenes import CORTEX, play
from tests.web.test_server import _next_event, _serve

PRIVATE = {
    "Content-Security-Policy": "default-src 'none'; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Robots-Tag": "noindex, nofollow",
}


def docks() -> tuple[App, str]:
    app = make_app()
    play(app, "docks", CORTEX)
    return app, links.issue(app.store, "docks").token


def test_the_page_s_headers_keep_it_private_and_fresh() -> None:
    async def scenario() -> None:
        app, token = docks()
        board, base = await _serve(app)
        try:
            async with aiohttp.ClientSession() as http:
                async with http.get(f"{base}/b/{token}") as page:
                    assert page.status == 200
                    assert page.headers["Content-Type"] == "text/html; charset=utf-8"
                    assert page.headers["Cache-Control"] == "no-store"
                    for name, value in PRIVATE.items():
                        assert page.headers[name] == value
                    assert '<body class="screen">' in await page.text()
                for asked in ("1", "true", "yes"):
                    async with http.get(f"{base}/b/{token}?overlay={asked}") as page:
                        assert '<body class="overlay">' in await page.text()
                for asked in ("0", "no", ""):
                    async with http.get(f"{base}/b/{token}?overlay={asked}") as page:
                        assert '<body class="screen">' in await page.text()
                async with http.get(f"{base}/b/{token}/events") as stream:
                    assert stream.headers["Content-Type"] == "text/event-stream"
                    assert stream.headers["Cache-Control"] == "no-store"
                    assert stream.headers["X-Accel-Buffering"] == "no"
                    for name, value in PRIVATE.items():
                        assert stream.headers[name] == value
                    assert await stream.content.readline() == b"retry: 2000\n"
        finally:
            await board.stop()

    asyncio.run(scenario())


def test_the_style_and_script_come_from_the_same_process() -> None:
    async def scenario() -> None:
        app, _token = docks()
        board, base = await _serve(app)
        try:
            async with aiohttp.ClientSession() as http:
                for name, kind in (("board.css", "text/css"), ("board.js", "text/javascript")):
                    async with http.get(f"{base}/static/{name}") as got:
                        assert got.status == 200
                        assert got.headers["Content-Type"] == kind
                        assert got.headers["Cache-Control"] == "public, max-age=300"
                        assert got.headers["X-Content-Type-Options"] == "nosniff"
                        assert len(await got.read()) > 100
                for path in ("/static/nope.js", "/static/board.css/x"):
                    async with http.get(base + path) as got:
                        assert (got.status, await got.text()) == (404, "Not found.")
                        assert (
                            got.headers["Content-Security-Policy"]
                            == PRIVATE["Content-Security-Policy"]
                        )
        finally:
            await board.stop()

    asyncio.run(scenario())


def test_anything_but_reading_a_page_is_the_same_plain_404() -> None:
    async def scenario() -> None:
        app, token = docks()
        board, base = await _serve(app)
        try:
            async with aiohttp.ClientSession() as http:
                for method in ("POST", "PUT", "DELETE"):
                    async with http.request(method, f"{base}/b/{token}") as got:
                        assert (got.status, await got.text()) == (404, "Not found.")
                        assert got.headers["X-Robots-Tag"] == "noindex, nofollow"
        finally:
            await board.stop()

    asyncio.run(scenario())


def test_a_stream_starts_where_the_viewer_s_page_left_off() -> None:
    """A page that shows the newest state gets the next change first, never the state it has;
    a page that says nothing it knows (or nonsense) gets the newest at once."""

    async def scenario() -> None:
        app, token = docks()
        now = app.table("docks").seq
        board, base = await _serve(app)
        try:
            async with aiohttp.ClientSession() as http:
                told = {"Last-Event-ID": str(now)}
                resumed = await http.get(f"{base}/b/{token}/events", headers=told)
                after = await http.get(f"{base}/b/{token}/events?after={now}")
                unknown = await http.get(
                    f"{base}/b/{token}/events?after=soon", headers={"Last-Event-ID": "x"}
                )
                # A digit that is no number ("²"): unknown too, never a server error.
                odd = await http.get(f"{base}/b/{token}/events?after=%C2%B2")
                name, data = await _next_event(odd)
                assert (name, data["seq"]) == ("board", now)
                odd.close()
                name, data = await _next_event(unknown)
                assert (name, data["seq"]) == ("board", now)
                await asyncio.to_thread(play, app, "docks", ["/doom add dice:d12"])
                for stream in (resumed, after):
                    name, data = await _next_event(stream)
                    assert name == "board"
                    assert data["seq"] == app.table("docks").seq > now
                    assert "d12" in str(data["html"])
                    assert str(data["news"]).startswith(f"Updated after #{data['seq']}")
                for stream in (resumed, after, unknown):
                    stream.close()
        finally:
            await board.stop()

    asyncio.run(scenario())


def test_a_quiet_stream_says_it_is_still_there(monkeypatch: pytest.MonkeyPatch) -> None:
    """With nothing new, the stream writes a comment now and then (every ``HEARTBEAT``
    seconds; none here), so a viewer gone is noticed."""
    monkeypatch.setattr(server, "HEARTBEAT", 0)

    async def scenario() -> None:
        app, token = docks()
        board, base = await _serve(app)
        try:
            async with aiohttp.ClientSession() as http:
                now = app.table("docks").seq
                stream = await http.get(f"{base}/b/{token}/events?after={now}")
                assert await stream.content.readline() == b"retry: 2000\n"
                assert await stream.content.readline() == b"\n"
                assert await stream.content.readline() == b": still here\n"
                stream.close()
        finally:
            await board.stop()

    asyncio.run(scenario())


def test_a_new_table_s_stream_sends_its_page_at_once() -> None:
    """A table just made (its first event) is sent at once to a viewer who says nothing."""

    async def scenario() -> None:
        app = make_app()
        play(app, "new", ["/game new system:generic name:Fresh"])
        token = links.issue(app.store, "new").token
        board, base = await _serve(app)
        try:
            async with aiohttp.ClientSession() as http:
                stream = await http.get(f"{base}/b/{token}/events")
                name, data = await _next_event(stream)
                assert (name, data["seq"]) == ("board", app.table("new").seq)
                stream.close()
        finally:
            await board.stop()
        assert app.listeners == []  # a stopped board is told nothing more

    asyncio.run(scenario())


def test_news_comes_without_a_heartbeat_before_it() -> None:
    async def scenario() -> None:
        app, token = docks()
        now = app.table("docks").seq
        board, base = await _serve(app)
        try:
            async with aiohttp.ClientSession() as http:
                stream = await http.get(f"{base}/b/{token}/events?after={now}")
                assert await stream.content.readline() == b"retry: 2000\n"
                assert await stream.content.readline() == b"\n"
                await asyncio.to_thread(play, app, "docks", ["/doom add dice:d12"])
                line = await asyncio.wait_for(stream.content.readline(), 20)  # a guard only
                assert line == f"id: {app.table('docks').seq}\n".encode()
                stream.close()
        finally:
            await board.stop()

    asyncio.run(scenario())


def test_a_viewer_who_leaves_is_counted_off_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Closing the page ends its stream at once, not at the next heartbeat."""
    monkeypatch.setattr(server, "HEARTBEAT", 3600)

    async def scenario() -> None:
        app, token = docks()
        board, base = await _serve(app)
        left = asyncio.Event()
        leave = board.hub.leave

        def leaving(feed: object) -> None:
            leave(feed)  # type: ignore[arg-type]
            left.set()

        monkeypatch.setattr(board.hub, "leave", leaving)
        try:
            async with aiohttp.ClientSession() as http:
                stream = await http.get(f"{base}/b/{token}/events")
                assert (await _next_event(stream))[0] == "board"
                assert board.hub.feed_of("docks") is not None
                stream.close()
            await asyncio.wait_for(left.wait(), 20)  # a guard only: the close ends it
            assert board.hub.feed_of("docks") is None
        finally:
            await board.stop()

    asyncio.run(scenario())


def test_a_reload_shows_what_another_process_played_at_once(tmp_path: Path) -> None:
    """scenekeeper board serves tables another process plays: a page loaded right after a
    command shows it, whether or not the poll has looked yet (here it never runs)."""

    async def scenario() -> None:
        path = tmp_path / "tables.sqlite3"
        console = make_app(SqliteStore(path))
        served = make_app(SqliteStore(path))
        play(console, "docks", CORTEX)
        token = links.issue(console.store, "docks").token
        board = WebBoard(served, WebSettings(url="http://x", port=0), follow_store=True)
        port = await board.server.start("127.0.0.1", 0)  # the pages, without the poll
        try:
            async with aiohttp.ClientSession() as http:
                page = f"http://127.0.0.1:{port}/b/{token}"
                async with http.get(page) as got:
                    assert "d12" not in await got.text()
                await asyncio.to_thread(play, console, "docks", ["/doom add dice:d12"])
                async with http.get(page) as got:
                    assert "d12" in await got.text()
        finally:
            await board.stop()
            console.store.close()
            served.store.close()

    asyncio.run(scenario())


def test_the_pages_listen_only_where_asked_and_log_no_link(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Served on 127.0.0.1 (the default), the pages are not reachable at another address of
    the machine; and no request is logged, for its address holds the link's secret token."""

    async def scenario() -> None:
        app, token = docks()
        board, base = await _serve(app)
        port = board.server.port
        try:
            async with aiohttp.ClientSession() as http:
                with caplog.at_level(logging.DEBUG):
                    async with http.get(f"{base}/b/{token}") as page:
                        assert page.status == 200
                        await page.text()
                with pytest.raises(aiohttp.ClientConnectionError):
                    async with http.get(f"http://127.0.0.2:{port}/b/{token}") as other:
                        await other.text()
        finally:
            await board.stop()
        assert token not in caplog.text

    asyncio.run(scenario())
