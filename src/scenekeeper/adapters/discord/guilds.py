"""Each server's commands, kept in step with the games its tables play (docs/discord.md).

A server sees the every-table commands (global) and the commands of the games it plays,
synced to it alone: a server that plays only METTLE is not shown Cortex's thirty. The bot
learns a server's games from its tables (``after``, run after every command): ``/game new``
and ``/game import`` record the table's game and ``/game end`` forgets it; any other command
at a table the record does not know teaches it too (a lost record, a table older than records).
Records are kept in the store (``guild_record``), so a restart knows them.

A server is sent its commands again only when its games change (or, with ``--sync``, when
this version would send something else), by one background worker: one bulk overwrite per
server, one server at a time. When Discord answers 429 (after discord.py's own waits) or
fails, the worker backs off and tries again; a server that refuses (403: the bot may not add
commands there; 404: gone) is left until its games change. No command waits for a sync.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

import discord

from scenekeeper.adapters.discord import guild_record
from scenekeeper.adapters.discord.command_sets import CommandSets, digest
from scenekeeper.adapters.discord.guild_record import GuildRecord
from scenekeeper.adapters.discord.render import Done
from scenekeeper.engine.systems import get_system, system_names
from scenekeeper.store.base import EventStore

log = logging.getLogger(__name__)
T = TypeVar("T")
#: Sends one server its commands (a bulk overwrite); raises what discord.py raises.
Send = Callable[[int, list[dict[str, Any]]], Awaitable[object]]
#: Runs blocking work (store I/O) off the event loop.
Run = Callable[[Callable[[], T]], Awaitable[T]]
#: Seconds to wait before each new try of a failed sync; the last repeats. Then it gives up
#: until the server's games change (or the bot starts again).
BACKOFF = (5.0, 15.0, 60.0, 300.0, 900.0)
TRIES = 8


class GuildCommands:
    def __init__(
        self,
        store: EventStore,
        sets: CommandSets,
        send: Send,
        run: Run[Any],
        *,
        resync: bool = False,
        backoff: Sequence[float] = BACKOFF,
        tries: int = TRIES,
    ) -> None:
        self.store = store
        self.sets = sets
        self.send = send
        self.run = run
        #: --sync: also send a server whose games did not change but whose commands did.
        self.resync = resync
        self.backoff = tuple(backoff)
        self.tries = tries
        self._records: dict[int, GuildRecord] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._queue: asyncio.Queue[int] = asyncio.Queue()
        self._queued: set[int] = set()
        #: Servers to send their commands whatever the record says (just joined).
        self._force: set[int] = set()
        self._worker: asyncio.Task[None] | None = None
        self._idle = asyncio.Event()
        self._idle.set()

    # -- learning a server's games ---------------------------------------------------------------

    async def after(self, guild: int | None, table_id: str, done: Done) -> Done:
        """After a command at ``table_id`` in ``guild``: learn the table's game; the reply
        says when this server gains (or loses) a game's commands."""
        outcome = done.outcome
        if guild is None:
            return done
        if outcome.ok and outcome.command == "game end":
            game = None
        elif done.table is not None and done.table.state is not None:
            game = done.table.state.meta.system
        else:
            return done  # no game here: nothing to learn
        try:
            before, now = await self._playing(guild, table_id, game)
        except Exception:
            log.warning("server %s: its record of games could not be kept", guild, exc_info=True)
            return done
        if not outcome.ok or before.games == now.games:
            return done
        line = self._news(before, now)
        if line is None:
            return done
        reply = outcome.reply
        said = dataclasses.replace(reply, text=(*reply.text, line))
        return dataclasses.replace(done, outcome=dataclasses.replace(outcome, reply=said))

    async def _playing(
        self, guild: int, table_id: str, game: str | None
    ) -> tuple[GuildRecord, GuildRecord]:
        async with self._lock(guild):
            before = await self._record(guild)
            if before.tables.get(table_id) == game:
                return before, before
            now = before.playing(table_id, game)
            now = await self.run(lambda: guild_record.save(self.store, now))
            self._records[guild] = now
        if now.games != before.games:
            self.enqueue(guild)
        return before, now

    def _news(self, before: GuildRecord, now: GuildRecord) -> str | None:
        """What the reply says of the server's commands when its games changed: a game whose
        commands Discord does not have yet is being added (``/game new``, or a table learnt
        late); one no table plays any more leaves."""
        synced = before.synced or frozenset()
        added = sorted(g for g in now.games - synced if self.sets.has_own(g))
        removed = sorted(g for g in synced - now.games if self.sets.has_own(g))
        if added:
            titles = " and ".join(_title(g) for g in added)
            return f"Commands for {titles} are being added to this server; they show in a moment."
        if removed:
            titles = " and ".join(_title(g) for g in removed)
            return f"Commands for {titles} leave this server: no table here plays it now."
        return None

    async def arrived(self, guild: int, *, joined: bool = False) -> None:
        """A server is available (the bot started, or joined it): the worker looks at its
        record, one server at a time, and sends it its commands if they are out of step with
        its games (with ``--sync``: with this version's commands too; just joined: whatever
        Discord kept)."""
        if joined:
            self._force.add(guild)
        self.enqueue(guild)

    # -- syncing -------------------------------------------------------------------------------

    def enqueue(self, guild: int) -> None:
        if guild not in self._queued:
            self._queued.add(guild)
            self._idle.clear()
            self._queue.put_nowait(guild)

    def start(self) -> None:
        if self._worker is None:
            self._worker = asyncio.get_running_loop().create_task(
                self._work(), name="scenekeeper-guild-commands"
            )

    async def stop(self) -> None:
        """Stop syncing (what is left is sent after the next start: records say so)."""
        if self._worker is not None:
            self._worker.cancel()
            await asyncio.gather(self._worker, return_exceptions=True)
            self._worker = None

    async def idle(self) -> None:
        """Wait until no server waits for a sync (what tests wait for)."""
        await self._idle.wait()

    async def _work(self) -> None:
        while True:
            guild = await self._queue.get()
            self._queued.discard(guild)
            try:
                await self._sync_with_retries(guild)
            except Exception:
                log.exception("server %s: syncing its commands failed", guild)
            if not self._queued:
                self._idle.set()

    async def _sync_with_retries(self, guild: int) -> None:
        for attempt in range(self.tries):
            try:
                await self._sync(guild)
                return
            except (discord.Forbidden, discord.NotFound) as error:
                log.warning(
                    "server %s: Discord refused its commands (%s); left as is", guild, error
                )
                return
            except (discord.HTTPException, discord.RateLimited, OSError) as error:
                if isinstance(error, discord.HTTPException) and error.status == 400:
                    log.error("server %s: Discord refused the commands as sent: %s", guild, error)
                    return
                wait = _retry_after(error) or self.backoff[min(attempt, len(self.backoff) - 1)]
                log.warning(
                    "server %s: syncing its commands failed (%s); trying again in %.0fs",
                    guild,
                    error,
                    wait,
                )
                await asyncio.sleep(wait)
        log.error("server %s: its commands could not be synced; left until its games change", guild)

    async def _sync(self, guild: int) -> None:
        """Send ``guild`` its games' commands if Discord's copy is out of step: its games
        changed since the last send (or it just joined), or, with ``--sync``, this version
        would send something else."""
        async with self._lock(guild):
            record = await self._record(guild)
        games = record.games
        payload = self.sets.for_games(games)
        sent = digest(payload)
        if not games and record.synced is None:
            self._force.discard(guild)
            return  # never played here: the global commands are all it needs
        forced = guild in self._force
        if not forced and record.synced == games and (not self.resync or record.digest == sent):
            return
        had = any(self.sets.has_own(g) for g in record.synced or ())
        if payload or had or forced:  # else Discord has none of ours, and needs none
            await self.send(guild, payload)
            log.info("server %s: sent %d commands (%s)", guild, len(payload), _games(games))
        self._force.discard(guild)
        async with self._lock(guild):
            now = dataclasses.replace(await self._record(guild), synced=games, digest=sent)
            self._records[guild] = await self.run(lambda: guild_record.save(self.store, now))
        if now.games != games:  # it changed while the sync was under way: send it again
            self.enqueue(guild)

    # -- records -------------------------------------------------------------------------------

    async def _record(self, guild: int) -> GuildRecord:
        if guild not in self._records:
            self._records[guild] = await self.run(lambda: guild_record.load(self.store, guild))
        return self._records[guild]

    def _lock(self, guild: int) -> asyncio.Lock:
        return self._locks.setdefault(guild, asyncio.Lock())


def _retry_after(error: Exception) -> float | None:
    """How long Discord asked us to wait, if it said (a 429 discord.py gave up on)."""
    if isinstance(error, discord.RateLimited):
        return float(error.retry_after)
    if isinstance(error, discord.HTTPException) and error.status == 429:
        try:
            return float(error.response.headers.get("Retry-After", ""))
        except (AttributeError, TypeError, ValueError):
            return None
    return None


def _title(game: str) -> str:
    return get_system(game).title if game in system_names() else game


def _games(games: frozenset[str]) -> str:
    return ", ".join(sorted(games)) or "no game"
