"""Posts the Discord way (issue 34): a form for a long ``/say``, and a post's message menu.

- ``/say`` without ``text:`` opens a form with a paragraph to write in (a slash option is one
  line): its submission is ``/say`` with that text, as whoever was named (the form's "Speaking
  as", filled with ``character:`` if one was given; ``narrator:true`` is kept in the form's id).
- A post's message menu (right-click or long-press, Apps) has **Edit post**, a form holding
  the post's words as they stand, and **Delete post**. Each is ``/post edit`` or ``/post
  delete`` of that post, with the same rights and the same record: which post a message is,
  is in the table's kept posts (``posting``), or, for a post the bot sent as its own reply, in
  its first line ("Ada (post #16): ...").

The forms' ids carry what a submission needs (``sk:say:n``, ``sk:pe:<post>``), so a form
submitted after a restart still works.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from scenekeeper.adapters.discord.options import parent_of
from scenekeeper.adapters.discord.runner import Runner
from scenekeeper.adapters.discord.tree import MESSAGE_MENUS, menu
from scenekeeper.adapters.suggest import Suggestion
from scenekeeper.engine.commands import OptionType
from scenekeeper.engine.core.say import post_text

log = logging.getLogger(__name__)
#: What a post's message menu holds (Discord allows 5 message commands an application).
EDIT, DELETE = MESSAGE_MENUS
SAY_FORM = re.compile(r"sk:say:(?P<narrator>[nc])")
EDIT_FORM = re.compile(r"sk:pe:(?P<post>\d{1,18})")
#: A post the bot sent as its own reply: "Ada (post #16): ...".
OWN_REPLY = re.compile(r"^[^\n]*?\(post #(?P<post>\d{1,18})\): ")
MOST_TEXT = 1800
NOT_A_POST = (
    "That message is not one of this table's posts that can still be changed; /history lists "
    "the posts, and /post edit post:<number> changes one."
)


class PostForms:
    """What the tree calls: the runner's commands, with ``/say`` asked in a form when its text
    is left out; and the forms' and menus' answers."""

    def __init__(self, runner: Runner) -> None:
        self.runner = runner

    async def command(
        self,
        interaction: discord.Interaction[Any],
        name: str,
        values: Mapping[str, object],
        kinds: Mapping[str, OptionType],
    ) -> None:
        if name == "say" and not values.get("text"):
            speaking = str(values.get("character") or "")
            await interaction.response.send_modal(
                say_form(speaking, values.get("narrator") is True)
            )
            return
        await self.runner.command(interaction, name, values, kinds)

    async def suggest(
        self, interaction: discord.Interaction[Any], name: str, option: str, current: str
    ) -> list[Suggestion]:
        return await self.runner.suggest(interaction, name, option, current)

    async def submitted(
        self, interaction: discord.Interaction[Any], answers: Mapping[str, str]
    ) -> bool:
        """A form of this module submitted (False: not one of them)."""
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if found := SAY_FORM.fullmatch(custom_id):
            values: dict[str, object] = {"text": answers.get("text", "")}
            if answers.get("character", "").strip():
                values["character"] = answers["character"].strip()
            if found["narrator"] == "n":
                values["narrator"] = True
            await self._run(interaction, "say", values)
            return True
        if found := EDIT_FORM.fullmatch(custom_id):
            values = {"post": int(found["post"]), "text": answers.get("text", "")}
            await self._run(interaction, "post edit", values)
            return True
        return False

    def menus(self) -> list[app_commands.ContextMenu]:
        """The post's message menu: Edit post and Delete post."""

        async def edit(interaction: discord.Interaction[Any], message: discord.Message) -> None:
            post = await self._post_of(interaction, message)
            if post is not None:
                words = await self._words(interaction, message, post)
                await interaction.response.send_modal(edit_form(post, words))

        async def delete(interaction: discord.Interaction[Any], message: discord.Message) -> None:
            post = await self._post_of(interaction, message)
            if post is not None:
                await self._run(interaction, "post delete", {"post": post})

        return [menu(EDIT, edit), menu(DELETE, delete)]

    async def _post_of(
        self, interaction: discord.Interaction[Any], message: discord.Message
    ) -> int | None:
        """The post ``message`` is (None, with the reason said privately, if none)."""
        table_id = await self._table_id(interaction)
        post = await self.runner.posting.post_of(table_id, message.id) if table_id else None
        own = OWN_REPLY.match(_text(message))
        client = interaction.client.user
        if post is None and own and client is not None and message.author.id == client.id:
            post = int(own["post"])
        if post is None:
            await self.runner.refuse(interaction, NOT_A_POST)
        return post

    async def _words(
        self, interaction: discord.Interaction[Any], message: discord.Message, post: int
    ) -> str:
        """The post's words as they stand: as the table recorded them (its newest edit), else
        as its message shows them, without the lines of its rolls."""
        table_id = await self._table_id(interaction)
        table = self.runner.app.cached_table(table_id) if table_id else None
        recorded = post_text(table, post) if table is not None else None
        if recorded is not None:
            return recorded[:MOST_TEXT]
        content = _text(message)
        own = OWN_REPLY.match(content)
        if own is not None:
            content = content[own.end() :]
        rolls = await self.runner.posting.rolls_of(table_id, post) if table_id else ""
        if rolls and content.endswith("\n" + rolls):
            content = content[: -len(rolls) - 1]
        elif own is not None:
            content = content.split("\n", 1)[0]  # the bot's own reply: the rolls follow
        return content[:MOST_TEXT]

    async def _table_id(self, interaction: discord.Interaction[Any]) -> str | None:
        channel, parent = interaction.channel_id or 0, parent_of(interaction)
        try:
            return await self.runner.tables.where(channel, parent, None)
        except Exception:  # the store is down: the command itself will say so
            log.warning("channel %s: its table cannot be read for a post's menu", channel)
            return None

    async def _run(
        self, interaction: discord.Interaction[Any], name: str, values: Mapping[str, object]
    ) -> None:
        kinds = dict.fromkeys(values, OptionType.STRING)
        await self.runner.command(interaction, name, values, kinds)


def _text(message: discord.Message) -> str:
    """What a message says: its content, or a reply's embed's description."""
    if message.content:
        return message.content
    return (message.embeds[0].description or "") if message.embeds else ""


def say_form(speaking: str, narrator: bool) -> discord.ui.Modal:
    form = discord.ui.Modal(
        title="Say", custom_id=f"sk:say:{'n' if narrator else 'c'}", timeout=900
    )
    form.add_item(
        discord.ui.Label(
            text="What is said",
            description="[[...]] rolls by the game's rules, as in /say text:",
            component=discord.ui.TextInput(
                custom_id="text", style=discord.TextStyle.paragraph, max_length=MOST_TEXT
            ),
        )
    )
    if not narrator:
        form.add_item(
            discord.ui.Label(
                text="Speaking as",
                description="blank: the character you play (GMs: the narrator)",
                component=discord.ui.TextInput(
                    custom_id="character", required=False, max_length=60, default=speaking or None
                ),
            )
        )
    return form


def edit_form(post: int, words: str) -> discord.ui.Modal:
    form = discord.ui.Modal(title=f"Edit post #{post}", custom_id=f"sk:pe:{post}", timeout=900)
    form.add_item(
        discord.ui.Label(
            text="What it says now",
            description="keep its [[...]] as they were: an edit rolls nothing",
            component=discord.ui.TextInput(
                custom_id="text",
                style=discord.TextStyle.paragraph,
                max_length=MOST_TEXT,
                default=words or None,
            ),
        )
    )
    return form
