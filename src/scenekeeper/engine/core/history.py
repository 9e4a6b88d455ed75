"""``/history``: the table's record, one line per command, newest last, undone ones marked."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from scenekeeper.engine.aggregate import Redone, Undone
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.events import Envelope
from scenekeeper.engine.quick import quick_init
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.secrets import shown

commands = CommandSet()
#: Most commands make one or two events: read this many per line wanted, more if short.
_EVENTS_PER_COMMAND = 2


@quick_init  # made for one command (its invocation's options)
@dataclass(frozen=True)
class Limit:
    count: Annotated[int, Opt("how many commands to show", min_value=1, max_value=50)] = 10


@dataclass(frozen=True)
class Entry:
    seq: int
    actor: str
    command: str
    events: list[Envelope]
    undone: bool = False


def group_commands(envelopes: Sequence[Envelope]) -> list[Entry]:
    """Group events by the command that made them and mark the ones that stand undone."""
    entries: dict[int, Entry] = {}
    for envelope in envelopes:
        entry = entries.get(envelope.command_seq)
        if entry is None:
            entry = Entry(envelope.command_seq, envelope.actor, envelope.command, [])
            entries[envelope.command_seq] = entry
        entry.events.append(envelope)
    undone: set[int] = set()
    for envelope in envelopes:
        if isinstance(envelope.event, Undone):
            undone.add(envelope.event.target_seq)
        elif isinstance(envelope.event, Redone):
            undone.discard(envelope.event.target_seq)
    return [Entry(e.seq, e.actor, e.command, e.events, e.seq in undone) for e in entries.values()]


@commands.command(
    "history",
    help="Show the newest commands at this table and what each did (undone ones marked).",
    permission=Permission.PLAYER,
    examples=("/history", "/history count:25"),
)
def history(ctx: Context, args: Limit) -> Decision:
    meta = ctx.require_state().meta
    span = args.count * _EVENTS_PER_COMMAND
    while True:
        after = max(0, ctx.table.seq - span)
        # The first group may be cut off by `after`: keep only groups that start inside.
        entries = [e for e in group_commands(ctx.history(after)) if e.seq > after]
        if len(entries) >= args.count or after == 0:
            break
        span *= 4
    entries = entries[-args.count :]
    lines = []
    own = []
    data: list[dict[str, Any]] = []
    for entry in entries:
        # The reply is the table's (Discord posts it in the channel): a sealed event reads
        # as the table reads it there, and as the asker may read it in the private part.
        public = [described(ctx, e, public=True) for e in entry.events]
        said = "; ".join(public)
        # Only a sealed event reads otherwise to the asker than to the table.
        mine = "; ".join(
            described(ctx, e) if e.event.sealed() else text
            for e, text in zip(entry.events, public, strict=True)
        )
        mark = " [undone]" if entry.undone else ""
        command = shown(entry.command, ctx.registry, meta)
        lines.append(f"#{entry.seq} {meta.name_of(entry.actor)}: {command} → {said}{mark}")
        if mine != said:
            own.append(f"#{entry.seq} as you may read it: {mine}{mark}")
        data.append(
            {
                "seq": entry.seq,
                "actor": entry.actor,
                "command": command,
                "events": [e.event.type_name for e in entry.events],
                "undone": entry.undone,
            }
        )
    return Decision(
        reply=Reply(
            text=tuple(lines or ["Nothing has happened here yet."]), private=tuple(own), data=data
        )
    )


def described(ctx: Context, envelope: Envelope, *, public: bool = False) -> str:
    """What an event did as the asker may read it (``public``: as the whole table may): a
    sealed event (a GM's secret roll) only for whom it is sealed for, and the secret options
    of a command it names hidden."""
    event = envelope.event
    if event.sealed() and public:
        return event.describe_sealed()
    if not event.visible_to(ctx.require_state().meta, ctx.actor.id, envelope.actor):
        return event.describe_sealed()
    if isinstance(event, Undone | Redone):
        command = shown(event.command, ctx.registry, ctx.require_state().meta)
        return event.model_copy(update={"command": command}).describe()
    return event.describe()
