"""The tables this process keeps loaded: the few in use as they are, the rest compact.

A live table (``Table``: state, undo window, redo stack) is tens of kilobytes of Python
objects; a bot in thousands of channels keeps thousands. So only the ``hot`` most recently used
tables stay as objects; the others are kept compact (``app.compact``: the snapshot and the state
as compressed JSON, a few kilobytes), and brought back when next used (about a millisecond: the
state and the window's events are decoded, nothing is folded again). Past ``size`` tables, the
least recently used is forgotten and loads from the store.

Not thread-safe by itself: the app holds its cache lock around every call.
"""

from __future__ import annotations

from collections import OrderedDict

from scenekeeper.app.compact import Compacted, compact, inflate
from scenekeeper.engine.aggregate import Table

__all__ = ["HOT", "TableCache", "compact", "inflate"]

#: Tables kept as objects; the rest of the cache is kept compact.
HOT = 256


class TableCache:
    def __init__(self, size: int, hot: int = HOT) -> None:
        self.size = size
        self.hot_size = max(1, min(hot, size))
        self._hot: OrderedDict[str, Table] = OrderedDict()
        self._compact: OrderedDict[str, Compacted] = OrderedDict()

    def __len__(self) -> int:
        return len(self._hot) + len(self._compact)

    def get(self, table_id: str) -> Table | None:
        """The table, made hot again if it was compact; None if it is not kept."""
        table = self._hot.get(table_id)
        if table is not None:
            self._hot.move_to_end(table_id)
            return table
        kept = self._compact.pop(table_id, None)
        if kept is None:
            return None
        table = inflate(*kept)
        self.put(table_id, table)
        return table

    def peek(self, table_id: str) -> Table | None:
        """The table without changing what is hot (for autocomplete)."""
        table = self._hot.get(table_id)
        if table is not None:
            return table
        kept = self._compact.get(table_id)
        return inflate(*kept) if kept is not None else None

    def put(self, table_id: str, table: Table) -> None:
        self._compact.pop(table_id, None)
        self._hot[table_id] = table
        self._hot.move_to_end(table_id)
        while len(self._hot) > self.hot_size:
            cold_id, cold = self._hot.popitem(last=False)
            self._compact[cold_id] = compact(cold)
        while len(self._hot) + len(self._compact) > self.size:
            if self._compact:
                self._compact.popitem(last=False)
            else:
                self._hot.popitem(last=False)

    def pop(self, table_id: str) -> None:
        self._hot.pop(table_id, None)
        self._compact.pop(table_id, None)

    def clear(self) -> None:
        self._hot.clear()
        self._compact.clear()
