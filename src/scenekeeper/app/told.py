"""Whom a stored command's reply tells that the table now waits for them (``engine.waits``)."""

from __future__ import annotations

from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.systems import get_system
from scenekeeper.engine.waits import Mention, mentions


def told(before: Table, after: Table, actor: str) -> tuple[Mention, ...]:
    """The waits the command began (none for a table just started or of another game)."""
    was, now = before.state, after.state
    if was is None or now is None or was.meta.system != now.meta.system:
        return ()
    system = get_system(now.meta.system)
    return mentions(now.meta, system.waits(was.game), system.waits(now.game), actor)
