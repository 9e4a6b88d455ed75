"""The Core Contract's hook points (NoDice, "Core Contract (Hook Points)"; R68): Extensions
plug in only at these six named steps and change the variables there; nothing else of the Hand
can be reached. The core ships no Extension (``EXTENSIONS`` is empty).

Each hook point is written down once, with the variables it hands over (pluggy's habit: a
misspelt step is refused when the Extension is made, never silently ignored). What a hook
returns is decided into the Hand's events, so replay never runs a hook again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from scenekeeper.systems.nodice.hand import PairResult
from scenekeeper.systems.nodice.state import Damage

#: The six steps, in the Contract's order, and what each hook takes and returns.
STEPS: Mapping[str, str] = {
    "engagement": "the Stakes (ES) of a new Conflict -> ES",
    "commit": "(Actor, the sealed values) -> a refusal message, or None to let it stand",
    "reveal": "every revealed TA card by Actor -> the same (Step 2)",
    "resolve": "one opposing pair's result (AD, Sweeps, Showdown, margin, damage) -> the same",
    "outcome": "one damage owed (defender, attacker, type, amount) -> the same",
    "update_state": "eliminated Actors and why -> the same",
}


@dataclass(frozen=True)
class Extension:
    """An Extension: its name and its hooks by step name."""

    name: str
    hooks: Mapping[str, Callable[..., Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        unknown = sorted(set(self.hooks) - set(STEPS))
        if unknown:
            raise TypeError(
                f"Extension {self.name}: {', '.join(unknown)} is not a hook point of the "
                f"Contract; the steps are {', '.join(STEPS)}"
            )


#: The Extensions in force, in the order they apply. The core ships none.
EXTENSIONS: list[Extension] = []


def _hooks(step: str) -> Iterator[Callable[..., Any]]:
    assert step in STEPS, step
    return (e.hooks[step] for e in EXTENSIONS if step in e.hooks)


def engagement(es: int) -> int:
    for hook in _hooks("engagement"):
        es = hook(es)
    return es


def commit(actor: str, values: Mapping[str, object]) -> str | None:
    for hook in _hooks("commit"):
        refused = hook(actor, values)
        if refused:
            return str(refused)
    return None


def reveal(cards: dict[str, Any]) -> dict[str, Any]:
    for hook in _hooks("reveal"):
        cards = hook(cards)
    return cards


def resolve(result: PairResult) -> PairResult:
    for hook in _hooks("resolve"):
        result = hook(result)
    return result


def outcome(damage: Damage) -> Damage:
    for hook in _hooks("outcome"):
        damage = hook(damage)
    return damage


def update_state(eliminated: dict[str, str]) -> dict[str, str]:
    for hook in _hooks("update_state"):
        eliminated = hook(eliminated)
    return eliminated


@contextmanager
def extended(*extensions: Extension) -> Iterator[None]:
    """Extensions in force for a while (tests; a table's switch when one ships)."""
    EXTENSIONS.extend(extensions)
    try:
        yield
    finally:
        for extension in extensions:
            EXTENSIONS.remove(extension)
