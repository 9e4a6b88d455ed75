"""Whom a table waits for: each game's pending moves, and the people they are owed by.

A game lists what its table waits for (``GameSystem.waits``): each ``Wait`` is one line (what
waits, the command that moves it on and the GM's way to call it off, as ``/game show`` says
it) and the characters whose move it is. A character's move is its player's; a GM character's,
or a move no character owns (a GM picks who goes next), is the GM's. An offer nobody owes
(a Cybergod roll that may be opposed, a weapon to reload) names nobody.

``mentions`` is what the reply to a command tells people: the waits the command began, each to
the people who owe it -- never to the person who made the command, nor to anyone who switched
their mentions off. Pure: no clock, no adapter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scenekeeper.engine.state import TableMeta


@dataclass(frozen=True)
class Wait:
    """One thing a table waits for, in the words ``/game show`` uses."""

    line: str
    #: The characters whose move it is; empty: the GM's.
    characters: tuple[str, ...] = ()
    #: False: an offer nobody owes (the table plays on without it); nobody is told of it.
    owed: bool = True


@dataclass(frozen=True)
class Mention:
    """A person told that the table waits for them, and for what."""

    person: str
    line: str


def owed_by(meta: TableMeta, wait: Wait) -> tuple[str, ...]:
    """The people ``wait`` is owed by (person ids, each once): each character's player, the GM
    for a GM character or for a wait that names no character; none for an offer."""
    if not wait.owed:
        return ()
    people = [meta.owner_of(name) or meta.gm for name in wait.characters] or [meta.gm]
    return tuple(dict.fromkeys(people))


def mentions(
    meta: TableMeta, before: Sequence[Wait], after: Sequence[Wait], actor: str
) -> tuple[Mention, ...]:
    """Whom a command's reply tells that the table now waits for them: each wait that was not
    there before it (by its words), to the people it is owed by, but the actor and anyone who
    switched their mentions off."""
    was = {wait.line for wait in before}
    told: list[Mention] = []
    for wait in after:
        if wait.line in was:
            continue
        told += [
            Mention(person, wait.line)
            for person in owed_by(meta, wait)
            if person != actor and person not in meta.unmentioned
        ]
    return tuple(told)
