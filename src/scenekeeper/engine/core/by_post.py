"""Playing by post: being told when the table waits for you (``/game mentions``), and the
table's pace (``/game pace``).

Whenever a command leaves the table waiting for someone -- their character's turn, a reaction
or Defend owed, a save, a seal -- its reply tells them (``engine.waits``; on Discord, a mention).
Each person may switch that off for themselves. With a pace, whoever holds the table up that
long gets one reminder (``engine.pace``), and ``/game show`` says since when each wait waits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.evolve import evolves
from scenekeeper.engine.pace import MAX_PACE_HOURS, PaceSet
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import TableState

commands = CommandSet()


class MentionsChosen(Event):
    """One person switched on or off being told when the table waits for them."""

    type_name: ClassVar[str] = "table.mentions_chosen@1"
    person: str
    enabled: bool

    def describe(self) -> str:
        return f"{self.person}: mentions {'on' if self.enabled else 'off'}"


@evolves(MentionsChosen)
def _mentions(state: TableState, event: MentionsChosen) -> TableState:
    meta = state.meta
    people = tuple(p for p in meta.unmentioned if p != event.person)
    if not event.enabled:
        people = (*people, event.person)
    return state.replace(meta=meta.model_copy(update={"unmentioned": people}))


@dataclass(frozen=True)
class Mentions:
    enabled: Annotated[
        bool, Opt("true: be mentioned when the table waits for you; false: not (your choice)")
    ]


@commands.command(
    "game mentions",
    help="Whether you are mentioned when the table waits for you (your turn, a reaction or a "
    "save owed, a seal): on by default; your own choice, for you alone.",
    summary="Whether you are mentioned when the table waits for you (your choice, for you).",
    permission=Permission.PLAYER,
    examples=("/game mentions enabled:false",),
)
def choose_mentions(ctx: Context, args: Mentions) -> Decision:
    meta = ctx.require_state().meta
    person = ctx.actor.id
    if (person not in meta.unmentioned) == args.enabled:
        raise Refusal(
            f"You are {'mentioned' if args.enabled else 'not mentioned'} already "
            "when the table waits for you.",
            public=True,
        )
    said = (
        f"{ctx.actor.name} is mentioned when the table waits for them."
        if args.enabled
        else f"{ctx.actor.name} is no longer mentioned when the table waits for them "
        "(/game show still says whom it waits for)."
    )
    return Decision(
        events=(MentionsChosen(person=person, enabled=args.enabled),),
        reply=Reply.say(said),
    )


@dataclass(frozen=True)
class Pace:
    hours: Annotated[
        int,
        Opt(
            "hours someone may hold the table up before a reminder (0: no pace, a live table)",
            min_value=0,
            max_value=MAX_PACE_HOURS,
        ),
    ]


@commands.command(
    "game pace",
    help="The table's pace, for play by post: whoever holds the table up this many hours (their "
    "turn, a reaction, a save, a seal) gets one reminder; /game show says since when each "
    "wait waits. 0: no pace (a live table, the default).",
    summary="Play by post: hours someone may hold the table up before one reminder (0: none).",
    permission=Permission.GM,
    examples=("/game pace hours:12", "/game pace hours:0"),
)
def set_pace(ctx: Context, args: Pace) -> Decision:
    meta = ctx.require_state().meta
    if meta.pace_hours == args.hours:
        raise Refusal(f"The pace is {_pace_text(args.hours)} already.", public=True)
    said = (
        f"Pace: {_pace_text(args.hours)}. Whoever holds the table up that long gets one "
        "reminder; /game show says whom the table waits for and since when."
        if args.hours
        else "No pace: nobody is reminded (a live table)."
    )
    return Decision(events=(PaceSet(hours=args.hours),), reply=Reply.say(said))


def _pace_text(hours: int) -> str:
    if not hours:
        return "off"
    return f"{hours} hour{'s' if hours != 1 else ''}"
