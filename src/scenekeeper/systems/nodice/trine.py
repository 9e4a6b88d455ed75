"""The Trine and its Attributes, and the two dominance loops (NoDice Core Rules Alpha).

Pure integer arithmetic (Integer Math Rules): nothing here draws a random number (R18).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

Aspect = Literal["Mind", "Body", "Spirit"]
#: The Trine in the order the text names it (Glossary: Mind / Body / Spirit).
ASPECTS: tuple[Aspect, ...] = ("Mind", "Body", "Spirit")
#: R3: three Attributes per Trine Aspect, in the text's loop order.
ATTRIBUTES_OF: Mapping[Aspect, tuple[str, str, str]] = {
    "Mind": ("REA", "KNO", "QUI"),
    "Body": ("STR", "FIT", "AGI"),
    "Spirit": ("WIL", "PRE", "INT"),
}
ATTRIBUTES: tuple[str, ...] = tuple(a for aspect in ASPECTS for a in ATTRIBUTES_OF[aspect])
ASPECT_OF: Mapping[str, Aspect] = {a: aspect for aspect in ASPECTS for a in ATTRIBUTES_OF[aspect]}
#: R3 DEFAULT: the abbreviations are canonical; the full words are accepted too.
ALIASES: Mapping[str, str] = {
    "reason": "REA",
    "knowledge": "KNO",
    "quickness": "QUI",
    "strength": "STR",
    "fitness": "FIT",
    "agility": "AGI",
    "willpower": "WIL",
    "presence": "PRE",
    "intuition": "INT",
}
FULL_NAME: Mapping[str, str] = {abbr: word.title() for word, abbr in ALIASES.items()}

#: An Attribute's AV: tokens in its stack, or None for a dash ("-": not possessed, R4).
AV = int | None

#: (TD) Mind > Body > Spirit > Mind: each Aspect and the one it beats.
_TD_BEATS: Mapping[Aspect, Aspect] = {"Mind": "Body", "Body": "Spirit", "Spirit": "Mind"}

#: R16 (gaps): the three AD slots. A beats B, B beats C, C beats A; the same slot ties.
_SLOT: Mapping[str, int] = {a: i for aspect in ASPECTS for i, a in enumerate(ATTRIBUTES_OF[aspect])}


def find_aspect(word: str) -> Aspect | None:
    wanted = word.strip().lower()
    return next((a for a in ASPECTS if a.lower() == wanted), None)


def find_attribute(word: str) -> str | None:
    """An Attribute by abbreviation (any case) or its full name (R3)."""
    wanted = word.strip()
    if wanted.upper() in ASPECT_OF:
        return wanted.upper()
    return ALIASES.get(wanted.lower())


def trine_dominance(mine: Aspect, theirs: Aspect) -> int:
    """R12-R13: 1 if ``mine`` beats ``theirs``, -1 if it loses, 0 for the same Aspect."""
    if mine == theirs:
        return 0
    return 1 if _TD_BEATS[mine] == theirs else -1


def attribute_dominance(mine: str, theirs: str) -> int:
    """R14-R16: 1 if ``mine`` beats ``theirs``, -1 if it loses, 0 for a tie -- the intra-aspect
    loops and the 27-matchup cross-aspect card, both read as the slot rule (gaps 5)."""
    a, b = _SLOT[mine], _SLOT[theirs]
    if a == b:
        return 0
    return 1 if (a + 1) % 3 == b else -1


def min_one(value: int, contributors: tuple[int, ...]) -> int:
    """R8: a derived value floored to 0 while some contributing AV is not 0 becomes 1."""
    return 1 if value == 0 and any(c != 0 for c in contributors) else value


def trine_score(avs: Mapping[str, AV], aspect: Aspect) -> int:
    """R7-R8: TS = floor((x + y + z) / 3) over three slots, a dash counting 0; Min-1."""
    values = tuple(avs.get(a) or 0 for a in ATTRIBUTES_OF[aspect])
    return min_one(sum(values) // 3, values)


def total_trine_score(avs: Mapping[str, AV]) -> int:
    """R9: TTS = TS(Mind) + TS(Body) + TS(Spirit)."""
    return sum(trine_score(avs, aspect) for aspect in ASPECTS)


STAKES_NAMES: Mapping[int, str] = {
    1: "Low Stakes",
    2: "Hot",
    3: "High Stakes",
    4: "Deadly",
    5: "Mythic",
}


def stakes(highest_rank: int) -> int:
    """R20: ES = min(5, 1 + floor((R_max - 1) / 5))."""
    return min(5, 1 + (max(1, highest_rank) - 1) // 5)


def stakes_text(es: int) -> str:
    """R21-R22: the Stakes as announced: name and number, never the Rank behind them."""
    return f'ES{es} "{STAKES_NAMES[es]}"'
