"""Discord's limits on application commands and messages, and a check of command payloads.

The numbers are Discord's (developer docs, "Application Commands" and "Message Components");
the check runs on the JSON payloads discord.py would send, so a new engine command that breaks a
limit fails the test suite (and the bot's start) instead of failing at Discord.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

MAX_TOP_LEVEL = 100  # global chat-input commands per application
MAX_MESSAGE_MENUS = 5  # message (context menu) commands per application
MESSAGE_MENU = 3  # a command's type: a message's context menu entry
MAX_CHILDREN = 25  # subcommands and groups in one command or group
MAX_OPTIONS = 25  # options of one (sub)command
MAX_CHOICES = 25
MAX_NAME = 32
MAX_DESCRIPTION = 100
MAX_CHOICE_NAME = 100
MAX_CHOICE_VALUE = 100
MAX_STRING_LENGTH = 6000  # an option's max_length
MAX_COMMAND_TOTAL = 8000  # name + description + options' names, descriptions and choices
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_CONTENT = 2000
MAX_EMBED_TITLE = 256
MAX_EMBED_DESCRIPTION = 4096
MAX_EMBED_TOTAL = 6000
MAX_EMBED_FIELDS = 25
MAX_FIELD_NAME = 256
MAX_FIELD_VALUE = 1024
MAX_EMBEDS = 10

SUBCOMMAND = 1
SUBCOMMAND_GROUP = 2


def valid_name(name: str) -> bool:
    """Discord's ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, lowercase where it can be."""
    return (
        1 <= len(name) <= MAX_NAME
        and all(c.isalnum() or c in "-_" for c in name)
        and name == name.lower()
    )


def shorten(text: str, limit: int = MAX_DESCRIPTION) -> str:
    """``text`` cut at a word boundary to fit ``limit`` characters (ending with an ellipsis)."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:.- ")
    return (cut or text[: limit - 1]) + "…"


def check_payloads(payloads: Sequence[Mapping[str, Any]]) -> list[str]:
    """Every way the top-level command payloads break Discord's limits (empty: all fine);
    message menu entries (type 3) by their own rules."""
    menus = [p for p in payloads if p.get("type") == MESSAGE_MENU]
    problems = _check_menus(menus)
    payloads = [p for p in payloads if p.get("type") != MESSAGE_MENU]
    if len(payloads) > MAX_TOP_LEVEL:
        problems.append(f"{len(payloads)} top-level commands; Discord allows {MAX_TOP_LEVEL}")
    names = [p.get("name", "") for p in payloads]
    problems += [
        f"/{n} is declared twice" for n in sorted({n for n in names if names.count(n) > 1})
    ]
    for payload in payloads:
        problems += _check_command(payload, f"/{payload.get('name', '?')}", depth=0)
        total = _total_length(payload)
        if total > MAX_COMMAND_TOTAL:
            problems.append(
                f"/{payload.get('name')}: {total} characters in all; Discord allows "
                f"{MAX_COMMAND_TOTAL}"
            )
    return problems


def _check_menus(menus: Sequence[Mapping[str, Any]]) -> list[str]:
    """A message menu's entries: at most ``MAX_MESSAGE_MENUS``, each named in 1-32
    characters (any case, spaces allowed), no two alike."""
    problems = [f"{len(menus)} message menu entries; Discord allows {MAX_MESSAGE_MENUS}"]
    problems = problems if len(menus) > MAX_MESSAGE_MENUS else []
    names = [str(m.get("name", "")) for m in menus]
    problems += [f"menu '{n}': 1-32 characters" for n in names if not 1 <= len(n) <= 32]
    problems += [f"menu '{n}' is declared twice" for n in sorted(set(names)) if names.count(n) > 1]
    return problems


def _check_command(payload: Mapping[str, Any], where: str, depth: int) -> list[str]:
    problems = _check_named(payload, where)
    options: list[Mapping[str, Any]] = list(payload.get("options", []))
    children = [o for o in options if o.get("type") in (SUBCOMMAND, SUBCOMMAND_GROUP)]
    if children and len(children) != len(options):
        problems.append(f"{where}: mixes subcommands with options")
    limit = MAX_CHILDREN if children else MAX_OPTIONS
    kind = "subcommands" if children else "options"
    if len(options) > limit:
        problems.append(f"{where}: {len(options)} {kind}; Discord allows {limit}")
    names = [o.get("name") for o in options]
    if len(set(names)) != len(names):
        problems.append(f"{where}: two {kind} share a name")
    for child in children:
        child_where = f"{where} {child.get('name')}"
        if child.get("type") == SUBCOMMAND_GROUP and depth >= 1:
            problems.append(f"{child_where}: groups nest one level deep at most")
        problems += _check_command(child, child_where, depth + 1)
    if not children:
        problems += _check_options(options, where)
    return problems


def _check_options(options: Iterable[Mapping[str, Any]], where: str) -> list[str]:
    problems: list[str] = []
    seen_optional = False
    for option in options:
        at = f"{where} {option.get('name')}:"
        problems += _check_named(option, at)
        if option.get("required"):
            if seen_optional:
                problems.append(f"{at} a required option after an optional one")
        else:
            seen_optional = True
        choices = list(option.get("choices") or [])
        if len(choices) > MAX_CHOICES:
            problems.append(f"{at} {len(choices)} choices; Discord allows {MAX_CHOICES}")
        if choices and option.get("autocomplete"):
            problems.append(f"{at} has both choices and autocomplete")
        for choice in choices:
            name, value = str(choice.get("name", "")), choice.get("value")
            if not 1 <= len(name) <= MAX_CHOICE_NAME:
                problems.append(f"{at} choice name {name!r} is not 1-{MAX_CHOICE_NAME} characters")
            if isinstance(value, str) and not 1 <= len(value) <= MAX_CHOICE_VALUE:
                problems.append(f"{at} choice value {value!r} is too long")
        length = option.get("max_length")
        if length is not None and not 1 <= length <= MAX_STRING_LENGTH:
            problems.append(f"{at} max_length {length} is outside 1-{MAX_STRING_LENGTH}")
    return problems


def _check_named(payload: Mapping[str, Any], where: str) -> list[str]:
    problems = []
    name = str(payload.get("name", ""))
    if not valid_name(name):
        problems.append(
            f"{where}: name {name!r} is not 1-{MAX_NAME} lowercase letters, digits, - _"
        )
    description = str(payload.get("description", ""))
    if not 1 <= len(description) <= MAX_DESCRIPTION:
        problems.append(f"{where}: description is {len(description)} characters (1-100)")
    return problems


def _total_length(payload: Mapping[str, Any]) -> int:
    total = len(str(payload.get("name", ""))) + len(str(payload.get("description", "")))
    for option in payload.get("options", []):
        total += _total_length(option)
        for choice in option.get("choices") or []:
            total += len(str(choice.get("name", ""))) + len(str(choice.get("value", "")))
    return total
