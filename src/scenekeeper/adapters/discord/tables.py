"""Which table an interaction is at, and running a table's blocking work without stalling the
others.

**Where.** A channel or thread is a table, named by its id. ``/game end`` leaves that table as
an archive, so the channel moves on to a fresh one for the next game: ``C``, then ``C:2``,
``C:3``... (the first whose game has not ended). A thread plays its own table, unless it has no
game of its own and its channel's table lets threads follow it (``/game threads follow:true``,
a side scene); ``/game new`` and ``/game import`` in a thread always start the thread's own.

**Work.** ``App.handle`` blocks (store I/O, the table's lock), so it runs in a bounded pool of
our own threads, never the event loop's shared default. Work for one table waits its turn in
that table's queue (not in a thread), and one worker at a time takes a table's queue in order,
so a slow table holds at most one worker and every other table keeps moving. A worker that
finds more of a table's work waiting when it finishes goes on with it (up to ``BATCH`` before it
lets other tables' queues go first), so a busy table does not pay a hand-over between threads
for every command: that hand-over cost as much as the command itself (issue 24).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import threading
from collections import deque
from collections.abc import Callable
from typing import Any, TypeVar

from scenekeeper.app import App
from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.core.lifecycle import has_ended

T = TypeVar("T")
#: Commands that start a thread's own game rather than act on the table it follows.
OWN_GAME = frozenset({"game new", "game import"})
#: Discord channel types that are threads (news, public and private threads).
THREAD_TYPES = frozenset({10, 11, 12})
#: How much of one table's waiting work a worker does before other tables' queues go first.
BATCH = 16
#: A piece of work, the future its caller awaits, and the caller's event loop.
_Item = tuple[Callable[[], Any], "asyncio.Future[Any]", asyncio.AbstractEventLoop]


def home_channel(table_id: str) -> int:
    """The channel a table lives in (``C`` or ``C:n``)."""
    return int(table_id.split(":", 1)[0])


def next_table(table_id: str) -> str:
    """The table a channel moves on to after ``table_id``'s game ends."""
    channel, _, number = table_id.partition(":")
    return f"{channel}:{int(number or 1) + 1}"


class Tables:
    def __init__(self, app: App, *, workers: int = 8) -> None:
        self.app = app
        self.pool = concurrent.futures.ThreadPoolExecutor(
            max_workers=workers, thread_name_prefix="scenekeeper-table"
        )
        #: Each key's waiting work; a key is here while a worker has its queue (or will).
        self._queues: dict[str, deque[_Item]] = {}
        self._queues_lock = threading.Lock()
        #: Channel id -> its current table id (past ended games), learnt from the store.
        self._current: dict[int, str] = {}
        self._current_lock = threading.Lock()

    # -- where --------------------------------------------------------------------------------

    def own_table(self, channel: int) -> str:
        """Blocking: the channel's current table (the first whose game has not ended)."""
        table_id = self._known(channel)
        while has_ended(self.app.table(table_id)):
            table_id = next_table(table_id)
        with self._current_lock:
            self._current[channel] = table_id
        return table_id

    def resolve(self, channel: int, parent: int | None, command: str | None) -> str:
        """Blocking: the table an interaction in ``channel`` (a thread of ``parent``) is at."""
        own = self.own_table(channel)
        if parent is None or command in OWN_GAME:
            return own
        if self.app.table(own).state is not None:
            return own
        followed = self.own_table(parent)
        state = self.app.table(followed).state
        return followed if state is not None and state.meta.threads_follow else own

    async def where(self, channel: int, parent: int | None, command: str | None) -> str:
        """The table an interaction is at: from what is loaded, else loaded in the pool (one
        load at a time per channel)."""
        found = self.quick(channel, parent, command)
        if found is not None:
            return found
        return await self.run(f"#{channel}", lambda: self.resolve(channel, parent, command))

    def quick(self, channel: int, parent: int | None, command: str | None) -> str | None:
        """``resolve`` from what is loaded already, without waiting for anything (None: a
        table must be loaded first)."""
        own = self._known(channel)
        table = self.app.cached_table(own)
        if table is None or has_ended(table):
            return None
        if parent is None or command in OWN_GAME or table.state is not None:
            return own
        followed = self._known(parent)
        parent_table = self.app.cached_table(followed)
        if parent_table is None or has_ended(parent_table):
            return None
        state = parent_table.state
        return followed if state is not None and state.meta.threads_follow else own

    def _known(self, channel: int) -> str:
        with self._current_lock:
            return self._current.get(channel, str(channel))

    def cached(self, channel: int, parent: int | None) -> Table | None:
        """The table an interaction is at as last loaded, without waiting for anything (None:
        not loaded yet): what autocomplete reads."""
        own = self._known(channel)
        followed = self._known(parent) if parent is not None else None
        table = self.app.cached_table(own)
        if followed is not None and (table is None or table.state is None):
            parent_table = self.app.cached_table(followed)
            state = parent_table.state if parent_table is not None else None
            if state is not None and state.meta.threads_follow:
                return parent_table
        return table

    def ended(self, table_id: str) -> None:
        """``table_id``'s game ended: its channel moves on to the next table."""
        with self._current_lock:
            self._current[home_channel(table_id)] = next_table(table_id)

    # -- work ---------------------------------------------------------------------------------

    async def run(self, key: str, work: Callable[[], T]) -> T:
        """``work`` in the pool, after earlier work for the same ``key`` (a table, a channel)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        with self._queues_lock:
            queue = self._queues.get(key)
            first = queue is None
            if queue is None:
                queue = self._queues[key] = deque()
            queue.append((work, future, loop))
        if first:
            self.pool.submit(self._drain, key)
        return await future

    async def run_free(self, work: Callable[[], T]) -> T:
        """``work`` in the pool, with no turn to wait for (reads that take no table lock)."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, work)

    def _drain(self, key: str) -> None:
        """In a worker: ``key``'s waiting work in order, until its queue is empty (then the key
        is let go) or ``BATCH`` are done (then the rest waits its turn behind other tables)."""
        done = 0
        while True:
            with self._queues_lock:
                queue = self._queues[key]
                if not queue:
                    del self._queues[key]
                    return
                if done == BATCH:
                    try:
                        self.pool.submit(self._drain, key)
                        return
                    except RuntimeError:
                        pass  # the pool is shutting down: finish the queue here
                work, future, loop = queue.popleft()
            done += 1
            try:
                result = work()
            except BaseException as error:  # the caller gets it, as run_in_executor does
                _settle(loop, future, None, error)
            else:
                _settle(loop, future, result, None)

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=False)


def _settle(
    loop: asyncio.AbstractEventLoop,
    future: asyncio.Future[Any],
    result: object,
    error: BaseException | None,
) -> None:
    """Hand a worker's answer to the awaiting coroutine on its own loop."""

    def settle() -> None:
        if future.cancelled():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)

    with contextlib.suppress(RuntimeError):  # the loop is closed: nobody is waiting any more
        loop.call_soon_threadsafe(settle)
