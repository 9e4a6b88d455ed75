"""When two names are the same name: what people read, not which code points they typed.

"Ada", "ada", " Ada ", fullwidth "Ada" and "Ada" with a Cyrillic A (U+0410) all read as Ada, so a
table must never hold two of them side by side (a GMC that impersonates a player's character,
a trait that cannot be told from another). ``fold`` gives every name one form to compare:

1. NFKC folds compatibility forms (fullwidth letters, ligatures, superscripts);
2. case is folded and runs of spaces become one, with the ends trimmed;
3. each character that Unicode lists as confusable with others (UTS #39 confusables, as the
   ``confusable-homoglyphs`` package ships them) becomes one stand-in for its whole group,
   preferring a plain ASCII one, so Ada with a Cyrillic A folds like "Ada", and "l" like "1".

Names are stored as people typed them; only comparisons use the folded form.

``resolve`` is the one rule that finds what a typed name means at the table, in every game: the
name itself, then read case- and accent-free, then a unique beginning -- never a beginning for a
command that deletes, ends, removes or hands over what it names (docs/rules-notes.md, "Names").
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache
from importlib import resources

from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.quoting import typed as typed_option


@cache
def _stand_ins() -> dict[str, str]:
    """Character -> the one character that stands for its group of look-alikes."""
    data = json.loads(
        resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8")
    )
    parent: dict[str, str] = {}

    def root(char: str) -> str:
        while parent.get(char, char) != char:
            parent[char] = parent.get(parent[char], parent[char])
            char = parent[char]
        return char

    for char, entries in data.items():
        if len(char) != 1:
            continue
        for entry in entries:
            other = entry["c"]
            if len(other) == 1:
                a, b = root(char), root(other)
                if a != b:
                    # The plainer character leads the group: ASCII first, then lower code.
                    first, second = sorted((a, b), key=lambda c: (not c.isascii(), ord(c)))
                    parent[second] = first
    return {char: root(char) for char in parent}


@lru_cache(maxsize=8192)
def fold(name: str) -> str:
    """The form two names share exactly when they read the same."""
    # Invisible format characters (zero-width spaces, joiners, direction marks, BOM) change
    # no name as it reads, so they are dropped before comparing.
    visible = "".join(c for c in name if unicodedata.category(c) != "Cf")
    text = " ".join(unicodedata.normalize("NFKC", visible).casefold().split())
    stand_ins = _stand_ins()
    mapped = "".join(stand_ins.get(char, char) for char in text)
    # A stand-in may be a capital (the Cyrillic small a's group may be led by Latin "A").
    return " ".join(unicodedata.normalize("NFKC", mapped).casefold().split())


def same(a: str, b: str) -> bool:
    return fold(a) == fold(b)


def warm() -> None:
    """Load the confusables table now (half a second), before the first command needs it."""
    _stand_ins()


def bare(name: str) -> str:
    """``fold`` without accents: what a plain keyboard types for a name ("Zoë" -> "zoe")."""
    decomposed = unicodedata.normalize("NFKD", fold(name))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


#: Whether names are matched as they were before one rule matched every name (``/game import``
#: deciding again a command an earlier version made: ``engine.upgrades.ONE_NAME_RULE``).
_BEFORE: ContextVar[bool] = ContextVar("names_before_one_rule", default=False)


@contextmanager
def matched_as_before(before: bool) -> Iterator[None]:
    """Names matched as before ``ONE_NAME_RULE`` while this holds, when ``before``."""
    token = _BEFORE.set(before)
    try:
        yield
    finally:
        _BEFORE.reset(token)


def resolve(
    names: Iterable[str],
    typed: str,
    what: str = "character",
    *,
    whole: str | None = None,
    option: str | None = None,
) -> str | None:
    """The one name of ``names`` that ``typed`` means -- one rule for every name a person types
    (characters, Actors, people, traits, assets, cards), in this order:

    1. the name exactly as typed;
    2. the name as ``fold`` reads it (case, width, look-alike letters);
    3. the name without accents (``bare``: "zoe" for "Zoë"); two such names are refused;
    4. the only name it begins ("Bo" for "Bo Brave"), else the only name with a word it is (a
       first or last name: "Voss" for "Mara Voss"), both read without accents.

    None when nothing fits; ``Refusal`` listing the choices when more than one does. ``whole``
    names a command that deletes, ends, removes or hands over what it names (``"char delete"``):
    it takes no beginning or word (step 4), and offers the whole name as ``option:`` instead."""
    listed = list(dict.fromkeys(names))
    if _BEFORE.get():
        return _resolve_before(listed, typed, what)
    if typed in listed:
        return typed
    wanted = fold(typed)
    if not wanted:
        return None
    same_name = [n for n in listed if fold(n) == wanted]
    if same_name:
        return same_name[0]
    plain = bare(typed)
    unaccented = [n for n in listed if bare(n) == plain]
    if len(unaccented) == 1:
        return unaccented[0]
    if unaccented:
        raise _several(typed, unaccented, what)
    starts = [n for n in listed if bare(n).startswith(plain)]
    words = [n for n in listed if plain in bare(n).split()]
    for found in (starts, words):
        if not found:
            continue
        if whole is not None:
            raise Refusal(_whole_name(found, whole, option or what))
        if len(found) == 1:
            return found[0]
        raise _several(typed, found, what)
    return None


def _several(typed: str, found: list[str], what: str) -> Refusal:
    return Refusal(
        f"{typed} could be the {what} {', '.join(found[:-1])} or {found[-1]}; type more of "
        "the name."
    )


def _whole_name(found: list[str], command: str, option: str) -> str:
    offered = " or ".join(typed_option(option, n) for n in found)
    return f"Did you mean {offered}? /{command} needs the whole name."


def _resolve_before(listed: list[str], typed: str, what: str) -> str | None:
    """The rule before ``ONE_NAME_RULE``: the name as ``fold`` reads it, else the only name it
    begins, else the only name with a word it is -- accents kept, and every command alike."""
    wanted = fold(typed)
    if not wanted:
        return None
    exact = [n for n in listed if fold(n) == wanted]
    if exact:
        return exact[0]
    starts = [n for n in listed if fold(n).startswith(wanted)]
    first_names = [n for n in listed if wanted in fold(n).split()]
    for found in (starts, first_names):
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise _several(typed, found, what)
    return None
