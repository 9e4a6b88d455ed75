"""The Discord client: the app handed in (dependencies passed in, not made here), the command
tree built from the registry (server channels only), persistent buttons registered in
``setup_hook``, a clear answer to a command Discord still knows in its old shape, and a clean
``shutdown``.

Commands reach Discord in two sets (``command_sets``): the every-table ones globally, on
request (``--sync``), and each server's games' own, kept in step with its tables by
``guilds.GuildCommands``. With a development server, everything goes to that one server
instead (on request) and no server is synced by its games. The tree the bot answers from holds
every command, so it answers whatever set a server was sent.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import re
from typing import Any

import discord
from discord import app_commands

from scenekeeper.adapters.discord import ids
from scenekeeper.adapters.discord.command_sets import CommandSets, digest
from scenekeeper.adapters.discord.controls import DYNAMIC_ITEMS, modal_values
from scenekeeper.adapters.discord.guild_record import last_sent, remember_sent
from scenekeeper.adapters.discord.guilds import GuildCommands
from scenekeeper.adapters.discord.options import stale_command
from scenekeeper.adapters.discord.post_forms import PostForms
from scenekeeper.adapters.discord.reminding import Reminding
from scenekeeper.adapters.discord.render import Done
from scenekeeper.adapters.discord.runner import Runner
from scenekeeper.adapters.discord.shards import Shards
from scenekeeper.adapters.discord.tree import SlashCommand, build_tree, new_tree
from scenekeeper.adapters.discord.wording import NEEDS_SYNC
from scenekeeper.adapters.web.answer import LINK_COMMANDS, link_lines, with_link
from scenekeeper.adapters.web.serve import WebBoard
from scenekeeper.app import App

log = logging.getLogger(__name__)
_OLD = re.compile(ids.OLD)
#: What discord.py raises for a command Discord knows in an older shape than the bot's tree.
STALE = (
    app_commands.CommandNotFound,
    app_commands.CommandSignatureMismatch,
    app_commands.TransformerError,
)


def intents() -> discord.Intents:
    """Slash commands and buttons need no privileged intent; guilds keeps channels known."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


