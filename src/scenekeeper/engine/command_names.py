"""What a person is told about a command name that does not work where they typed it: the
close names of a mistyped one (``did_you_mean``), and where a command of another game works
(``not_here``). ``engine.parse`` and ``/help`` both answer so."""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from scenekeeper.engine.commands import CommandRegistry
from scenekeeper.engine.systems import get_system as _system_of
from scenekeeper.engine.systems import system_names


def did_you_mean(typed: str, names: Sequence[str]) -> str:
    """ " Did you mean /a or /b?" for the names closest to ``typed`` (empty: none is close)."""
    close = difflib.get_close_matches(typed, names, n=3, cutoff=0.5)
    return f" Did you mean {' or '.join('/' + c for c in close)}?" if close else ""


def not_here(registry: CommandRegistry, name: str, system: str | None) -> str:
    """Why ``/name`` does not work at a table playing ``system``, and what does instead."""
    games = registry.games_of(name) or []
    where = f"a table playing {' or '.join(games)}" if games else "a table with a game"
    if system is None:
        return f"/{name} is for {where}; there is no game here yet. Type /help for what works here."
    pointer = _system_of(system).instead.get(name) if system in system_names() else None
    if registry.left_out_at(name, system):
        return f"There is no /{name} at a {system} table" + (
            f": use {pointer}." if pointer else "."
        )
    if pointer:
        return f"/{name} is for {where}; at this {system} table use {pointer}."
    return f"/{name} is for {where}; this table plays {system}. Type /help for what works here."
