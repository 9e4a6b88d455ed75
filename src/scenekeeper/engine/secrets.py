"""Commands as the table may read them back: the values of options a command declares secret
(``Opt(secret=True)``: a GM's poison Dose and the faces typed for it), of every option of a
command declared secret as a whole (``CommandSpec.secret``: a sealed bid), and of a command
given ``secret:true`` (a GM's secret roll: all but its label) are never shown again -- not in
``/history``, the session log, what ``/undo`` and ``/redo`` answer, a reply's footer, the
console's echo, JSON rows or history file. The record keeps them (an import decides the command
again from them); only the GM's export holds them -- and not a sealed choice never revealed,
which it withholds (``engine.withheld``).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

from scenekeeper.engine import quoting
from scenekeeper.engine.aggregate import Redone, Undone
from scenekeeper.engine.commands import CommandRegistry, CommandSpec, OptionType
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Envelope
from scenekeeper.engine.parse import quoted_tokens
from scenekeeper.engine.state import TableMeta

SECRET = "(secret)"
#: Where a secret option stood while a line is being hidden (never in a line people type).
_HIDDEN = "\x00"
#: A value as a recorded command writes it: "in quotes" (with \" escapes) or one word.
_VALUE = r'(?:"(?:[^"\\]|\\.)*"|\S+)'


def shown(
    command: str,
    registry: CommandRegistry,
    meta: TableMeta | None,
    spec: CommandSpec[Any] | None = None,
) -> str:
    """``command`` (as recorded) with its secret options' values hidden, and the people it
    names by their names at the table (``user:@Ben``, not the id Discord gave). ``spec``: the
    command it is, where the caller knows (else it is found from the line)."""
    if spec is None:
        spec = registry.spec_of(command, meta.system if meta is not None else None)
    if spec is None or not spec.read_back_changes:
        return command
    whole = spec.secret or (
        "secret:true" in command
        and spec.option("secret") is not None
        and re.search(r"(?<!\S)secret:true\b", command)
    )
    # Given secret:true every option but a few is hidden; otherwise only the secret ones and
    # those naming people change (``read_back_options``: found once per command).
    for option in spec.options if whole else spec.read_back_options:
        if f"{option.name}:" not in command:
            continue  # not given: nothing of it to hide or name (most options of most lines)
        if option.meta.secret or (whole and option.name not in _SHOWN_IN_SECRET):
            command = re.sub(_given(option.name), _HIDDEN, command)
        elif option.type is OptionType.USER and meta is not None:
            command = re.sub(_given(option.name), lambda m: _person(m.group(0), meta), command)
    if _HIDDEN not in command:
        return command
    # Every secret option goes, names and all, for one mark where the first stood: which
    # options were given is itself hidden (a NoDice bid with or without a Wildcard).
    first, _, rest = command.partition(_HIDDEN)
    rest = re.sub(rf"\s*{_HIDDEN}", "", rest).strip()
    return f"{first}{SECRET}" + (f" {rest}" if rest else "")


def _given(name: str) -> str:
    """The pattern of option ``name`` given a value in a recorded line."""
    return rf"(?<!\S){re.escape(name)}:{_VALUE}"


def _person(given: str, meta: TableMeta) -> str:
    name, _, person = given.partition(":")
    person = person.strip('"')
    known = meta.name_of(person)
    if known == person:
        return given
    plain = not any(c.isspace() or c in '"\\' for c in known)
    return f"{name}:@{known}" if plain else quoting.option(name, f"@{known}")


#: What a command given secret:true still shows: that it was secret, and what it was for.
_SHOWN_IN_SECRET = frozenset({"secret", "label"})


def is_secret(spec: CommandSpec[Any], args: object) -> bool:
    """Whether a command as given holds a secret: declared secret as a whole, given
    ``secret:true``, or given a value for an option declared secret. Its answer is private
    from the first byte (Discord) and its values are never echoed (the console)."""
    if spec.secret or getattr(args, "secret", False) is True:
        return True
    named = spec.secret_options  # most commands declare none
    return bool(named) and any(getattr(args, name, None) is not None for name in named)


def readable_envelope(
    envelope: Envelope, registry: CommandRegistry, meta: TableMeta | None
) -> Envelope:
    """An envelope of an outcome as the table may read it: an undo or redo names the command
    it took back with its secrets hidden (the record keeps it whole), so a sealed bid taken
    back is not read back in the console's JSON rows (``events``)."""
    event = envelope.event
    if not isinstance(event, _TAKEN_BACK):
        return envelope
    command = shown(event.command, registry, meta)
    if command == event.command:
        return envelope
    hidden = event.model_copy(update={"command": command})
    return dataclasses.replace(envelope, event=hidden)


#: The events that name a command taken back (a tuple: ``Undone | Redone`` is made each call).
_TAKEN_BACK = (Undone, Redone)


def holds_secret(registry: CommandRegistry, name: str, values: Mapping[str, object]) -> bool:
    """Whether ``/name`` as given (option values by name) holds a secret in any game's version
    of it -- declared secret as a whole, ``secret:true``, or a value for an option declared
    secret -- before its table is known: its answer is then private from the first byte."""
    if values.get("secret") is True:
        return True
    return any(
        spec.secret
        or any(o.meta.secret and values.get(o.name) not in (None, "") for o in spec.options)
        for spec in registry.all_specs()
        if spec.name == name
    )


def answers_secret(registry: CommandRegistry, answers: Mapping[str, str]) -> bool:
    """Whether a form's answers hold a value for an option some command declares secret."""
    given = {name for name, value in answers.items() if value.strip()}
    return any(
        o.meta.secret and o.name in given for spec in registry.all_specs() for o in spec.options
    )


def line_holds_secret(line: str, registry: CommandRegistry, system: str | None) -> bool:
    """Whether a typed line may hold a secret, whether or not it parses (a refused sealed bid
    with a typo is as secret as one that stood): its command is secret as a whole, or it gives
    ``secret:true``, a value for an option declared secret, an option its command does not
    have (perhaps a secret one mistyped), or bare words for a first option declared secret.

    It fails closed: a line that names no command of this table -- a mistyped command name
    (``/hnd ante``, ``/hand ant``), a full-width slash, ``@ana/hand`` without its space -- may
    be a sealed line mistyped, so it is treated as holding one. Only a line shown to be free
    of secrets is kept, echoed or quoted back as typed."""
    text = line.strip()
    if not text:
        return False
    # spec_of takes one slash off: a line of two (``//hand ante``) names no command.
    spec = registry.spec_of(text.lower(), system)
    if spec is None:
        return True
    if spec.secret:
        return True
    secret = {o.name for o in spec.options if o.meta.secret}
    if not secret and spec.option("secret") is None:
        return False
    try:
        tokens = [text for text, _ in quoted_tokens(line.strip())]
    except Refusal:
        tokens = line.split()
    first_secret = bool(spec.options) and spec.options[0].name in secret

    def holds(token: str) -> bool:
        name, colon, value = token.partition(":")
        name = name.strip().lower()
        if not colon:  # a bare word: the first option's, or a mistyped name=value (any name)
            return first_secret or "=" in token
        if name == "secret":
            return value.strip().lower() == "true"
        # A secret option, or one the command does not have (a secret option mistyped?).
        return name in secret or spec.option(name) is None

    return any(holds(token) for token in tokens[len(spec.name.split()) :])
