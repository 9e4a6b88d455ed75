"""Playing by post: being told when the table waits for you (``/game mentions``).

Whenever a command leaves the table waiting for someone -- their character's turn, a reaction
or Defend owed, a save, a seal -- its reply tells them (``engine.waits``; on Discord, a mention).
Each person may switch that off for themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.evolve import evolves
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
