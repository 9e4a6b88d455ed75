"""Cybergod sheets: Attributes, Aptitudes and Skills, Engrams and Resolve, Stress, wounds and
the weapons seen in Ammo Saves.

Core Mechanics, Tests: "Tests are noted as `Skill x Attribute`, where Skill determines the
number of dice to roll, and Attribute the type of Die used"; the skill level is "the sum of the
actual skill and the linked Aptitude". The rest of the sheet is the corebook's (gaps 3):
Attributes D6-D12, six Aptitudes 0-3 with three Skills 0-4 each, Engrams 1-5 setting Resolve and
the Stress die, wound slots by Body.
"""

from __future__ import annotations

import re
from typing import Literal

import pydantic

from scenekeeper.engine.frozen import Frozen
from scenekeeper.engine.names import fold
from scenekeeper.engine.quoting import quoted

#: gaps 3: Body, Reflex, Mind, Cyber, each D6 / D8 / D10 / D12 (levels 1-4).
ATTRIBUTES = ("Body", "Reflex", "Mind", "Cyber")
SIZES = (6, 8, 10, 12)
#: A new sheet's Attributes before anyone rates them: the lowest level, D6 (rules-notes).
DEFAULT_SIZE = 6
#: gaps 3 / corebook 05 "Aptitudes and Skills": six Aptitudes, three Skills each.
APTITUDES: dict[str, tuple[str, str, str]] = {
    "Combat": ("Close Combat", "Ranged Combat", "Tactics"),
    "Education": ("Med Tech", "Investigation", "Psychology"),
    "Physical": ("Force", "Mobility", "Piloting"),
    "Social": ("Manipulation", "Networking", "Persuasion"),
    "Survival": ("Alertness", "Stealth", "Streetwise"),
    "Technical": ("Design", "Hacking", "Troubleshooting"),
}
SKILLS = tuple(skill for skills in APTITUDES.values() for skill in skills)
APTITUDE_OF = {skill: aptitude for aptitude, skills in APTITUDES.items() for skill in skills}
MAX_APTITUDE = 3
MAX_SKILL = 4
#: corebook 05 "Engrams": engrams -> experience and Stress die (None: immune to Stress).
TIERS: dict[int, tuple[str, int | None]] = {
    1: ("Relic", None),
    2: ("Veteran", 12),
    3: ("Experienced", 10),
    4: ("Junior", 8),
    5: ("Fresh", 6),
}
#: corebook 07 "Wound Slots": Body -> Bruise, Minor, Major, Lethal slots.
WOUND_CLASSES = ("bruise", "minor", "major", "lethal")
WOUND_SLOTS: dict[int, tuple[int, int, int, int]] = {
    6: (2, 2, 1, 1),
    8: (3, 3, 2, 1),
    10: (4, 4, 2, 2),
    12: (5, 5, 3, 2),
}
#: corebook 07 "Damage Class": Minor -1D, Major -2D; penalties do not stack.
WOUND_PENALTY = {"minor": 1, "major": 2}
#: Ammo dice: D6 standard, D12 high and ultra capacity (corebook 09).
AMMO_SIZES = (6, 12)

Kind = Literal["pc", "gmc"]
WoundClass = Literal["bruise", "minor", "major", "lethal"]


def key(text: str) -> str:
    """A name as compared: any case, spaces, hyphens and underscores ignored."""
    return "".join(c for c in text.casefold() if c.isalnum())


def clean_name(text: str) -> str:
    return " ".join(text.split())


def same_name(a: str, b: str) -> bool:
    # Names that read the same are one name (engine/names.py: confusables, NFKC, case),
    # with Cybergod's own looseness about spaces, hyphens and underscores on top.
    return key(fold(a)) == key(fold(b))


def _find(text: str, names: tuple[str, ...]) -> str | None:
    wanted = key(text)
    return next((n for n in names if key(n) == wanted), None)


def find_attribute(text: str) -> str | None:
    return _find(text, ATTRIBUTES)


def find_aptitude(text: str) -> str | None:
    return _find(text, tuple(APTITUDES))


def find_skill(text: str) -> str | None:
    return _find(text, SKILLS)


def die_text(size: int | None) -> str:
    return "-" if size is None else f"D{size}"


class Model(Frozen):
    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")


class Weapon(Model):
    """A weapon's ammo: its die, the consecutive passed Ammo Saves (marks), and whether it
    must be reloaded before it fires again (corebook 09 "Ammo Save")."""

    die: int = 6
    marks: int = pydantic.Field(default=0, ge=0, le=5)
    reload: bool = False


