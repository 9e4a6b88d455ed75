"""A command's events as it decides them, folded as it goes: each step of a METTLE command
(land a held hit, roll, apply the outcome, pass Initiative) reads the table as the steps
before it left it. Pure: ``engine.evolve.apply`` on values; nothing is stored until the
command's events are appended by the app."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from scenekeeper.engine.sheets.schema import Staging
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.mettle import events as ev
from scenekeeper.systems.mettle.sheet import Character
from scenekeeper.systems.mettle.state import MettleState, mettle


class Plan(Staging):
    @property
    def game(self) -> MettleState:
        return mettle(self.state)

    def get(self, name: str) -> Character:
        found = self.game.find(name)
        if found is None:  # names come from the table's own state
            raise AssertionError(f"no character {name}")
        return found

    def mod(self, name: str) -> bool:
        return mod_on(self.state, name)

    def close_window(self) -> None:
        """The next Action, Check or handoff: an older Check can no longer be Twisted and the
        felled can no longer take Staggered (checklist D19, D29)."""
        if self.game.window_open or self.game.felled:
            self.add(ev.WindowClosed())


class PassOn(Protocol):
    def __call__(self, plan: Plan, actor: str, target: str | None, *, finished: bool) -> None: ...


def _unwired(*_args: object, **_kwargs: object) -> None:
    raise AssertionError("systems/mettle/__init__.py wires the procedures when the game loads")


@dataclass
class Procedures:
    """Steps one part of METTLE's rules asks of another, wired once when the game loads
    (``systems/mettle/__init__.py``), so that no module imports in a circle: losing the Action
    on one's own turn passes Initiative on (``volley.pass_on``), and a new Round brings the
    harm that ticks each Round (``ongoing.round_harm``), which may fell someone, who loses
    their Action (``initiative.lose_action``)."""

    pass_on: PassOn = _unwired
    round_started: Callable[[Plan], None] = _unwired


PROCEDURES = Procedures()
