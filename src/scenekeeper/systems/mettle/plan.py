"""A command's events as it decides them, folded as it goes: each step of a METTLE command
(land a held hit, roll, apply the outcome, pass Initiative) reads the table as the steps
before it left it. Pure: ``engine.evolve.apply`` on values; nothing is stored until the
command's events are appended by the app."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from scenekeeper.engine.commands import Context, Decision
from scenekeeper.engine.events import Event
from scenekeeper.engine.evolve import apply
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import TableState
from scenekeeper.systems.mettle import events as ev
from scenekeeper.systems.mettle.names import mettle, mod_on
from scenekeeper.systems.mettle.sheet import Character
from scenekeeper.systems.mettle.state import MettleState


class Plan:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.state: TableState = ctx.require_state()
        self.events: list[Event] = []
        self.lines: list[str] = []
        self.private: list[str] = []

    @property
    def game(self) -> MettleState:
        return mettle(self.state)

    def add(self, *events: Event) -> None:
        for event in events:
            after = apply(self.state, event)
            assert after is not None  # a METTLE event never ends the table's game
            self.state = after
            self.events.append(event)

    def say(self, *lines: str) -> None:
        self.lines.extend(line for line in lines if line)

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

    def decision(self, data: object = None) -> Decision:
        return Decision(
            events=tuple(self.events),
            reply=Reply(text=tuple(self.lines), private=tuple(self.private), data=data),
        )


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