class Scenekeeper(discord.AutoShardedClient):
    """One process of the bot: all shards, or the ``shard_ids`` given, of ``shard_count``."""

    def __init__(
        self,
        app: App,
        *,
        shard_count: int | None = None,
        shard_ids: list[int] | None = None,
        sync: bool = False,
        dev_guild: int | None = None,
        quick_reply: float = 1.0,
        workers: int = 8,
        board_interval: float = 2.0,
        web: WebBoard | None = None,
        reminder_interval: float = 60.0,
    ) -> None:
        sharding: dict[str, Any] = {"shard_count": shard_count}
        if shard_ids is not None:
            sharding["shard_ids"] = shard_ids
        super().__init__(
            intents=intents(), allowed_mentions=discord.AllowedMentions.none(), **sharding
        )
        self.app = app
        self.tree: app_commands.CommandTree[Scenekeeper] = new_tree(self)
        self.tree.error(self.on_tree_error)
        self.command_sets = CommandSets(self.tree, app.registry)
        self.sync_wanted = sync
        self.dev_guild = dev_guild
        #: None with a development server: it has every command, and no server is synced.
        self.guild_commands = (
            GuildCommands(
                app.store,
                self.command_sets,
                self._send_guild,
                # The runner (and its pool) is made below: look it up when the work comes.
                lambda work: self.runner.tables.run_free(work),  # noqa: PLW0108
                resync=sync,
            )
            if dev_guild is None
            else None
        )
        self.runner = Runner(
            app,
            quick_reply=quick_reply,
            workers=workers,
            client=self,
            board_interval=board_interval,
            after=self._after_command,
            shards=Shards.of(shard_count if shard_ids is not None else None, shard_ids),
        )
        #: The board's web pages (``SCENEKEEPER_WEB_URL``), served by this process; None: none.
        self.web = web
        # A post's picture is served by the board server: without one, posts show none.
        self.runner.posting.pictures_at = f"{web.settings.url}/pictures" if web else None
        #: Paced tables' reminders (play by post), every ``reminder_interval`` s (0: never).
        self.reminding = Reminding(
            app,
            self._post_reminder,
            self.runner.shards,
            interval=reminder_interval,
            direct=self._direct_reminder,
        )
        #: ``/say``'s form and a post's message menu (Edit post, Delete post).
        self.post_forms = PostForms(self.runner)
        self.commands: dict[str, SlashCommand] = build_tree(
            self.tree, app.registry, self.post_forms
        )
        for entry in self.post_forms.menus():
            self.tree.add_command(entry)

    async def _after_command(self, guild: int | None, table_id: str, done: Done) -> Done:
        """After a command's own work: the server's commands kept in step with its games, and
        ``/board web``'s link (privately; taken from every open page on a revoke)."""
        if self.guild_commands is not None:
            done = await self.guild_commands.after(guild, table_id, done)
        if done.outcome.ok and done.outcome.events and done.table is not None:
            await self.reminding.after(guild, table_id, done.table.state)
        outcome = done.outcome
        if self.web is not None:
            outcome = await self.web.answer(outcome, table_id)
        elif outcome.ok and outcome.command in LINK_COMMANDS:
            lines = await asyncio.to_thread(
                link_lines, self.app, None, outcome.command or "", table_id
            )
            outcome = with_link(outcome, lines)
        return dataclasses.replace(done, outcome=outcome)

    async def _post_reminder(
        self, channel: int, content: str, allowed: discord.AllowedMentions
    ) -> None:
        try:
            await self.get_partial_messageable(channel).send(content, allowed_mentions=allowed)
        except discord.HTTPException as error:  # marked sent already: once, never twice
            log.warning("channel %s: a reminder could not be sent (%s)", channel, error)

    async def _direct_reminder(self, user: int, content: str) -> bool:
        """A reminder by DM; False where Discord refuses it (the person's DMs closed)."""
        try:
            channel = await self.create_dm(discord.Object(user))
            await channel.send(content, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.info("user %s: a reminder by DM was refused (%s); sent in the channel", user, error)
            return False
        return True

    async def setup_hook(self) -> None:
        if self.web is not None:
            await self.web.start()
        await self.reminding.start()
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.guild_commands is not None:
            self.guild_commands.start()
        if self.sync_wanted:
            await self.sync_commands()
        else:
            await self.sync_if_changed()

    async def sync_if_changed(self) -> bool:
        """An upgrade is stop, pull, start: when the commands Discord shows everywhere are not
        what was last sent (a digest kept in the store), they are sent now, without --sync."""
        payload = (
            self.command_sets.everything()
            if self.dev_guild is not None
            else self.command_sets.every_table()
        )
        sent = digest(payload)
        if await asyncio.to_thread(last_sent, self.app.store) == sent:
            return False
        try:
            await self.sync_commands()
        except discord.HTTPException:
            log.exception("the every-table commands could not be sent; start with --sync")
            return False
        return True

    async def sync_commands(self) -> int:
        """Send the commands Discord shows everywhere: with a development server, every
        command to it (it shows at once); else the every-table ones globally (Discord may take
        up to an hour to show changes). Servers' games' commands follow their tables."""
        assert self.application_id is not None, "sync after login"
        if self.dev_guild is not None:
            payload = self.command_sets.everything()
            await self.http.bulk_upsert_guild_commands(
                self.application_id, self.dev_guild, payload=payload
            )
            log.info("synced %d commands to guild %s", len(payload), self.dev_guild)
        else:
            payload = self.command_sets.every_table()
            await self.http.bulk_upsert_global_commands(self.application_id, payload=payload)
            log.info("synced %d every-table commands globally", len(payload))
        await asyncio.to_thread(remember_sent, self.app.store, digest(payload))
        return len(payload)

    async def _send_guild(self, guild: int, payload: list[dict[str, Any]]) -> object:
        """One server's games' commands, in one bulk overwrite (discord.py waits out 429s)."""
        assert self.application_id is not None, "sync after login"
        return await self.http.bulk_upsert_guild_commands(
            self.application_id, guild, payload=payload
        )

    async def on_guild_available(self, guild: discord.Guild) -> None:
        """A server the bot is in came online (at start): bring its commands in step."""
        if self.guild_commands is not None:
            await self.guild_commands.arrived(guild.id)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """The bot was added to a server (perhaps again): send it what it plays, if anything."""
        if self.guild_commands is not None:
            await self.guild_commands.arrived(guild.id, joined=True)

    async def on_ready(self) -> None:
        log.info(
            "ready as %s in %d guilds (shards: %s)", self.user, len(self.guilds), self.shard_count
        )

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A control's form, submitted: read from its custom id alone (so it survives a
        restart), the answers by field."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        ref = ids.parse(custom_id)
        answers = modal_values(data.get("components", []))
        if ref is not None and ref.kind == "m":
            await self.runner.submit(interaction, ref, answers)
        elif await self.post_forms.submitted(interaction, answers):
            return
        elif (old := _OLD.fullmatch(custom_id)) is not None:
            await self.runner.refuse(interaction, ids.old_button(old["old"]))

    async def shutdown(self) -> None:
        """A clean stop (SIGTERM, SIGINT): finish the replies in flight and the boards due,
        then close the gateway and the HTTP session. The store is closed by the caller."""
        log.info("stopping: finishing the replies in flight")
        await self.runner.stop()
        await self.reminding.stop()
        if self.guild_commands is not None:
            await self.guild_commands.stop()
        if self.web is not None:
            await self.web.stop()
        await self.close()

    async def on_tree_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        if isinstance(error, STALE):
            # Discord sent a command as it was before an upgrade: its copy needs a sync.
            name = interaction.command.qualified_name if interaction.command else None
            stale_command(name or str(getattr(error, "name", "?")), type(error).__name__)
            message = NEEDS_SYNC
        else:
            log.error("slash command failed", exc_info=error)
            message = "Something went wrong on our side; nothing more was changed. Try again."
        if interaction.type is discord.InteractionType.autocomplete:
            return  # an autocomplete can only be answered with choices
        try:
            if interaction.response.is_done():
                await interaction.followup.send(message, ephemeral=True)
            else:
                await interaction.response.send_message(message, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not tell anyone about the failure", exc_info=True)
