"""Playing by post: being told when the table waits for you (``/game mentions``), the
table's pace (``/game pace``), and how your reminders reach you (``/game reminders``).

Whenever a command leaves the table waiting for someone -- their character's turn, a reaction
or Defend owed, a save, a seal -- its reply tells them (``engine.waits``; on Discord, a mention).
Each person may switch that off for themselves. With a pace, whoever holds the table up that
long gets one reminder (``engine.pace``), and ``/game show`` says since when each wait waits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

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


class RemindersBy(Event):
    """How one person's reminders reach them: in the table's channel, or by DM."""

    type_name: ClassVar[str] = "table.reminders_by@1"
    person: str
    by: Literal["channel", "dm"]

    def describe(self) -> str:
        return f"{self.person}: reminders by {'DM' if self.by == 'dm' else 'the channel'}"


@evolves(RemindersBy)
def _reminders_by(state: TableState, event: RemindersBy) -> TableState:
    meta = state.meta
    people = tuple(p for p in meta.reminded_by_dm if p != event.person)
    if event.by == "dm":
        people = (*people, event.person)
    return state.replace(meta=meta.model_copy(update={"reminded_by_dm": people}))


@dataclass(frozen=True)
class Reminders:
    by: Annotated[
        str,
        Opt(
            "channel: a mention in the table's channel (the default); dm: a direct message",
            choices=("channel", "dm"),
        ),
    ]


@commands.command(
    "game reminders",
    help="How your reminders at a paced table reach you: in the table's channel (a mention, "
    "the default) or by a direct message (DM), where the bot may send you one (else in the "
    "channel). Your own choice, for you alone.",
    summary="How your reminders reach you: in the table's channel, or by DM (your choice).",
    permission=Permission.PLAYER,
    examples=("/game reminders by:dm", "/game reminders by:channel"),
)
def choose_reminders(ctx: Context, args: Reminders) -> Decision:
    meta = ctx.require_state().meta
    person = ctx.actor.id
    by: Literal["channel", "dm"] = "dm" if args.by == "dm" else "channel"
    where = "by DM" if by == "dm" else "in the table's channel"
    if (person in meta.reminded_by_dm) == (by == "dm"):
        raise Refusal(f"Your reminders reach you {where} already.", public=True)
    said = f"{ctx.actor.name}'s reminders reach them {where}."
    if by == "dm" and not meta.pace_hours:
        said += " (This table has no pace yet: /game pace sets one.)"
    return Decision(events=(RemindersBy(person=person, by=by),), reply=Reply.say(said))


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
