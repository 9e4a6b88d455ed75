"""A METTLE Core character sheet: the five Attributes with their Descriptors, Backstories,
Mettle, gear, statuses and what the table gives them (vouchers, XP).

Rules: ``rules/mettle/characters.md`` (Attributes, Backstories, Encumbrance), ``engine.md``
(Mettle, Taking Damage, Status Effects), ``resources.md`` (Armor, Weapons), ``guidance.md``
(NPC Creation: one pool for every Attribute and Mettle).
"""

from __future__ import annotations

import difflib
from typing import Literal

import pydantic

from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.frozen import Frozen
from scenekeeper.engine.names import fold

#: characters.md, Step 3: the five Attributes, in the sheet's order.
ATTRIBUTES = ("concept", "frame", "motive", "nature", "poise")
#: Every Attribute but Frame can be the "highest" for Mettle and Backstories (characters.md,
#: FRAME: it "does not count as the highest Attribute for Mettle and Backstories").
NON_FRAME = ("concept", "motive", "nature", "poise")
Kind = Literal["pc", "gmc"]

#: The statuses of this revision (engine.md, Status Effects; scenes.md, Fire and Cover). Shaken
#: and Broken are a leftover of an older revision and are not offered (checklist R84).
STATUSES = (
    "afflicted",
    "blinded",
    "burning",
    "dead",
    "deafened",
    "encumbered",
    "fallen",
    "incapacitated",
    "partial-cover",
    "rattled",
    "staggered",
    "surprised",
    "total-cover",
)
#: Statuses that take the character's Action away (engine.md: Fallen, Incapacitated; Dead).
NO_ACTION = ("dead", "fallen", "incapacitated")


def clean_name(text: str) -> str:
    return " ".join(text.split())


def same_name(a: str, b: str) -> bool:
    # Names that read the same are one name (engine/names.py: confusables, NFKC, case).
    return fold(a) == fold(b)


#: Specials as the tables write them, where the stored word differs.
_SPECIAL_WORDS = {"bp": "BP", "bp-used": "BP used"}


class Gear(Frozen):
    """A weapon, armor or any other item (resources.md, Weapons and Armor)."""

    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    name: str
    #: Die bonus on Attacks (and Defends: "the Attack or Block bonus").
    hit: int = 0
    #: Damage before Edge and Soak; None: not a weapon.
    dm: int | None = None
    #: The DM is "Frame+dm": the wielder's Frame plus ``dm``.
    frame_dm: bool = False
    #: Armor: added to Frame for Soak.
    soak: int = 0
    load: int = 0
    #: Zones it shoots or is thrown; None: melee only.
    range: int | None = None
    #: "Defend +n": +nD on Defend; "Shield +n": +n to the Poise Difficulty of incoming Attacks.
    defend: int = 0
    shield: int = 0
    #: Specials by name: stun, stun-only, soft, wrap, reach, 2h, ...
    specials: tuple[str, ...] = ()

    @property
    def is_weapon(self) -> bool:
        return self.dm is not None

    def dm_text(self) -> str:
        if self.dm is None:
            return "-"
        if self.frame_dm:
            return "Frame" + (f"+{self.dm}" if self.dm else "")
        return str(self.dm)

    def describe(self) -> str:
        parts = []
        if self.is_weapon:
            parts += [f"Hit +{self.hit}D"] if self.hit else []
            parts.append(f"DM {self.dm_text()}")
            if self.range is not None:
                parts.append(f"Range {self.range}")
        if self.soak:
            parts.append(f"Soak +{self.soak}")
        if self.defend:
            parts.append(f"Defend +{self.defend}")
        if self.shield:
            parts.append(f"Shield +{self.shield}")
        parts += [_SPECIAL_WORDS.get(s, s) for s in self.specials if s not in ("defend", "shield")]
        if self.load:
            parts.append(f"Load {self.load}")
        return f"{self.name} ({', '.join(parts)})" if parts else self.name


#: resources.md, Weapons: Unarmed is Frame damage, Stun and Soft; anyone has it.
UNARMED = Gear(name="Unarmed", dm=0, frame_dm=True, specials=("stun", "soft"))


class Affliction(Frozen):
    """scenes.md, Affliction: a disease, poison or tranquilizer and the damage it has left."""

    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    kind: Literal["disease", "poison", "tranquilizer"]
    #: Damage still to come, 1 a Round (poison, tranquilizer) or a day (disease).
    left: int
    #: Tranquilizers also raise the victim's Check Difficulties by the Dose result.
    raise_by: int = 0


