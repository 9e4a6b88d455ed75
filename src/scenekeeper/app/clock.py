"""The time commands are made at: the real time, or (at the console) time moved on by hand.

A console script plays days of a game by post in seconds: ``# later: 13h`` moves its clock on,
so the reminders a pace calls for (``engine.pace``) fire as they would on Discord. Every
command's envelope is stamped from this clock (``App``'s ``clock``).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

#: ``# later: 13h`` (minutes m, hours h, days d; several parts: ``1d 12h``).
LATER = re.compile(r"#\s*later:\s*((?:\d{1,4}\s*[mhd]\s*)+)$", re.IGNORECASE)
_PART = re.compile(r"(\d{1,4})\s*([mhd])", re.IGNORECASE)
_UNIT = {"m": timedelta(minutes=1), "h": timedelta(hours=1), "d": timedelta(days=1)}


def stamp(moment: datetime) -> str:
    """How an envelope records the time it was made: UTC, to the millisecond, ``Z``."""
    if moment.tzinfo is not UTC:  # the clock's own moments are UTC already: no new one
        moment = moment.astimezone(UTC)
    return moment.isoformat(timespec="milliseconds")[:-6] + "Z"  # "+00:00" -> "Z"


class MovableClock:
    """The real time (or ``start``), plus however long was passed by hand."""

    def __init__(self, start: datetime | None = None) -> None:
        self._start = start
        self._moved = timedelta()

    def now(self) -> datetime:
        return (self._start or datetime.now(UTC)) + self._moved

    def later(self, span: timedelta) -> None:
        self._moved += span


def later(text: str) -> timedelta | None:
    """How far ``# later: 1d 12h`` moves the clock on (None: not such a line)."""
    found = LATER.match(text.strip())
    if found is None:
        return None
    return sum(
        (int(n) * _UNIT[unit.lower()] for n, unit in _PART.findall(found.group(1))), timedelta()
    )
