"""Autocomplete at a NoDice table: TA cards, and the asker's own Actor's Attributes that can
ante or be played; the Actors of ``/conflict start sides:`` (``|`` between sides); where won
tokens go (``/hand assign tokens:``) and damage is spread (``/hand spread points:``); the
Attributes of a sheet (``/char set trait:``, ``/char new traits:``) -- all of it public (stacks,
sheets and revealed cards), never anyone's sealed choice."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.names import resolve
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import Suggested
from scenekeeper.systems.nodice.flow import effective
from scenekeeper.systems.nodice.state import Fighter, NoDiceState
from scenekeeper.systems.nodice.trine import ASPECTS, ATTRIBUTES, ATTRIBUTES_OF, find_attribute

SUGGESTED = frozenset({"aspect", "ante", "action", "sides", "tokens", "points", "trait", "traits"})


def suggest(
    state: TableState, command: str, option: str, given: Mapping[str, object], actor_id: str
) -> Iterable[Suggested] | None:
    game = state.game
    if option not in SUGGESTED or not isinstance(game, NoDiceState):
        return None
    current = str(given.get(option) or "")
    if option == "sides":
        return _sides(game, current)
    if option in ("trait", "traits"):
        return _sheet(state, game, given.get("character"), actor_id, current)
    if game.conflict is None:
        return None
    if option in ("tokens", "points"):
        return _stacks(state, game, option, given.get("character"), actor_id, current=current)
    if option == "aspect":
        return list(ASPECTS)
    conflict = game.conflict
    fighter = _whose(state, conflict.fighters, given.get("character"), actor_id)
    if fighter is None:
        return []
    if option == "ante":
        names: tuple[str, ...] = ATTRIBUTES
    else:
        card = conflict.cards.get(fighter.name)
        names = ATTRIBUTES_OF[card] if card is not None else ()
    return [(f"{a} ({fighter.avs[a]})", a) for a in names if (fighter.avs.get(a) or 0) >= 1]


def _whose(
    state: TableState, fighters: Mapping[str, Fighter], named: object, actor_id: str
) -> Fighter | None:
    if isinstance(named, str) and named:
        try:
            found = resolve(fighters, named, "Actor")
        except Refusal:
            return None  # several fit: nothing to suggest until the name says which
        return fighters.get(found) if found is not None else None
    mine = [f for n, f in fighters.items() if state.meta.owner_of(n) == actor_id]
    return mine[0] if len(mine) == 1 else None


def _last(current: str, marks: str) -> tuple[str, str]:
    """What is typed before the last item of a list (separated by any of ``marks``), and it."""
    cut = max(current.rfind(m) for m in marks)
    if cut < 0:
        return "", current.strip()
    return current[: cut + 1].rstrip() + " ", current[cut + 1 :].strip()


def _typed(head: str) -> tuple[set[str], int]:
    """The items before the last, read as ``read_traits`` reads a list (commas or not, "REA 4 KNO
    5"; a full name or an abbreviation): the names given, upper case, and their numbers' sum."""
    given = {(find_attribute(w) or w).upper() for w in re.findall(r"[A-Za-z]+", head)}
    return given, sum(int(n) for n in re.findall(r"\d+", head))


def _sides(game: NoDiceState, current: str) -> list[Suggested]:
    """Actors not yet named, to finish the last name of ``Ada, Bo | Brute``."""
    head, last = _last(current, ",|")
    named = {n.strip().casefold() for n in re.split(r"[,|]", head) if n.strip()}
    left = [n for n in game.characters if n.casefold() not in named]
    found = [n for n in left if n.casefold().startswith(last.casefold())] or left
    return [(f"{head}{n}", f"{head}{n}") for n in found]


def _sheet(
    state: TableState, game: NoDiceState, named: object, actor_id: str, current: str
) -> list[Suggested]:
    """The next Attribute of a sheet, with its AV as the sheet has it (to change it)."""
    head, last = _last(current, ",")
    actor = (
        game.find_character(named)
        if isinstance(named, str) and named
        else next(
            (c for n, c in game.characters.items() if state.meta.owner_of(n) == actor_id), None
        )
    )
    given, _ = _typed(head)
    found = []
    for attribute in (*ATTRIBUTES, "wr"):
        if attribute.upper() in given or not attribute.casefold().startswith(last[:3].casefold()):
            continue
        if actor is None:
            value = ""
        elif attribute == "wr":
            value = str(actor.wr)
        else:
            av = actor.avs.get(attribute)
            value = "-" if av is None else str(av)
        found.append(f"{head}{attribute} {value}".rstrip())
    return [(f, f) for f in found]


def _stacks(
    state: TableState,
    game: NoDiceState,
    option: str,
    named: object,
    actor_id: str,
    *,
    current: str,
) -> list[Suggested]:
    """Where won tokens can go, or damage be spread: the asker's Actor's Attributes (of the
    damaged Aspect, for points), each with how many are left to put there."""
    conflict = game.conflict
    assert conflict is not None
    fighter = _whose(state, conflict.fighters, named, actor_id)
    if fighter is None:
        return []
    if option == "tokens":
        total = fighter.unassigned
        names = [a for a in ATTRIBUTES if fighter.avs.get(a) is not None]
    else:
        owed = next((d for d in conflict.damage if d.defender == fighter.name), None)
        if owed is None:
            return []
        total = effective(conflict, owed)
        names = [a for a in ATTRIBUTES_OF[owed.aspect] if (fighter.avs.get(a) or 0) >= 1]
    head, last = _last(current, ",")
    given, used = _typed(head)
    left = total - used
    if left < 1:
        return []
    fits = [a for a in names if a not in given and a.startswith(last[:3].upper())]
    found: list[Suggested] = [(f"{head}{a} {left}", f"{head}{a} {left}") for a in fits]
    if option == "points" and state.meta.is_gm(actor_id) and not head:
        found.append(("auto (highest AV first)", "auto"))
    return found
