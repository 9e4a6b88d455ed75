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

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


def _key(parts: tuple[object, ...]) -> object:
    """Text by value, anything else by identity (one part is keyed as itself, in ``get``)."""
    return tuple([p if type(p) is str else id(p) for p in parts])


class KeptByIdentity(Generic[T]):
    """A bounded map from parts (compared by identity; text by value) to what was built.

    An entry holds its parts, so while it lives no other object can have one of their ids: a
    key that matches is the very same objects, with nothing more to compare. No lock: each
    step is one dict operation (atomic in CPython), and two threads building the same entry at
    once only build it twice.
    """

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._entries: dict[object, tuple[tuple[object, ...], T]] = {}

    def get(self, parts: tuple[object, ...], build: Callable[[], T]) -> T:
        """What ``build`` made from ``parts`` (kept), or makes now. ``build`` must read nothing
        but ``parts``, and what it returns must never be changed by a caller."""
        if len(parts) == 1:  # the usual: one part (inlined _key: a call less, issue 36)
            part = parts[0]
            key: object = part if type(part) is str else id(part)
        else:
            key = _key(parts)
        entry = self._entries.get(key)
        if entry is not None:
            return entry[1]
        made = build()
        if len(self._entries) >= self.size:
            self._entries.clear()  # a bound: a busy process keeps the newest it made
        self._entries[key] = (parts, made)
        return made


K = TypeVar("K", bound=Hashable)


class OnePerValue(Generic[K, T]):
    """One frozen value per key, made by ``make(key)`` the first time and shared by every
    place that shows it after: a die showing a face is the same die in every roll (issue 36:
    a frozen model made for every die of every roll). Bounded: full, it starts afresh. No
    lock, as ``KeptByIdentity``: each step is one dict operation, and two threads making the
    same value at once only make it twice (equal values, so either serves)."""

    def __init__(self, make: Callable[[K], T], size: int = 4096) -> None:
        self.make = make
        self.size = size
        self._values: dict[K, T] = {}

    def __call__(self, key: K) -> T:
        value = self._values.get(key)
        if value is None:
            if len(self._values) >= self.size:
                self._values.clear()
            value = self._values[key] = self.make(key)
        return value
