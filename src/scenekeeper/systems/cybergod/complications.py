"""Complications on a test, and ``/pick``: choosing again which ones to overcome.

Complications: "Each complication comes with a rating of 1-5 ... to overcome the complication,
you need to spend that many additional successes, which can't then be used to beat the
difficulty, and won't count for Effect Points." Players "are free to choose whether they want to
deal with the complication, or face the consequences".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.names import resolve
from scenekeeper.engine.reply import Reply
from scenekeeper.systems.cybergod import events as ev
from scenekeeper.systems.cybergod.reading import read, their_successes
from scenekeeper.systems.cybergod.render import data_of_test, describe_test
from scenekeeper.systems.cybergod.sheet import clean_name, same_name
from scenekeeper.systems.cybergod.state import (
    Complication,
    TestRecord,
    acting_character,
    cybergod,
    may_act_for_roller,
    roll_in_play,
)

commands = CommandSet(systems=frozenset({"cybergod"}))
_ONE = re.compile(r"(.*?)[\s:(]*([0-9]+)\)?")


def parse_complications(text: str) -> tuple[Complication, ...]:
    """``"Sys Op 1, Trace 2"`` -> the complications in the order the GM listed them."""
    found: list[Complication] = []
    for part in re.split(r"[,;]", text):
        if not part.strip():
            continue
        match = _ONE.fullmatch(part.strip())
        if match is None or not match.group(1).strip():
            raise Refusal(
                f"'{part.strip()}': give each complication a name and a rating 1-5, like "
                'complications:"Sys Op 1, Trace 2".'
            )
        name, rating = clean_name(match.group(1)), int(match.group(2))
        if not 1 <= rating <= 5:
            raise Refusal(f"{name} is rated {rating}; a complication is rated 1 to 5.")
        if any(same_name(c.name, name) for c in found):
            raise Refusal(f"{name} is listed twice; name each complication once.")
        found.append(Complication(name=name, rating=rating))
    if not found:
        raise Refusal('Name the complications with ratings, like complications:"Sys Op 1".')
    return tuple(found)


def parse_overcome(text: str, complications: tuple[Complication, ...]) -> tuple[str, ...]:
    """``all``, ``none`` or names (comma-separated) -> the names chosen, as listed."""
    if not complications:
        raise Refusal(
            "There are no complications on this test to overcome: leave out overcome:, or list "
            'them with complications:"Sys Op 1".'
        )
    wanted = text.strip().casefold()
    if wanted == "all":
        return tuple(c.name for c in complications)
    if wanted == "none":
        return ()
    chosen = []
    for part in (p.strip() for p in re.split(r"[,;]", text) if p.strip()):
        names = [c.name for c in complications]
        match = next((n for n in names if same_name(n, part)), None) or resolve(
            names, part, "complication"
        )
        if match is None:
            listed = ", ".join(c.name for c in complications)
            raise Refusal(f"{part} is not a complication on this test ({listed}; or all, none).")
        chosen.append(match)
    return tuple(c.name for c in complications if c.name in chosen)


@dataclass(frozen=True)
class Pick:
    overcome: Annotated[str, Opt("complications to overcome -- names, all or none")]
    character: Annotated[str | None, Opt("whose roll (default: the character you play)")] = None
    roll: Annotated[int | None, Opt("which roll, by its number (default: the newest)")] = None


@commands.command(
    "pick",
    help="Choose again which complications a test overcomes with its extra successes (what "
    "is left is EP); a choice costing more than the extra successes is refused.",
    summary="Choose again which complications a test overcomes with its extra successes.",
    permission=Permission.PLAYER,
    examples=('/pick overcome:"Sys Op"', "/pick overcome:none roll:4"),
)
def pick(ctx: Context, args: Pick) -> Decision:
    test = _test_to_pick(ctx, args)
    may_act_for_roller(ctx, test.roller)
    chosen = parse_overcome(args.overcome, test.complications)
    game = cybergod(ctx.require_state())
    theirs = their_successes(test, game)
    before = read(test, theirs)
    if before.outcome != "success" or not before.extra:
        raise Refusal(
            f"#{test.id} has no successes beyond what it needed, so no complication on it can "
            "be overcome: they happen (a Resolve re-roll, /resolve reroll, may change that)."
        )
    cost = sum(c.rating for c in test.complications if c.name in chosen)
    if cost > before.extra:
        raise Refusal(
            f"Overcoming {', '.join(chosen)} costs {cost} extra successes; #{test.id} has "
            f"{before.extra}: choose fewer (overcome:<names>)."
        )
    picked = test.model_copy(update={"overcome": chosen})
    after = read(picked, theirs)
    if after.ep < test.ep_spent:
        raise Refusal(
            f"That leaves {after.ep} EP, but {test.ep_spent} are spent on #{test.id} already, "
            f"and spent EP stay spent: overcome complications that leave at least "
            f"{test.ep_spent} EP, or keep the choice as it is."
        )
    return Decision(
        events=(ev.ComplicationsChosen(roll=test.id, overcome=chosen),),
        reply=Reply.say(*describe_test(picked, after), data=data_of_test(picked, after)),
    )


def _test_to_pick(ctx: Context, args: Pick) -> TestRecord:
    if args.roll is not None:
        return roll_in_play(ctx, args.roll)
    who = acting_character(ctx, args.character)
    roller = who.name if who else "GM"
    game = cybergod(ctx.require_state())
    tests = [t for t in game.tests() if t.roller == roller and t.complications]
    if not tests:
        raise Refusal(
            f"{roller} has no test with complications in play; name one with roll:, or give a "
            'test complications:"Sys Op 1".'
        )
    return tests[-1]
