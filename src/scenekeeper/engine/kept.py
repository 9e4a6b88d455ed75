"""``KeptByIdentity``: what was built from parts of a table's state, kept while those parts are
the same objects.

A table's state is frozen and each change copies only what it changes (``Frozen.model_copy``
keeps every other field as the same object), so between two rolls a game's characters, scene
assets and complications are the very objects they were. What is built from them alone -- the
names a pool may use, found by index -- is the same too, and is kept instead of built again.
The parts are held by the entry, so their ids cannot be reused while it lives; text parts (a
name typed) are compared by value.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


def _same(kept: object, given: object) -> bool:
    return kept is given or (type(kept) is str and kept == given)


class KeptByIdentity(Generic[T]):
    """A bounded map from parts (compared by identity; text by value) to what was built."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._entries: dict[tuple[int, ...], tuple[tuple[object, ...], T]] = {}
        self._lock = threading.Lock()

    def get(self, parts: tuple[object, ...], build: Callable[[], T]) -> T:
        """What ``build`` made from ``parts`` (kept), or makes now. ``build`` must read nothing
        but ``parts``, and what it returns must never be changed by a caller."""
        key = tuple(hash(p) if type(p) is str else id(p) for p in parts)
        with self._lock:
            entry = self._entries.get(key)
        if entry is not None and all(map(_same, entry[0], parts)):
            return entry[1]
        made = build()
        with self._lock:
            if len(self._entries) >= self.size:
                self._entries.clear()  # a bound: a busy process keeps the newest it made
            self._entries[key] = (parts, made)
        return made
