"""``/roll`` at a Cybergod table: the plain dice expression every table has, and a pointer to
``/test`` for someone who types a Cortex-style ``pool:`` (docs/architecture.md, "One command
scheme": a game's own word gets its own command)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.core.roll import RollDice
from scenekeeper.engine.core.roll import roll as plain_roll
from scenekeeper.engine.errors import Refusal
from scenekeeper.systems.cybergod.sheet import pasteable

commands = CommandSet(systems=frozenset({"cybergod"}))


@dataclass(frozen=True)
class CybergodRoll:
    dice: Annotated[str | None, Opt("a dice expression, like 2d6+1, 4d6kh3 or d20")] = None
    results: Annotated[
        str | None, Opt('faces you rolled yourself, one per die in order, like "3 5"')
    ] = None
    label: Annotated[str | None, Opt("what the roll is for", max_length=80)] = None
    pool: Annotated[str | None, Opt("a pool to test: at this table, use /test")] = None
    vs: Annotated[str | None, Opt("what to beat: at this table, use /test")] = None
    secret: Annotated[
        bool, Opt("GMs: roll in secret; the table reads only that you rolled (and what for)")
    ] = False


@commands.command(
    "roll",
    help="Roll a dice expression (faces added up); a Cybergod test, counting successes, is /test.",
    permission=Permission.ANYONE,
    examples=("/roll dice:2d6+1", "/roll dice:d12"),
)
def roll(ctx: Context, args: CybergodRoll) -> Decision:
    if args.pool is not None or args.vs is not None:
        pool = args.pool or "Skill x Attribute"
        vs = f" vs:{pasteable(args.vs)}" if args.vs else " (add vs: for a difficulty)"
        raise Refusal(
            f'A Cybergod test counts successes: /test pool:"{pool}"{vs}; /roll dice: adds up '
            "plain dice."
        )
    if args.dice is None:
        raise Refusal(
            'Say what to roll: dice:2d6, or test a pool with /test pool:"Hacking x Cyber".'
        )
    plain = RollDice(dice=args.dice, results=args.results, label=args.label, secret=args.secret)
    return plain_roll(ctx, plain)
