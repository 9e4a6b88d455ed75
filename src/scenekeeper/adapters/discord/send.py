"""Answering an interaction: a new message, an edit of the clicked message, a private one.

A command's events are stored before anything here runs: a send that fails (an outage, an
expired interaction) is logged and never retried into a second command.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from scenekeeper.adapters.discord.render import Answer, Post
from scenekeeper.engine.reply import File

log = logging.getLogger(__name__)
NO_MENTIONS = discord.AllowedMentions.none()
#: What a send may fail with once the command is recorded.
SEND_ERRORS = (discord.HTTPException, discord.ClientException, asyncio.TimeoutError)


async def send(
    interaction: discord.Interaction[Any],
    what: str,
    call: Callable[..., Awaitable[Any]],
    *args: Any,
    **kwargs: Any,
) -> bool:
    """One call to Discord; False (logged) when it failed."""
    try:
        await call(*args, **kwargs)
    except SEND_ERRORS as error:
        # The command (if any) is stored already; sending again would not re-run it.
        log.warning(
            "channel %s: the %s could not be sent (%s: %s); the command stands as recorded",
            interaction.channel_id,
            what,
            type(error).__name__,
            error,
        )
        return False
    return True


async def defer(
    interaction: discord.Interaction[Any], *, thinking: bool, ephemeral: bool = False
) -> bool:
    if ephemeral:
        # Private from the first byte: even the "thinking..." is the person's own.
        return await send(
            interaction, "defer", interaction.response.defer, thinking=True, ephemeral=True
        )
    return await send(interaction, "defer", interaction.response.defer, thinking=thinking)


async def sealed(interaction: discord.Interaction[Any], answer: Answer) -> None:
    """A command that held a secret, deferred privately: the person's answer (what only they
    may see, and what the table reads) edited into their private message, and what the table
    reads posted to the channel as a message of its own -- not a reply to the command, so
    nothing of the command shows with it."""
    own = answer.private or answer.public or Post(content="Done.")
    await send(interaction, "private reply", interaction.edit_original_response, **edit_args(own))
    channel = interaction.channel
    if answer.public is not None and channel is not None and hasattr(channel, "send"):
        await send(interaction, "table's message", channel.send, **send_args(answer.public))


async def new(interaction: discord.Interaction[Any], answer: Answer, deferred: bool) -> None:
    """The answer as a new message (and its private part as an ephemeral one)."""
    response = interaction.response
    if answer.public is not None:
        post = answer.public
        if deferred:
            await send(interaction, "reply", interaction.edit_original_response, **edit_args(post))
        else:
            await send(interaction, "reply", response.send_message, **send_args(post))
        if answer.private is not None:
            await followup(interaction, answer.private)
        return
    if answer.private is None:
        return
    if deferred:
        # The "thinking" message is public: replace it by an ephemeral one.
        await send(interaction, "cleanup", interaction.delete_original_response)
        await followup(interaction, answer.private)
    else:
        await send(
            interaction, "reply", response.send_message, ephemeral=True, **send_args(answer.private)
        )


async def edit(interaction: discord.Interaction[Any], answer: Answer, deferred: bool) -> None:
    """The answer edited into the clicked message (errors and private parts ephemeral)."""
    if answer.public is not None:
        post = answer.public
        call = interaction.edit_original_response if deferred else interaction.response.edit_message
        await send(interaction, "edit", call, **edit_args(post))
        if answer.private is not None:
            await followup(interaction, answer.private)
        return
    if answer.private is None:
        return
    if deferred:
        await followup(interaction, answer.private)
    else:
        await send(
            interaction,
            "reply",
            interaction.response.send_message,
            ephemeral=True,
            **send_args(answer.private),
        )


async def followup(interaction: discord.Interaction[Any], post: Post) -> None:
    await send(
        interaction, "private reply", interaction.followup.send, ephemeral=True, **send_args(post)
    )


def send_args(post: Post) -> dict[str, Any]:
    args: dict[str, Any] = {"allowed_mentions": NO_MENTIONS}
    if post.content:
        args["content"] = post.content
    if post.embeds:
        args["embeds"] = post.embeds
    if post.files:
        args["files"] = [discord_file(f) for f in post.files]
    view = post.view()
    if view is not None:
        args["view"] = view
    return args


def edit_args(post: Post) -> dict[str, Any]:
    args: dict[str, Any] = {
        "content": post.content,
        "embeds": post.embeds,
        "view": post.view(),
        "allowed_mentions": NO_MENTIONS,
    }
    if post.files:
        args["attachments"] = [discord_file(f) for f in post.files]
    return args


def discord_file(file: File) -> discord.File:
    return discord.File(io.BytesIO(file.content), filename=file.name)
