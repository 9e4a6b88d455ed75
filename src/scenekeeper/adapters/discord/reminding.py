"""Reminders on Discord: whoever holds a paced table up gets one message in its channel.

The bot knows which tables have a pace from a record in the store (``discord:paced``: table id
-> its server), kept in step after every command and read at start, so a reminder due while
the bot was down goes out after it starts. Every ``interval`` seconds each paced table of a
server this process owns (``Shards``) is asked for its due reminders (``app.reminders``: marked
sent in the store before they go out, so each goes out once, through restarts and however
many processes run). The message mentions the people reminded -- only them, and only those
who have not switched mentions off (the others are named) -- in the table's channel; those who
chose ``/game reminders by:dm`` get a direct message instead (or, where Discord refuses it --
their DMs closed to the server's members -- the channel's message).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

import discord

from scenekeeper.adapters.discord.limits import MAX_CONTENT
from scenekeeper.adapters.discord.shards import Shards
from scenekeeper.adapters.discord.tables import home_channel
from scenekeeper.app import App
from scenekeeper.app.reminders import Reminders
from scenekeeper.engine.pace import Reminder, since_text
from scenekeeper.engine.state import TableState
from scenekeeper.store.records import read_record, write_record

log = logging.getLogger(__name__)
RECORD = "discord:paced"
VERSION = "discord.paced@1"
#: Posts a message: channel id, content, the pings it may make.
Post = Callable[[int, str, discord.AllowedMentions], Awaitable[object]]
#: Sends someone a direct message: user id, content; False where Discord refused it.
Direct = Callable[[int, str], Awaitable[bool]]


class Reminding:
    def __init__(
        self,
        app: App,
        post: Post,
        shards: Shards,
        *,
        interval: float = 60.0,
        direct: Direct | None = None,
    ) -> None:
        self.app = app
        self.post = post
        self.direct = direct
        self.shards = shards
        self.interval = interval
        self.reminders = Reminders(app)
        #: Paced table id -> its server (None: no server known).
        self.paced: dict[str, int | None] = {}
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self.paced = await asyncio.to_thread(_load, self.app)
        if self.interval > 0:
            self._task = asyncio.create_task(self._every(), name="REMINDERS")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def after(self, guild: int | None, table_id: str, state: TableState | None) -> None:
        """Keep the record in step with a table after a command (its pace set or gone)."""
        paced = state is not None and state.meta.pace_hours > 0
        if paced == (table_id in self.paced):
            return
        if paced:
            self.paced[table_id] = guild
        else:
            self.paced.pop(table_id, None)
        await asyncio.to_thread(_save, self.app, dict(self.paced))

    async def tick(self) -> int:
        """Send every reminder due now at this process's paced tables; how many went out."""
        sent = 0
        for table_id, guild in list(self.paced.items()):
            if not self.shards.owns(guild):
                continue
            try:
                sent += await self._remind(table_id)
            except Exception:  # one table's failure never stops the others' reminders
                log.exception("table %s: reminders failed", table_id)
        return sent

    async def _remind(self, table_id: str) -> int:
        now = self.app.now()
        due = await asyncio.to_thread(self.reminders.take, table_id, now)
        if not due:
            return 0
        state = self.app.table(table_id).state
        channel = home_channel(table_id)
        by_dm = set(state.meta.reminded_by_dm) if state is not None else set()
        in_channel = []
        for reminder in due:
            person = reminder.person
            mine = person in by_dm and person.isdecimal() and person.isascii()
            if not (mine and self.direct and await self.direct(int(person), dm(reminder, channel))):
                in_channel.append(reminder)  # chose the channel, or their DMs are closed
        if in_channel:
            content, allowed = reminder_message(state, in_channel)
            await self.post(channel, content, allowed)
        return len(due)

    async def _every(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            await self.tick()


def dm(reminder: Reminder, channel: int) -> str:
    """A reminder as a direct message: which table's channel, since when, and what for."""
    line = discord.utils.escape_markdown(discord.utils.escape_mentions(reminder.line))
    text = (
        f"Reminder from <#{channel}>: the table has waited for you since "
        f"{since_text(reminder.since)}: {line}"
    )
    return text if len(text) <= MAX_CONTENT else text[: MAX_CONTENT - 1] + "…"


def reminder_message(
    state: TableState | None, due: list[Reminder]
) -> tuple[str, discord.AllowedMentions]:
    """One message for a table's due reminders, and the only pings it may make."""
    quiet = set(state.meta.unmentioned) if state is not None else set()
    lines, pinged = [], []
    for reminder in due:
        person = reminder.person
        if person.isdecimal() and person.isascii() and person not in quiet:
            who = f"<@{person}>"
            pinged.append(int(person))
        else:
            who = discord.utils.escape_markdown(
                state.meta.name_of(person) if state is not None else person
            )
        line = discord.utils.escape_markdown(discord.utils.escape_mentions(reminder.line))
        lines.append(
            f"Reminder for {who}: the table has waited for you since "
            f"{since_text(reminder.since)}: {line}"
        )
    content = "\n".join(lines)
    if len(content) > MAX_CONTENT:
        content = content[: MAX_CONTENT - 1] + "…"
    allowed = discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(id=p) for p in dict.fromkeys(pinged)]
    )
    return content, allowed


def _load(app: App) -> dict[str, int | None]:
    tables = (read_record(app.store, RECORD, VERSION) or {}).get("tables")
    if not isinstance(tables, dict):
        return {}
    return {str(t): int(g) if isinstance(g, int) else None for t, g in tables.items()}


def _save(app: App, paced: dict[str, int | None]) -> None:
    write_record(app.store, RECORD, VERSION, {"tables": dict(sorted(paced.items()))})
