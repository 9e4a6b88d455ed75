"""A table's pace (play by post): how long someone may hold the table up before a reminder.

With a pace set (``/game pace hours:12``), the command that changes what the table waits for
also notes it, with since when (``WaitsNoted``, one more event of that command: stored with it
atomically, taken back with it by an undo, read again by an import). A wait still there a pace
after it began is ``due``: the people it is owed by get one reminder each. Pure: the time of a
command is its envelope's (the app's clock), and "now" is given.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import ClassVar

import pydantic

from scenekeeper.engine.events import Event
from scenekeeper.engine.evolve import evolves
from scenekeeper.engine.state import TableMeta, TableState
from scenekeeper.engine.systems import get_system
from scenekeeper.engine.waits import owed_by

#: The longest pace a table may set (30 days).
MAX_PACE_HOURS = 720


class PaceSet(Event):
    """The table's pace: hours someone may hold it up before a reminder (0: no pace)."""

    type_name: ClassVar[str] = "table.pace_set@1"
    hours: int

    def describe(self) -> str:
        return f"pace {self.hours} hours" if self.hours else "no pace"


class WaitsNoted(Event):
    """What the table waits for after the command it is part of, each line with since when
    (an ISO time): the lines that were there before keep their time."""

    type_name: ClassVar[str] = "table.waits_noted@1"
    waiting: dict[str, str] = pydantic.Field(default_factory=dict)

    def describe(self) -> str:
        count = len(self.waiting)
        if not count:
            return "the table waits for nothing"
        return f"the table waits for {count} move{'s' if count != 1 else ''}"


@evolves(PaceSet)
def _pace(state: TableState, event: PaceSet) -> TableState:
    meta = state.meta.model_copy(update={"pace_hours": event.hours})
    return state.replace(meta=meta)


@evolves(WaitsNoted)
def _noted(state: TableState, event: WaitsNoted) -> TableState:
    return state.replace(meta=state.meta.model_copy(update={"waiting": dict(event.waiting)}))


def noted(
    before: TableState | None, after: TableState | None, events: Sequence[Event], at: str
) -> WaitsNoted | None:
    """The ``WaitsNoted`` a command's events call for at a paced table (None: none): when
    what the table waits for is not what it noted. An undo or redo notes nothing (the state it
    brings back has its own notes)."""
    if before is None or after is None or not all(e.undoable for e in events):
        return None
    meta = after.meta
    if not meta.pace_hours:
        return WaitsNoted(waiting={}) if meta.waiting else None
    lines = get_system(meta.system).waiting_for(after.game)
    waiting = {line: meta.waiting.get(line, at) for line in lines}
    return None if waiting == meta.waiting else WaitsNoted(waiting=waiting)


@dataclass(frozen=True)
class Reminder:
    """One person held the table up a pace or more: what for, and since when."""

    person: str
    line: str
    since: str

    @property
    def key(self) -> str:
        """Names this reminder for good: one a person, a wait and its beginning."""
        return f"{self.since} {self.person} {self.line}"


def due(state: TableState | None, now: datetime) -> list[Reminder]:
    """The reminders a pace after their wait began (each person of each wait once)."""
    if state is None or not state.meta.pace_hours:
        return []
    meta = state.meta
    pace = timedelta(hours=meta.pace_hours)
    found: list[Reminder] = []
    for wait in get_system(meta.system).waits(state.game):
        since = meta.waiting.get(wait.line)
        if since is None or parse_time(since) + pace > now:
            continue
        found += [Reminder(person, wait.line, since) for person in owed_by(meta, wait)]
    return found


def parse_time(text: str) -> datetime:
    """An envelope's ISO time ("2026-11-29T10:00:00.000Z")."""
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def since_text(text: str) -> str:
    """A time as people read it: "Sun 29 Nov 10:00 UTC"."""
    return parse_time(text).strftime("%a %d %b %H:%M UTC")


def waiting_since(meta: TableMeta, line: str) -> str:
    """ " (since Sun 29 Nov 10:00 UTC)" for a wait a paced table noted; "" otherwise."""
    since = meta.waiting.get(line)
    return f" (since {since_text(since)})" if since else ""
