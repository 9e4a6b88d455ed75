"""What the table waits for after a command: whom its reply tells (``engine.waits``), and,
at a paced table, the note of since when (``engine.pace``) stored with it."""

from __future__ import annotations

from dataclasses import replace

from scenekeeper.engine.aggregate import Table, evolve
from scenekeeper.engine.events import Envelope
from scenekeeper.engine.pace import noted
from scenekeeper.engine.systems import get_system
from scenekeeper.engine.waits import Mention, mentions


def told(before: Table, after: Table, actor: str) -> tuple[Mention, ...]:
    """The waits the command began (none for a table just started or of another game)."""
    was, now = before.state, after.state
    if was is None or now is None or was.meta.system != now.meta.system:
        return ()
    system = get_system(now.meta.system)
    return mentions(now.meta, system.waits(was.game), system.waits(now.game), actor)


def with_waits_noted(
    before: Table, after: Table, envelopes: list[Envelope]
) -> tuple[list[Envelope], Table]:
    """The command's envelopes with its ``WaitsNoted`` last where it calls for one (a paced
    table whose waits changed), and the table after them."""
    if not envelopes:
        return envelopes, after
    last = envelopes[-1]
    note = noted(before.state, after.state, [e.event for e in envelopes], last.time)
    if note is None:
        return envelopes, after
    envelope = replace(last, seq=last.seq + 1, event=note)
    return [*envelopes, envelope], evolve(after, envelope)
