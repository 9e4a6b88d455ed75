"""A small bounded least-recently-used cache.

A long-running bot answers odds for whatever pools people build; the cache must keep the common
ones at hand without growing with every new pool, so it holds at most ``limit`` entries and drops
the one used longest ago. A lock keeps it consistent if two tables ask at once.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar, cast

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


_ABSENT = object()


class BoundedCache(Generic[K, V]):
    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError("a cache holds at least one entry")
        self.limit = limit
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The value for ``key``, made (outside the lock) and kept if it is not held."""
        with self._lock:
            # One look-up, not a test and then a read: a key is hashed each time it is looked up.
            held = self._items.get(key, _ABSENT)
            if held is not _ABSENT:
                self._items.move_to_end(key)
                return cast(V, held)
        value = make()
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.limit:
                self._items.popitem(last=False)
        return value

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
