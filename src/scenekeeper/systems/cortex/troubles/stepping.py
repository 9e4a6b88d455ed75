"""Several steps at once (``steps:`` on the step commands): one step after another, each on
the table as the step before left it, so every rule of a single step applies at each (a die
past d12, a character stressed out, a die stepped below d4 and gone)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from scenekeeper.engine.commands import Opt
from scenekeeper.engine.events import Event
from scenekeeper.engine.evolve import apply
from scenekeeper.engine.state import TableState

#: The option every step command offers.
StepsOpt = Annotated[int, Opt("how many steps at once", min_value=1, max_value=5)]
#: One step on the table as it stands: its events and lines, or None when there is nothing
#: left to step (the die is gone).
OneStep = Callable[[TableState], tuple[list[Event], list[str]] | None]


def stepped(state: TableState, times: int, once: OneStep) -> tuple[list[Event], list[str]]:
    """``once`` done ``times`` times (fewer when nothing is left to step)."""
    events: list[Event] = []
    lines: list[str] = []
    for _ in range(times):
        step = once(state)
        if step is None:
            break
        more, said = step
        for event in more:
            after = apply(state, event)
            assert after is not None  # a step never ends the table's game
            state = after
        events += more
        lines += said
    return events, lines
