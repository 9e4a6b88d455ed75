"""The names a Cortex pool may use (``Candidates``) and the dice they stand for (``Term``):
a trait, an asset, a complication or stress of anyone at the table, a difficulty level. Built
from a table's state for each pool (``roll.pools``), looked up by the words people type."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, cast

from scenekeeper.dice import Die
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.quick import quick_init
from scenekeeper.systems.cortex.sheets.sheet import Character

Kind = Literal[
    "trait", "asset", "complication", "stress", "trauma", "dice", "difficulty", "doom", "gang"
]


@quick_init
@dataclass(frozen=True)
class Term:
    """One die of a pool before it is rolled, and what it is."""

    die: Die
    source: str
    kind: Kind
    name: str = ""
    owner: str = ""  # whose complication/asset it is, when not the roller's
    trait_set: str | None = None
    #: A hindered distinction, or your own d4 complication or stress: earns 1 PP (p.18, p.27).
    earns_pp: bool = False
    #: Pushing Stress mod: your own stress in your own pool, for 1 PP (Cortex p.40).
    pushed: bool = False


def fold(text: str) -> str:
    # Commas separate words in a pool, so a name holding one ("Cold Hands, Warm Heart") is
    # matched without it.
    return " ".join(text.replace("-", " ").replace("_", " ").replace(",", " ").split()).casefold()


class Candidates:
    """Names a pool may use, each mapped to the terms it could mean. A short name (an
    opponent's stress by its type alone, "Physical") is weak: it means the stress only when
    nothing else has that name."""

    def __init__(self) -> None:
        self.by_name: dict[str, list[Term]] = {}
        self.weak: dict[str, list[Term]] = {}

    def add(self, name: str, term: Term, *, weak: bool = False) -> None:
        (self.weak if weak else self.by_name).setdefault(fold(name), []).append(term)

    def longest(self, words: list[str], start: int) -> tuple[list[Term], int] | None:
        for end in range(len(words), start, -1):
            folded = fold(" ".join(words[start:end]))
            found = self.by_name.get(folded) or self.weak.get(folded)
            if found:
                return found, end
        return None

    def starting(self, words: list[str], start: int) -> tuple[list[Term], int] | None:
        """The one name the most words from ``start`` are the beginning of ("Cat Bur" for Cat
        Burglar, "Agi" for Agility); a refusal listing the names when more than one fits."""
        for end in range(len(words), start, -1):
            typed = fold(" ".join(words[start:end]))
            for names in (self.by_name, self.weak):
                found = {n: ts for n, ts in names.items() if n.startswith(typed)}
                meant = {(t.owner, t.name, t.kind) for ts in found.values() for t in ts}
                if len(meant) == 1:
                    return next(iter(found.values())), end
                if len(meant) > 1:
                    spelled = sorted({typed_as(t) for ts in found.values() for t in ts})
                    raise Refusal(
                        f"'{' '.join(words[start:end])}' could be {', '.join(spelled[:-1])} or "
                        f"{spelled[-1]}; type more of the name."
                    )
        return None

    def names(self) -> list[str]:
        """Every name as people type it (for suggestions and the "Known:" list)."""
        return sorted(
            {typed_as(t) for ts in (*self.by_name.values(), *self.weak.values()) for t in ts}
        )

    def stress(
        self, who: Character, name: str, die: Die, kind: str = "stress", *, typed: bool = True
    ) -> None:
        """``who``'s stress (or trauma) as an opponent names it: "Kessler's Physical stress",
        "Physical stress" (weak unless ``typed``), and, for stress, "Kessler's Physical" and
        "Physical" (weak) (Cortex p.39)."""
        term = Term(die, f"{name} {kind} ({who.name})", cast(Kind, kind), name, who.name)
        self.add(f"{who.name}'s {name} {kind}", term)
        # "Physical stress" is a character's own in their own pool; failing that, an opponent's.
        self.add(f"{name} {kind}", term, weak=not typed)
        if kind == "stress":
            self.add(f"{who.name}'s {name}", term, weak=True)
            self.add(name, term, weak=True)


def typed_as(term: Term) -> str:
    """How a term is typed in a pool."""
    if term.kind in ("stress", "trauma") and term.owner and term.owner != "scene":
        return f"{term.owner}'s {term.name} {term.kind}"
    if term.kind in ("stress", "trauma"):
        return f"{term.name} {term.kind}"
    return term.name
