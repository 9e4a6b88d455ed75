"""The live board: one message per channel showing the table's board (``/board``), kept up to
date after every change, by commands and buttons alike (CortexPal2000's ``/pin``).

**Scenes in threads.** Where threads of the table's channel play the table (``/game threads
follow:true``), ``/board pin`` in a thread pins the board in that thread too: each scene's
thread has its own pinned board, all of one table, all kept up to date. Which threads have one
is kept in the store beside the table (``discord:boards:<table>``), so after a restart the
first change brings every thread's board up to date, not only the channel's.

**Where it is kept.** The board's message id is Discord's business, not the table's: it lives
here in memory and, across restarts, in the channel's pins (the bot's pinned message marked
"Live board" is the board; one look at the pins, the first time a channel changes after a
start). Nothing about Discord messages goes into the table's history, so an export or an undo
never carries a message id from another channel, and the console has nothing to ignore.

**How often.** Changes are coalesced and each board is edited at most once every
``min_interval`` seconds (Discord limits edits per channel): a burst of commands becomes one
edit showing the newest state. A board that fails to update never fails a command.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, Literal

import discord

from scenekeeper.adapters.discord.limits import (
    MAX_CONTENT,
    MAX_EMBED_FIELDS,
    MAX_EMBED_TITLE,
    MAX_EMBED_TOTAL,
    MAX_FIELD_NAME,
    MAX_FIELD_VALUE,
)
from scenekeeper.adapters.discord.render import NEUTRAL, Done, Post, within_total
from scenekeeper.adapters.discord.send import NO_MENTIONS
from scenekeeper.adapters.discord.tables import Tables, home_channel
from scenekeeper.adapters.discord.wording import GAME_ENDED, PINNED
from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.core.board import board_of
from scenekeeper.engine.reply import Reply
from scenekeeper.store.records import read_record, write_record

log = logging.getLogger(__name__)
MARK = "Live board"
STOPPED = "This board is no longer kept up to date."
Sleep = Callable[[float], Awaitable[None]]
#: What ``/board pin`` came to: pinned; posted and kept but not pinned; or not posted at all.
Pinned = Literal["pinned", "posted", "failed"]
THREADS_VERSION = "discord.board-threads@1"
NO_BOARD = "There was no live board in this channel to unpin."


def board_post(table: Table, *, final: str | None = None) -> Post:
    """The board of ``table`` as a message: an embed with a field per section, or plain text
    when the table asked for it (``/game output everyone:true``)."""
    state = table.state
    if state is None:
        return Post(content=f"{MARK}: {final or STOPPED}")
    board = board_of(state)
    footer = final or f"{MARK} · after #{table.seq} · /board unpin stops it"
    if state.meta.plain_text:
        text = "\n".join([f"{MARK}. {footer}", *board.lines()])
        return Post(content=discord.utils.escape_markdown(text)[:MAX_CONTENT])
    embed = discord.Embed(title=board.title[:MAX_EMBED_TITLE], colour=NEUTRAL)
    sections = [(s.title, list(s.lines)) for s in board.sections]
    if board.waiting:
        sections.append(("Waiting for", list(board.waiting)))
    fields = [f for title, lines in sections for f in _fields(title, lines)]
    room = MAX_EMBED_TOTAL - len(embed.title or "") - len(footer) - 200
    shown = 0
    for name, value in fields:
        if shown == MAX_EMBED_FIELDS - 1 and len(fields) > MAX_EMBED_FIELDS:
            break
        if len(name) + len(value) > room:
            break
        embed.add_field(name=name, value=value, inline=False)
        room -= len(name) + len(value)
        shown += 1
    if shown < len(fields):
        # Never cut silently: say what is left out and where the whole board is.
        left = sum(value.count("\n") + 1 for _, value in fields[shown:])
        embed.add_field(
            name="…",
            value=f"{left} more line{'s' if left != 1 else ''}: /board show has the whole board.",
            inline=False,
        )
    embed.set_footer(text=footer)
    return Post(embeds=[within_total(embed)])


def _fields(title: str, lines: list[str]) -> list[tuple[str, str]]:
    """A section as embed fields of at most 1,024 characters each, cut between lines (a long
    section -- forty GMCs -- goes on in "(continued)" fields, never cut short unsaid)."""
    escaped = [discord.utils.escape_markdown(line)[: MAX_FIELD_VALUE - 1] for line in lines]
    values: list[str] = []
    current = ""
    for line in escaped or ["—"]:
        grown = f"{current}\n{line}" if current else line
        if len(grown) > MAX_FIELD_VALUE:
            values.append(current)
            grown = line
        current = grown
    values.append(current)
    name = title[:MAX_FIELD_NAME]
    more = f"{title} (continued)"[:MAX_FIELD_NAME]
    return [(name if i == 0 else more, value) for i, value in enumerate(values)]


def is_board(message: discord.Message) -> bool:
    footer = message.embeds[0].footer.text if message.embeds else None
    return (footer or message.content or "").startswith(MARK)


class BoardKeeper:
    def __init__(
        self,
        client: discord.Client,
        tables: Tables,
        *,
        min_interval: float = 2.0,
        clock: Callable[[], float] = time.monotonic,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self.client = client
        self.tables = tables
        self.min_interval = min_interval
        self._clock = clock
        self._sleep = sleep
        #: Channel -> the board's message id (None: no board there), once known.
        self._messages: dict[int, int | None] = {}
        self._wanted: dict[int, str] = {}  # channel -> table to show, while an update is due
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._last: dict[int, float] = {}
        #: Table -> the threads (of its channel) with a board of it, once read from the store.
        self._threads: dict[str, set[int]] = {}

    # -- after a command ------------------------------------------------------------------------

    async def after(self, table_id: str, done: Done, channel: int) -> Done:
        """What a command typed in ``channel`` does to the boards: ``/board pin`` and ``unpin``
        there, a game's end everywhere, any other change brought to every board of the table."""
        outcome = done.outcome
        if outcome.command == "game end" and done.before is not None:
            for where in [home_channel(table_id), *await self._threads_of(table_id)]:
                await self.unpin(table_id, done.before, GAME_ENDED, where)
        elif outcome.command == "board pin" and done.table is not None:
            came = await self.pin(table_id, done.table, channel)
            return _said(done, PINNED[came].format(name=_name(done)))
        elif outcome.command == "board unpin" and done.table is not None:
            if not await self.unpin(table_id, done.table, channel=channel):
                return _said(done, NO_BOARD)
        elif outcome.events:
            self.changed(table_id)
        return done

    # -- after a change -----------------------------------------------------------------------

    def changed(self, table_id: str) -> None:
        """``table_id`` changed: bring its boards (its channel's, its threads') up to date,
        soon."""
        if self.client.user is None:  # not logged in: nothing of ours to find or edit
            return
        self._due(home_channel(table_id), table_id)
        threads = self._threads.get(table_id)
        if threads is None:  # not read since a start: read, then bring each up to date
            key = -abs(hash(table_id)) - 1  # a task of its own, never a channel's id
            if key not in self._tasks:
                self._tasks[key] = asyncio.create_task(self._read_threads(key, table_id))
            return
        for thread in threads:
            self._due(thread, table_id)

    def _due(self, channel: int, table_id: str) -> None:
        if self._messages.get(channel, -1) is None:
            return  # known: no board here
        self._wanted[channel] = table_id
        if channel not in self._tasks:
            self._tasks[channel] = asyncio.create_task(self._keep(channel))

    async def _read_threads(self, key: int, table_id: str) -> None:
        try:
            for thread in await self._threads_of(table_id):
                self._due(thread, table_id)
        except Exception:
            log.exception("table %s: its threads' boards could not be read", table_id)
        finally:
            self._tasks.pop(key, None)

    async def _threads_of(self, table_id: str) -> set[int]:
        if table_id not in self._threads:
            store, stream = self.tables.app.store, _record(table_id)
            kept = await asyncio.to_thread(read_record, store, stream, THREADS_VERSION)
            ids = (kept or {}).get("threads", [])
            self._threads.setdefault(table_id, {int(t) for t in ids if isinstance(t, int)})
        return self._threads[table_id]

    async def _keep_thread(self, table_id: str, thread: int, kept: bool) -> None:
        threads = await self._threads_of(table_id)
        if (thread in threads) == kept:
            return
        threads.symmetric_difference_update({thread})
        state = {"threads": sorted(threads)}
        store, stream = self.tables.app.store, _record(table_id)
        await asyncio.to_thread(write_record, store, stream, THREADS_VERSION, state)

    async def idle(self) -> None:
        """Wait until every update that is due has been made (shutdown, tests)."""
        while self._tasks:
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def _keep(self, channel: int) -> None:
        try:
            while channel in self._wanted:
                wait = self._last.get(channel, float("-inf")) + self.min_interval - self._clock()
                if wait > 0:
                    await self._sleep(wait)
                table_id = self._wanted.pop(channel, None)
                if table_id is None:  # unpinned or ended meanwhile: nothing to bring up to date
                    break
                await self._update(channel, table_id)
                self._last[channel] = self._clock()
        except Exception:
            log.exception("channel %s: the board could not be updated", channel)
        finally:
            self._tasks.pop(channel, None)

    async def _update(self, channel: int, table_id: str) -> None:
        message_id = await self._find(channel)
        if message_id is None:
            return
        table = await self._table(table_id)
        message = self.client.get_partial_messageable(channel).get_partial_message(message_id)
        try:
            await message.edit(**_edit(board_post(table)))
        except discord.NotFound:  # deleted by hand: stop keeping it
            log.info("channel %s: the board message is gone; no board there now", channel)
            self._messages[channel] = None
        except discord.HTTPException as error:
            log.warning("channel %s: the board was not updated (%s)", channel, error)

    async def _table(self, table_id: str) -> Table:
        app = self.tables.app
        cached = app.cached_table(table_id)
        if cached is not None:
            return cached
        return await self.tables.run(table_id, lambda: app.table(table_id))

    async def _find(self, channel: int) -> int | None:
        """The board's message in ``channel``: known, else the bot's pinned board (after a
        restart), else none."""
        if channel in self._messages:
            return self._messages[channel]
        found: int | None = None
        me = self.client.user
        try:
            async for message in self.client.get_partial_messageable(channel).pins(limit=50):
                if me is not None and message.author.id == me.id and is_board(message):
                    found = message.id
                    break
        except discord.HTTPException as error:
            log.warning("channel %s: cannot read the pins to find the board (%s)", channel, error)
        self._messages.setdefault(channel, found)
        return self._messages[channel]

    # -- /board pin, /board unpin, /game end ----------------------------------------------------

    async def pin(self, table_id: str, table: Table, channel: int | None = None) -> Pinned:
        """Post the board in the table's channel (or ``channel``, a thread of it) and pin it
        (the one before there is retired): what came of it, for the GM's answer."""
        channel = home_channel(table_id) if channel is None else channel
        if channel != home_channel(table_id):
            await self._keep_thread(table_id, channel, True)
        before = await self._find(channel)
        where = self.client.get_partial_messageable(channel)
        try:
            message = await where.send(allowed_mentions=NO_MENTIONS, **_send(board_post(table)))
        except discord.HTTPException as error:
            log.warning("channel %s: the board could not be posted (%s)", channel, error)
            return "failed"
        self._messages[channel] = message.id
        self._last[channel] = self._clock()
        if before is not None and before != message.id:
            await self._retire(channel, before, table, STOPPED)
        try:
            await message.pin(reason="Scenekeeper live board")
        except discord.HTTPException as error:
            log.warning("channel %s: the board could not be pinned (%s)", channel, error)
            return "posted"
        return "pinned"

    async def unpin(
        self, table_id: str, table: Table, final: str = STOPPED, channel: int | None = None
    ) -> bool:
        """Stop keeping the board of the table's channel (or ``channel``, a thread of it):
        unpin it and say so on it. False: there was none."""
        channel = home_channel(table_id) if channel is None else channel
        if channel != home_channel(table_id):
            await self._keep_thread(table_id, channel, False)
        message_id = await self._find(channel)
        self._wanted.pop(channel, None)
        self._messages[channel] = None
        if message_id is None:
            return False
        await self._retire(channel, message_id, table, final)
        return True

    async def _retire(self, channel: int, message_id: int, table: Table, final: str) -> None:
        message = self.client.get_partial_messageable(channel).get_partial_message(message_id)
        try:
            await message.edit(**_edit(board_post(table, final=final)))
            await message.unpin(reason="Scenekeeper live board stopped")
        except discord.HTTPException as error:
            log.warning("channel %s: the old board was not retired (%s)", channel, error)


def _record(table_id: str) -> str:
    return f"discord:boards:{table_id}"


def _said(done: Done, line: str) -> Done:
    outcome = dataclasses.replace(done.outcome, reply=Reply.say(line))
    return dataclasses.replace(done, outcome=outcome)


def _name(done: Done) -> str:
    state = done.table.state if done.table is not None else None
    return state.meta.name if state is not None else "this table"


def _send(post: Post) -> dict[str, Any]:
    return {"content": post.content, "embeds": post.embeds}


def _edit(post: Post) -> dict[str, Any]:
    return {"content": post.content, "embeds": post.embeds, "allowed_mentions": NO_MENTIONS}
