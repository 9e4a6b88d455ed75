"""METTLE Core events: what happened at the table, with every fact replay needs (every face
of every Check is in its ``CheckRecord``)."""

from __future__ import annotations

from typing import ClassVar

import pydantic

from scenekeeper.engine.events import Event
from scenekeeper.systems.mettle.sheet import Affliction, Character, Gear, Kind
from scenekeeper.systems.mettle.state import CheckRecord, HeldHit, Initiative, Scene, Team


class CharacterMade(Event):
    type_name: ClassVar[str] = "mettle.character_created@1"
    name: str
    kind: Kind
    pool: int | None = None
    attributes: dict[str, int] = pydantic.Field(default_factory=dict)

    def describe(self) -> str:
        return f"{'GM character' if self.kind == 'gmc' else 'character'} {self.name} created"


class AttributeRated(Event):
    """An Attribute (or the NPC pool, or Credit) rated, its Descriptor written, or both."""

    type_name: ClassVar[str] = "mettle.attribute_rated@1"
    character: str
    attribute: str
    value: int | None = None
    descriptor: str | None = None

    def describe(self) -> str:
        said = [str(self.value)] if self.value is not None else []
        said += [f'"{self.descriptor}"'] if self.descriptor is not None else []
        return f"{self.character}: {self.attribute} {' '.join(said)}"


class SheetImported(Event):
    type_name: ClassVar[str] = "mettle.sheet_imported@1"
    character: Character

    def describe(self) -> str:
        return f"sheet of {self.character.name} imported"


class CharacterDeleted(Event):
    type_name: ClassVar[str] = "mettle.character_deleted@1"
    name: str

    def describe(self) -> str:
        return f"{self.name} deleted"


class BackstoryWritten(Event):
    type_name: ClassVar[str] = "mettle.backstory_written@1"
    character: str
    text: str
    removed: bool = False

    def describe(self) -> str:
        verb = "loses" if self.removed else "gains"
        return f"{self.character} {verb} the Backstory {self.text}"


class GearChanged(Event):
    """Gear added (or replaced by name), or taken off with ``gear`` None."""

    type_name: ClassVar[str] = "mettle.gear_changed@1"
    character: str
    name: str
    gear: Gear | None = None

    def describe(self) -> str:
        if self.gear is None:
            return f"{self.character} puts away {self.name}"
        return f"{self.character} carries {self.gear.describe()}"


class MettleChanged(Event):
    type_name: ClassVar[str] = "mettle.mettle_changed@1"
    character: str
    mettle: int
    reason: str

    def describe(self) -> str:
        return f"{self.character}: Mettle {self.mettle} ({self.reason})"


class StatusGained(Event):
    type_name: ClassVar[str] = "mettle.status_gained@1"
    character: str
    status: str
    value: int = 0
    reason: str = ""
    #: A felling blow a player may still deny by taking Staggered.
    may_stagger: bool = False

    def describe(self) -> str:
        return f"{self.character} is {self.status}" + (f" ({self.reason})" if self.reason else "")


class StatusLost(Event):
    type_name: ClassVar[str] = "mettle.status_lost@1"
    character: str
    status: str
    reason: str = ""

    def describe(self) -> str:
        why = f" ({self.reason})" if self.reason else ""
        return f"{self.character} is no longer {self.status}{why}"


class AfflictionChanged(Event):
    """A Dose rolled (its faces kept), damage ticked off, or the affliction cured."""

    type_name: ClassVar[str] = "mettle.affliction_changed@1"
    character: str
    affliction: Affliction | None
    dose: str = ""
    faces: tuple[int, ...] = ()

    def describe(self) -> str:
        if self.affliction is None:
            return f"{self.character} is no longer afflicted"
        # The Dose stays secret (scenes.md, Affliction): history says only what it is.
        return f"{self.character} is afflicted ({self.affliction.kind})"


class Stabilised(Event):
    type_name: ClassVar[str] = "mettle.stabilised@1"
    character: str
    stable: bool = True

    def describe(self) -> str:
        return f"{self.character} is {'stable' if self.stable else 'no longer stable'}"


class DelayChanged(Event):
    type_name: ClassVar[str] = "mettle.delay_changed@1"
    character: str
    delayed: bool

    def describe(self) -> str:
        return f"{self.character} {'loses' if self.delayed else 'is over'} the next Action"


class CheckRolled(Event):
    type_name: ClassVar[str] = "mettle.check_rolled@1"
    check: CheckRecord
    #: Mettle spent on a Surge before the dice (engine.md, Mettle Surges).
    surge: int = 0

    def describe(self) -> str:
        c = self.check
        who = c.roller or "the GM"
        return f"{who}: {c.action} #{c.id}, faces {' '.join(map(str, c.faces)) or '-'}"


class TwistCalled(Event):
    """A Twist re-rolled the Edge dice of the newest Check (``check`` is it afterwards)."""

    type_name: ClassVar[str] = "mettle.twist_called@1"
    check: CheckRecord
    kind: str
    what: str = ""

    def describe(self) -> str:
        c = self.check
        return f"{c.roller} twists #{c.id} ({self.kind}): faces {' '.join(map(str, c.faces))}"


class HitHeld(Event):
    """A hit now waits for a Defend, or (None) no hit waits any more."""

    type_name: ClassVar[str] = "mettle.hit_held@1"
    hit: HeldHit | None

    def describe(self) -> str:
        if self.hit is None:
            return "no hit waits for a Defend"
        return f"{self.hit.attacker}'s hit on {self.hit.target} waits for a Defend"


class WindowClosed(Event):
    """The next Action, Check or handoff: no Twist on the old Check, no Staggered for the
    felled any more (checklist D19, D29)."""

    type_name: ClassVar[str] = "mettle.window_closed@1"

    def describe(self) -> str:
        return "the moment for a Twist or Staggered passes"


class InitiativeChanged(Event):
    type_name: ClassVar[str] = "mettle.initiative_changed@1"
    initiative: Initiative | None
    note: str

    def describe(self) -> str:
        return self.note


class SceneChanged(Event):
    type_name: ClassVar[str] = "mettle.scene_changed@1"
    scene: Scene | None
    note: str

    def describe(self) -> str:
        return self.note


class TeamChanged(Event):
    type_name: ClassVar[str] = "mettle.team_changed@1"
    team: Team | None
    note: str

    def describe(self) -> str:
        return self.note


class VouchersChanged(Event):
    """Downtime Vouchers given (``count`` > 0) or one spent (``what`` it revealed)."""

    type_name: ClassVar[str] = "mettle.vouchers_changed@1"
    character: str
    count: int
    what: str = ""

    def describe(self) -> str:
        if self.what:
            return f"{self.character} spends a Downtime Voucher: {self.what}"
        return f"{self.character} gets {self.count} Downtime Voucher(s)"


class XpChanged(Event):
    """XP given (``amount`` > 0), or spent (negative) raising ``attribute`` by one."""

    type_name: ClassVar[str] = "mettle.xp_changed@1"
    character: str
    amount: int
    attribute: str | None = None

    def describe(self) -> str:
        if self.attribute:
            return f"{self.character} spends {-self.amount} XP: {self.attribute.capitalize()} +1"
        return f"{self.character} gets {self.amount} XP"
