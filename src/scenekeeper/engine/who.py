"""Finding the character a command means, the same way in every game: by the name people say
(``names.resolve``), the one the acting person plays, and whether they may act for it.

Each game keeps its own characters; these helpers take the game's lookup as a function.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.names import resolve
from scenekeeper.engine.state import TableMeta

C = TypeVar("C")


def named(
    characters: Mapping[str, C],
    name: str,
    find: Callable[[str], C | None],
    whole: str | None = None,
) -> C:
    """The character ``name`` means (``names.resolve``: a unique start or first name finds it,
    "Mara" for "Mara Voss", except for the command ``whole`` that deletes or hands it over);
    otherwise a refusal listing the table's characters."""
    found = find(resolve(characters, name, whole=whole) or name)
    if found is None:
        known = ", ".join(characters) or "none yet; make one with /char new name:<name>"
        raise Refusal(f"There is no character called {name} (characters: {known}).")
    return found


def played(meta: TableMeta, actor_id: str, exists: Callable[[str], bool]) -> list[str]:
    """The characters ``actor_id`` plays that the game still has."""
    return [c for c, owner in meta.owners.items() if owner == actor_id and exists(c)]


def name_the_character(mine: list[str]) -> Refusal:
    """Why no character could be taken for granted, and what to add."""
    if not mine:
        return Refusal("Name the character: add character:<name> (you play none here yet).")
    return Refusal(f"Name the character: add character:<name> (you play {', '.join(mine)}).")


def may_act_for(meta: TableMeta, actor_id: str, character: str) -> None:
    """Players act for their own characters; GMs for anyone."""
    if meta.is_gm(actor_id):
        return
    owner = meta.owner_of(character)
    if owner != actor_id:
        played_by = f"{meta.name_of(owner)}'s" if owner else "a GM's"
        raise Refusal(f"{character} is {played_by} character; only they or a GM can do that.")


def whose_sheet(meta: TableMeta, actor_id: str, named: str | None, known: Sequence[str]) -> str:
    """The character ``/char show`` means: the one named, else the one the actor plays; when
    they play none or several, a refusal listing the table's characters (``known``)."""
    if named is not None:
        return named
    mine = [c for c, owner in meta.owners.items() if owner == actor_id]
    if len(mine) == 1:
        return mine[0]
    listed = ", ".join(known) or "none yet"
    raise Refusal(f"Whose sheet? Add character:<name> (characters: {listed}).")
