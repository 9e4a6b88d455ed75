"""The Discord client: the app handed in (dependencies passed in, not made here), the command
tree built from the registry (server channels only), persistent buttons registered in
``setup_hook``, command sync on request (one development guild, or globally), a clear answer
to a command Discord still knows in its old shape, and a clean ``shutdown``.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands

from scenekeeper.adapters.discord import ids
from scenekeeper.adapters.discord.controls import DYNAMIC_ITEMS, modal_values
from scenekeeper.adapters.discord.runner import NEEDS_SYNC, Runner, stale_command
from scenekeeper.adapters.discord.tree import SlashCommand, build_tree
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
    ) -> None:
        sharding: dict[str, Any] = {"shard_count": shard_count}
        if shard_ids is not None:
            sharding["shard_ids"] = shard_ids
        super().__init__(
            intents=intents(), allowed_mentions=discord.AllowedMentions.none(), **sharding
        )
        self.app = app
        self.runner = Runner(
            app,
            quick_reply=quick_reply,
            workers=workers,
            client=self,
            board_interval=board_interval,
        )
        self.tree: app_commands.CommandTree[Scenekeeper] = app_commands.CommandTree(
            self,
            allowed_contexts=app_commands.AppCommandContext(guild=True),
            allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
        )
        self.tree.error(self.on_tree_error)
        self.commands: dict[str, SlashCommand] = build_tree(self.tree, app.registry, self.runner)
        self.sync_wanted = sync
        self.dev_guild = dev_guild

    async def setup_hook(self) -> None:
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.sync_wanted:
            await self.sync_commands()

    async def sync_commands(self) -> int:
        """Send the command tree to Discord: to the development guild if one is set (it shows
        at once), else globally (Discord may take up to an hour to show changes)."""
        if self.dev_guild is not None:
            guild = discord.Object(id=self.dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), self.dev_guild)
        else:
            synced = await self.tree.sync()
            log.info("synced %d commands globally", len(synced))
        return len(synced)

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
        if ref is not None and ref.kind == "m":
            await self.runner.submit(interaction, ref, modal_values(data.get("components", [])))
        elif (old := _OLD.fullmatch(custom_id)) is not None:
            await self.runner.refuse(interaction, ids.old_button(old["old"]))

    async def shutdown(self) -> None:
        """A clean stop (SIGTERM, SIGINT): finish the replies in flight and the boards due,
        then close the gateway and the HTTP session. The store is closed by the caller."""
        log.info("stopping: finishing the replies in flight")
        await self.runner.stop()
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
