"""``/roll dice:``: a plain dice expression for anything the game's own roll does not cover."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import DiceError, PlainStringifier, roll_expression
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.core.events import DiceRolled, RolledDie
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.reply import Reply

commands = CommandSet()


@dataclass(frozen=True)
class RollDice:
    dice: Annotated[str, Opt("a dice expression, like 2d6+1, 4d6kh3 or d20")]
    results: Annotated[
        str | None, Opt('faces you rolled yourself, one per die in order, like "3 5"')
    ] = None
    label: Annotated[str | None, Opt("what the roll is for", max_length=80)] = None


@commands.command(
    "roll",
    help="Roll a dice expression: NdS, keep/drop (kh, kl, dh, dl), + - * and parentheses.",
    permission=Permission.ANYONE,
    needs_table=False,
    examples=("/roll dice:2d6+1", "/roll dice:4d6kh3", '/roll dice:2d20kl1 results:"14 3"'),
)
def roll(ctx: Context, args: RollDice) -> Decision:
    try:
        result = roll_expression(args.dice, ctx.dice, args.results)
    except DiceError as error:
        raise Refusal(str(error)) from None
    rendered = PlainStringifier().render(result)
    label = f" for {args.label}" if args.label else ""
    typed = args.results is not None
    data = {
        "expression": result.expression.text,
        "dice": [{"die": f"d{d.sides}", "face": d.face, "kept": d.kept} for d in result.dice],
        "total": result.total,
        "typed": typed,
    }
    mark = " (typed faces)" if typed else ""
    reply = Reply.say(f"{ctx.actor.name} rolls{label}{mark}: {rendered}", data=data)
    if ctx.state is None:
        # No game here: the roll is answered but there is no table to record it in.
        return Decision(reply=reply)
    event = DiceRolled(
        expression=result.expression.text,
        dice=tuple(RolledDie(sides=d.sides, face=d.face) for d in result.dice),
        total=result.total,
        by=ctx.actor.name,
        label=args.label or "",
        typed=typed,
    )
    return Decision(events=(event,), reply=reply)