class Character(Frozen):
    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    name: str
    kind: Kind = "pc"
    #: guidance.md, NPC Creation: one pool for every Attribute and Mettle ("Thug 3D").
    pool: int | None = None
    #: Unaltered ratings; with a pool, only the exceptions ("Pool 4 (Frame 7)").
    attributes: dict[str, int] = pydantic.Field(default_factory=dict)
    descriptors: dict[str, str] = pydantic.Field(default_factory=dict)
    backstories: tuple[str, ...] = ()
    #: Current Mettle; may be negative (engine.md, Taking Damage).
    mettle: int = 0
    gear: tuple[Gear, ...] = ()
    #: Status -> value: Fallen the Scene number it happened in, Rattled the Rally raise,
    #: Partial Cover its bonus, Burning the fire's dice; 0 where there is nothing to count.
    statuses: dict[str, int] = pydantic.Field(default_factory=dict)
    affliction: Affliction | None = None
    #: After a successful Aid: alive and somewhat stable (scenes.md, Aid).
    stable: bool = False
    #: A Delay Twist: the next Action is lost (engine.md, Twists).
    delayed: bool = False
    vouchers: int = 0
    spent_vouchers: tuple[str, ...] = ()
    xp: int = 0
    credit: int | None = None

    # -- ratings -------------------------------------------------------------------------

    def rating(self, attribute: str) -> int | None:
        """The unaltered rating (None: not rated yet)."""
        if attribute in self.attributes:
            return self.attributes[attribute]
        return self.pool

    def rated(self, attribute: str) -> int:
        return self.rating(attribute) or 0

    @property
    def max_mettle(self) -> int:
        """engine.md, Mettle: Motive + the highest non-Frame Attribute (Motive itself may be
        it, checklist D16), from unaltered ratings; an NPC pool's Mettle is the pool."""
        if self.pool is not None:
            return self.pool
        return self.rated("motive") + max(self.rated(a) for a in NON_FRAME)

    @property
    def highest(self) -> int:
        """The highest non-Frame Attribute: the number of Backstories allowed (Step 4)."""
        return max(self.rated(a) for a in NON_FRAME)

    @property
    def load(self) -> int:
        return sum(g.load for g in self.gear)

    @property
    def soak(self) -> int:
        """engine.md, Taking Damage: Frame plus Armor."""
        return self.rated("frame") + sum(g.soak for g in self.gear)

    def current(self, attribute: str) -> int:
        """The rating as it stands now, "Poise 4(5)": Fallen and Incapacitated have 0 Poise
        (engine.md); Load over Frame lowers Poise by the excess (resources.md, Armor)."""
        value = self.rated(attribute)
        if attribute == "poise":
            if self.has("fallen") or self.has("incapacitated"):
                return 0
            value -= max(0, self.load - self.rated("frame"))
        return max(0, value)

    def modified(self) -> dict[str, int]:
        """Attributes whose current value differs from the rating."""
        return {a: self.current(a) for a in ATTRIBUTES if self.current(a) != self.rated(a)}

    # -- statuses ------------------------------------------------------------------------

    def has(self, status: str) -> bool:
        return status in self.statuses

    def lost_action(self) -> str | None:
        """Why the character has no Action at all (a status), or None."""
        return next((s for s in NO_ACTION if self.has(s)), None)

    def penalty(self) -> int:
        """engine.md, Taking Damage: Staggered suffers a die penalty equal to negative
        Mettle."""
        return max(0, -self.mettle) if self.has("staggered") else 0

    def weapon(self, name: str | None) -> Gear | None:
        if name is None:
            return None
        if same_name(name, UNARMED.name):
            return UNARMED
        return next((g for g in self.gear if same_name(g.name, name)), None)

    def weapons(self) -> tuple[Gear, ...]:
        return tuple(g for g in self.gear if g.is_weapon)

    def with_status(self, status: str, value: int = 0) -> Character:
        return self.model_copy(update={"statuses": {**self.statuses, status: value}})

    def without_status(self, *statuses: str) -> Character:
        kept = {s: v for s, v in self.statuses.items() if s not in statuses}
        return self.model_copy(update={"statuses": kept})


#: A status's value at most, by command (/status add value:) as by file.
MAX_STATUS_VALUE = 20

#: The old name of Concept in some of the texts (gaps 4: "FOCUS" is Concept).
_OLD_NAMES = {"focus": "concept"}


def attribute_named(text: str) -> str:
    """An Attribute as a person typed it, or a refusal naming the five."""
    word = text.strip().casefold()
    word = _OLD_NAMES.get(word, word)
    if word in ATTRIBUTES:
        return word
    close = difflib.get_close_matches(word, ATTRIBUTES, n=1)
    hint = f" Did you mean {close[0]}?" if close else ""
    raise Refusal(
        f"'{text}' is not an Attribute; METTLE has concept, frame, motive, nature and poise.{hint}"
    )


def title(word: str) -> str:
    """An Attribute, Action or status as the texts write it: "Poise", "Partial Cover"."""
    return " ".join(part.capitalize() for part in word.split("-"))