class Wounds(Model):
    """Filled wound slots, and what they mean (corebook 07 "Damage Class")."""

    bruise: int = pydantic.Field(default=0, ge=0)
    minor: int = pydantic.Field(default=0, ge=0)
    major: int = pydantic.Field(default=0, ge=0)
    lethal: int = pydantic.Field(default=0, ge=0)
    dead: bool = False
    #: The scene and round of the newest Death Save (one is due each round while dying).
    death_save_at: tuple[int, int] | None = None

    def count(self, wound: str) -> int:
        return int(getattr(self, wound))

    @property
    def penalty(self) -> int:
        """Dice off every test: the worst wound only (penalties do not stack)."""
        if self.major:
            return WOUND_PENALTY["major"]
        return WOUND_PENALTY["minor"] if self.minor else 0

    @property
    def dying(self) -> bool:
        return self.lethal > 0 and not self.dead

    @property
    def any(self) -> bool:
        return self.dead or any(self.count(w) for w in WOUND_CLASSES)


def _default_attributes() -> dict[str, int | None]:
    return dict.fromkeys(ATTRIBUTES, DEFAULT_SIZE)


class Character(Model):
    name: str
    kind: Kind = "pc"
    #: Attribute -> die size, or None for an attribute the frame lacks ("-").
    attributes: dict[str, int | None] = pydantic.Field(default_factory=_default_attributes)
    aptitudes: dict[str, int] = pydantic.Field(default_factory=dict)
    skills: dict[str, int] = pydantic.Field(default_factory=dict)
    #: 1-5, or None until written on the sheet (sets Resolve and the Stress die).
    engrams: int | None = None
    #: Resolve's maximum when the GM sets one apart from the Engrams.
    resolve_max: int | None = None
    resolve_spent: int = 0
    resolve_burned: int = 0
    stress: int = 0
    #: Stress Saves owed, each the number of Stress dice it rolls (Stress mod).
    stress_saves_due: tuple[int, ...] = ()
    #: Mental Breakdowns owed (a Stress die showed its highest face).
    breakdowns_due: int = 0
    wounds: Wounds = pydantic.Field(default_factory=Wounds)
    weapons: dict[str, Weapon] = pydantic.Field(default_factory=dict)

    def attribute(self, name: str) -> int | None:
        return self.attributes.get(name, DEFAULT_SIZE)

    def aptitude(self, name: str) -> int:
        return self.aptitudes.get(name, 0)

    def skill(self, name: str) -> int:
        return self.skills.get(name, 0)

    def level(self, skill: str) -> int:
        """Tests: "the skill level is always the sum of the actual skill and the linked
        Aptitude"."""
        return self.skill(skill) + self.aptitude(APTITUDE_OF[skill])

    @property
    def tier(self) -> str | None:
        return TIERS[self.engrams][0] if self.engrams else None

    @property
    def stress_die(self) -> int | None:
        """The Stress die's size; None for a Relic (immune) or unset Engrams."""
        return TIERS[self.engrams][1] if self.engrams else None

    @property
    def resolve(self) -> int:
        """Resolve's maximum: the number of Engrams unless the GM set another."""
        if self.resolve_max is not None:
            return self.resolve_max
        return self.engrams or 0

    @property
    def resolve_left(self) -> int:
        return max(0, self.resolve - self.resolve_spent - self.resolve_burned)

    def find_weapon(self, name: str) -> str | None:
        return next((w for w in self.weapons if same_name(w, name)), None)


def stress_dice(who: Character, count: int) -> str:
    """A Stress Save's dice in plain words: "1 D12", "3 D12" (or "2 Stress dice" before the
    Engrams set the die)."""
    if who.stress_die:
        return f"{count} D{who.stress_die}"
    return f"{count} Stress {'die' if count == 1 else 'dice'}"


#: The most Stress kept (/char set and a sheet file alike): a Mental Save adds no more.
MAX_STRESS = 99

#: A value a suggested command may write bare: one word of letters, digits, '.', '+' or '-'.
_BARE = re.compile(r"[\w.+-]+")


def pasteable(value: str) -> str:
    """``value`` as a command the bot suggests writes it, so that it works when pasted back:
    bare when one plain word (Marko), quoted otherwise ("Sec Drone", "#1")."""
    return value if _BARE.fullmatch(value) else quoted(value)
