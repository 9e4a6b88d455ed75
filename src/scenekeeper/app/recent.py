"""The newest events each busy table stored through this process, so ``/history`` answers
without reading the store.

What this process appended (and the store acknowledged) goes in, in order, and what it read
from the store up to a table's head (a first ``/history`` after a restart); a tail answers
only when it ends at the table's head and reaches back far enough, else the history is read
from the store as before. A table's tail is dropped with the table (a store failure, another
process's write), and only the ``tables`` most recently written keep one.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Sequence

from scenekeeper.engine.events import Envelope

#: Events kept a table: ``/history`` reads two per command wanted, ten commands by default.
EVENTS = 48


class RecentEvents:
    """Not thread-safe by itself: the app holds its cache lock around every call."""

    def __init__(self, tables: int, events: int = EVENTS) -> None:
        self.tables = max(1, tables)
        self.events = events
        # A table's tail drops its oldest event as it takes a new one (not a tuple made
        # again each command).
        self._tails: OrderedDict[str, deque[Envelope]] = OrderedDict()

    def stored(self, table_id: str, envelopes: Sequence[Envelope]) -> None:
        """``envelopes`` were appended to ``table_id``, just after its head as known here."""
        if not envelopes:
            return
        tail = self._tails.get(table_id)
        if tail is None or (tail and tail[-1].seq + 1 != envelopes[0].seq):
            # New, or a gap (written elsewhere, or loaded since): start again from these.
            tail = self._tails[table_id] = deque(maxlen=self.events)
        else:
            self._tails.move_to_end(table_id)
        tail.extend(envelopes)
        while len(self._tails) > self.tables:
            self._tails.popitem(last=False)

    def read(self, table_id: str, envelopes: Sequence[Envelope]) -> None:
        """``envelopes`` were read from the store up to the table's head: the newest of them are
        kept, so the next ``/history`` (after a restart, or past what was kept) is not read."""
        if envelopes:
            self._tails.pop(table_id, None)
            self.stored(table_id, envelopes)

    def after(self, table_id: str, after: int, upto: int) -> list[Envelope] | None:
        """The events ``after`` < seq <= ``upto`` if they are all kept here, else None."""
        tail = self._tails.get(table_id)
        if not tail or tail[-1].seq != upto or tail[0].seq > after + 1:
            return None
        return [e for e in tail if e.seq > after]

    def forget(self, table_id: str) -> None:
        self._tails.pop(table_id, None)
