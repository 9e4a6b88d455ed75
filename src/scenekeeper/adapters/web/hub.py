"""One feed per table with pages open: the newest page, rendered once per change, and the
moment it changed, shared by every viewer.

A change (``changed``, from the app's listener or a poll) marks the table's feed due; one task
per feed renders the table as it is then -- a burst of commands becomes one render of the
newest state -- into one server-sent event's bytes, and wakes every viewer at once. A viewer
writes those same bytes and waits for the next change; 500 viewers cost one render and 500
writes. A revoked link closes its feed: every viewer is told, and its stream ends.

Runs on the event loop; ``notify`` is the thread-safe way in (the app tells its listeners from
the worker thread that stored the command).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from scenekeeper.adapters.web.page import Rendered, render
from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.commands import CommandRegistry

log = logging.getLogger(__name__)
#: Loads a table as it stands (from the app's cache, or the store off the loop).
Load = Callable[[str], Awaitable[Table]]


def event_bytes(rendered: Rendered) -> bytes:
    """The server-sent event for one state of the page: its seq as the event id, the
    fragment and what to tell screen readers as JSON (one ``data:`` line)."""
    data = json.dumps(
        {"seq": rendered.seq, "html": rendered.fragment, "news": rendered.news},
        ensure_ascii=True,
        separators=(",", ":"),
    )
    return f"id: {rendered.seq}\nevent: board\ndata: {data}\n\n".encode("ascii")


REVOKED = b"event: revoked\ndata: {}\n\n"


@dataclass
class Feed:
    table_id: str
    token: str
    rendered: Rendered
    payload: bytes
    viewers: int = 0
    #: No more updates: the link was revoked (``revoked``: viewers are told to stop), or the
    #: server is stopping (viewers reconnect to the next one).
    closed: bool = False
    revoked: bool = False
    due: bool = False
    _next: asyncio.Future[None] = field(default_factory=asyncio.Future)
    _task: asyncio.Task[None] | None = None

    @property
    def seq(self) -> int:
        return self.rendered.seq

    async def wait(self, timeout: float) -> None:
        """Until the next change (or the feed closes), at most ``timeout`` seconds."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._next), timeout)

    def _publish(self, rendered: Rendered | None) -> None:
        if rendered is not None:
            self.rendered = rendered
            self.payload = event_bytes(rendered)
        woken, self._next = self._next, asyncio.get_running_loop().create_future()
        woken.set_result(None)


class Hub:
    def __init__(
        self,
        load: Load,
        registry: CommandRegistry,
        head: Callable[[str], Awaitable[int]] | None = None,
    ) -> None:
        self._load = load
        self._registry = registry
        #: The table's newest seq as stored (another process may have written since a feed's
        #: render): a page load serves the feed's render only when it is as new.
        self._head = head
        self._feeds: dict[str, Feed] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        #: Renders made (one per change with viewers, however many): for tests and benchmarks.
        self.renders = 0

    # -- from anywhere -------------------------------------------------------------------------

    def notify(self, table_id: str, _table: Table | None = None) -> None:
        """Thread-safe ``changed`` (an ``App`` listener)."""
        loop = self._loop
        if loop is not None and table_id in self._feeds:
            loop.call_soon_threadsafe(self.changed, table_id)

    # -- on the loop ---------------------------------------------------------------------------

    def watched(self) -> list[str]:
        """The tables with a feed open."""
        return list(self._feeds)

    def feed_of(self, table_id: str) -> Feed | None:
        return self._feeds.get(table_id)

    async def page(self, table_id: str) -> Rendered:
        """The table's page now (the feed's, when one is open and up to date)."""
        feed = self._feeds.get(table_id)
        if feed is not None and not feed.due and await self._current(table_id, feed.seq):
            return feed.rendered
        return self._render(await self._load(table_id))

    async def _current(self, table_id: str, seq: int) -> bool:
        """Whether ``seq`` is still the table's newest as stored (no head: as this process
        knows it)."""
        return self._head is None or await self._head(table_id) == seq

    async def open(self, table_id: str, token: str) -> Feed:
        """The table's feed for its live link ``token``, opened if need be; the caller counts
        itself a viewer. A feed of an older token (revoked, not yet noticed) is closed."""
        self._loop = asyncio.get_running_loop()
        feed = self._feeds.get(table_id)
        if feed is not None and feed.token != token:
            self.revoked(table_id)
            feed = None
        if feed is None:
            rendered = self._render(await self._load(table_id))
            feed = self._feeds.get(table_id)  # another viewer may have opened it meanwhile
            if feed is None or feed.token != token:
                if feed is not None:
                    self.revoked(table_id)
                feed = Feed(table_id, token, rendered, event_bytes(rendered))
                self._feeds[table_id] = feed
                # A change stored while the table loaded found no feed to tell: look again
                # (no render unless the table moved on).
                self.changed(table_id)
        feed.viewers += 1
        return feed

    def leave(self, feed: Feed) -> None:
        feed.viewers -= 1
        if feed.viewers <= 0 and self._feeds.get(feed.table_id) is feed:
            del self._feeds[feed.table_id]
            if feed._task is not None:
                feed._task.cancel()

    def changed(self, table_id: str) -> None:
        """``table_id`` changed: its feed (if open) renders the newest state soon."""
        feed = self._feeds.get(table_id)
        if feed is None or feed.closed:
            return
        feed.due = True
        if feed._task is None or feed._task.done():
            feed._task = asyncio.get_running_loop().create_task(self._keep(feed))

    def revoked(self, table_id: str) -> None:
        """The table's link was taken back: close its feed (every viewer is told to stop)."""
        self._close(table_id, revoked=True)

    def close_all(self) -> None:
        """The server is stopping: end every stream (viewers reconnect to the next server)."""
        for table_id in list(self._feeds):
            self._close(table_id, revoked=False)

    def _close(self, table_id: str, *, revoked: bool) -> None:
        feed = self._feeds.pop(table_id, None)
        if feed is not None:
            feed.closed = True
            feed.revoked = revoked
            if feed._task is not None:
                feed._task.cancel()
            feed._publish(None)

    async def _keep(self, feed: Feed) -> None:
        while feed.due and not feed.closed:
            feed.due = False
            try:
                table = await self._load(feed.table_id)
                if table.seq != feed.seq and not feed.closed:
                    feed._publish(self._render(table))
            except Exception:  # the pages keep what they show; the next change tries again
                log.exception(
                    "table %s: the board page could not be brought up to date", feed.table_id
                )
                return

    def _render(self, table: Table) -> Rendered:
        self.renders += 1
        return render(table, self._registry)
