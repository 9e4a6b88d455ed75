"""Wiring the board page into a process: the bot's (the app's listener tells the pages of
every change it makes, at once) or ``scenekeeper board``'s (console tables played by another
process), and the link ``/board web`` answers with.

Either way the pages follow the store, not a process's cache (issue 35): anything may write a
table -- ``scenekeeper play`` on the bot's database, a second process by mistake -- so a page
loads the table as stored, and the tables with viewers are looked at every ``POLL``: one cheap
``head`` query each, the table read only when it moved.
"""

from __future__ import annotations

import asyncio
import logging

from scenekeeper.adapters.web import links
from scenekeeper.adapters.web.answer import LINK_COMMANDS, WebSettings, link_lines, with_link
from scenekeeper.adapters.web.hub import Hub
from scenekeeper.adapters.web.server import BoardServer
from scenekeeper.app import App, Outcome, pictures
from scenekeeper.engine.aggregate import Table

log = logging.getLogger(__name__)
#: How often a page's table is looked at for changes made by another process.
POLL = 0.25
#: The name of the task that does (it runs as long as the server).
POLLER = "scenekeeper-board-poll"


class WebBoard:
    """The board pages of ``app``'s tables, served on ``settings``' host and port."""

    def __init__(self, app: App, settings: WebSettings, *, follow_store: bool = True) -> None:
        self.app = app
        self.settings = settings
        head = self._head if follow_store else None
        self.hub = Hub(self._load, app.registry, head)
        self.server = BoardServer(self.hub, self._find, self._picture)
        self._follow_store = follow_store
        self._poller: asyncio.Task[None] | None = None
        app.listeners.append(self.hub.notify)

    async def start(self) -> int:
        port = await self.server.start(self.settings.host, self.settings.port)
        if self._follow_store:
            self._poller = asyncio.get_running_loop().create_task(self._poll(), name=POLLER)
        return port

    async def stop(self) -> None:
        if self._poller is not None:
            self._poller.cancel()
        await self.server.stop()
        if self.hub.notify in self.app.listeners:
            self.app.listeners.remove(self.hub.notify)

    async def answer(self, outcome: Outcome, table_id: str) -> Outcome:
        """``outcome`` with the link lines added, for the link commands (the link taken back
        from every open page at once on a revoke)."""
        if not outcome.ok or outcome.command not in LINK_COMMANDS:
            return outcome
        command = outcome.command
        lines = await asyncio.to_thread(link_lines, self.app, self.settings.url, command, table_id)
        if command == "board web revoke":
            self.hub.revoked(table_id)
        return with_link(outcome, lines)

    async def _head(self, table_id: str) -> int:
        return await asyncio.to_thread(self.app.store.head, table_id)

    async def _find(self, token: str) -> str | None:
        return await asyncio.to_thread(links.table_of, self.app.store, token)

    async def _picture(self, name: str) -> tuple[bytes, str] | None:
        return await asyncio.to_thread(pictures.picture, self.app.store, name)

    async def _load(self, table_id: str) -> Table:
        if not self._follow_store:  # a test's own process alone writes its tables
            cached = self.app.cached_table(table_id)
            if cached is not None:
                return cached
        # As stored: the cache catches up with whatever another process appended.
        return await asyncio.to_thread(self.app.table, table_id)

    async def _poll(self) -> None:
        """Another process plays these tables: bring every page with viewers up to date with
        the store, and close those whose link was revoked there."""
        while True:
            await asyncio.sleep(POLL)
            for table_id in self.hub.watched():
                try:
                    seq, token = await asyncio.to_thread(self._look, table_id)
                except Exception:
                    log.warning("table %s: cannot read it for its page", table_id, exc_info=True)
                    continue
                feed = self.hub.feed_of(table_id)
                if feed is None:
                    continue
                if token != feed.token:
                    self.hub.revoked(table_id)
                elif seq != feed.seq:
                    self.hub.changed(table_id)

    def _look(self, table_id: str) -> tuple[int, str | None]:
        token = links.current(self.app.store, table_id)
        feed = self.hub.feed_of(table_id)
        head = self.app.store.head(table_id)
        if feed is not None and head == feed.seq:
            return head, token  # nothing new: the table is not read
        return self.app.table(table_id).seq, token
