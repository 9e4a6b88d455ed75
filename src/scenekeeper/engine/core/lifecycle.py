"""A table's life after it starts: ending it (``/game end``), handing the lead GM role to a
co-GM (``/game gm hand``), and letting side scenes in threads play it (``/game threads``).

Ending keeps everything: the events stay in the store as an archive, and the GM who ends it
gets the export (the same file ``/game export`` makes, so ``/game import`` brings the game
back). After the end the table has no game; on Discord the channel starts a fresh table for
the next ``/game new`` (docs/discord.md, "Ending and handing over a table").
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, ClassVar

from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.core.transfer import export_document
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.evolve import ends_table, evolves
from scenekeeper.engine.reply import File, Reply
from scenekeeper.engine.state import Person, TableState
from scenekeeper.engine.systems import get_system

commands = CommandSet()


class TableEnded(Event):
    """The table's game ended; the table is an archive from here on (no game, no undo)."""

    type_name: ClassVar[str] = "table.ended@1"
    undoable: ClassVar[bool] = False
    name: str
    by: str

    def describe(self) -> str:
        return f"{self.by} ended '{self.name}'"


class GmHanded(Event):
    """``to`` (a co-GM) became the GM who runs the table; ``previous`` stays as a co-GM."""

    type_name: ClassVar[str] = "table.gm_handed@1"
    to: str
    name: str
    previous: str

    def describe(self) -> str:
        return f"{self.name} now runs the table"


class ThreadsFollowSet(Event):
    """Threads of the table's channel play this table (side scenes), or not."""

    type_name: ClassVar[str] = "table.threads_follow_set@1"
    follow: bool

    def describe(self) -> str:
        return f"threads {'play' if self.follow else 'no longer play'} this table"


ends_table(TableEnded)


@evolves(GmHanded)
def _handed(state: TableState, event: GmHanded) -> TableState:
    meta = state.meta.with_name(Person(event.to, event.name))
    co_gms = (*(p for p in meta.co_gms if p != event.to), event.previous)
    return state.replace(meta=meta.model_copy(update={"gm": event.to, "co_gms": co_gms}))


@evolves(ThreadsFollowSet)
def _threads(state: TableState, event: ThreadsFollowSet) -> TableState:
    return state.replace(meta=state.meta.model_copy(update={"threads_follow": event.follow}))


@dataclass(frozen=True)
class EndGame:
    confirm: Annotated[
        bool, Opt("true to end the game for good (you get its export; the table is archived)")
    ]


@commands.command(
    "game end",
    help="End this table's game: you get its export, the table is kept as an archive, and "
    "the channel is free for /game new.",
    summary="End this table's game: you get its export and the table is kept as an archive.",
    permission=Permission.HEAD_GM,
    examples=("/game end confirm:true",),
)
def end(ctx: Context, args: EndGame) -> Decision:
    meta = ctx.require_state().meta
    if not args.confirm:
        raise Refusal(
            f"Nothing was ended. To end '{meta.name}' for good, type /game end confirm:true "
            "(you get its export first)."
        )
    system = get_system(meta.system)
    if system.sealed_values(ctx.require_state().game):
        # Its export would carry the sealed choices (as /game export, refused while they stand).
        raise Refusal(
            f"/game end waits until nothing is sealed: {system.until_unsealed()} first, then "
            "end the game."
        )
    doc = export_document(ctx.table_id, ctx.table, ctx.history(0), ctx.registry)
    content = json.dumps(doc, indent=2, ensure_ascii=False).encode()
    export = File(f"{_file_name(meta.name)}-{ctx.table.seq}.json", content, private=True)
    return Decision(
        events=(TableEnded(name=meta.name, by=ctx.actor.name),),
        reply=Reply(
            text=(
                f"'{meta.name}' has ended; {ctx.actor.name} has its export. Its history is kept "
                "as an archive.",
                "Start the next game here with /game new, or bring one back with /game import.",
            ),
            private=(
                f"The export of '{meta.name}' ({_events(ctx.table.seq)}): keep it; /game import "
                "file: brings the game back.",
            ),
            files=(export,),
        ),
    )


@dataclass(frozen=True)
class HandTo:
    user: Annotated[Person, Opt("the co-GM who runs the table from now on")]


@commands.command(
    "game gm hand",
    help="Hand the lead GM role to a co-GM: they run the table from now on and you stay a co-GM.",
    permission=Permission.HEAD_GM,
    examples=("/game gm hand user:bob",),
    whole_names=True,
)
def hand(ctx: Context, args: HandTo) -> Decision:
    meta = ctx.require_state().meta
    person = args.user
    if person.id == meta.gm:
        raise Refusal(f"{meta.name_of(person.id)} runs this table already.")
    if person.id not in meta.co_gms:
        raise Refusal(
            f"{meta.names.get(person.id, person.name)} is not a co-GM; make them one first with "
            f"/game gm add user:{person.id}, then hand the table over."
        )
    name = meta.name_of(person.id)
    previous = meta.name_of(meta.gm)
    return Decision(
        events=(GmHanded(to=person.id, name=name, previous=meta.gm),),
        reply=Reply.say(f"{name} now runs '{meta.name}'; {previous} stays on as a co-GM."),
    )


@dataclass(frozen=True)
class Threads:
    follow: Annotated[
        bool, Opt("true: threads of this channel play this table (side scenes); false: not")
    ]


@commands.command(
    "game threads",
    help="Side scenes: threads of this channel play this table, unless a thread starts a game "
    "of its own (Discord).",
    summary="Side scenes: whether threads of this channel play this table.",
    permission=Permission.GM,
    examples=("/game threads follow:true",),
)
def threads(ctx: Context, args: Threads) -> Decision:
    meta = ctx.require_state().meta
    if meta.threads_follow == args.follow:
        state = "play" if args.follow else "do not play"
        raise Refusal(f"Threads of this channel {state} this table already.")
    if args.follow:
        said = (
            f"Threads of this channel now play '{meta.name}' (side scenes), unless a thread "
            "starts a game of its own with /game new."
        )
    else:
        said = f"Threads of this channel no longer play '{meta.name}'."
    return Decision(events=(ThreadsFollowSet(follow=args.follow),), reply=Reply.say(said))


def _events(count: int) -> str:
    return f"{count} event{'' if count == 1 else 's'}"


def _file_name(name: str) -> str:
    cleaned = "".join(c if c.isalnum() or c in "-_" else "-" for c in name.lower()).strip("-")
    return cleaned or "table"


def has_ended(table: Table) -> bool:
    """Whether a table's game has ended: it has a history but no game (see ``TableEnded``)."""
    return table.state is None and table.seq > 0


def next_table(table_id: str) -> str:
    """The table a place (a Discord channel, a console) moves on to after ``table_id``'s game
    ends: ``C``, then ``C:2``, ``C:3``... (the Discord adapter names its tables the same way)."""
    place, _, number = table_id.partition(":")
    return f"{place}:{int(number) + 1}" if number.isdigit() else f"{table_id}:2"
