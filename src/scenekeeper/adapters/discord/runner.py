"""Runs a slash command or a click through ``App.handle`` and answers the interaction.

``App.handle`` is synchronous (store I/O, a per-table lock), so it runs in a worker thread.
Discord wants a first answer within 3 seconds: if the command has not finished by
``quick_reply`` seconds, the interaction is deferred ("thinking...") and the answer edited in
when it is ready. The command's events are stored before anything is sent; a send that fails
(an outage, an expired interaction) is logged, never retried into a second command.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord

from scenekeeper.adapters.discord import cortex_view, render
from scenekeeper.adapters.discord.controls import HitchModal, Mode, Prepare
from scenekeeper.adapters.discord.options import engine_values, person_of
from scenekeeper.adapters.discord.render import Answer, Done, Post
from scenekeeper.adapters.discord.suggest import Ask, Suggestion, suggestions
from scenekeeper.app import App, Outcome
from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.commands import CommandSpec, OptionType
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.parse import build_invocation, not_here
from scenekeeper.engine.reply import File
from scenekeeper.engine.roles import authorise
from scenekeeper.engine.state import Person

log = logging.getLogger(__name__)
NO_MENTIONS = discord.AllowedMentions.none()
STORAGE_DOWN = "The table's storage is not answering; nothing was changed. Try again shortly."
BROKEN = "Something went wrong on our side; nothing was changed."
#: What a send may fail with once the command is recorded.
SEND_ERRORS = (discord.HTTPException, discord.ClientException, asyncio.TimeoutError)


def table_of(interaction: discord.Interaction[Any]) -> str:
    """One table per channel or thread."""
    return str(interaction.channel_id)


class Runner:
    def __init__(self, app: App, *, quick_reply: float = 2.0) -> None:
        self.app = app
        self.quick_reply = quick_reply

    # -- slash commands ------------------------------------------------------------------------

    async def command(
        self,
        interaction: discord.Interaction[Any],
        name: str,
        values: Mapping[str, object],
        kinds: Mapping[str, OptionType],
    ) -> None:
        """``/name`` with Discord's option values (by option name) and their engine types."""
        actor = person_of(interaction.user)
        deferred = False
        if any(kinds.get(k) is OptionType.ATTACHMENT for k, v in values.items() if v is not None):
            deferred = await self._defer(interaction, thinking=True)  # downloads take a while
        try:
            raw = await engine_values(values, kinds)
        except Refusal as refusal:
            await self._new(interaction, render.refusal(str(refusal)), deferred)
            return
        done, deferred = await self._run(
            interaction, actor, lambda _table: (name, raw), thinking=True, deferred=deferred
        )
        await self._new(interaction, render.answer(done, actor.id), deferred)

    async def suggest(
        self, interaction: discord.Interaction[Any], name: str, option: str, current: str
    ) -> list[Suggestion]:
        """Autocomplete; an empty list when the table cannot be read in time."""
        given = {k: v for k, v in interaction.namespace if v is not None}
        ask = Ask(name, option, current, given, str(interaction.user.id), self.app.registry)
        table_id = table_of(interaction)

        def work() -> list[Suggestion]:
            return suggestions(self.app.table(table_id).state, ask)

        try:
            return await asyncio.wait_for(asyncio.to_thread(work), timeout=self.quick_reply)
        except Exception:  # autocomplete is a nicety: never an error in the person's face
            log.warning("autocomplete for /%s %s: failed", name, option, exc_info=True)
            return []

    # -- clicks --------------------------------------------------------------------------------

    async def click(
        self,
        interaction: discord.Interaction[Any],
        prepare: Prepare,
        *,
        mode: Mode,
        roll_id: int | None,
    ) -> None:
        actor = person_of(interaction.user)
        done, deferred = await self._run(interaction, actor, prepare, thinking=mode == "new")
        if mode == "new":
            await self._new(interaction, render.answer(done, actor.id), deferred)
        else:
            answer = render.edited(done, actor.id, interaction.message, roll_id)
            await self._edit(interaction, answer, deferred)

    async def open_hitch(self, interaction: discord.Interaction[Any], roll_id: int) -> None:
        """Ask the GM for the complication; the engine's own check says first whether they may."""
        actor = person_of(interaction.user)
        table_id = table_of(interaction)

        def check() -> bool:
            table = self.app.table(table_id)
            spec = self.app.registry.find("hitch", _system(table))
            if spec is None or table.state is None:
                raise Refusal("/hitch is for Cortex tables.")
            authorise(table.state, actor, spec)
            return cortex_view.hitch_asks_doom(table, roll_id)

        try:
            doom = await asyncio.wait_for(asyncio.to_thread(check), timeout=self.quick_reply)
        except Refusal as refusal:
            await self._new(interaction, render.refusal(str(refusal)), deferred=False)
            return
        except Exception:
            log.exception("table %s: reading it for a hitch failed", table_id)
            await self._new(interaction, render.refusal(STORAGE_DOWN), deferred=False)
            return
        await self._send(
            interaction,
            "hitch modal",
            interaction.response.send_modal,
            HitchModal(roll_id, doom=doom),
        )

    async def submit_hitch(
        self, interaction: discord.Interaction[Any], roll_id: int, complication: str | None
    ) -> None:
        text = (complication or "").strip() or None
        await self.click(
            interaction,
            lambda table: cortex_view.hitch_command(table, roll_id, text),
            mode="edit",
            roll_id=roll_id,
        )

    # -- running -------------------------------------------------------------------------------

    def execute(self, table_id: str, actor: Person, prepare: Prepare) -> Done:
        """Synchronous: pick the table's version of the command, check its options, handle it."""
        try:
            table = self.app.table(table_id)
        except Exception:
            log.exception("table %s: cannot be read", table_id)
            return Done(Outcome.refused(STORAGE_DOWN), None)
        try:
            name, raw = prepare(table)
            spec = self._spec(table, name, raw)
            invocation = build_invocation(spec, raw)
        except Refusal as refusal:
            return Done(Outcome.refused(str(refusal)), table)
        except Exception:
            log.exception("table %s: preparing a command failed", table_id)
            return Done(Outcome.refused(BROKEN), table)
        outcome = self.app.handle(table_id, actor, invocation)
        if outcome.ok:
            try:
                table = self.app.table(table_id)
            except Exception:  # the command is stored; render with what we have
                log.exception("table %s: cannot be read after a command", table_id)
        return Done(outcome, table)

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

    async def _run(
        self,
        interaction: discord.Interaction[Any],
        actor: Person,
        prepare: Prepare,
        *,
        thinking: bool,
        deferred: bool = False,
    ) -> tuple[Done, bool]:
        table_id = table_of(interaction)
        task = asyncio.ensure_future(asyncio.to_thread(self.execute, table_id, actor, prepare))
        finished, _ = await asyncio.wait({task}, timeout=self.quick_reply)
        if not finished and not deferred:
            deferred = await self._defer(interaction, thinking=thinking)
        return await task, deferred

    # -- answering -----------------------------------------------------------------------------

    async def _defer(self, interaction: discord.Interaction[Any], *, thinking: bool) -> bool:
        return await self._send(interaction, "defer", interaction.response.defer, thinking=thinking)

    async def _new(
        self, interaction: discord.Interaction[Any], answer: Answer, deferred: bool
    ) -> None:
        """The answer as a new message (and its private part as an ephemeral one)."""
        response = interaction.response
        if answer.public is not None:
            post = answer.public
            if deferred:
                await self._send(
                    interaction, "reply", interaction.edit_original_response, **_edit_args(post)
                )
            else:
                await self._send(interaction, "reply", response.send_message, **_send_args(post))
            if answer.private is not None:
                await self._followup(interaction, answer.private)
            return
        if answer.private is None:
            return
        if deferred:
            # The "thinking" message is public: replace it by an ephemeral one.
            await self._send(interaction, "cleanup", interaction.delete_original_response)
            await self._followup(interaction, answer.private)
        else:
            await self._send(
                interaction,
                "reply",
                response.send_message,
                ephemeral=True,
                **_send_args(answer.private),
            )

    async def _edit(
        self, interaction: discord.Interaction[Any], answer: Answer, deferred: bool
    ) -> None:
        """The answer edited into the clicked message (errors and private parts ephemeral)."""
        if answer.public is not None:
            post = answer.public
            edit = (
                interaction.edit_original_response
                if deferred
                else interaction.response.edit_message
            )
            await self._send(interaction, "edit", edit, **_edit_args(post))
            if answer.private is not None:
                await self._followup(interaction, answer.private)
            return
        if answer.private is None:
            return
        if deferred:
            await self._followup(interaction, answer.private)
        else:
            await self._send(
                interaction,
                "reply",
                interaction.response.send_message,
                ephemeral=True,
                **_send_args(answer.private),
            )

    async def _followup(self, interaction: discord.Interaction[Any], post: Post) -> None:
        await self._send(
            interaction,
            "private reply",
            interaction.followup.send,
            ephemeral=True,
            **_send_args(post),
        )

    async def _send(
        self,
        interaction: discord.Interaction[Any],
        what: str,
        send: Callable[..., Awaitable[Any]],
        *args: Any,
        **kwargs: Any,
    ) -> bool:
        try:
            await send(*args, **kwargs)
        except SEND_ERRORS as error:
            # The command (if any) is stored already; sending again would not re-run it.
            log.warning(
                "table %s: the %s could not be sent (%s: %s); the command stands as recorded",
                table_of(interaction),
                what,
                type(error).__name__,
                error,
            )
            return False
        return True


def _system(table: Table) -> str | None:
    return table.state.meta.system if table.state is not None else None


def _send_args(post: Post) -> dict[str, Any]:
    args: dict[str, Any] = {"allowed_mentions": NO_MENTIONS}
    if post.content:
        args["content"] = post.content
    if post.embeds:
        args["embeds"] = post.embeds
    if post.files:
        args["files"] = [_file(f) for f in post.files]
    view = post.view()
    if view is not None:
        args["view"] = view
    return args


def _edit_args(post: Post) -> dict[str, Any]:
    args: dict[str, Any] = {
        "content": post.content,
        "embeds": post.embeds,
        "view": post.view(),
        "allowed_mentions": NO_MENTIONS,
    }
    if post.files:
        args["attachments"] = [_file(f) for f in post.files]
    return args


def _file(file: File) -> discord.File:
    return discord.File(io.BytesIO(file.content), filename=file.name)
