"""``/undo`` and ``/redo``: take back the newest commands, or put back what was taken back.

Undo works like a stack: it always takes back the newest command still standing, so the
state after it is exactly the state before that command (see ``engine.aggregate``). A player
may take back their own commands; the GM and co-GMs may take back anyone's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.aggregate import UNDO_DEPTH, CommandRecord, Redone, Undone
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.quick import quick_init
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.secrets import shown
from scenekeeper.engine.systems import GameSystem, get_system
from scenekeeper.engine.upgrades import GM_RULING_REDO, HEAD_GM_UNDO, SEALER_UNDO
from scenekeeper.engine.withheld import Withheld, brings_back

commands = CommandSet()
MAX_AT_ONCE = 20


# Made for one command (its invocation's options): quick_init's one-step __init__.
@quick_init
@dataclass(frozen=True)
class Count:
    count: Annotated[int, Opt("how many commands", min_value=1, max_value=MAX_AT_ONCE)] = 1


@quick_init
@dataclass(frozen=True)
class UndoWhich:
    count: Annotated[int, Opt("how many commands", min_value=1, max_value=MAX_AT_ONCE)] = 1
    seq: Annotated[
        int | None, Opt("only if the newest command is #seq (as /history numbers it)", min_value=1)
    ] = None


@commands.command(
    "undo",
    help=f"Take back the newest command (or the newest count:N, up to {MAX_AT_ONCE}); "
    f"undo reaches back {UNDO_DEPTH} commands.",
    permission=Permission.PLAYER,
    examples=("/undo", "/undo count:3"),
)
def undo(ctx: Context, args: UndoWhich) -> Decision:
    window = ctx.table.window
    if not window:
        raise Refusal("There is nothing to undo.")
    if args.seq is not None and (args.count != 1 or window[-1].seq != args.seq):
        # Checked here, under the table's lock, so a command landing meanwhile is never the one
        # taken back by mistake (a button names the command it was shown with).
        raise Refusal(
            f"Command #{args.seq} is no longer the newest here (#{window[-1].seq} is); "
            "/undo takes back the newest (see /history)."
        )
    if args.count > len(window):
        raise Refusal(
            f"Only {len(window)} command{'s' if len(window) != 1 else ''} can be undone; "
            f"use /undo count:{len(window)}."
        )
    targets = list(reversed(window[-args.count :]))
    meta = ctx.require_state().meta
    game = get_system(meta.system)
    # The game's say first (a sealed commit is its sealer's alone; a reveal is not taken back by
    # a player): its refusal names who can, where "only they or a GM" would send a GM to be
    # refused in turn.
    sealer = not ctx.before(SEALER_UNDO)
    warnings = [
        w for t in targets if (w := game.undoing(meta, ctx.actor.id, t.events, sealer=sealer))
    ]
    _check_may_touch(ctx, targets, "undo")
    events = tuple(
        Undone.trusted(target_seq=t.seq, command=t.command, keeps_numbers=True) for t in targets
    )
    _check_keeps_withheld(ctx, events)
    return Decision(
        events=events,
        reply=Reply.say(
            *(f"Undid #{t.seq} {_shown(ctx, t)} ({_who(ctx, t)})." for t in targets), *warnings
        ),
    )


@commands.command(
    "redo",
    help="Put back the command most recently undone (or count:N of them).",
    permission=Permission.PLAYER,
    examples=("/redo",),
)
def redo(ctx: Context, args: Count) -> Decision:
    stack = ctx.table.redo
    if not stack:
        raise Refusal("There is nothing to redo: redo puts back an undo, until a new command.")
    if args.count > len(stack):
        raise Refusal(
            f"Only {len(stack)} undone command{'s' if len(stack) != 1 else ''} can be redone; "
            f"use /redo count:{len(stack)}."
        )
    targets = list(reversed(stack[-args.count :]))
    meta = ctx.require_state().meta
    game = get_system(meta.system)
    for target in targets:  # the game's say first, as for /undo
        game.redoing(meta, ctx.actor.id, target.events, sealer=not ctx.before(SEALER_UNDO))
    _check_may_touch(ctx, targets, "redo")
    if not meta.is_gm(ctx.actor.id) and not ctx.before(GM_RULING_REDO):
        # A GM's undo is a ruling: only a GM puts the command back.
        ruled = next((t for t in targets if t.undone_by and meta.is_gm(t.undone_by)), None)
        if ruled is not None:
            raise Refusal(
                f"#{ruled.seq} {_shown(ctx, ruled)} was undone by {meta.name_of(ruled.undone_by)}, "
                "a GM; only a GM can redo it."
            )
    events = tuple(
        Redone.trusted(target_seq=t.seq, command=t.command, keeps_numbers=True) for t in targets
    )
    _check_keeps_withheld(ctx, events)
    return Decision(
        events=events,
        reply=Reply.say(*(f"Redid #{t.seq} {_shown(ctx, t)} ({_who(ctx, t)})." for t in targets)),
    )


def _check_keeps_withheld(ctx: Context, events: tuple[Event, ...]) -> None:
    """A table imported from an export that withheld a sealed choice never revealed
    (``engine.withheld``) cannot bring that choice back: its values are not here."""
    system = get_system(ctx.require_state().meta.system)
    if type(system).sealing is GameSystem.sealing:
        return  # a game that seals nothing has no sealed choice to bring back
    records = (*ctx.table.window, *ctx.table.redo)
    if not any(isinstance(e, Withheld) for r in records for e in r.events):
        return
    if brings_back(ctx.history(0), events):
        raise Refusal(
            "That would bring back a sealed choice this table was imported without (never "
            "revealed, its export withheld it): play on from here instead."
        )


def _check_may_touch(ctx: Context, targets: list[CommandRecord], verb: str) -> None:
    """A player takes back or puts back their own commands, a GM anyone's -- and nobody a
    command they could not make now: what only the GM who runs the table may do (hand the
    table on, add co-GMs) only that GM takes back."""
    meta = ctx.require_state().meta
    earlier = ctx.before(HEAD_GM_UNDO)  # before: a player their own, a GM anyone's
    for target in targets:
        spec = ctx.registry.spec_of(target.command, meta.system)
        head_only = spec is not None and spec.permission is Permission.HEAD_GM and not earlier
        if head_only and ctx.actor.id != meta.gm:
            raise Refusal(
                f"Only {meta.name_of(meta.gm)}, the GM who runs the table, can {verb} "
                f"#{target.seq} {_shown(ctx, target)}."
            )
        if meta.is_gm(ctx.actor.id):
            continue
        if target.actor != ctx.actor.id:
            raise Refusal(
                f"#{target.seq} {_shown(ctx, target)} was {meta.name_of(target.actor)}'s; only "
                f"they or a GM can {verb} it."
            )
        if spec is not None and spec.permission is Permission.GM and not earlier:
            # Made while they were a GM: a GM's command, taken back only by a GM.
            raise Refusal(
                f"#{target.seq} {_shown(ctx, target)} is a GM's command; only a GM can {verb} it."
            )


def _who(ctx: Context, record: CommandRecord) -> str:
    return f"by {ctx.require_state().meta.name_of(record.actor)}"


def _shown(ctx: Context, record: CommandRecord) -> str:
    """The command as the table may read it (its secret options hidden)."""
    return shown(record.command, ctx.registry, ctx.require_state().meta)
