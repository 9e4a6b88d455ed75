"""A NoDice Actor's sheet, as data: nine Attributes with their AVs or "-", Rank, WR.

Kept schema-like and on its own (TS and TTS derived, never stored) so that it moves to the
engine's sheet module with no change to the rules: the rules read only ``Actor.avs``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal

import pydantic

from scenekeeper.engine.frozen import Frozen
from scenekeeper.systems.nodice.trine import (
    ASPECTS,
    ATTRIBUTES,
    ATTRIBUTES_OF,
    AV,
    find_attribute,
    total_trine_score,
    trine_score,
)

Kind = Literal["pc", "gmc"]
#: The largest AV a sheet takes (tokens are chips on a table: a sanity bound, not a rule).
MAX_AV = 99
MAX_RANK = 99
MAX_WR = 9


def _zeros() -> dict[str, AV]:
    return dict.fromkeys(ATTRIBUTES, 0)


class Actor(Frozen):
    """R1-R4, R10-R11: an Actor and its sheet values (the Conflict's token stacks start here)."""

    name: str
    kind: Kind = "pc"
    #: Every Attribute's AV; None is a dash (R4). A new sheet starts at 0 everywhere.
    avs: dict[str, AV] = pydantic.Field(default_factory=_zeros)
    #: R10: Rank >= 1 (GM-only information for NPCs, R22).
    rank: int = 1
    #: R11: Wildcard Rank, Wildcards per Conflict.
    wr: int = 0


def av_text(value: AV) -> str:
    return "-" if value is None else str(value)


def sheet_line(avs: Mapping[str, AV]) -> str:
    """The nine AVs by Aspect, with TS and TTS (R7-R9): "Mind 4/5/7 (TS 5) ..."."""
    parts = []
    for aspect in ASPECTS:
        values = " ".join(f"{a} {av_text(avs.get(a))}" for a in ATTRIBUTES_OF[aspect])
        parts.append(f"{aspect}: {values} (TS {trine_score(avs, aspect)})")
    return "; ".join(parts) + f"; TTS {total_trine_score(avs)}."


Written = dict[str, int | None]
_PAIR = re.compile(r"([A-Za-z]+)\s*[:=]?\s*(-?\d+|-)")
#: More digits than any value here takes (a longer one is refused before it is read).
_DIGITS = 4


def read_traits(text: str) -> Written:
    """``"REA 4, KNO 5, AGI -, wr 2"`` -> the values to write (Attributes by their
    abbreviation or full name, R3; ``-`` a dash); ``ValueError`` saying what is wrong."""
    written: Written = {}
    rest = _PAIR.sub("", text).replace(",", " ").replace(";", " ").strip()
    if rest:
        raise ValueError(f"'{rest}' is not a name and a value, like REA 4 or AGI -")
    pairs = _PAIR.findall(text)
    if not pairs:
        raise ValueError('give names and values, like "REA 4, KNO 5, AGI -, wr 1"')
    for word, value in pairs:
        name = find_attribute(word) or word.lower()
        if name in written:
            raise ValueError(f"{word} is given twice: give each name once")
        if len(value.lstrip("-")) > _DIGITS:
            raise ValueError(f"{word} {value} is far too large: values here are 0 to {MAX_AV}")
        if name == "rank":
            raise ValueError("a Rank is GM-only: give it with rank:<n>, which stays sealed")
        if name == "wr":
            if value == "-":
                raise ValueError("wr is a number, not a dash")
            written[name] = int(value)
        elif name in ATTRIBUTES:
            written[name] = None if value == "-" else int(value)
        else:
            raise ValueError(
                f"'{word}' is not an Attribute (REA KNO QUI, STR FIT AGI, WIL PRE INT) or wr"
            )
    return written


def problem(written: Written) -> str | None:
    """Why these values cannot go on a sheet (None: they can)."""
    for name, value in written.items():
        if name == "rank" and not 1 <= (value or 0) <= MAX_RANK:
            return f"Rank is 1 to {MAX_RANK}"
        if name == "wr" and not 0 <= (value or 0) <= MAX_WR:
            return f"WR is 0 to {MAX_WR}"
        if name in ATTRIBUTES and value is not None and not 0 <= value <= MAX_AV:
            return f"an AV is 0 to {MAX_AV}, or - for an Attribute the Actor lacks"
    return None
