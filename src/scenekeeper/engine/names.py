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
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from functools import cache, lru_cache
from importlib import resources

from scenekeeper.engine.errors import Refusal


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


def resolve(names: Iterable[str], typed: str, what: str = "character") -> str | None:
    """The one name of ``names`` that ``typed`` means, as people say names: the name itself
    (read as ``fold`` reads it), else the only name it begins, else the only name with a word
    it is (a first name: "Mara" for "Mara Voss"). None when nothing fits; ``Refusal`` listing
    the choices when more than one does."""
    wanted = fold(typed)
    if not wanted:
        return None
    listed = list(names)
    exact = [n for n in listed if fold(n) == wanted]
    if exact:
        return exact[0]
    starts = [n for n in listed if fold(n).startswith(wanted)]
    first_names = [n for n in listed if wanted in fold(n).split()]
    for found in (starts, first_names):
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise Refusal(
                f"{typed} could be the {what} {', '.join(found[:-1])} or {found[-1]}; type more "
                "of the name."
            )
    return None
