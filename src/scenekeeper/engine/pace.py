"""A table's pace (play by post): how long someone may hold the table up before a reminder.

With a pace set (``/game pace hours:12``), the command that changes what the table waits for
also notes it, with since when (``WaitsNoted``, one more event of that command: stored with it
atomically, taken back with it by an undo, read again by an import). A wait still there a pace
after it began is ``due``: the people it is owed by get one reminder each. Pure: the time of a
command is its envelope's (the app's clock), and "now" is given.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Sequence
from dataclasses import dataclass
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
        if not self.hours:
            return "no pace"
        return f"pace {self.hours} hour{'s' if self.hours != 1 else ''}"


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


def due(state: TableState | None, now: float) -> list[Reminder]:
    """The reminders a pace after their wait began at ``now`` (seconds since 1970: the app's
    clock; the engine reads times, it never asks a clock), each person of each wait once."""
    if state is None or not state.meta.pace_hours:
        return []
    meta = state.meta
    pace = meta.pace_hours * 3600
    found: list[Reminder] = []
    for wait in get_system(meta.system).waits(state.game):
        since = meta.waiting.get(wait.line)
        if since is None or seconds(since) + pace > now:
            continue
        found += [Reminder(person, wait.line, since) for person in owed_by(meta, wait)]
    return found


#: An envelope's time as the app writes it: "2026-11-30T09:00:00.000Z".
_TIME = re.compile(r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?Z")


def _parts(text: str) -> tuple[int, int, int, int, int, int]:
    found = _TIME.fullmatch(text)
    if found is None:
        raise ValueError(f"not a time: {text[:40]!r}")
    year, month, day, hour, minute, second = (int(g) for g in found.groups())
    return year, month, day, hour, minute, second


def seconds(text: str) -> float:
    """Seconds since 1970 of an envelope's time."""
    return float(calendar.timegm((*_parts(text), 0, 0, 0)))


def since_text(text: str) -> str:
    """A time as people read it: "Mon 30 Nov 09:00 UTC" (as written, if not the app's)."""
    try:
        year, month, day, hour, minute, _ = _parts(text)
    except ValueError:
        return text
    weekday = calendar.day_abbr[calendar.weekday(year, month, day)]
    return f"{weekday} {day:02d} {calendar.month_abbr[month]} {hour:02d}:{minute:02d} UTC"


def waiting_since(meta: TableMeta, line: str) -> str:
    """ " (since Sun 29 Nov 10:00 UTC)" for a wait a paced table noted; "" otherwise."""
    since = meta.waiting.get(line)
    return f" (since {since_text(since)})" if since else ""
