"""An option's value from what was typed or sent: text checked for what cannot be stored, then
read as the option's kind (a person, a file, true or false, a number, one of its choices)."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping
from typing import Any

from scenekeeper.engine.commands import Attachment, CommandSpec, Option, OptionType
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.mistyped import echo
from scenekeeper.engine.names import fold, resolve
from scenekeeper.engine.state import Person

ReadFile = Callable[[str], Attachment]

_TRUE = {"true", "yes", "on", "1", "y"}
_FALSE = {"false", "no", "off", "0", "n"}

MAX_LINE = 6000


#: What ``check_text`` refuses, found in one pass (most lines hold none of it).
_UNKEEPABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


def check_text(text: str, what: str = "That line") -> None:
    """Refuse text no table can keep: NUL and other control characters (tab and newline aside)
    and lone surrogates (half of a character, which is not text at all)."""
    if _UNKEEPABLE.search(text) is None:
        return
    for char in text:
        code = ord(char)
        if 0xDC80 <= code <= 0xDCFF:
            # How a byte that is not UTF-8 arrives (read with surrogateescape).
            raise Refusal(
                f"{what} holds a byte that is not UTF-8 text (\\x{code - 0xDC00:02X}); save the "
                "text as UTF-8 and send it again.",
                public=f"{what} holds a byte that is not UTF-8 text; save it as UTF-8.",
            )
        if 0xD800 <= code <= 0xDFFF:
            raise Refusal(
                f"{what} holds a broken character (half of a UTF-16 pair); type it again.",
                public=True,
            )
        if (code < 0x20 and char not in "\t\n\r") or code == 0x7F:
            raise Refusal(
                f"{what} holds a control character (U+{code:04X}) that cannot be stored; "
                "remove it and send the command again.",
                public=True,
            )


def convert(
    spec: CommandSpec[Any],
    option: Option,
    raw: object,
    read_file: ReadFile | None = None,
    people: Mapping[str, str] | None = None,
    *,
    checked: bool = False,
) -> object:
    """``raw`` as ``option``'s kind. ``checked``: text from a line ``parse_line`` checked
    (length, characters), not checked again."""
    label = f"{option.name}:"
    kind = option.type
    if isinstance(raw, str) and not checked:
        # Values from Discord never passed through parse_line's checks.
        if len(raw) > MAX_LINE:
            raise Refusal(f"{label} is {len(raw):,} characters; keep it to {MAX_LINE:,}.")
        check_text(raw, label)
    if kind is OptionType.USER:
        if isinstance(raw, Person):
            return raw
        text = str(raw).strip().removeprefix("@")
        if not text:
            raise Refusal(f"{label} is empty; name a person, like {option.name}:alice.")
        return _person(text, people or {}, spec.name if spec.whole_names else None)
    if kind is OptionType.ATTACHMENT:
        if isinstance(raw, Attachment):
            return raw
        if read_file is None:
            raise Refusal(f"{label} needs a file attached to the command.")
        return read_file(str(raw))
    text = str(raw).strip()
    if kind is OptionType.BOOLEAN:
        if isinstance(raw, bool):
            return raw
        if text.lower() in _TRUE | _FALSE:
            return text.lower() in _TRUE
        raise Refusal(f"{label} takes true or false (or yes or no), not '{echo(text)}'.")
    if kind is OptionType.INTEGER:
        return _integer(option, raw, text)
    if kind is OptionType.NUMBER:
        try:
            return float(text)
        except ValueError:
            raise Refusal(
                f"{label} takes a number, like {option.name}:2.5, not '{echo(text)}'."
            ) from None
    if not text:
        raise Refusal(f'{label} is empty; give it a value, like {option.name}:"some text".')
    if option.meta.max_length is not None and len(text) > option.meta.max_length:
        raise Refusal(f"{label} is {len(text)} characters; keep it to {option.meta.max_length}.")
    if option.choices:
        return _choice(option, text)
    return text


def _person(typed: str, people: Mapping[str, str], whole: str | None = None) -> Person:
    """The person ``typed`` means: an id as it is, else the one seated person whose id or name
    it is or begins, as people say names ("Ana" or "an" for ana; ``names.resolve``, which takes
    no beginning for the command ``whole``); else a new id."""
    if typed in people:
        return Person(id=typed, name=people[typed])
    # A name that reads as its person's id is that id once (not two people to choose from).
    labels = {
        **{name: pid for pid, name in people.items() if fold(name) != fold(pid)},
        **{pid: pid for pid in people},
    }
    found = resolve(labels, typed, "person", whole=whole, option="user")
    if found is not None:
        pid = labels[found]
        return Person(id=pid, name=people[pid])
    return Person(id=typed, name=typed)


def _integer(option: Option, raw: object, text: str) -> int:
    label = f"{option.name}:"
    if isinstance(raw, int) and not isinstance(raw, bool):
        value = raw
    else:
        try:
            value = int(text)
        except ValueError:
            raise Refusal(
                f"{label} takes a whole number, like {option.name}:3, not '{echo(text)}'."
            ) from None
    low, high = option.meta.min_value, option.meta.max_value
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = (
            f"from {low} to {high}"
            if low is not None and high is not None
            else (f"at least {low}" if low is not None else f"at most {high}")
        )
        raise Refusal(f"{label} must be {bounds}; {value} is out of range.")
    return value


def _choice(option: Option, text: str) -> str:
    by_lower = {c.lower(): c for c in option.choices}
    if text.lower() in by_lower:
        return by_lower[text.lower()]
    close = difflib.get_close_matches(text.lower(), by_lower, n=1)
    hint = f" Did you mean {option.name}:{by_lower[close[0]]}?" if close else ""
    raise Refusal(f"{option.name}: '{echo(text)}' is not one of {', '.join(option.choices)}.{hint}")
