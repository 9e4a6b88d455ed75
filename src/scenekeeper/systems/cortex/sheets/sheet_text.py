"""Several traits typed in one option: a whole sheet in one command.

``traits:"Distinctions: Cat Burglar, Ex-Con; Attributes: Agility d10, Wits d6; Skills:
Sneaking d8"`` -- groups split by ``;``, each opened by its trait set (a unique start of the
set's name will do: ``Skill:``) and holding traits split by commas, each a name and an optional
die (a list whose commas were left out, ``Agility d10 Wits d6``, reads as the same list; a
comma where the semicolon goes, ``Agility d10, Skills: Sneaking d8``, opens the set it names). A
group with no set takes the command's ``set:``, or the set the trait is in already. A trait
with no die keeps its rating, or takes the default (d8 for a distinction, d4 otherwise,
Cortex p.18).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scenekeeper.dice import DiceError, Die
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.mistyped import echo
from scenekeeper.engine.names import resolve
from scenekeeper.engine.sheets.several import rated_name, rated_parts
from scenekeeper.systems.cortex.sheets.sheet import clean_name

#: A word that is meant as a die ("d8", "D10", "d7"), not part of a trait's name.
_DIE_LIKE = re.compile(r"[dD]\d+")


@dataclass(frozen=True)
class TypedTrait:
    """One trait as typed: its set (None: not said), name and die (None: not said)."""

    set: str | None
    name: str
    die: Die | None


def trait_set(sets: tuple[str, ...], typed: str) -> str:
    """The set ``typed`` means (its name or a unique start of it: ``Skill`` for Skills)."""
    found = resolve(sets, typed, what="trait set")
    if found is None:
        raise Refusal(
            f"There is no trait set called {echo(typed)}; this game's sets are {', '.join(sets)}."
        )
    return found


def read_traits(text: str, sets: tuple[str, ...], default_set: str | None) -> list[TypedTrait]:
    """Every trait ``text`` names, in order."""
    found: list[TypedTrait] = []
    for group in (g.strip() for g in text.split(";")):
        if not group:
            continue
        head, colon, rest = group.partition(":")
        set_name = trait_set(sets, head) if colon else default_set
        for typed in (i.strip() for i in (rest if colon else group).split(",")):
            item = typed
            opened = _opens_group(sets, typed)
            if opened is not None:  # "..., Skills: Fighting d10": a comma for a semicolon
                set_name, item = opened
            if item:
                found.extend(_trait(one, set_name) for one in rated_parts(item, _is_die))
    if not found:
        raise Refusal(
            'Name the traits, like traits:"Attributes: Agility d10, Wits d6; Skills: Sneaking d8".'
        )
    return found


def _opens_group(sets: tuple[str, ...], item: str) -> tuple[str, str] | None:
    """The set an item after a comma opens, and the rest of it: ``Skills: Fighting d10``, when
    its words before the colon are a set's whole name (any case) -- a distinction such as
    ``Mission: Impossible`` stays one name."""
    head, colon, rest = item.partition(":")
    if not colon:
        return None
    named = next((s for s in sets if s.casefold() == head.strip().casefold()), None)
    return None if named is None else (named, rest.strip())


def several(text: str) -> bool:
    """Whether one trait's text is a list of traits: several names each with its die, with
    commas or without (``/char set Agility d10, Wits d6``; ``engine.sheets.several``)."""
    return len(rated_parts(text, _is_die)) > 1


def _is_die(word: str) -> bool:
    return _DIE_LIKE.fullmatch(word) is not None


def _trait(item: str, set_name: str | None) -> TypedTrait:
    words = item.split()
    die: Die | None = None
    if len(words) > 1 and _DIE_LIKE.fullmatch(words[-1]):
        try:
            die = Die.parse(words[-1])
            words = words[:-1]
        except DiceError:
            raise Refusal(
                f"{echo(words[-1])} in {echo(item)} is not a die; rate a trait d4, d6, d8, d10 "
                "or d12."
            ) from None
    # A name never ends in a colon: "Climbing: d6" (name: value) and a bare "Climbing:" alike.
    return TypedTrait(set=set_name, name=clean_name(rated_name(words)), die=die)
