"""``/odds`` and ``/roll`` at a METTLE table.

``/odds``: the exact chance of a Check (``odds/mettle.py``) before anyone rolls: against a
Difficulty, with a Twist on a failure, and the Edge on a success; without a Difficulty, the
chance against each rung of the ladder. Nothing is rolled or recorded.

``/roll``: a Roll (engine.md, Rolls): add the faces; a bonus or penalty after; a penalty can only
drop the result to zero, never below.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.core.roll import RollDice, dice_decision
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.systems import mod_on
from scenekeeper.odds import OddsError, mettle_check, percent
from scenekeeper.odds.mettle import MettleCheck
from scenekeeper.systems.mettle.checks import LADDER, Difficulty, Pool, quality
from scenekeeper.systems.mettle.pools import against, attribute_pool, with_modifiers
from scenekeeper.systems.mettle.sheet import attribute_named
from scenekeeper.systems.mettle.state import character, mettle

commands = CommandSet(systems=frozenset({"mettle"}))


@dataclass(frozen=True)
class OddsArgs:
    pool: Annotated[
        str, Opt("what you would roll: traits or dice, or an Attribute (concept...) or a number")
    ]
    vs: Annotated[
        str | None,
        Opt(
            "what to beat: a difficulty by name, a number; by game dice, doom, #roll, an Attribute"
        ),
    ] = None
    character: Annotated[str | None, Opt("whose traits the pool names (default: yours)")] = None
    raises: Annotated[
        int, Opt("Raises: dice set to six before the Check", min_value=0, max_value=20)
    ] = 0
    twist: Annotated[bool, Opt("count a Twist on every failure that has Edge")] = False
    bonus: Annotated[int, Opt("die bonus +nD", min_value=0, max_value=10)] = 0
    penalty: Annotated[
        int, Opt("die penalty -nD (the largest penalty counts)", min_value=0, max_value=10)
    ] = 0


@commands.command(
    "odds",
    # The versions of /odds are one Discord command, which shows this (the richest) version's
    # description at every table: it names what each game reads.
    help="The exact chances before you roll: beating a difficulty (a tie fails), then the "
    "effect die or, in METTLE, Edge and Twists.",
    summary="The exact chances before you roll: beating a Difficulty, then Edge and Twists.",
    permission=Permission.PLAYER,
    examples=("/odds pool:nature vs:4", "/odds pool:5 vs:daunting raises:1"),
)
def odds(ctx: Context, args: OddsArgs) -> Decision:
    game = mettle(ctx.require_state())
    who = None
    if args.pool.strip().isdigit():
        pool = Pool((("dice", int(args.pool)),))
        if args.character:
            who = character(ctx, args.character)
    else:
        who = _whose(ctx, args.character)
        attribute = attribute_named(args.pool)
        if attribute == "frame":
            raise Refusal("Frame is never Checked (characters.md, FRAME).")
        pool = attribute_pool(who, attribute)
    pool = with_modifiers(pool, who, bonus=args.bonus, penalty=args.penalty, surge=0)
    dice = pool.dice
    if args.raises > dice:
        raise Refusal(f"raises: sets dice of the pool to six; the pool has {dice}.")
    try:
        check = mettle_check(dice, args.raises)
    except OddsError as error:
        raise Refusal(str(error)) from None
    raised = f", {args.raises} raised" if args.raises else ""
    lines = [f"{pool.text}{raised}."]
    data: dict[str, Any] = {"dice": dice, "raises": args.raises}
    if dice == 0:
        # engine.md / checklist D26: no dice, no roll -- whatever the Difficulty. The question
        # is still read as for any pool (a vs: that is no Difficulty is refused), and answered
        # with the same parts.
        lines.append("No dice: the Check fails without a roll, with nothing to Twist.")
        if args.vs is None:
            data.update(dict.fromkeys(LADDER, "0/1"))
        else:
            data.update(against=against(game, args.vs).value, with_twist="0/1")
        return Decision(reply=Reply.say(*lines, data={**data, "success": "0/1"}))
    repeat = mod_on(ctx.require_state(), "repeat-twists")
    if args.vs is None:
        lines += _against_ladder(check, args.twist, repeat, data)
    else:
        lines += _against(check, against(game, args.vs), args.twist, repeat, data)
    return Decision(reply=Reply.say(*lines, data=data))


def _against_ladder(
    check: MettleCheck, twist: bool, repeat: bool, data: dict[str, Any]
) -> list[str]:
    """The chance against each rung of the ladder, and the Edge whatever the Score."""
    rungs = []
    for name, number in LADDER.items():
        chance = check.p_success(number, twist=twist, repeat=repeat)
        rungs.append(f"{name} {number} {_chance(chance)}")
        data[name] = _fraction(chance)
    return [
        "Against the ladder" + _with(twist, repeat) + ": " + ", ".join(rungs) + ".",
        "Edge, whatever the Score: " + _spread(check.edge) + ".",
    ]


def _against(
    check: MettleCheck, difficulty: Difficulty, twist: bool, repeat: bool, data: dict[str, Any]
) -> list[str]:
    """The chance to beat one Difficulty, with a Twist, and the Edge on a success."""
    number = difficulty.value
    plain = check.p_success(number)
    twisted = check.p_success(number, twist=True, repeat=repeat)
    how = "with Twists while it fails with Edge" if repeat else "with a Twist on a failure"
    lines = [f"Beat {difficulty.text}: {_chance(plain)} (a tie fails); {how}: {_chance(twisted)}."]
    if not check.can_succeed(number):
        lines.append("Impossible: a Difficulty of 3 x the pool or more cannot be beaten.")
    spread = _edges(check, number, twist=twist, repeat=repeat)
    if spread:
        lines.append(
            "Success with Edge" + _with(twist, repeat) + ": " + _spread(spread, named=True) + "."
        )
    data.update(against=number, success=_fraction(plain), with_twist=_fraction(twisted))
    return lines


#: The most dice whose Edge after Twists again and again is worked out (it grows fast).
MAX_REPEATED_EDGE = 12


def _edges(check: MettleCheck, number: int, *, twist: bool, repeat: bool) -> dict[int, Fraction]:
    if twist and repeat and check.dice > MAX_REPEATED_EDGE:
        return {}
    return check.edge_on_success(number, twist=twist, repeat=repeat)


def _chance(value: Fraction) -> str:
    """An exact 0 is said as the text says it: impossible."""
    return "impossible" if value == 0 else percent(value)


def _with(twist: bool, repeat: bool) -> str:
    if not twist:
        return ""
    if repeat:
        return " (with Twists while each failure has Edge)"
    return " (with a Twist on each failure with Edge)"


def _whose(ctx: Context, name: str | None) -> Any:
    if name:
        return character(ctx, name)
    meta = ctx.require_state().meta
    mine = [c for c, owner in meta.owners.items() if owner == ctx.actor.id]
    if len(mine) != 1:
        raise Refusal("An Attribute is a character's: add character:<name>, or give a number.")
    return character(ctx, mine[0])


def _spread(chances: dict[int, Fraction], *, named: bool = False) -> str:
    parts = []
    top = 5
    folded: dict[int, Fraction] = {}
    for edge, p in chances.items():
        folded[min(edge, top)] = folded.get(min(edge, top), Fraction(0)) + p
    for edge, p in sorted(folded.items()):
        label = f"{edge}+" if edge == top else str(edge)
        if named:
            label += f" {quality(edge)}"
        parts.append(f"{label} {percent(p)}")
    return ", ".join(parts)


def _fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


@commands.command(
    "roll",
    help="A Roll (not a Check): add up the dice, then the bonus or penalty; a penalty stops at "
    "0. Checks are /check and /act.",
    summary="A Roll (not a Check): add up the dice, then the bonus or penalty.",
    permission=Permission.ANYONE,
    examples=("/roll dice:3d6", "/roll dice:2d6-4", "/roll dice:1d6+2 label:fall"),
)
def roll(ctx: Context, args: RollDice) -> Decision:
    # engine.md, Roll Modifiers: a penalty can only drop a result to zero.
    return dice_decision(ctx, args, at_least=0, mark_typed=False)
