"""Telling people the table waits for them: one message of its own after a command's reply.

A mention pings only in a new message (an edited one, like a deferred reply or a button's
message brought up to date, pings nobody), so the people a command left the table waiting
for (``Outcome.mentions``) are mentioned in a short message right after its reply, in the
same channel or thread. It may ping exactly those people: ``allowed_mentions`` names them and
nothing else, so a character called "@everyone" or a role's mention in a wait line pings nobody.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from scenekeeper.adapters.discord.limits import MAX_CONTENT
from scenekeeper.adapters.discord.send import send
from scenekeeper.engine.waits import Mention

log = logging.getLogger(__name__)


def told(mentions: tuple[Mention, ...]) -> tuple[str, discord.AllowedMentions] | None:
    """The message that tells ``mentions`` (one line each: the person, then what waits for
    them) and the only pings it may make; None when nobody is told (ids that are not
    Discord's, as at the console, are left out)."""
    lines, people = [], []
    for mention in mentions:
        if not mention.person.isdecimal() or not mention.person.isascii():
            continue
        people.append(int(mention.person))
        line = discord.utils.escape_markdown(discord.utils.escape_mentions(mention.line))
        lines.append(f"<@{mention.person}> {line}")
    if not lines:
        return None
    content = "\n".join(lines)
    if len(content) > MAX_CONTENT:
        content = content[: MAX_CONTENT - 1] + "…"
    allowed = discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(id=p) for p in dict.fromkeys(people)],
    )
    return content, allowed


async def tell(interaction: discord.Interaction[Any], mentions: tuple[Mention, ...]) -> None:
    """Mention the people a command left the table waiting for (nothing when nobody)."""
    message = told(mentions)
    if message is None:
        return
    content, allowed = message
    channel = interaction.channel
    if channel is not None and hasattr(channel, "send"):
        await send(interaction, "mentions", channel.send, content, allowed_mentions=allowed)
    else:
        await send(
            interaction, "mentions", interaction.followup.send, content, allowed_mentions=allowed
        )
