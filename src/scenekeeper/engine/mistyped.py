"""What a mistyped command line probably meant, said in one line: a word typed without its
option's name, an option the command does not have -- and how much of what was typed such a
refusal quotes back (``echo``)."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from typing import Any

from scenekeeper.engine.commands import CommandSpec, OptionType
from scenekeeper.engine.renamed import old_names

#: How much of something typed a refusal quotes back.
_ECHO = 60


def echo(text: str) -> str:
    """``text`` short enough to quote back in a one-line refusal."""
    return text if len(text) <= _ECHO else text[: _ECHO - 1] + "…"


def stray_word(
    spec: CommandSpec[Any], word: str, given: Mapping[str, str], more: Sequence[str] = ()
) -> str:
    """A word typed without its option's name: the one required option still missing takes it,
    and the words after it the options their shape says (``d10`` a die:, ``3`` a value:), so
    ``/char set character:Marko Reflex d10`` suggests ``trait:Reflex die:d10``."""
    missing = [o for o in spec.options if o.required and o.name not in given]
    if len(missing) == 1:
        named = {*given, missing[0].name}
        parts = [f"{missing[0].name}:{quote(echo(word))}"]
        for other in more:
            option = _by_shape(spec, other, named)
            if option is None:
                break
            named.add(option)
            parts.append(f"{option}:{quote(echo(other))}")
        return f"Did you mean {' '.join(parts)}? Options look like name:value."
    shaped = _by_shape(spec, word, set(given))
    if shaped is not None:  # a die or a number where one option takes it
        return f"Did you mean {shaped}:{quote(echo(word))}? Options look like name:value."
    last = list(given.items())[-1] if given else None  # the option typed just before the word
    before = spec.option(last[0]) if last is not None else None
    if last is not None and before is not None and before.type is OptionType.STRING:
        # ``/help command:conflict start``: a value with a space, typed without quotes.
        whole = " ".join((last[1], word, *more))
        return (
            f"'{echo(word)}' is not an option: a value with spaces goes in double quotes, like "
            f"{last[0]}:{quote(echo(whole))}. {usage(spec)}"
        )
    return f"'{echo(word)}' is not an option; options look like name:value. {usage(spec)}"


_DIE_SHAPE = re.compile(r"d\d+|-", re.IGNORECASE)


def _by_shape(spec: CommandSpec[Any], word: str, named: set[str]) -> str | None:
    """The option a bare word's shape suggests: a die (d10, or - for none) for die:, a whole
    number for value:, amount: or count:; None when nothing fits."""
    if _DIE_SHAPE.fullmatch(word):
        wanted: tuple[str, ...] = ("die",)
    elif word.lstrip("-").isdigit():
        wanted = ("value", "amount", "count")
    else:
        return None
    return next((n for n in wanted if spec.option(n) is not None and n not in named), None)


def unknown_option(spec: CommandSpec[Any], name: str) -> str:
    names = [o.name for o in spec.options]
    if not names:
        return f"/{spec.name} takes no options; type just /{spec.name}."
    # An old name (engine.renamed) is offered as what it became: dice: -> count:.
    became = {old: new for old, new in old_names(spec.name, spec.systems).items() if new in names}
    close = difflib.get_close_matches(name[:_ECHO], [*names, *became], n=1)
    hint = f" Did you mean {became.get(close[0], close[0])}:?" if close else ""
    return f"/{spec.name} has no option {echo(name)}:.{hint} {usage(spec)}"


def stray_public(spec: CommandSpec[Any]) -> str:
    """A stray word's refusal as the table reads it: the word is not repeated."""
    return (
        f"A word was typed without its option's name; options look like name:value. {usage(spec)}"
    )


def unknown_public(spec: CommandSpec[Any]) -> str:
    """An unknown option's refusal as the table reads it: the name typed is not repeated."""
    return f"/{spec.name} has no option of that name. {usage(spec)}"


def usage(spec: CommandSpec[Any]) -> str:
    return f"Usage: {spec.usage()}"


#: What makes a value need quotes: a space of any kind, or a quote.
_NEEDS_QUOTES = re.compile(r'[\s"]')


def quote(text: str) -> str:
    if text and _NEEDS_QUOTES.search(text) is None:
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def misquoted(spec: CommandSpec[Any], tokens: Sequence[str], line: str) -> str | None:
    """What a line typed as other tools write options says, or None: ``name=value`` for
    ``name:value``, or a value with spaces in single quotes (``points:'STR 3``). ``tokens``:
    the unquoted words after the command; ``line``: as typed."""
    for at, token in enumerate(tokens):
        name, colon, value = token.partition(":")
        if not colon:
            name, equals, value = token.partition("=")
            if equals and spec.option(name.strip().lower()) is not None:
                return f"Write {name}:{value}, with a colon: options look like name:value."
        elif value[:1] == "'" and "'" not in value[1:] and token in line and at + 1 < len(tokens):
            if ":" in tokens[at + 1]:
                continue  # the next word is an option: this value has no space in it
            return (
                f'Put a value with spaces in double quotes, like {name}:"{value[1:]} ..."; '
                "single quotes (') are read as part of the value."
            )
    return None
