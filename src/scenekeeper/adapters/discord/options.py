"""Engine options as Discord options, and Discord's values back as engine values; what an
interaction carries (who, which options, which thread).

Discord hands typed values (a member, an attachment, an int); the engine takes ``Person``,
``Attachment(name, content)`` and plain values (``engine.parse.build_invocation``).
"""

from __future__ import annotations

import keyword
import logging
import re
from collections.abc import Mapping
from typing import Any, cast

import discord
from discord import app_commands

from scenekeeper.adapters.discord.layout import PlannedOption
from scenekeeper.adapters.discord.tables import THREAD_TYPES
from scenekeeper.engine.commands import MAX_FILE_BYTES, Attachment, OptionType
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.state import Person

log = logging.getLogger(__name__)

#: The largest file a command takes (a sheet, a table export).
# One limit for files everywhere (engine.commands.MAX_FILE_BYTES): an export made on Discord
# imports on Discord.
MAX_UPLOAD = MAX_FILE_BYTES

_BASE: dict[OptionType, Any] = {
    OptionType.STRING: str,
    OptionType.INTEGER: int,
    OptionType.NUMBER: float,
    OptionType.BOOLEAN: bool,
    OptionType.USER: discord.User,
    OptionType.ATTACHMENT: discord.Attachment,
}


def python_name(option: str) -> str:
    """A parameter name for an option (Discord gets the option's own name by a rename)."""
    if option.isidentifier() and not keyword.iskeyword(option) and option != "interaction":
        return option
    return "opt_" + re.sub(r"\W", "_", option)


def annotation(option: PlannedOption) -> Any:
    """The annotation discord.py reads the option's Discord type and limits from."""
    base = _BASE[option.type]
    ranged = cast(Any, app_commands.Range)  # Range[...] is a type form to mypy; built at runtime
    if option.type is OptionType.INTEGER and (
        option.min_value is not None or option.max_value is not None
    ):
        base = ranged[int, option.min_value, option.max_value]
    elif option.type is OptionType.STRING and option.max_length is not None and not option.choices:
        base = ranged[str, None, option.max_length]
    return base if option.required else base | None


def choices(option: PlannedOption) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=c, value=c) for c in option.choices]


def person_of(user: discord.abc.User) -> Person:
    """The engine's person for a Discord user: the id is stable, the name is as shown here."""
    return Person(id=str(user.id), name=user.display_name)


async def engine_values(
    values: Mapping[str, object], kinds: Mapping[str, OptionType]
) -> dict[str, object]:
    """Discord option values (by option name) as the engine takes them; absent ones left out."""
    raw: dict[str, object] = {}
    for name, value in values.items():
        if value is None:
            continue
        kind = kinds.get(name)
        if kind is OptionType.USER:
            raw[name] = person_of(cast(discord.abc.User, value))
        elif kind is OptionType.ATTACHMENT:
            raw[name] = await _read(name, cast(discord.Attachment, value))
        else:
            raw[name] = value
    return raw


async def _read(name: str, attachment: discord.Attachment) -> Attachment:
    if attachment.size > MAX_UPLOAD:
        raise Refusal(
            f"{name}: {attachment.filename} is {attachment.size // 1024} KB; files up to "
            f"{MAX_UPLOAD // (1024 * 1024)} MB are taken."
        )
    try:
        content = await attachment.read()
    except (discord.HTTPException, discord.NotFound) as error:
        raise Refusal(
            f"{name}: Discord did not hand over {attachment.filename} ({error})."
        ) from None
    return Attachment(name=attachment.filename, content=content)


def given_options(data: object) -> list[str]:
    """The option names an application command interaction carries (inside subcommands)."""
    names: list[str] = []
    options = data.get("options", []) if isinstance(data, dict) else []
    for option in options or []:
        if option.get("type") in (1, 2):  # a subcommand or group: its options are inside
            names += given_options(option)
        else:
            names.append(str(option.get("name")))
    return names


def parent_of(interaction: discord.Interaction[Any]) -> int | None:
    """The channel a thread belongs to (None: not a thread)."""
    channel = interaction.channel
    kind = getattr(getattr(channel, "type", None), "value", None)
    parent = getattr(channel, "parent_id", None)
    return int(parent) if kind in THREAD_TYPES and parent else None


def stale_command(name: str, why: str) -> None:
    log.warning(
        "Discord's copy of /%s is out of date (%s): the commands need a sync; run "
        "scenekeeper discord --sync once",
        name,
        why,
    )
