"""Pure ``evolve``: how each event changes a table's state.

Each event class has exactly one evolver, registered next to the rules that produce it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from scenekeeper.engine.errors import CorruptHistory
from scenekeeper.engine.events import Event
from scenekeeper.engine.state import TableState

E = TypeVar("E", bound=Event)
Evolver = Callable[[TableState, Any], TableState]
Genesis = Callable[[TableState | None, Any], TableState]

_EVOLVERS: dict[type[Event], Evolver] = {}
_GENESIS: dict[type[Event], Genesis] = {}


def evolves(event_type: type[E]) -> Callable[[Callable[[TableState, E], TableState]], Evolver]:
    """Register the evolver of ``event_type`` (an event at an existing table)."""

    def register(fn: Callable[[TableState, E], TableState]) -> Evolver:
        _check_free(event_type)
        _EVOLVERS[event_type] = fn
        return fn

    return register


def starts_table(
    event_type: type[E],
) -> Callable[[Callable[[TableState | None, E], TableState]], Genesis]:
    """Register the evolver of an event that (re)starts a table, such as its creation."""

    def register(fn: Callable[[TableState | None, E], TableState]) -> Genesis:
        _check_free(event_type)
        if event_type.undoable:
            raise TypeError(f"{event_type.__name__} starts a table, so it must not be undoable")
        _GENESIS[event_type] = fn
        return fn

    return register


def _check_free(event_type: type[Event]) -> None:
    if event_type in _EVOLVERS or event_type in _GENESIS:
        raise TypeError(f"{event_type.__name__} already has an evolver")


def apply(state: TableState | None, event: Event) -> TableState:
    """The state after ``event``."""
    kind = type(event)
    genesis = _GENESIS.get(kind)
    if genesis is not None:
        return genesis(state, event)
    evolver = _EVOLVERS.get(kind)
    if evolver is None:
        raise CorruptHistory(f"no evolver for {event.type_name}")
    if state is None:
        raise CorruptHistory(f"{event.type_name} happened before the table was created")
    return evolver(state, event)
