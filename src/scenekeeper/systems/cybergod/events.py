"""Cybergod events: what happened at the table, with every fact replay needs (every face)."""

from __future__ import annotations

from typing import ClassVar

from scenekeeper.engine.events import Event
from scenekeeper.systems.cybergod.sheet import Character, Kind, Weapon, Wounds, die_text
from scenekeeper.systems.cybergod.state import (
    Duration,
    SaveRecord,
    Scene,
    SpentEffect,
    TestRecord,
)


class CharacterCreated(Event):
    type_name: ClassVar[str] = "cybergod.character_created@1"
    name: str
    kind: Kind

    def describe(self) -> str:
        return f"{'GM character' if self.kind == 'gmc' else 'character'} {self.name} created"


class CharacterDeleted(Event):
    type_name: ClassVar[str] = "cybergod.character_deleted@1"
    name: str

    def describe(self) -> str:
        return f"{self.name} deleted"


class SheetImported(Event):
    """A whole sheet read from a file (creates the character or replaces its sheet)."""

    type_name: ClassVar[str] = "cybergod.sheet_imported@1"
    character: Character

    def describe(self) -> str:
        return f"sheet of {self.character.name} imported"


class SheetWritten(Event):
    """One value on a sheet: an Attribute (die size, None for absent), an Aptitude, a Skill,
    or ``engrams`` / ``resolve`` (its maximum; None: the Engrams) / ``stress``."""

    type_name: ClassVar[str] = "cybergod.sheet_written@1"
    character: str
    trait: str
    value: int | None
    attribute: bool = False

    def describe(self) -> str:
        shown = die_text(self.value) if self.attribute else str(self.value)
        return f"{self.character}: {self.trait} {shown}"


class TestRolled(Event):
    type_name: ClassVar[str] = "cybergod.test_rolled@1"
    test: TestRecord

    def describe(self) -> str:
        t = self.test
        faces = ", ".join(map(str, t.faces)) or "no dice"
        return f"{t.roller} tested {t.written} #{t.id} ({faces})"


class TestRerolled(Event):
    """Resolve spent for a re-roll: the whole pool's new faces replace the old."""

    type_name: ClassVar[str] = "cybergod.test_rerolled@1"
    roll: int
    faces: tuple[int, ...]
    #: A person typed the new faces (results:), not the bot.
    typed: bool = False

    def describe(self) -> str:
        return f"#{self.roll} re-rolled ({', '.join(map(str, self.faces))})"


class ComplicationsChosen(Event):
    type_name: ClassVar[str] = "cybergod.complications_chosen@1"
    roll: int
    overcome: tuple[str, ...]

    def describe(self) -> str:
        return f"#{self.roll}: overcome {', '.join(self.overcome) or 'none'}"


class EffectSpent(Event):
    type_name: ClassVar[str] = "cybergod.effect_spent@1"
    roll: int
    effect: SpentEffect
    #: Where the scene stood, for an effect that lasts.
    scene: int | None = None
    round: int = 0

    def describe(self) -> str:
        e = self.effect
        return f"{e.by} spent {e.cost} EP of #{self.roll} on {e.name}"


class SaveRolled(Event):
    type_name: ClassVar[str] = "cybergod.save_rolled@1"
    save: SaveRecord

    def describe(self) -> str:
        s = self.save
        faces = ", ".join(map(str, s.faces))
        kind = "a save" if s.save == "other" else f"{s.save} save"
        return f"{s.roller}: {kind} #{s.id} ({s.dice} D{s.die}: {faces})"


class WeaponChanged(Event):
    """A weapon's ammo after an Ammo Save or a reload (None: taken off the sheet)."""

    type_name: ClassVar[str] = "cybergod.weapon_changed@1"
    character: str
    weapon: str
    state: Weapon | None

    def describe(self) -> str:
        if self.state is None:
            return f"{self.character}: {self.weapon} removed"
        if self.state.reload:
            return f"{self.character}: {self.weapon} needs a reload"
        marks = self.state.marks
        return f"{self.character}: {self.weapon} {marks} mark{'' if marks == 1 else 's'}"


class StressChanged(Event):
    type_name: ClassVar[str] = "cybergod.stress_changed@1"
    character: str
    stress: int
    saves_due: tuple[int, ...] = ()
    breakdowns_due: int = 0

    def describe(self) -> str:
        return f"{self.character}: Stress {self.stress}"


class ResolveChanged(Event):
    type_name: ClassVar[str] = "cybergod.resolve_changed@1"
    character: str
    spent: int
    burned: int
    reason: str

    def describe(self) -> str:
        return f"{self.character}: Resolve spent {self.spent}, burned {self.burned} ({self.reason})"


class WoundsChanged(Event):
    type_name: ClassVar[str] = "cybergod.wounds_changed@1"
    character: str
    wounds: Wounds
    note: str

    def describe(self) -> str:
        return f"{self.character}: {self.note}"


class SceneChanged(Event):
    type_name: ClassVar[str] = "cybergod.scene_changed@1"
    scene: Scene | None
    note: str

    def describe(self) -> str:
        return self.note


class EffectsEnded(Event):
    """Lasting effects whose interval is over (Measurements > Time)."""

    type_name: ClassVar[str] = "cybergod.effects_ended@1"
    lasts: tuple[Duration, ...]

    def describe(self) -> str:
        return f"{', '.join(self.lasts)} effects ended"


class RollsCleared(Event):
    """The scene ended: its tests and saves leave play, and unspent EP with them."""

    type_name: ClassVar[str] = "cybergod.rolls_cleared@1"
    reason: str

    def describe(self) -> str:
        return f"rolls in play cleared ({self.reason})"
