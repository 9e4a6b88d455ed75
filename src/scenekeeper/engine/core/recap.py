"""``/recap``: catching up after days away (play by post) -- privately, what the others did
since your last command, as you may read it, and what the table waits for from you."""

from __future__ import annotations

from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Permission
from scenekeeper.engine.core.history import Entry, described, group_commands
from scenekeeper.engine.pace import since_text
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.secrets import shown
from scenekeeper.engine.systems import get_system
from scenekeeper.engine.waits import owed_by

commands = CommandSet()
#: The most commands a recap lists (the newest); /history reaches further.
MOST = 30


@commands.command(
    "recap",
    help="Catch up: what the others did since your last command (posts, rolls, your "
    "character, scenes), as you may read it, and what the table waits for from you. Only "
    "you see it.",
    summary="Catch up, privately: what the others did since your last command, and what "
    "waits for you.",
    permission=Permission.PLAYER,
    examples=("/recap",),
)
def recap(ctx: Context, _args: NoOptions) -> Decision:
    meta = ctx.require_state().meta
    me = ctx.actor.id
    entries, last = _since_mine(ctx)
    theirs = [e for e in entries if e.actor != me]
    lines: list[str] = []
    if last is None:
        lines.append("You have made no command at this table yet: here is what it did.")
    else:
        when = since_text(last.events[0].time)
        lines.append(f"Since your last command (#{last.seq}, {when}):")
    if not theirs:
        lines.append("Nothing: nobody else has made a command since.")
    if len(theirs) > MOST:
        lines.append(f"({len(theirs) - MOST} earlier not listed: /history count:50 reaches them.)")
    for entry in theirs[-MOST:]:
        said = "; ".join(described(ctx, e) for e in entry.events)
        mark = " [undone]" if entry.undone else ""
        command = shown(entry.command, ctx.registry, meta)
        lines.append(f"#{entry.seq} {meta.name_of(entry.actor)}: {command} → {said}{mark}")
    system = get_system(meta.system)
    owed = [w.line for w in system.waits(ctx.require_state().game) if me in owed_by(meta, w)]
    lines += [f"Waiting for you: {line}" for line in owed] or ["Nothing waits for you."]
    data = {
        "since": last.seq if last is not None else None,
        "commands": [e.seq for e in theirs[-MOST:]],
        "waiting_for_you": owed,
    }
    return Decision(reply=Reply(private=tuple(lines), private_data=data))


def _since_mine(ctx: Context) -> tuple[list[Entry], Entry | None]:
    """The commands after the asker's newest one (all, if they made none), and that one."""
    span = 256
    while True:
        after = max(0, ctx.table.seq - span)
        entries = [e for e in group_commands(ctx.history(after)) if e.seq > after]
        mine = [i for i, e in enumerate(entries) if e.actor == ctx.actor.id]
        if mine:
            return entries[mine[-1] + 1 :], entries[mine[-1]]
        if after == 0:
            return entries, None
        span *= 4
