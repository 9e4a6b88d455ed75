"""The board pages wired into a process (adapters/web/serve.py): a reload with a page open costs
no render until the table moves in the store, the poll goes on past a table it cannot read
(and says so in the log), and the bot's revoke closes the open pages at once."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path

import aiohttp
import pytest

from scenekeeper.adapters.web import links
from scenekeeper.adapters.web.answer import WebSettings
from scenekeeper.adapters.web.serve import WebBoard
from scenekeeper.store.sqlite import SqliteStore
from tests.support import TableDriver, make_app
from tests.web.scenes import CORTEX, play


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


def test_a_reload_renders_again_only_when_the_table_moved_in_the_store(tmp_path: Path) -> None:
    async def scenario() -> None:
        path = tmp_path / "tables.sqlite3"
        console = make_app(SqliteStore(path))  # `scenekeeper play`, in another process
        served = make_app(SqliteStore(path))  # `scenekeeper board --db`
        play(console, "docks", CORTEX)
        token = links.issue(console.store, "docks").token
        board = WebBoard(served, WebSettings(url="http://x", port=0), follow_store=True)
        port = await board.server.start("127.0.0.1", 0)  # the pages, without the poll
        base = f"http://127.0.0.1:{port}/b/{token}"
        try:
            async with aiohttp.ClientSession() as http:
                stream = await http.get(f"{base}/events?after=0")
                assert (await _next_event(stream))[0] == "board"
                renders = board.hub.renders
                async with http.get(base) as got:
                    assert got.status == 200
                    assert "d12" not in await got.text()
                assert board.hub.renders == renders  # the open page's render, still the newest
                await asyncio.to_thread(play, console, "docks", ["/doom add dice:d12"])
                async with http.get(base) as got:
                    assert "d12" in await got.text()  # moved in the store: rendered again
                stream.close()
        finally:
            await board.stop()
            console.store.close()
            served.store.close()

    asyncio.run(scenario())


def test_the_poll_goes_on_past_a_table_it_cannot_read_and_logs_it(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> None:
        path = tmp_path / "tables.sqlite3"
        console = make_app(SqliteStore(path))
        served = make_app(SqliteStore(path))
        play(console, "broken", CORTEX)
        play(console, "docks", CORTEX)
        broken = links.issue(console.store, "broken").token
        docks = links.issue(console.store, "docks").token
        store = served.store
        head = store.head

        def failing(table_id: str) -> int:
            if table_id == "broken":
                raise OSError("disk I/O error")
            return head(table_id)

        board = WebBoard(served, WebSettings(url="http://x", port=0), follow_store=True)
        base = f"http://127.0.0.1:{await board.start()}/b"
        try:
            async with aiohttp.ClientSession() as http:
                # The table it cannot read is looked at first, every poll.
                first = await http.get(f"{base}/{broken}/events?after=0")
                assert (await _next_event(first))[0] == "board"
                stream = await http.get(f"{base}/{docks}/events?after=0")
                assert (await _next_event(stream))[0] == "board"
                store.head = failing  # type: ignore[method-assign]
                await asyncio.to_thread(play, console, "docks", ["/doom add dice:d12"])
                name, data = await _next_event(stream)
                assert name == "board"
                assert "d12" in str(data["html"])
                first.close()
                stream.close()
        finally:
            store.head = head  # type: ignore[method-assign]
            await board.stop()
            console.store.close()
            served.store.close()

    with caplog.at_level(logging.WARNING, logger="scenekeeper.adapters.web.serve"):
        asyncio.run(scenario())
    warned = [r for r in caplog.records if r.name == "scenekeeper.adapters.web.serve"]
    assert warned
    assert warned[0].getMessage() == "table broken: cannot read it for its page"
    assert warned[0].exc_info is not None
    assert "disk I/O error" in caplog.text  # the traceback is logged with it


def test_the_bots_revoke_closes_the_open_pages_at_once_and_showing_the_link_does_not() -> None:
    async def scenario() -> None:
        driver = TableDriver(table_id="docks")
        play(driver.app, "docks", CORTEX)
        # The bot's own tables: no poll (only this process writes), so only answer() can tell.
        board = WebBoard(driver.app, WebSettings(url="http://x", port=0), follow_store=False)
        base = f"http://127.0.0.1:{await board.start()}"
        try:
            shown = await board.answer(driver.do("/board web"), "docks")
            assert "Board page: http://x/b/" in "\n".join(shown.reply.private)
            token = links.current(driver.app.store, "docks")
            async with aiohttp.ClientSession() as http:
                stream = await http.get(f"{base}/b/{token}/events?after=0")
                assert (await _next_event(stream))[0] == "board"
                await board.answer(driver.do("/board web"), "docks")  # shown again: still live
                await asyncio.to_thread(driver.do, "/doom add dice:d12")
                assert (await _next_event(stream))[0] == "board"
                await board.answer(driver.do("/board web revoke"), "docks")
                assert (await _next_event(stream))[0] == "revoked"
                stream.close()
        finally:
            await board.stop()

    asyncio.run(scenario())


def test_the_bots_revoke_with_no_page_open_takes_the_link_back_and_says_so() -> None:
    async def scenario() -> None:
        driver = TableDriver(table_id="docks")
        play(driver.app, "docks", CORTEX)
        board = WebBoard(driver.app, WebSettings(url="http://x", port=0), follow_store=False)
        await board.answer(driver.do("/board web"), "docks")
        token = links.current(driver.app.store, "docks")
        assert token is not None
        taken = await board.answer(driver.do("/board web revoke"), "docks")
        assert taken.reply.private[-1] == (
            "Its link shows nothing from now on; /board web makes a new one."
        )
        assert links.table_of(driver.app.store, token) is None
        assert board.hub.watched() == []

    asyncio.run(scenario())
