"""Runs a slash command or a click through ``App.handle`` and answers the interaction.

``App.handle`` blocks (store I/O, a per-table lock), so it runs in the bot's own bounded pool,
one table's commands after another (``tables``): a slow table never holds more than one worker.
Discord wants a first answer within 3 seconds: if the command has not finished by
``quick_reply`` seconds (1 by default, so Discord's own delivery still fits), the interaction
is deferred ("thinking...") and the answer edited in when it is ready. A button's command is
made from the table under its lock, so it acts on what the button shows or is refused. The
command's events are stored before anything is sent (``send``). After a change the channel's
live board is brought up to date (``board``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Any

import discord

from scenekeeper.adapters.discord import render, send
from scenekeeper.adapters.discord.board import BoardKeeper
from scenekeeper.adapters.discord.controls import Form
from scenekeeper.adapters.discord.ids import Ref
from scenekeeper.adapters.discord.mentions import tell
from scenekeeper.adapters.discord.options import (
    engine_values,
    given_options,
    parent_of,
    person_of,
    stale_command,
)
from scenekeeper.adapters.discord.posting import POSTS, Posting
from scenekeeper.adapters.discord.render import Done
from scenekeeper.adapters.discord.shards import Shards
from scenekeeper.adapters.discord.tables import Tables, home_channel
from scenekeeper.adapters.discord.wording import (
    ELSEWHERE,
    IN_SERVERS,
    NEEDS_SYNC,
    STOPPING,
    STORAGE_DOWN,
)
from scenekeeper.adapters.suggest import Ask, Suggestion, suggestions
from scenekeeper.app import App, Outcome
from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.command_names import not_here
from scenekeeper.engine.commands import CommandSpec, OptionType
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.offered import clicked
from scenekeeper.engine.parse import Invocation, build_invocation
from scenekeeper.engine.roles import authorise
from scenekeeper.engine.secrets import answers_secret, holds_secret
from scenekeeper.engine.state import Person

log = logging.getLogger(__name__)
#: What the bot does after a command's own work, by the server it ran in (``guilds``).
AfterCommand = Callable[[int | None, str, Done], Awaitable[Done]]
#: Makes the command a click sends, from the table under its lock (raises ``Refusal``).
Prepare = Callable[[Table], tuple[str, dict[str, object]]]


class Runner:
    def __init__(
        self,
        app: App,
        *,
        quick_reply: float = 1.0,
        workers: int = 8,
        client: discord.Client | None = None,
        board_interval: float = 2.0,
        after: AfterCommand | None = None,
        shards: Shards | None = None,
    ) -> None:
        self.app = app
        self.shards = shards or Shards()  # the servers this process writes for
        self.after = after
        self.quick_reply = quick_reply
        self.tables = Tables(app, workers=workers)
        self.boards = (
            BoardKeeper(client, self.tables, min_interval=board_interval) if client else None
        )
        self.posting = Posting(client, app)
        self.stopping = False
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self._warming: set[int] = set()

    # -- slash commands ------------------------------------------------------------------------

    async def command(
        self,
        interaction: discord.Interaction[Any],
        name: str,
        values: Mapping[str, object],
        kinds: Mapping[str, OptionType],
    ) -> None:
        """``/name`` with Discord's option values (by option name) and their engine types."""
        async with self._serving(interaction) as serving:
            if not serving:
                return
            unknown = sorted(set(given_options(interaction.data)) - set(kinds))
            if unknown:
                stale_command(name, f"options it no longer has: {', '.join(unknown)}")
                await send.new(interaction, render.refusal(NEEDS_SYNC), deferred=False)
                return
            actor = person_of(interaction.user)
            deferred = False
            secret = holds_secret(self.app.registry, name, values)
            if secret:
                deferred = await send.defer(interaction, thinking=True, ephemeral=True)
            elif any(kinds.get(k) is OptionType.ATTACHMENT for k, v in values.items() if v):
                deferred = await send.defer(interaction, thinking=True)  # downloads take a while
            try:
                raw = await engine_values(values, kinds)
            except Refusal as refusal:
                await send.new(interaction, render.refusal(str(refusal)), deferred)
                return
            done, deferred = await self._run(
                interaction, actor, lambda _t: (name, raw), command=name, deferred=deferred
            )
            if name in POSTS:  # a post goes out as its character, through a webhook
                done = await self.posting.posted(interaction, done)
            if secret and deferred:
                await send.sealed(interaction, render.answer(done, actor.id))
            else:
                await send.new(interaction, render.answer(done, actor.id), deferred)
            await tell(interaction, done.outcome.mentions)

    async def suggest(
        self, interaction: discord.Interaction[Any], name: str, option: str, current: str
    ) -> list[Suggestion]:
        """Autocomplete from the table as last loaded: never waits for a busy table."""
        if interaction.guild_id is None or interaction.channel_id is None:
            return []
        given = {k: v for k, v in interaction.namespace if v is not None}
        ask = Ask(name, option, current, given, str(interaction.user.id), self.app.registry)
        channel, parent = interaction.channel_id, parent_of(interaction)
        table = self.tables.cached(channel, parent)
        if table is None:
            self._warm(channel, parent)  # the next keystroke finds it loaded
        try:
            return suggestions(table.state if table is not None else None, ask)
        except Exception:  # autocomplete is a nicety: never an error in the person's face
            log.warning("autocomplete for /%s %s: failed", name, option, exc_info=True)
            return []

    # -- clicks --------------------------------------------------------------------------------

    async def click(
        self, interaction: discord.Interaction[Any], ref: Ref, chosen: str | None = None
    ) -> None:
        """A control clicked (a select's ``chosen`` value): its command, found again under the
        table's lock, answered in the message it sits on or in a new one."""
        await self._clicked(interaction, ref, None, chosen)

    async def submit(
        self, interaction: discord.Interaction[Any], ref: Ref, answers: Mapping[str, str]
    ) -> None:
        """A control's form submitted: its command with the answers."""
        await self._clicked(interaction, ref, answers, None)

    async def refuse(self, interaction: discord.Interaction[Any], message: str) -> None:
        await send.new(interaction, render.refusal(message), deferred=False)

    async def _clicked(
        self,
        interaction: discord.Interaction[Any],
        ref: Ref,
        answers: Mapping[str, str] | None,
        chosen: str | None,
    ) -> None:
        async with self._serving(interaction) as serving:
            if not serving:
                return
            if not self._here(interaction, ref):
                await self.refuse(interaction, ELSEWHERE)
                return
            actor = person_of(interaction.user)

            def prepare(table: Table) -> tuple[str, dict[str, object]]:
                found = clicked(table, ref.seq, ref.index, ref.mark, answers=answers, chosen=chosen)
                return found.name, found.raw

            # A form that asked a secret (a sealed bid) is answered privately from the first
            # byte, as the typed command is; what the table reads goes to the channel.
            secret = answers is not None and answers_secret(self.app.registry, answers)
            deferred = secret and await send.defer(interaction, thinking=True, ephemeral=True)
            done, deferred = await self._run(
                interaction,
                actor,
                prepare,
                table_id=ref.table_id,
                thinking=not ref.edits,
                deferred=deferred,
            )
            if secret and deferred:
                await send.sealed(interaction, render.answer(done, actor.id))
            elif ref.edits:
                answer = render.edited(done, actor.id, interaction.message)
                await send.edit(interaction, answer, deferred)
            else:
                await send.new(interaction, render.answer(done, actor.id), deferred)
            await tell(interaction, done.outcome.mentions)

    async def open_form(self, interaction: discord.Interaction[Any], ref: Ref) -> None:
        """Ask a control's form. A modal must be the first answer, so this reads the table as
        last loaded; the engine checks everything again on submit."""
        async with self._serving(interaction) as serving:
            if not serving:
                return
            try:
                if not self._here(interaction, ref):
                    raise Refusal(ELSEWHERE)
                table = self.app.cached_table(ref.table_id)
                if table is None:
                    table = await self.tables.run(
                        ref.table_id, lambda: self.app.table(ref.table_id)
                    )
                found = clicked(table, ref.seq, ref.index, ref.mark)
                spec = self.app.registry.find(found.name, _system(table))
                if spec is None or table.state is None:
                    raise Refusal(not_here(self.app.registry, found.name, _system(table)))
                authorise(table.state, person_of(interaction.user), spec)
            except Refusal as refusal:
                await self.refuse(interaction, str(refusal))
                return
            form = Form(ref, found.control)
            await send.send(interaction, "form", interaction.response.send_modal, form)

    def _here(self, interaction: discord.Interaction[Any], ref: Ref) -> bool:
        """A control acts only from its table's own channel (or a thread of it)."""
        home = home_channel(ref.table_id)
        return home in (interaction.channel_id, parent_of(interaction))

    # -- running -------------------------------------------------------------------------------

    async def _run(
        self,
        interaction: discord.Interaction[Any],
        actor: Person,
        prepare: Prepare,
        *,
        command: str | None = None,
        table_id: str | None = None,
        thinking: bool = True,
        deferred: bool = False,
    ) -> tuple[Done, bool]:
        task = asyncio.ensure_future(self._work(interaction, actor, prepare, command, table_id))
        finished, _ = await asyncio.wait({task}, timeout=self.quick_reply)
        if not finished and not deferred:
            deferred = await send.defer(interaction, thinking=thinking)
        return await task, deferred

    async def _work(
        self,
        interaction: discord.Interaction[Any],
        actor: Person,
        prepare: Prepare,
        command: str | None,
        table_id: str | None,
    ) -> Done:
        channel, parent = interaction.channel_id or 0, parent_of(interaction)
        try:
            if table_id is None:
                table_id = await self.tables.where(channel, parent, command)
        except Exception:
            log.exception("table of channel %s: cannot be read", channel)
            return Done(Outcome.refused(STORAGE_DOWN), None)
        done = await self.tables.run(table_id, lambda: self.execute(table_id, actor, prepare))
        done = await self._after(table_id, done, channel)
        return (
            done if self.after is None else await self.after(interaction.guild_id, table_id, done)
        )

    def execute(self, table_id: str, actor: Person, prepare: Prepare) -> Done:
        """Blocking: the command made from the table under its lock (``App.handle``), then
        the table after it, to render."""

        def prepared(table: Table) -> Invocation:
            name, raw = prepare(table)
            return build_invocation(self._spec(table, name, raw), raw)

        before = self.app.cached_table(table_id)
        outcome = self.app.handle(table_id, actor, prepared)
        try:
            table = self.app.cached_table(table_id) or self.app.table(table_id)
        except Exception:  # the command is stored (or refused); render with what we have
            log.exception("table %s: cannot be read after a command", table_id)
            table = None
        return Done(outcome, table, before, table_id)

    async def _after(self, table_id: str, done: Done, channel: int) -> Done:
        """What a command does beyond its events: the live boards, a channel moving on."""
        if done.outcome.ok and done.outcome.command == "game end":
            self.tables.ended(table_id)  # the channel moves on to a fresh table
        if self.boards is None or not done.outcome.ok:
            return done
        return await self.boards.after(table_id, done, channel)

    def _spec(self, table: Table, name: str, raw: Mapping[str, object]) -> CommandSpec[Any]:
        registry = self.app.registry
        system = _system(table)
        spec = registry.find(name, system)
        here = f"this table plays {system}" if system else "there is no game here yet"
        if spec is None:
            raise Refusal(not_here(registry, name, system))
        for option in raw:
            if spec.option(option) is None:
                having = sorted(
                    {
                        g
                        for s in registry.all_specs()
                        if s.name == name and s.option(option) is not None
                        for g in (s.systems or ())
                    }
                )
                where = f" is for {' or '.join(having)} tables" if having else " does not exist"
                raise Refusal(f"/{name} {option}:{where}; {here}. Usage here: {spec.usage()}")
        return spec

    def _warm(self, channel: int, parent: int | None) -> None:
        """Load a channel's table in the background (once at a time per channel)."""
        if channel in self._warming or self.stopping:
            return
        self._warming.add(channel)

        async def load() -> None:
            try:
                await self.tables.where(channel, parent, None)
            except Exception:
                log.warning("channel %s: loading its table failed", channel, exc_info=True)
            finally:
                self._warming.discard(channel)

        asyncio.get_running_loop().create_task(load())

    # -- in flight, and stopping -----------------------------------------------------------------

    @asynccontextmanager
    async def _serving(self, interaction: discord.Interaction[Any]) -> AsyncIterator[bool]:
        """Counts the interactions being answered (a stop waits for them); answers at once
        those that cannot be served here (a DM, a stop under way, another process's server)."""
        guild = interaction.guild_id
        refusal = IN_SERVERS if guild is None else STOPPING if self.stopping else None
        refusal = refusal or self.shards.refusal(guild, interaction.channel_id)
        if refusal is not None:
            await send.new(interaction, render.refusal(refusal), deferred=False)
            yield False
            return
        self._in_flight += 1
        self._idle.clear()
        try:
            yield True
        finally:
            self._in_flight -= 1
            if not self._in_flight:
                self._idle.set()

    async def stop(self) -> None:
        """Take no new interactions, finish those in flight and the boards due, free the pool."""
        self.stopping = True
        await self._idle.wait()
        if self.boards is not None:
            await self.boards.idle()
        await asyncio.to_thread(self.tables.close)


def _system(table: Table) -> str | None:
    return table.state.meta.system if table.state is not None else None
