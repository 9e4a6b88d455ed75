"""Which reminders a paced table has sent (``engine.pace``): each once, through restarts.

The reminders due come from the table (``pace.due``); which of them went out is kept in the
store beside the table, as the newest snapshot of a stream of its own (``reminders:<table>``),
never as events: a reminder is a delivery, not something the table did, so it is neither in
the history nor taken back by an undo. A reminder is marked sent *before* it is delivered: a
crash between the two loses one reminder rather than sending it twice. Only the process that
serves a table asks for its reminders (a channel is served by one process), so a reminder goes
out once however many processes run.
"""

from __future__ import annotations

import threading
from datetime import datetime

from scenekeeper.app.handle import App
from scenekeeper.engine.pace import Reminder, due
from scenekeeper.store.base import Snapshot

VERSION = "reminders@1"


def record_id(table_id: str) -> str:
    return f"reminders:{table_id}"


class Reminders:
    """The reminders to send now at a table, and the mark that they went out."""

    def __init__(self, app: App) -> None:
        self.app = app
        self._lock = threading.Lock()

    def take(self, table_id: str, now: datetime) -> list[Reminder]:
        """The reminders due at ``now`` not sent yet, marked sent as they are returned (the
        caller delivers them). Blocking: reads and writes the store."""
        found = due(self.app.table(table_id).state, now.timestamp())
        if not found:
            return []
        with self._lock:
            kept = self.app.store.latest_snapshot(record_id(table_id))
            seq = kept.seq if kept is not None else 0
            sent = _keys(kept)
            new = [r for r in found if r.key not in sent]
            if new:
                # Only the keys still due are kept: a wait that ended is never due again.
                keys = sorted({r.key for r in found})
                self.app.store.save_snapshot(
                    Snapshot(record_id(table_id), seq + 1, VERSION, {"sent": keys})
                )
            return new


def _keys(kept: Snapshot | None) -> set[str]:
    if kept is None or kept.version != VERSION:
        return set()
    sent = kept.state.get("sent")
    return {str(k) for k in sent} if isinstance(sent, list) else set()
