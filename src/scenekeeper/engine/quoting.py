"""Commands the bot suggests in its replies, written so they work when pasted back.

The console parser (``engine.parse.tokenize``) reads ``name:"two words"``, with ``\\"`` and
``\\\\`` as escapes inside the quotes. Every value a reply puts in a suggested command goes
through :func:`quoted`, whatever it holds (``Tomas "Rook" Reyes``, ``Cold Hands, Warm Heart``);
lists of names are written with :func:`listed` and read back with :func:`split_listed`, which
keeps a known name whole even when it holds a comma.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: How the items of a list option are separated (``against:"Thug, Brute"``).
SEPARATOR = ", "


def quoted(value: object) -> str:
    """``value`` as one option value the parser reads back unchanged: always in double quotes,
    with backslashes and double quotes escaped."""
    text = str(value)
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def option(name: str, value: object) -> str:
    """``name:"value"``, ready to paste into a command."""
    return f"{name}:{quoted(value)}"


def typed(name: str, value: object) -> str:
    """``name:value`` as a person types it: in quotes only when the value needs them (a space,
    a quote or a backslash: ``character:"Zoë Ñandú"``, ``character:Ada``)."""
    text = str(value)
    if text and not any(c.isspace() or c in '"\\' for c in text):
        return f"{name}:{text}"
    return option(name, text)


def listed(names: Iterable[str]) -> str:
    """Names for a list option (read back by :func:`split_listed`)."""
    return SEPARATOR.join(names)


def _fold(text: str) -> str:
    # Spaces around a comma do not matter: "Smith,John" is "Smith, John".
    return " ".join(text.replace(",", ", ").split()).replace(" ,", ",").casefold()


def split_listed(text: str, known: Iterable[str] = ()) -> list[str]:
    """The names in a comma-separated list. A known name is taken whole where it stands, even
    when it holds commas (``"Smith, John, Thug"`` with the character ``Smith, John``); anything
    else is split at commas. Empty items are dropped."""
    wanted = {_fold(k): " ".join(k.split()) for k in known if k.strip()}
    chunks = text.split(",")
    items: list[str] = []
    at = 0
    while at < len(chunks):
        # The longest run of chunks that makes a known name, else the one chunk.
        end = next(
            (
                end
                for end in range(len(chunks), at + 1, -1)
                if _fold(",".join(chunks[at:end])) in wanted
            ),
            at + 1,
        )
        item = " ".join(",".join(chunks[at:end]).split())
        if item:
            items.append(wanted.get(_fold(item), item))
        at = end
    return items


#: A value in typographic quotes, as phones type them: “two words” (or „two words“), opening
#: a word or an option's value and closing a word, with no straight quote inside.
_STRAIGHT = re.compile(r'("(?:[^"\\]|\\.)*")')
_CURLY = re.compile(r'(?:(?<=^)|(?<=\s)|(?<=:))[“„]([^“”"\n]*)[”“](?=\s|$)')


def straightened(line: str) -> str:
    """``line`` with values in typographic quotes (``character:“Zoë Ñandú”``) in straight ones,
    as the parser reads them; a curly quote inside a word or a straight-quoted value stays."""
    if "“" not in line and "„" not in line:
        return line
    parts = _STRAIGHT.split(line)  # odd parts are in straight quotes already: kept as typed
    return "".join(
        p if i % 2 else _CURLY.sub(lambda m: quoted(m.group(1)), p) for i, p in enumerate(parts)
    )
