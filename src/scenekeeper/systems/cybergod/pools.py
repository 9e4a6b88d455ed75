"""The dice of a test: ``Skill x Attribute`` from a sheet, or raw ``Nd<size>``; modifiers.

Tests: "Skill determines the number of dice to roll, and Attribute the type of Die used".
Modifiers: "the total number of modifiers should not exceed +/- 3 Dice. Regardless, maximum
number of dice to roll is 10, and minimum is zero."
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from scenekeeper.engine.errors import Refusal
from scenekeeper.systems.cybergod.sheet import (
    APTITUDE_OF,
    APTITUDES,
    ATTRIBUTES,
    SIZES,
    SKILLS,
    Character,
    find_aptitude,
    find_attribute,
    find_skill,
    key,
)

#: Modifiers: at most +-3 dice in all (gaps 3; the modifier-cap mod), at most 10 dice rolled.
MODIFIER_CAP = 3
MAX_DICE = 10
#: The largest raw pool typed (it is rolled as 10 dice).
MAX_RAW = 99
_RAW = re.compile(r"(\d*)\s*d\s*(\d+)", re.IGNORECASE)
_TIMES = re.compile(r"\s+x\s+|\s*[×*]\s*", re.IGNORECASE)


@dataclass(frozen=True)
class Pool:
    """A test's pool before modifiers: how it is written, its dice and die size."""

    written: str
    dice: int
    die: int
    #: Where the dice come from, for the reply ("Hacking 2 + Technical 2").
    parts: str = ""


def die_size(text: str, what: str = "A Cybergod die") -> int:
    """``d8`` / ``D8`` / ``8`` -> 8, refused unless D6, D8, D10 or D12."""
    match = re.fullmatch(r"d?(\d+)", text.strip(), re.IGNORECASE)
    if match is None or int(match.group(1)) not in SIZES:
        shown = f"D{match.group(1)}" if match else text.strip()
        raise Refusal(f"{what} is D6, D8, D10 or D12, not {shown}.")
    return int(match.group(1))


def parse_pool(text: str, who: Character | None) -> Pool:
    """The pool ``text`` names: ``4d10`` (raw dice, for GM characters and hazards; R12), or
    ``Skill x Attribute`` / ``Aptitude x Attribute`` read from ``who``'s sheet."""
    written = " ".join(text.split())
    raw = _RAW.fullmatch(written)
    if raw:
        dice = int(raw.group(1) or 1)
        size = die_size(raw.group(2), f"{written}: a Cybergod die")
        if dice > MAX_RAW:
            raise Refusal(f"{written} is {dice} dice; at most {MAX_DICE} are ever rolled.")
        return Pool(f"{dice}d{size}", dice, size)
    parts = _TIMES.split(written)
    if len(parts) != 2 or not all(p.strip() for p in parts):
        raise Refusal(
            f'Write a test as Skill x Attribute, like pool:"Hacking x Cyber", or as raw dice, '
            f"like pool:4d10 (not {written})."
        )
    skill_text, attribute_text = (p.strip() for p in parts)
    attribute = find_attribute(attribute_text)
    if attribute is None:
        if " or " in attribute_text.casefold():
            raise Refusal(
                f'Choose one Attribute of {attribute_text}, like pool:"{skill_text} '
                f'x {attribute_text.split()[0]}".'
            )
        raise Refusal(
            f"{attribute_text} is not an Attribute; the Attributes are "
            f"{', '.join(ATTRIBUTES)}.{_hint(attribute_text, ATTRIBUTES)}"
        )
    if who is None:
        raise Refusal(
            f"{written} is read from a character's sheet: add character:<name>, or roll raw "
            "dice like pool:4d10."
        )
    rated = who.attribute(attribute)
    if rated is None:
        # R13 (corebook 06): "a frame lacking an attribute cannot perform related tasks".
        raise Refusal(
            f"{who.name}'s frame lacks {attribute} (-), so it cannot test {written}; "
            f"rate it with /char set trait:{attribute} die:d6."
        )
    skill = find_skill(skill_text)
    if skill is not None:
        linked = APTITUDE_OF[skill]
        how = f"{skill} {who.skill(skill)} + {linked} {who.aptitude(linked)}"
        return Pool(f"{skill} x {attribute}", who.level(skill), rated, how)
    aptitude = find_aptitude(skill_text)
    if aptitude is not None:
        # R12: an Aptitude named alone rolls its own dice (a skill with no points does too).
        level = who.aptitude(aptitude)
        return Pool(f"{aptitude} x {attribute}", level, rated, f"{aptitude} {level}")
    names = (*SKILLS, *APTITUDES)
    raise Refusal(
        f"{skill_text} is not a Skill or an Aptitude.{_hint(skill_text, names)} "
        "/char show lists them."
    )


def _hint(text: str, names: tuple[str, ...]) -> str:
    by_key = {key(n): n for n in names}
    close = difflib.get_close_matches(key(text), list(by_key), n=1, cutoff=0.6)
    return f" Did you mean {by_key[close[0]]}?" if close else ""


@dataclass(frozen=True)
class Dice:
    """The dice rolled after modifiers, and what the reply says about them."""

    base: int
    asked: int
    wound_penalty: int
    applied: int
    dice: int

    @property
    def capped(self) -> bool:
        return self.applied != self.asked - self.wound_penalty

    @property
    def dropped(self) -> int:
        return max(0, self.base + self.applied - MAX_DICE)

    def notes(self) -> list[str]:
        notes = []
        if self.wound_penalty:
            notes.append(f"wounds -{self.wound_penalty}D")
        if self.capped:
            net = self.asked - self.wound_penalty
            notes.append(f"modifiers {net:+d} counted as {self.applied:+d} (at most +-3)")
        if self.dropped:
            notes.append(f"{self.dropped} {'die' if self.dropped == 1 else 'dice'} over 10 dropped")
        elif self.base + self.applied < 0:
            notes.append("no fewer than 0 dice")
        return notes


def final_dice(base: int, asked: int, wound_penalty: int, *, cap: bool) -> Dice:
    """R22-R24: the net modifier (wound penalties in it) clamped to +-3 when the cap is on;
    then at most 10 dice and at least 0."""
    net = asked - wound_penalty
    applied = max(-MODIFIER_CAP, min(MODIFIER_CAP, net)) if cap else net
    dice = max(0, min(MAX_DICE, base + applied))
    return Dice(base, asked, wound_penalty, applied, dice)
