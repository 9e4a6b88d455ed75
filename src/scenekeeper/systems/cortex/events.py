"""Cortex Prime events: what happened at the table, with every fact replay needs."""

from __future__ import annotations

from typing import ClassVar

from scenekeeper.engine.events import Event
from scenekeeper.engine.fields import DieField
from scenekeeper.systems.cortex.procedure_events import (
    ContestChanged,
    CrisisPoolChanged,
    DoomPoolChanged,
    RecoveryKept,
    RecoveryLocked,
    RecoveryUnlocked,
    SceneChanged,
    TimePassed,
    die_list,
)
from scenekeeper.systems.cortex.sheets.sheet import Asset, Character, Kind, Status
from scenekeeper.systems.cortex.state import RollRecord, StressTaken


class TraitSetsChosen(Event):
    type_name: ClassVar[str] = "cortex.trait_sets_chosen@1"
    sets: tuple[str, ...]

    def describe(self) -> str:
        return f"prime trait sets: {', '.join(self.sets)}"


class CharacterCreated(Event):
    type_name: ClassVar[str] = "cortex.character_created@1"
    name: str
    kind: Kind
    pp: int

    def describe(self) -> str:
        return f"{'GMC' if self.kind == 'gmc' else 'character'} {self.name} created"


class CharacterDeleted(Event):
    type_name: ClassVar[str] = "cortex.character_deleted@1"
    name: str

    def describe(self) -> str:
        return f"{self.name} deleted"


class SheetImported(Event):
    """A whole sheet read from a file (creates the character or replaces its sheet)."""

    type_name: ClassVar[str] = "cortex.sheet_imported@1"
    character: Character

    def describe(self) -> str:
        return f"sheet of {self.character.name} imported"


class TraitRated(Event):
    type_name: ClassVar[str] = "cortex.trait_rated@1"
    character: str
    set: str
    trait: str
    die: DieField

    def describe(self) -> str:
        return f"{self.character}: {self.trait} ({self.set}) {self.die}"


class TraitRemoved(Event):
    type_name: ClassVar[str] = "cortex.trait_removed@1"
    character: str
    trait: str

    def describe(self) -> str:
        return f"{self.character}: {self.trait} removed"


class SfxWritten(Event):
    type_name: ClassVar[str] = "cortex.sfx_written@1"
    character: str
    name: str
    text: str

    def describe(self) -> str:
        return f"{self.character}: SFX {self.name}"


class SfxRemoved(Event):
    type_name: ClassVar[str] = "cortex.sfx_removed@1"
    character: str
    name: str

    def describe(self) -> str:
        return f"{self.character}: SFX {self.name} removed"


class PlotPointsChanged(Event):
    """Cortex p.29: every plot point earned or spent, with its reason."""

    type_name: ClassVar[str] = "cortex.plot_points_changed@1"
    character: str
    delta: int
    reason: str

    def describe(self) -> str:
        verb = "earns" if self.delta > 0 else "spends"
        return f"{self.character} {verb} {abs(self.delta)} PP ({self.reason})"


class GmBankChanged(Event):
    type_name: ClassVar[str] = "cortex.gm_bank_changed@1"
    delta: int
    reason: str

    def describe(self) -> str:
        return f"GM bank {self.delta:+d} PP ({self.reason})"


class AssetSet(Event):
    """An asset created, stepped or changed (``owner`` "" is the scene's)."""

    type_name: ClassVar[str] = "cortex.asset_set@1"
    owner: str
    name: str
    asset: Asset

    def describe(self) -> str:
        return f"{self.owner or 'scene'}: asset {self.name} {self.asset.die}"


class AssetRemoved(Event):
    type_name: ClassVar[str] = "cortex.asset_removed@1"
    owner: str
    name: str

    def describe(self) -> str:
        return f"{self.owner or 'scene'}: asset {self.name} gone"


class ComplicationSet(Event):
    """A complication added or stepped (``owner`` "" is the scene's)."""

    type_name: ClassVar[str] = "cortex.complication_set@1"
    owner: str
    name: str
    die: DieField

    def describe(self) -> str:
        return f"{self.owner or 'scene'}: complication {self.name} {self.die}"


class ComplicationRemoved(Event):
    type_name: ClassVar[str] = "cortex.complication_removed@1"
    owner: str
    name: str

    def describe(self) -> str:
        return f"{self.owner or 'scene'}: complication {self.name} gone"


class StressSet(Event):
    """A character's stress of one type is now ``die`` (taken, stepped, or recovered)."""

    type_name: ClassVar[str] = "cortex.stress_set@1"
    character: str
    stress: str
    die: DieField

    def describe(self) -> str:
        return f"{self.character}: {self.stress} stress {self.die}"


class StressTakenNoted(Event):
    """Which stress a character just took and how things stood before (after its StressSet)."""

    type_name: ClassVar[str] = "cortex.stress_taken@1"
    character: str
    taken: StressTaken

    def describe(self) -> str:
        return f"{self.character} took {self.taken.die} {self.taken.stress} stress"


class StressRemoved(Event):
    type_name: ClassVar[str] = "cortex.stress_removed@1"
    character: str
    stress: str

    def describe(self) -> str:
        return f"{self.character}: {self.stress} stress gone"


