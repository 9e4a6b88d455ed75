"""A damaged table, as the app tells people about it: where the damage starts and why
(``TableDamaged``), and what ``scenekeeper check`` found for each table (``TableCheck``);
and a command the store could not keep (``unstored``). How damage is found is the store's
(``store/chain.py``); see docs/store.md."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from scenekeeper.app.outcome import Outcome
from scenekeeper.engine.errors import CorruptHistory
from scenekeeper.store.base import MAYBE_SAVED, NOT_SAVED, StoreUnavailable

log = logging.getLogger(__name__)


def unstored(table_id: str, error: Exception) -> Outcome:
    """A command the store could not keep, as the person is told (and the log says why): a
    history that cannot be read, a database that does not answer (the table is safe: try
    again; or, cut off mid-write, look at /history first), any other store failure."""
    if isinstance(error, CorruptHistory):
        log.error("table %s: history cannot be read: %s", table_id, error)
        return Outcome.refused(
            f"This table's stored history cannot be read ({error}). Nothing was "
            "changed; please tell whoever runs this bot."
        )
    if isinstance(error, StoreUnavailable):
        log.error("table %s: the database is not answering: %s", table_id, error)
        return Outcome.refused(MAYBE_SAVED if error.unsure else NOT_SAVED)
    log.error("table %s: store failed: %s", table_id, error)
    return Outcome.refused(NOT_SAVED)


@dataclass(frozen=True)
class TableCheck:
    """What ``App.check`` found: ``events`` hold; ``damaged_from`` is the first that does not."""

    table_id: str
    events: int
    damaged_from: int | None = None
    reason: str | None = None
    #: The snapshot in use does not equal a replay of the events (it would be a bug).
    snapshot_differs: bool = False

    @property
    def ok(self) -> bool:
        return self.damaged_from is None and not self.snapshot_differs

    def line(self) -> str:
        if self.damaged_from is not None:
            return (
                f"{self.table_id}: DAMAGED from event #{self.damaged_from} ({self.reason}); "
                f"{span(self.events)} {'holds' if self.events == 1 else 'hold'}. Recover: a "
                "GM runs /game export there (it "
                "saves the history before the damage) and /game import in a new channel."
            )
        if self.snapshot_differs:
            return f"{self.table_id}: {self.events} events hold, but its snapshot differs"
        return f"{self.table_id}: ok, {self.events} events"


class TableDamaged(Exception):
    """A table's stored history does not hold from event ``seq`` on."""

    def __init__(self, seq: int, reason: str) -> None:
        super().__init__(f"damaged from #{seq}: {reason}")
        self.seq = seq
        self.reason = reason

    def message(self) -> str:
        return (
            f"This table's history is damaged from event #{self.seq} ({self.reason}), so it "
            "cannot change until it is recovered; nothing was changed. A GM can save the "
            "history before the damage with /game export and bring it back with /game import "
            "in a new channel (at the console, --table with a new name). Whoever runs the bot "
            "can see every damaged table with `scenekeeper check`."
        )


def span(count: int) -> str:
    """The first ``count`` events, in words."""
    return {0: "no events", 1: "event #1"}.get(count, f"events #1-#{count}")


def reason_of(error: Exception) -> str:
    if isinstance(error, CorruptHistory):
        return str(error)
    return f"it cannot be replayed ({type(error).__name__})"
