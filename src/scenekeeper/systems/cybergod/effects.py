"""``/effect``: spend a test's Effect Points on Effects.

Effects: EP "can be spent on various Effects to determine the outcome of the test. Each Test
will have some sort of Basic Effect, that will always cost just 1 EP ... You can suggest your
own effects, which can cost any number of Effect Points." Measurements > Distance makes two of
them rules: Moderate distance takes an action with 1 Effect, Long at least 2; Extreme needs
more than one action. Measurements > Time gives how long an effect lasts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.reply import Reply
from scenekeeper.systems.cybergod import events as ev
from scenekeeper.systems.cybergod.reading import (
    Reading,
    ep_holder,
    ep_left,
    read,
    their_successes,
)
from scenekeeper.systems.cybergod.sheet import clean_name, key
from scenekeeper.systems.cybergod.state import (
    DURATIONS,
    GM_ROLLER,
    CybergodState,
    Duration,
    SpentEffect,
    TestRecord,
    acting_character,
    cybergod,
    may_act_for_roller,
    roll_in_play,
)

commands = CommandSet(systems=frozenset({"cybergod"}))
BASIC = "Basic Effect"
#: Effects whose cost the text fixes: the Basic Effect, and reaching a distance.
KNOWN_COSTS = {key(BASIC): (BASIC, 1), "basic": (BASIC, 1)}
KNOWN_COSTS.update(
    {
        "reachmoderate": ("Reach Moderate distance", 1),
        "reachlong": ("Reach Long distance", 2),
    }
)
#: When each duration ends (Measurements > Time).
ENDS = {
    "instant": "at once",
    "short": "at the next round (/scene round)",
    "moderate": "with the scene (/scene end)",
    "long": "at the next downtime (/scene downtime)",
}


@dataclass(frozen=True)
class EffectArgs:
    name: Annotated[str, Opt("the Effect (default: the Basic Effect, 1 EP)", max_length=80)] = BASIC
    cost: Annotated[
        int | None, Opt("its cost in EP (default 1, or its known cost)", min_value=1, max_value=20)
    ] = None
    lasts: Annotated[
        str,
        Opt(
            "how long it lasts: instant, short (a round), moderate (the scene), long",
            choices=DURATIONS,
        ),
    ] = "instant"
    roll: Annotated[int | None, Opt("which test's EP, by its number (default: your newest)")] = None
    character: Annotated[str | None, Opt("who spends (default: the character you play)")] = None


@commands.command(
    "effect",
    help="Spend EP from a test on an Effect: the Basic Effect costs 1; Reach Moderate "
    "distance 1, Reach Long 2; others cost what the table agrees. EP last until the scene ends.",
    summary="Spend EP from a test on an Effect; EP last until the scene ends.",
    permission=Permission.PLAYER,
    examples=(
        "/effect",
        '/effect name:"Do it quietly" cost:2',
        '/effect name:"Reach Long" lasts:short',
        '/effect name:"Cover fire" cost:1 lasts:short roll:4',
    ),
)
def spend_effect(ctx: Context, args: EffectArgs) -> Decision:
    state = ctx.require_state()
    game = cybergod(state)
    name, cost = _named(args.name, args.cost)
    lines: list[str] = []
    if args.roll is not None:
        test = roll_in_play(ctx, args.roll)
        reading = read(test, their_successes(test, game))
        holder = ep_holder(test, reading)
        if holder is None:
            # The roll a person names is their own: an opposed roll's EP are on the test
            # that answered it (its number is the one the reply named).
            test, reading, holder = _answered(game, test, reading)
            lines.append(f"#{args.roll}'s EP are on #{test.id}, the opposed test it won.")
        may_act_for_roller(ctx, holder)
    else:
        who = acting_character(ctx, args.character)
        holder = who.name if who else GM_ROLLER
        test = _newest_with_ep(game, holder)
        reading = read(test, their_successes(test, game))
    left = ep_left(test, reading)
    if cost > left:
        raise Refusal(
            f"{name} costs {cost} EP; #{test.id} has {left} left ({reading.ep} earned, "
            f"{test.ep_spent} spent)."
        )
    lasts: Duration = next(d for d in DURATIONS if d == args.lasts)
    scene = game.scene
    if lasts in ("short", "moderate") and scene is None:
        raise Refusal(
            f"A {lasts} effect ends with a {'round' if lasts == 'short' else 'scene'}: start a "
            "scene first (/scene start), or make it instant or long."
        )
    effect = SpentEffect(name=name, cost=cost, lasts=lasts, by=holder)
    event = ev.EffectSpent(
        roll=test.id,
        effect=effect,
        scene=scene.number if scene else None,
        round=scene.round if scene else 0,
    )
    lasting = "" if lasts == "instant" else f"; it lasts {lasts}, ending {ENDS[lasts]}"
    return Decision(
        events=(event,),
        reply=Reply.say(
            *lines,
            f"{holder} spends {cost} EP of #{test.id} on {name}: {left - cost} left{lasting}.",
            data={
                "roll": test.id,
                "effect": name,
                "cost": cost,
                "lasts": lasts,
                "ep_left": left - cost,
            },
        ),
    )


def _named(text: str, cost: int | None) -> tuple[str, int]:
    """The Effect's name and cost: a known one's own, or the one given (default 1)."""
    word = key(text)
    if word in ("reachclose", "reachshort"):
        raise Refusal(
            "Close and Short distances need no Effect: Short distance is crossed in a round, "
            "no action required."
        )
    if word in ("reachextreme", "extreme"):
        raise Refusal(
            "Extreme distance needs more than one action: reach Long distance now "
            '(/effect name:"Reach Long", 2 EP) and close in with the next action.'
        )
    known = KNOWN_COSTS.get(word)
    if known is None:
        return clean_name(text), cost or 1
    name, price = known
    if cost is not None and cost != price:
        if name == BASIC:
            raise Refusal(
                f'The Basic Effect costs 1 EP; for another, name the effect: name:"<effect>" '
                f"cost:{cost}."
            )
        raise Refusal(f"{name} costs {price} EP; leave out cost:.")
    return name, price


def _answered(
    game: CybergodState, test: TestRecord, reading: Reading
) -> tuple[TestRecord, Reading, str]:
    """The newest test opposing ``test`` whose EP its roller holds (``test`` was the victor),
    or a refusal pointing at where EP are, if anywhere."""
    won = []
    for other in reversed(game.tests()):
        theirs = read(other, their_successes(other, game))
        if other.against == test.id and ep_holder(other, theirs) == test.roller:
            won.append((other, theirs))
    for other, theirs in won:
        if ep_left(other, theirs):
            return other, theirs, test.roller
    if won:
        other, theirs = won[0]
        raise Refusal(
            f"#{test.id}'s EP are on #{other.id}, the opposed test it won, and none are left "
            f"({theirs.ep} earned, {other.ep_spent} spent)."
        )
    if reading.outcome == "rolled":
        raise Refusal(
            f"#{test.id} earned no EP (rolled, no difficulty): its EP come from a test that "
            f'opposes it (vs:"#{test.id}") and loses; nothing to spend yet.'
        )
    raise Refusal(f"#{test.id} earned no EP ({reading.outcome}); nothing to spend.")


def _newest_with_ep(game: CybergodState, holder: str) -> TestRecord:
    for test in reversed(game.tests()):
        reading = read(test, their_successes(test, game))
        if ep_holder(test, reading) == holder and ep_left(test, reading):
            return test
    raise Refusal(
        f"{holder} has no test in play with EP left (a failure, a stalemate or an automatic "
        "failure earns none); name one with roll:."
    )
