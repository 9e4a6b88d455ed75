"""Posts as characters (``/say``): through the channel's webhook, under the speaker's name.

A post goes out through a webhook of the table's channel (made once, named "Scenekeeper",
found again after a restart), with the character's name as the author and its picture
(``/post picture``) as the avatar, served by this process's board server
(``SCENEKEEPER_WEB_URL``/pictures/<name>: Discord's own attachment links expire) -- in a
thread too, through its parent's webhook. The person who posted gets a private "Posted as
Ada". Where the bot may not manage webhooks (the Manage Webhooks permission), the post goes
out as the bot's own reply, "Ada (post #16): ...", as it does at the console. ``/post
edit`` and ``/post delete`` follow the post's message (which message a post is, is kept in
the store beside the table, ``discord:posts:<table>``, so it is found after a restart too).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from typing import Any

import discord

from scenekeeper.adapters.discord.limits import MAX_CONTENT
from scenekeeper.adapters.discord.render import Done
from scenekeeper.adapters.discord.send import NO_MENTIONS
from scenekeeper.app import App
from scenekeeper.engine.reply import Reply
from scenekeeper.store.records import read_record, write_record

log = logging.getLogger(__name__)
#: The commands whose success a post follows.
POSTS = frozenset({"say", "post edit", "post delete"})
HOOK_NAME = "Scenekeeper"
VERSION = "discord.posts@1"
#: How many posts' messages a table keeps (the newest): an older post is still in the
#: history; its message is no longer followed by an edit.
KEPT = 500


class Posting:
    def __init__(self, client: discord.Client | None, app: App) -> None:
        self.client = client
        self.app = app
        #: Channel id -> its webhook (None: the bot may not manage that channel's webhooks).
        self._hooks: dict[int, discord.Webhook | None] = {}
        #: Where the board server serves characters' pictures (None: no server, no pictures).
        self.pictures_at: str | None = None

    async def posted(self, interaction: discord.Interaction[Any], done: Done) -> Done:
        """``done`` after its post went out through the webhook (its answer now private), or
        as it was where it could not (the bot's own reply carries the post)."""
        outcome = done.outcome
        data = outcome.reply.data if isinstance(outcome.reply.data, dict) else {}
        post, table_id = data.get("post"), done.table_id
        if self.client is None or not outcome.ok or not isinstance(post, int) or table_id is None:
            return done
        channel, thread = _where(interaction)
        hook = await self._hook(channel)
        if hook is None:
            return done
        try:
            if outcome.command == "say":
                message = await self._send(hook, thread, data, outcome.reply)
                rolls = "\n".join(outcome.reply.text[1:])
                await self._remember(table_id, post, [message.id, thread, rolls])
                said = f"Posted as {data.get('speaker') or 'the narrator'} (post #{post})."
            else:
                kept = await self._kept(table_id, post)
                if kept is None:
                    return done  # a post older than the kept ones: the reply says it
                message_id, at, rolls = kept
                target = discord.Object(at) if at else discord.utils.MISSING
                if outcome.command == "post delete":
                    await hook.delete_message(message_id, thread=target)
                else:  # the new words, the rolls as they were made
                    text = _content(str(data.get("text", "")), tuple(filter(None, [rolls])))
                    await hook.edit_message(message_id, content=text, thread=target)
                said = outcome.reply.text[0] if outcome.reply.text else "Done."
        except discord.HTTPException as error:
            log.warning("channel %s: a post could not go through its webhook (%s)", channel, error)
            return done
        private = Reply(private=(said,), private_data=outcome.reply.data)
        return dataclasses.replace(done, outcome=dataclasses.replace(outcome, reply=private))

    async def _send(
        self, hook: discord.Webhook, thread: int | None, data: dict[str, Any], reply: Reply
    ) -> discord.WebhookMessage:
        speaker = str(data.get("speaker") or "Narrator")
        rolls = reply.text[1:]
        picture = data.get("picture")
        avatar = f"{self.pictures_at}/{picture}" if picture and self.pictures_at else None
        return await hook.send(
            _content(str(data.get("text", "")), rolls),
            username=speaker[:80],
            avatar_url=avatar or discord.utils.MISSING,
            wait=True,
            allowed_mentions=NO_MENTIONS,
            thread=discord.Object(thread) if thread else discord.utils.MISSING,
        )

    async def _hook(self, channel: int) -> discord.Webhook | None:
        if channel in self._hooks:
            return self._hooks[channel]
        assert self.client is not None
        http, state = self.client.http, self.client._connection
        try:
            found = [
                h
                for h in await http.channel_webhooks(channel)
                if h.get("name") == HOOK_NAME and h.get("token")
            ]
            data = found[0] if found else await http.create_webhook(channel, name=HOOK_NAME)
            hook: discord.Webhook | None = discord.Webhook.from_state(data, state)
        except discord.Forbidden:
            log.warning(
                "channel %s: no Manage Webhooks permission; posts go out as the bot's own "
                "replies (scenekeeper discord --check lists the permissions)",
                channel,
            )
            hook = None
        except discord.HTTPException as error:
            log.warning("channel %s: its webhook could not be read (%s)", channel, error)
            return None  # asked again next time
        self._hooks[channel] = hook
        return hook

    async def _remember(self, table_id: str, post: int, where: list[object]) -> None:
        """Keep which message a post is, and its rolls' lines (the newest ``KEPT`` posts of a
        table): [message id, thread id or None, the rolls]."""

        def save() -> None:
            kept = read_record(self.app.store, _record(table_id), VERSION) or {}
            posts = dict(kept.get("posts", {}))
            posts[str(post)] = where
            newest = dict(sorted(posts.items(), key=lambda item: int(item[0]))[-KEPT:])
            write_record(self.app.store, _record(table_id), VERSION, {"posts": newest})

        await asyncio.to_thread(save)

    async def _kept(self, table_id: str, post: int) -> tuple[int, int | None, str] | None:
        def read() -> tuple[int, int | None, str] | None:
            kept = read_record(self.app.store, _record(table_id), VERSION) or {}
            found = kept.get("posts", {}).get(str(post))
            if not isinstance(found, list) or len(found) != 3:
                return None
            return int(found[0]), found[1], str(found[2] or "")

        return await asyncio.to_thread(read)

    async def post_of(self, table_id: str, message_id: int) -> int | None:
        """The post whose message is ``message_id`` (None: none of the kept ones)."""

        def read() -> int | None:
            kept = read_record(self.app.store, _record(table_id), VERSION) or {}
            for post, where in kept.get("posts", {}).items():
                if isinstance(where, list) and where and where[0] == message_id:
                    return int(post)
            return None

        return await asyncio.to_thread(read)

    async def rolls_of(self, table_id: str, post: int) -> str:
        """The lines of a post's rolls as its message shows them ("" if none, or unknown)."""
        kept = await self._kept(table_id, post)
        return kept[2] if kept is not None else ""


def _where(interaction: discord.Interaction[Any]) -> tuple[int, int | None]:
    """The channel whose webhook posts, and the thread it posts in (None: the channel)."""
    channel = interaction.channel
    here = interaction.channel_id or 0
    if isinstance(channel, discord.Thread) and channel.parent_id is not None:
        return channel.parent_id, here
    return here, None


def _content(text: str, rolls: tuple[str, ...]) -> str:
    content = "\n".join([text, *rolls])
    return content if len(content) <= MAX_CONTENT else content[: MAX_CONTENT - 1] + "…"


def _record(table_id: str) -> str:
    return f"discord:posts:{table_id}"
