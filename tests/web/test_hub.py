"""The feeds behind the board pages: one render per change however many viewers and however
many commands came at once, the bytes every viewer is sent, a feed closed when its link changes
or its last viewer leaves, and a failed render that keeps what the pages show."""

from __future__ import annotations

import asyncio
import json
import logging
import threading

import pytest

from scenekeeper.adapters.web.hub import REVOKED, Hub, event_bytes
from scenekeeper.adapters.web.page import render
from scenekeeper.app import App
from scenekeeper.engine.aggregate import Table
from tests.support import make_app
from tests.web.scenes import play


def _app() -> App:
    app = make_app()
    play(
        app,
        "t",
        ['/game new system:cortex name:"Café Noir"', "/mods set mod:doom-pool enabled:true"],
    )
    return app


class Loads:
    def __init__(self, app: App) -> None:
        self.app = app
        self.fail = False

    async def __call__(self, table_id: str) -> Table:
        await asyncio.sleep(0)  # as the store is read off the loop: another viewer may come
        if self.fail:
            raise RuntimeError("the store is down")
        return self.app.table(table_id)


async def _settled(hub: Hub, table_id: str) -> None:
    feed = hub.feed_of(table_id)
    task = feed._task if feed is not None else None
    if task is not None:
        await asyncio.gather(task, return_exceptions=True)


def test_an_event_is_the_seq_the_fragment_and_the_news_in_ascii() -> None:
    app = _app()
    rendered = render(app.table("t"), app.registry)
    sent = event_bytes(rendered)
    head, data = sent.decode("ascii").split("data: ")
    assert head == f"id: {rendered.seq}\nevent: board\n"
    assert data.endswith("}\n\n")
    assert "\n" not in data[:-2]
    assert "Caf\\u00e9 Noir" in data  # ascii on the wire, the same text once read
    assert json.loads(data) == {
        "seq": rendered.seq,
        "html": rendered.fragment,
        "news": rendered.news,
    }
    assert ", " not in data.split('"html"')[0]  # compact
    assert REVOKED == b"event: revoked\ndata: {}\n\n"


def test_a_burst_of_changes_is_one_render_for_every_viewer() -> None:
    async def scenario() -> None:
        app = _app()
        hub = Hub(Loads(app), app.registry)
        feeds = [await hub.open("t", "token") for _ in range(3)]
        assert all(feed is feeds[0] for feed in feeds)
        feed = feeds[0]
        assert feed.viewers == 3
        await _settled(hub, "t")  # the look after opening: the table had not moved on
        renders = hub.renders
        assert (await hub.page("t")).seq == feed.seq  # up to date: the feed's own page
        assert hub.renders == renders
        hub.changed("t")  # nothing new at the table: no render
        await _settled(hub, "t")
        assert hub.renders == renders
        before = feed.seq
        play(app, "t", ["/doom add dice:d6", "/doom add dice:d8", "/doom add dice:d10"])
        woken = feed._next  # what every viewer waits on
        for _ in range(3):
            hub.changed("t")
        await _settled(hub, "t")
        assert woken.done()  # every viewer woken at once
        assert hub.renders == renders + 1
        assert feed.seq == app.table("t").seq > before
        assert feed.payload == event_bytes(feed.rendered)
        assert "d10" in feed.rendered.fragment

    asyncio.run(scenario())


def test_a_table_without_viewers_is_rendered_afresh_for_a_page() -> None:
    async def scenario() -> None:
        app = _app()
        hub = Hub(Loads(app), app.registry)
        renders = hub.renders
        assert (await hub.page("t")).seq == app.table("t").seq
        assert hub.renders == renders + 1
        feed = await hub.open("t", "token")
        play(app, "t", ["/doom add dice:d6"])
        feed.due = True  # a change told, not yet rendered: the page is rendered afresh
        assert (await hub.page("t")).seq == app.table("t").seq != feed.seq

    asyncio.run(scenario())


def test_the_last_viewer_leaving_closes_the_feed() -> None:
    async def scenario() -> None:
        app = _app()
        hub = Hub(Loads(app), app.registry)
        first = await hub.open("t", "token")
        await hub.open("t", "token")
        hub.leave(first)
        assert hub.watched() == ["t"]
        hub.leave(first)
        assert hub.watched() == []
        assert hub.feed_of("t") is None
        hub.changed("t")  # no feed: nothing to do
        assert hub.feed_of("t") is None

    asyncio.run(scenario())


def test_a_new_link_closes_the_old_link_s_feed() -> None:
    async def scenario() -> None:
        app = _app()
        hub = Hub(Loads(app), app.registry)
        old = await hub.open("t", "old-token")
        woken = old._next
        new = await hub.open("t", "new-token")
        assert woken.done()  # its viewers are told at once
        assert new is not old
        assert (old.closed, old.revoked) == (True, True)
        assert (new.closed, new.viewers) == (False, 1)
        assert hub.feed_of("t") is new
        hub.close_all()
        assert (new.closed, new.revoked) == (True, False)  # a stop, not a revoke
        assert hub.watched() == []

    asyncio.run(scenario())


def test_a_failed_render_keeps_what_the_pages_show(caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        app = _app()
        loads = Loads(app)
        hub = Hub(loads, app.registry)
        feed = await hub.open("t", "token")
        shown = feed.rendered
        play(app, "t", ["/doom add dice:d6"])
        loads.fail = True
        with caplog.at_level(logging.ERROR):
            hub.changed("t")
            await _settled(hub, "t")
        assert feed.rendered == shown
        said = [record.getMessage() for record in caplog.records]
        assert said == ["table t: the board page could not be brought up to date"]
        loads.fail = False
        hub.changed("t")  # the next change tries again
        await _settled(hub, "t")
        assert feed.seq == app.table("t").seq

    asyncio.run(scenario())


def test_a_change_told_from_another_thread_reaches_the_feed() -> None:
    async def scenario() -> None:
        app = _app()
        hub = Hub(Loads(app), app.registry)
        hub.notify("t")  # no loop yet, no feed: nothing
        feed = await hub.open("t", "token")
        play(app, "t", ["/doom add dice:d6"])
        woken = feed._next
        told = threading.Thread(target=hub.notify, args=("t", None))
        told.start()
        told.join()
        await asyncio.wait_for(woken, 30)  # a guard only: the change wakes it
        await _settled(hub, "t")
        assert feed.seq == app.table("t").seq
        hub.notify("elsewhere")  # a table with no page open: nothing

    asyncio.run(scenario())


def test_viewers_opening_at_once_share_one_feed() -> None:
    async def scenario() -> None:
        app = _app()
        hub = Hub(Loads(app), app.registry)
        first, second = await asyncio.gather(hub.open("t", "token"), hub.open("t", "token"))
        assert first is second
        assert first.viewers == 2
        assert not first.closed

    asyncio.run(scenario())


def test_a_link_renewed_while_a_viewer_opens_closes_the_old_feed() -> None:
    async def scenario() -> None:
        app = _app()
        hub = Hub(Loads(app), app.registry)
        old, new = await asyncio.gather(hub.open("t", "old"), hub.open("t", "new"))
        assert (old.closed, old.revoked) == (True, True)
        assert hub.feed_of("t") is new
        assert not new.closed

    asyncio.run(scenario())
