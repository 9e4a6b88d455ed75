"""``KeptByIdentity``: what was built from parts of a table's state, kept while those parts are
the same objects.

A table's state is frozen and each change copies only what it changes (``Frozen.model_copy``
keeps every other field as the same object), so between two rolls a game's characters, scene
assets and complications are the very objects they were. What is built from them alone -- the
names a pool may use, found by index -- is the same too, and is kept instead of built again.
The parts are held by the entry, so their ids cannot be reused while it lives; text parts (a
name typed), which a cache names and puts first, are compared by value.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class KeptByIdentity(Generic[T]):
    """A bounded map from parts (compared by identity; the first ``texts`` by value) to what
    was built.

    An entry holds its parts, so while it lives no other object can have one of their ids: a
    key that matches is the very same objects, with nothing more to compare. The first
    ``texts`` parts of every key are compared by value instead: what a person typed (a new
    string each command, equal to the last) and flags. A text given where identity is the rule
    is still sound -- held by its entry, it only misses when an equal copy comes -- so a caller
    puts its texts first and says how many. No lock: each step is one dict operation (atomic in
    CPython), and two threads building the same entry at once only build it twice.
    """

    def __init__(self, size: int = 64, *, texts: int = 0) -> None:
        self.size = size
        self.texts = texts
        self._entries: dict[tuple[object, ...], tuple[tuple[object, ...], T]] = {}

    def _key(self, parts: tuple[object, ...]) -> tuple[object, ...]:
        # map(id, ...) runs in C: no Python call a part (issue 36: a roll asks ~20 times).
        texts = self.texts
        return (*parts[:texts], *map(id, parts[texts:])) if texts else tuple(map(id, parts))

    def get(self, parts: tuple[object, ...], build: Callable[[], T]) -> T:
        """What ``build`` made from ``parts`` (kept), or makes now. ``build`` must read nothing
        but ``parts``, and what it returns must never be changed by a caller."""
        texts = self.texts  # _key written out: a call less on the way that finds it
        key = (*parts[:texts], *map(id, parts[texts:])) if texts else tuple(map(id, parts))
        try:
            return self._entries[key][1]
        except KeyError:
            pass
        made = build()
        self._keep(key, parts, made)
        return made

    def get_one(self, part: object, build: Callable[[], T]) -> T:
        """``get((part,), build)`` for a cache with no texts (a state, its meta, a roll's
        dice): the same key, made without map's machinery for one part."""
        key = (id(part),)
        try:
            return self._entries[key][1]
        except KeyError:
            pass
        made = build()
        self._keep(key, (part,), made)
        return made

    def put(self, parts: tuple[object, ...], made: T) -> None:
        """Keep ``made`` as what ``parts`` build, without looking first: for a value made from
        those very parts on the way (a new roll's reading, made as it was rolled)."""
        self._keep(self._key(parts), parts, made)

    def _keep(self, key: tuple[object, ...], parts: tuple[object, ...], made: T) -> None:
        if len(self._entries) >= self.size:
            self._entries.clear()  # a bound: a busy process keeps the newest it made
        self._entries[key] = (parts, made)


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
        try:
            return self._values[key]
        except KeyError:
            pass
        if len(self._values) >= self.size:
            self._values.clear()
        value = self._values[key] = self.make(key)
        return value
