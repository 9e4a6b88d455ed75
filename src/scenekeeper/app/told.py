"""What the table waits for after a command: whom its reply tells (``engine.waits``), and,
at a paced table, the note of since when (``engine.pace``) stored with it."""

from __future__ import annotations

from dataclasses import replace

from scenekeeper.engine.aggregate import Table, evolve
from scenekeeper.engine.events import Envelope
from scenekeeper.engine.kept import KeptByIdentity
from scenekeeper.engine.pace import noted
from scenekeeper.engine.state import GameState
from scenekeeper.engine.systems import GameSystem, get_system
from scenekeeper.engine.waits import Mention, Wait, mentions


def told(before: Table, after: Table, actor: str) -> tuple[Mention, ...]:
    """The waits the command began (none for a table just started or of another game, nor
    for a command that left the game's state as it was: a seat, a mention, a pace)."""
    was, now = before.state, after.state
    if was is None or now is None or was.meta.system != now.meta.system or was.game is now.game:
        return ()
    system = get_system(now.meta.system)
    return mentions(now.meta, _waits(system, was.game), _waits(system, now.game), actor)


#: The waits of the game states last asked about, by the state object: a command's "before"
#: is the one before it's "after", so each command works out one list, not two.
_KNOWN: KeptByIdentity[list[Wait]] = KeptByIdentity(512)


def _waits(system: GameSystem, game: GameState) -> list[Wait]:
    return _KNOWN.get_one(game, lambda: system.waits(game))


def with_waits_noted(
    before: Table, after: Table, envelopes: list[Envelope]
) -> tuple[list[Envelope], Table]:
    """The command's envelopes with its ``WaitsNoted`` last where it calls for one (a paced
    table whose waits changed), and the table after them."""
    if not envelopes:
        return envelopes, after
    meta = after.state.meta if after.state is not None else None
    if meta is None or (not meta.pace_hours and not meta.waiting):
        return envelopes, after  # no pace and nothing noted: nothing to note (pace.noted)
    last = envelopes[-1]
    note = noted(before.state, after.state, [e.event for e in envelopes], last.time)
    if note is None:
        return envelopes, after
    envelope = replace(last, seq=last.seq + 1, event=note)
    return [*envelopes, envelope], evolve(after, envelope)
