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
#: Events after which the table has no game (``/game end``): the state is None again.
_ENDINGS: set[type[Event]] = set()


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


def ends_table(event_type: type[E]) -> type[E]:
    """Register an event after which the table has no game (it is kept as an archive).
    Like a table's creation it is a barrier: nothing before it can be undone."""
    _check_free(event_type)
    if event_type.undoable:
        raise TypeError(f"{event_type.__name__} ends a table, so it must not be undoable")
    _ENDINGS.add(event_type)
    return event_type


def _check_free(event_type: type[Event]) -> None:
    if event_type in _EVOLVERS or event_type in _GENESIS or event_type in _ENDINGS:
        raise TypeError(f"{event_type.__name__} already has an evolver")


def apply(state: TableState | None, event: Event) -> TableState | None:
    """The state after ``event`` (None after an event that ends the table's game)."""
    kind = type(event)
    if kind in _ENDINGS:
        if state is None:
            raise CorruptHistory(f"{event.type_name} ends a table that has no game")
        return None
    genesis = _GENESIS.get(kind)
    if genesis is not None:
        return genesis(state, event)
    evolver = _EVOLVERS.get(kind)
    if evolver is None:
        raise CorruptHistory(f"no evolver for {event.type_name}")
    if state is None:
        raise CorruptHistory(f"{event.type_name} happened before the table was created")
    return evolver(state, event)
