"""Cortex events of the table's procedures: contests, scenes, the doom pool, crisis pools,
recovery locks and time passing (re-exported by ``events``)."""

from __future__ import annotations

from typing import ClassVar

from scenekeeper.dice import Die
from scenekeeper.engine.events import Event
from scenekeeper.engine.fields import DieField
from scenekeeper.systems.cortex.scene_state import Scene
from scenekeeper.systems.cortex.state import Contest, Recovery, Stakes


class RecoveryLocked(Event):
    """A recovery test that cannot be tried again until time passes."""

    type_name: ClassVar[str] = "cortex.recovery_locked@1"
    character: str
    kind: str
    name: str

    def describe(self) -> str:
        return f"{self.character} cannot try to recover {self.name} again until time passes"


class RecoveryKept(Event):
    """The newest recovery test and how the track stood before it (None: none to keep)."""

    type_name: ClassVar[str] = "cortex.recovery_kept@1"
    recovery: Recovery | None

    def describe(self) -> str:
        kept = self.recovery
        return f"recovery test of roll #{kept.roll_id}" if kept else "no recovery test kept"


class RecoveryUnlocked(Event):
    """A recovery test decided again no longer bars a retry."""

    type_name: ClassVar[str] = "cortex.recovery_unlocked@1"
    character: str
    kind: str
    name: str

    def describe(self) -> str:
        return f"{self.character} may try to recover {self.name} again"


class TimePassed(Event):
    """Time passes (a rest, a new session): recovery may be tried again."""

    type_name: ClassVar[str] = "cortex.time_passed@1"
    reason: str

    def describe(self) -> str:
        return f"time passes ({self.reason})"


class CrisisPoolChanged(Event):
    """A crisis pool made or worn down; no dice left means it is resolved (and gone)."""

    type_name: ClassVar[str] = "cortex.crisis_pool_changed@1"
    name: str
    dice: tuple[DieField, ...]
    #: The roll whose effect die wore it down (that effect die is used up).
    roll_id: int | None = None

    def describe(self) -> str:
        left = " ".join(str(d) for d in self.dice) or "resolved"
        return f"crisis pool {self.name}: {left}"


class DoomPoolChanged(Event):
    type_name: ClassVar[str] = "cortex.doom_pool_changed@1"
    dice: tuple[DieField, ...]
    reason: str
    #: A new starting pool the GM chose (None: unchanged).
    start: tuple[DieField, ...] | None = None
    #: The doom dice now lent to NPCs' pools (None: unchanged).
    lent: tuple[DieField, ...] | None = None

    def describe(self) -> str:
        return f"doom pool now {' '.join(str(d) for d in self.dice) or 'empty'} ({self.reason})"


class ContestChanged(Event):
    """A contest started, moved on, or ended (``contest`` None); with what is left to settle."""

    type_name: ClassVar[str] = "cortex.contest_changed@1"
    contest: Contest | None
    stakes: tuple[Stakes, ...] = ()
    gave_in_to: tuple[tuple[str, str], ...] = ()
    note: str = ""

    def describe(self) -> str:
        return self.note or ("contest over" if self.contest is None else "contest goes on")


class SceneChanged(Event):
    """The scene started, moved on (order, timed test, ...), paused or ended (``scene`` None)."""

    type_name: ClassVar[str] = "cortex.scene_changed@1"
    scene: Scene | None
    paused: tuple[Scene, ...] = ()
    note: str = ""
    #: A scene begins (or one paused for a flashback resumes): its beat count is as given.
    #: Otherwise the beats counted so far stand (rolls count them, not this event).
    fresh: bool = False

    def describe(self) -> str:
        return self.note or ("scene ended" if self.scene is None else f"scene {self.scene.name}")


def die_list(dice: tuple[Die, ...]) -> str:
    return " ".join(str(d) for d in dice) or "none"
