"""Typed dice: who may type the faces of real dice (``results:``, ``vs_results:``).

Players with dice in hand type what they rolled, and the bot reads it as if it had rolled;
so that a table can trust a roll, the faces typed are marked in the reply (every game) and on
the board, and the GM chooses who may type them:

- ``everyone`` (the default): anyone types the faces of the rolls they make;
- ``own``: a player types the faces of their own pool only (``results:``); the GM's dice
  (``vs_results:``, the difficulty and opposition) only a GM types;
- ``none``: nobody types faces, the GM included: the bot rolls every die.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.evolve import evolves
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import TableState

commands = CommandSet()
Allow = Literal["everyone", "own", "none"]
_SAYS = {
    "everyone": "anyone may type the faces of the rolls they make (results:, vs_results:)",
    "own": "players type the faces of their own pool only (results:); the GM's dice "
    "(vs_results:) only a GM types",
    "none": "nobody types faces: the bot rolls every die",
}


class TypedDiceAllowed(Event):
    """The GM chose who may type the faces of dice at this table."""

    type_name: ClassVar[str] = "table.typed_dice_allowed@1"
    allow: Allow

    def describe(self) -> str:
        return f"typed dice: {self.allow}"


@evolves(TypedDiceAllowed)
def _allowed(state: TableState, event: TypedDiceAllowed) -> TableState:
    return state.replace(meta=state.meta.model_copy(update={"typed_dice": event.allow}))


@dataclass(frozen=True)
class AllowTyped:
    allow: Annotated[
        str,
        Opt(
            "everyone; own (players their own pool, the GM's dice only GMs); none (the bot "
            "rolls every die)",
            choices=("everyone", "own", "none"),
        ),
    ]


@commands.command(
    "results",
    help="Choose who may type the faces of real dice (results:, vs_results:): everyone, "
    "players for their own pool only, or nobody.",
    summary="Choose who may type the faces of real dice: everyone, players for their own pool, or "
    "nobody.",
    permission=Permission.GM,
    examples=("/results allow:own", "/results allow:none"),
)
def allow_typed(ctx: Context, args: AllowTyped) -> Decision:
    meta = ctx.require_state().meta
    if meta.typed_dice == args.allow:
        raise Refusal(f"Typed dice are {args.allow} already: {_SAYS[args.allow]}.")
    allow: Allow = (
        "everyone" if args.allow == "everyone" else "own" if args.allow == "own" else "none"
    )
    return Decision(
        events=(TypedDiceAllowed(allow=allow),),
        reply=Reply.say(f"Typed dice at this table: {args.allow}; {_SAYS[args.allow]}."),
    )
