"""One lock per table: a table's commands run one at a time, other tables' at once.

Every lock in use is in a weak map (a table nobody is playing keeps none); the newest tables'
locks are held too, so a lock is not made again for each command (only the weak map held it, so
it went with its command: issue 36). Looking one up is one dict read with no lock when held.
"""

from __future__ import annotations

import threading
import weakref

#: How many tables' locks are held (strongly) besides the weak map of every lock in use.
HELD_LOCKS = 1024


class TableLocks:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._in_use: weakref.WeakValueDictionary[str, threading.Lock] = (
            weakref.WeakValueDictionary()
        )
        self.held: dict[str, threading.Lock] = {}

    def of(self, table_id: str) -> threading.Lock:
        """The lock of ``table_id``: the same one while anyone holds it."""
        lock = self.held.get(table_id)
        if lock is not None:
            return lock
        with self._lock:
            lock = self._in_use.get(table_id)
            if lock is None:
                lock = threading.Lock()
                self._in_use[table_id] = lock
            if len(self.held) >= HELD_LOCKS:
                self.held.clear()  # the weak map still has every lock in use
            self.held[table_id] = lock
            return lock
