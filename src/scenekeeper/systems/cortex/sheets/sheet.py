"""A Cortex Prime character: traits in prime sets, distinctions, SFX, assets, complications,
stress, trauma and plot points.

Cortex p.16-19: a pool takes one trait from each prime trait set; a trait with no rating is a
d4; distinctions are d8 and can be hindered (rolled as d4 for a plot point).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import pydantic

from scenekeeper.dice import DiceError, Die
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.fields import DieField
from scenekeeper.engine.frozen import Frozen
from scenekeeper.engine.names import fold

DISTINCTIONS = "Distinctions"
DEFAULT_TRAIT_SETS = (DISTINCTIONS, "Attributes", "Skills")
#: Cortex p.18: each character has three distinctions, each rated d8.
DISTINCTION_COUNT = 3
DISTINCTION_DIE = Die.D8
Duration = Literal["beat", "scene", "session", "signature"]
Status = Literal["active", "stressed_out", "taken_out", "removed", "draft"]
Kind = Literal["pc", "gmc"]


class Model(Frozen):
    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")


class Asset(Model):
    """Cortex p.35: a die anyone can add to their pool while it lasts."""

    die: DieField
    duration: Duration = "scene"
    #: An open asset may be used by anyone, not only its creator.
    open: bool = False


class Character(Model):
    name: str
    kind: Kind = "pc"
    #: Trait set -> trait -> rating; distinctions are the set "Distinctions".
    traits: dict[str, dict[str, DieField]] = pydantic.Field(default_factory=dict)
    #: SFX by name -> what it does, as the sheet says it.
    sfx: dict[str, str] = pydantic.Field(default_factory=dict)
    assets: dict[str, Asset] = pydantic.Field(default_factory=dict)
    complications: dict[str, DieField] = pydantic.Field(default_factory=dict)
    stress: dict[str, DieField] = pydantic.Field(default_factory=dict)
    trauma: dict[str, DieField] = pydantic.Field(default_factory=dict)
    #: Cortex p.29: players start each session with at least one plot point.
    pp: int = pydantic.Field(default=1, ge=0)
    status: Status = "active"
    #: Experience points (Scions' d12 rewards; growth by the table's rules).
    xp: int = pydantic.Field(default=0, ge=0)

    def find_trait(self, name: str) -> tuple[str, str, Die] | None:
        """(set, trait, rating) for a trait name, whatever its case."""
        wanted = _fold(name)
        for set_name, traits in self.traits.items():
            for trait, die in traits.items():
                if _fold(trait) == wanted:
                    return set_name, trait, die
        return None

    def trait_names(self) -> list[str]:
        return [trait for traits in self.traits.values() for trait in traits]

    def find_asset(self, name: str) -> str | None:
        return _find(self.assets, name)

    def find_complication(self, name: str) -> str | None:
        return _find(self.complications, name)

    def distinctions(self) -> dict[str, Die]:
        return dict(self.traits.get(DISTINCTIONS, {}))

    def with_trait(self, set_name: str, trait: str, die: Die) -> Character:
        traits = {k: dict(v) for k, v in self.traits.items()}
        # A trait lives in one set: rating it in another moves it.
        for members in traits.values():
            for existing in [t for t in members if _fold(t) == _fold(trait)]:
                del members[existing]
        traits.setdefault(set_name, {})[trait] = die
        return self.model_copy(update={"traits": {k: v for k, v in traits.items() if v}})

    def without_trait(self, trait: str) -> Character:
        traits = {
            set_name: {t: d for t, d in members.items() if _fold(t) != _fold(trait)}
            for set_name, members in self.traits.items()
        }
        return self.model_copy(update={"traits": {k: v for k, v in traits.items() if v}})


def _fold(name: str) -> str:
    # Names that read the same are the same name (engine/names.py: case, spaces, NFKC forms
    # and Unicode's confusables), so Ada spelt with a Cyrillic A is never a second Ada.
    return fold(name)


def _find(names: Mapping[str, object], wanted: str) -> str | None:
    folded = _fold(wanted)
    return next((name for name in names if _fold(name) == folded), None)


def same_name(a: str, b: str) -> bool:
    return _fold(a) == _fold(b)


def clean_name(name: str) -> str:
    """A name as stored: inner runs of spaces folded, ends trimmed."""
    return " ".join(name.split())


def die_named(text: str) -> Die:
    """A step die as a person typed it (``d8``), or a refusal saying what a die looks like."""
    try:
        return Die.parse(text)
    except DiceError as error:
        raise Refusal(str(error)) from None
