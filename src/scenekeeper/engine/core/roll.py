"""``/roll dice:``: a plain dice expression for anything the game's own roll does not cover."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import DiceError, PlainStringifier, roll_expression
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.core.events import DiceRolled, RolledDie
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.kept import OnePerValue
from scenekeeper.engine.quick import quick_init
from scenekeeper.engine.reply import Reply

commands = CommandSet()
_PLAIN = PlainStringifier()


# Made for one command (its invocation's options): quick_init's one-step __init__.
@quick_init
@dataclass(frozen=True)
class RollDice:
    dice: Annotated[str, Opt("a dice expression, like 2d6+1, 4d6kh3 or d20")]
    results: Annotated[
        str | None, Opt('faces you rolled yourself, one per die in order, like "3 5"')
    ] = None
    label: Annotated[str | None, Opt("what the roll is for", max_length=80)] = None
    secret: Annotated[
        bool, Opt("GMs: roll in secret; the table reads only that you rolled (and what for)")
    ] = False


@commands.command(
    "roll",
    help="Roll a dice expression: NdS, keep/drop (kh, kl, dh, dl), + - * and parentheses.",
    permission=Permission.ANYONE,
    needs_table=False,
    examples=(
        "/roll dice:2d6+1",
        "/roll dice:4d6kh3",
        '/roll dice:2d20kl1 results:"14 3"',
        "/roll dice:d20 label:perception secret:true",
    ),
)
def roll(ctx: Context, args: RollDice) -> Decision:
    return dice_decision(ctx, args)


def dice_decision(
    ctx: Context, args: RollDice, *, at_least: int | None = None, mark_typed: bool = True
) -> Decision:
    """A plain dice roll, every face recorded; ``at_least`` floors the total (METTLE's Roll:
    a penalty stops at 0). In secret (a GM's ``secret:true``) the dice and the total are the
    GM's private answer and the table reads only that they rolled."""
    if args.secret and (ctx.state is None or not ctx.state.meta.is_gm(ctx.actor.id)):
        raise Refusal(
            "Only a GM rolls in secret (the result goes to GMs only); leave out secret:true."
        )
    try:
        result = roll_expression(args.dice, ctx.dice, args.results)
    except DiceError as error:
        raise Refusal(str(error)) from None
    rendered = _PLAIN.render(result)
    total = result.total if at_least is None else max(at_least, result.total)
    if total != result.total:
        rendered += f" -> {total} (a Roll never goes below {at_least})"
    label = f" for {args.label}" if args.label else ""
    typed = args.results is not None
    dice = result.dice
    data = {
        "expression": result.expression.text,
        "dice": [{"die": f"d{d.sides}", "face": d.face, "kept": d.kept} for d in dice],
        "total": total,
    }
    if mark_typed:
        data["typed"] = typed  # the reply marks typed faces in its own words
    mark = " (typed faces)" if typed and mark_typed else ""
    line = f"{ctx.actor.name} rolls{label}{mark}: {rendered}"
    reply = Reply.say(line, data=data)
    if args.secret:
        said = f"{ctx.actor.name} rolled{label} in secret: the dice and the total are for GMs."
        reply = Reply(
            text=(said,),
            private=(line,),
            data={"secret": True, "label": args.label or ""},
            private_data=data,
        )
    if ctx.state is None:
        # No game here: the roll is answered but there is no table to record it in.
        return Decision(reply=reply)
    # Trusted (issue 36): the expression's own text, faces the dice source rolled or
    # ``typed_faces`` checked, the parsed options: nothing a person typed is taken unchecked.
    event = DiceRolled.trusted(
        expression=result.expression.text,
        dice=tuple([_rolled_die((d.sides, d.face)) for d in dice]),
        total=result.total,
        by=ctx.actor.name,
        label=args.label or "",
        typed=typed,
        secret=args.secret,
    )
    return Decision(events=(event,), reply=reply)


#: Rolled dice by sides and face: a frozen value, so one serves every roll that shows it (a
#: d20 has 20 faces) instead of a model made for every die.
_rolled_die = OnePerValue[tuple[int, int], RolledDie](
    lambda key: RolledDie.trusted(sides=key[0], face=key[1])
)