class TraumaSet(Event):
    type_name: ClassVar[str] = "cortex.trauma_set@1"
    character: str
    trauma: str
    die: DieField

    def describe(self) -> str:
        return f"{self.character}: {self.trauma} trauma {self.die}"


class TraumaRemoved(Event):
    type_name: ClassVar[str] = "cortex.trauma_removed@1"
    character: str
    trauma: str

    def describe(self) -> str:
        return f"{self.character}: {self.trauma} trauma gone"


class ShakenSetChosen(Event):
    type_name: ClassVar[str] = "cortex.shaken_set_chosen@1"
    set: str

    def describe(self) -> str:
        return f"stress goes on {self.set} (shaken and stricken)"


class StressTypesChosen(Event):
    type_name: ClassVar[str] = "cortex.stress_types_chosen@1"
    types: tuple[str, ...]

    def describe(self) -> str:
        return f"stress types: {', '.join(self.types)}"


class XpChanged(Event):
    """Experience points given or spent, with the reason (docs/rules-notes.md, XP)."""

    type_name: ClassVar[str] = "cortex.xp_changed@1"
    character: str
    delta: int
    reason: str

    def describe(self) -> str:
        verb = "gains" if self.delta > 0 else "spends"
        return f"{self.character} {verb} {abs(self.delta)} XP ({self.reason})"


class StatusChanged(Event):
    type_name: ClassVar[str] = "cortex.status_changed@1"
    character: str
    status: Status
    reason: str

    def describe(self) -> str:
        return f"{self.character} is {self.status.replace('_', ' ')} ({self.reason})"


class Rolled(Event):
    """A Cortex roll with every face, and the reading in force when it was made."""

    type_name: ClassVar[str] = "cortex.rolled@1"
    roll: RollRecord

    def describe(self) -> str:
        faces = " ".join(f"{d.die}:{d.face}" for d in self.roll.dice)
        return f"{self.roll.roller} rolled #{self.roll.id} [{faces}]"


class ReadingChosen(Event):
    """The dice in the total and the effect dice of a roll changed (a pick, or a PP spend)."""

    type_name: ClassVar[str] = "cortex.reading_chosen@1"
    roll_id: int
    keep: int
    effects: int
    total_dice: tuple[int, ...]
    effect_dice: tuple[int, ...]

    def describe(self) -> str:
        return f"roll #{self.roll_id} now reads differently"


class RollsClosed(Event):
    """Rolls whose readings are final: what they decided is settled (after-roll spends and
    picks on them are refused from now on)."""

    type_name: ClassVar[str] = "cortex.rolls_closed@1"
    roll_ids: tuple[int, ...]
    reason: str

    def describe(self) -> str:
        rolls = ", ".join(f"#{r}" for r in self.roll_ids)
        return f"{rolls} settled ({self.reason})"


class HitchesActivated(Event):
    type_name: ClassVar[str] = "cortex.hitches_activated@1"
    roll_id: int
    #: The GM paid the player 1 PP (not on a botch): a point earned on that roll.
    paid: bool = True

    def describe(self) -> str:
        return f"GM activated the hitches of roll #{self.roll_id}"


class EffectDieUsed(Event):
    """One effect die of a roll was used up (knocking away a gang's supporting die, ...)."""

    type_name: ClassVar[str] = "cortex.effect_die_used@1"
    roll_id: int
    purpose: str

    def describe(self) -> str:
        return f"roll #{self.roll_id}'s effect die used: {self.purpose}"


class BoostsChanged(Event):
    """A character gains (or uses) a boost: step up one die in a coming pool."""

    type_name: ClassVar[str] = "cortex.boosts_changed@1"
    character: str
    delta: int
    reason: str

    def describe(self) -> str:
        verb = "gains" if self.delta > 0 else "uses"
        return f"{self.character} {verb} a boost ({self.reason})"


class OpportunitiesUsed(Event):
    """A player activated the opportunities (1s) on a GM roll."""

    type_name: ClassVar[str] = "cortex.opportunities_used@1"
    roll_id: int
    by: str

    def describe(self) -> str:
        return f"{self.by} activated the opportunities of roll #{self.roll_id}"


__all__ = [
    "AssetRemoved",
    "AssetSet",
    "BoostsChanged",
    "CharacterCreated",
    "CharacterDeleted",
    "ComplicationRemoved",
    "ComplicationSet",
    "ContestChanged",
    "CrisisPoolChanged",
    "DoomPoolChanged",
    "EffectDieUsed",
    "GmBankChanged",
    "HitchesActivated",
    "OpportunitiesUsed",
    "PlotPointsChanged",
    "ReadingChosen",
    "RecoveryKept",
    "RecoveryLocked",
    "RecoveryUnlocked",
    "Rolled",
    "RollsClosed",
    "SceneChanged",
    "SfxRemoved",
    "SfxWritten",
    "ShakenSetChosen",
    "SheetImported",
    "StatusChanged",
    "StressRemoved",
    "StressSet",
    "StressTakenNoted",
    "StressTypesChosen",
    "TimePassed",
    "TraitRated",
    "TraitRemoved",
    "TraitSetsChosen",
    "TraumaRemoved",
    "TraumaSet",
    "XpChanged",
    "die_list",
]
