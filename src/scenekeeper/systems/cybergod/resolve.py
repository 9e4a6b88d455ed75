"""``/resolve``: spend Resolve for a re-roll, and refresh it (the resolve mod).

corebook 05 "Resolve": "Spend Resolve to gain a Re-roll after rolling the dice on any test";
burning happens before the roll (``/test burn:true``). "Spent Resolve is Refreshed by one point
at the start of each game session ... usually fully refreshed after some Downtime"; burned
Resolve when the GM allows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import DiceError, roll_dice
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.reply import Reply
from scenekeeper.systems.cybergod import events as ev
from scenekeeper.systems.cybergod.reading import (
    Reading,
    count_successes,
    read,
    their_successes,
)
from scenekeeper.systems.cybergod.render import data_of_test, describe_test
from scenekeeper.systems.cybergod.sheet import Character
from scenekeeper.systems.cybergod.state import (
    CybergodState,
    TestRecord,
    acting_character,
    character,
    cybergod,
    may_act_for,
    require_mod,
    roll_in_play,
)

commands = CommandSet(systems=frozenset({"cybergod"}))
SCOPES = ("session", "downtime", "burned")


@dataclass(frozen=True)
class Reroll:
    roll: Annotated[int | None, Opt("which test, by its number (default: your newest)")] = None
    character: Annotated[str | None, Opt("whose Resolve (default: the character you play)")] = None
    results: Annotated[str | None, Opt("faces you rolled yourself, one per die in order")] = None


@commands.command(
    "resolve reroll",
    help="Spend 1 Resolve after a test to roll its whole pool again; the new faces replace "
    "the old and are read afresh.",
    summary="Spend 1 Resolve after a test to roll its whole pool again.",
    permission=Permission.PLAYER,
    examples=("/resolve reroll", "/resolve reroll roll:7"),
)
def reroll(ctx: Context, args: Reroll) -> Decision:
    state = ctx.require_state()
    require_mod(state, "resolve", "Resolve")
    game = cybergod(state)
    if args.roll is not None:
        test = roll_in_play(ctx, args.roll)
        who = game.find_character(test.roller)
        if who is None:
            raise Refusal(f"#{test.id} is the GM's test; only a character spends Resolve.")
        may_act_for(ctx, who)
    else:
        found = acting_character(ctx, args.character)
        if found is None:
            raise Refusal("Only a character spends Resolve; add character:<name>.")
        who = found
        test = _newest(game, who)
    _check(game, test, who)
    try:
        faces = roll_dice(ctx.dice, [test.die] * test.dice, args.results)
    except DiceError as error:
        raise Refusal(str(error)) from None
    typed = test.typed or args.results is not None
    rerolled = test.model_copy(
        update={"faces": faces, "rerolls": (*test.rerolls, test.faces), "typed": typed}
    )
    reading = read(rerolled, their_successes(rerolled, game))
    before = ", ".join(map(str, test.faces))
    events: list[Event] = [
        ev.ResolveChanged(
            character=who.name,
            spent=who.resolve_spent + 1,
            burned=who.resolve_burned,
            reason=f"re-roll of #{test.id}",
        ),
        ev.TestRerolled(roll=test.id, faces=faces, typed=args.results is not None),
    ]
    lines = [
        f"{who.name} spends 1 Resolve ({who.resolve_left - 1} left) to roll #{test.id} again "
        f"(it showed {before}).",
        *_with_answers(game, rerolled, reading),
    ]
    return Decision(
        events=tuple(events), reply=Reply.say(*lines, data=data_of_test(rerolled, reading))
    )


def _with_answers(game: CybergodState, rerolled: TestRecord, reading: Reading) -> list[str]:
    """The re-rolled test as it reads now, and each opposed test that answered it read again
    against the new faces (who is the victor, and whose EP, can change)."""
    answers = [t for t in game.tests() if t.against == rerolled.id]
    lines = describe_test(rerolled, reading)
    if not answers:
        return lines
    # It is no longer waiting to be opposed: say what answered it instead.
    lines = [line for line in lines if not line.startswith("No difficulty:")]
    for answer in answers:
        lines.append(f"#{answer.id} answered #{rerolled.id}; read again with the new faces:")
        lines += describe_test(answer, read(answer, count_successes(rerolled.faces)))[1:]
    return lines


def _newest(game: CybergodState, who: Character) -> TestRecord:
    mine = [t for t in game.tests() if t.roller == who.name]
    if not mine:
        raise Refusal(f"{who.name} has no test in play to roll again.")
    return mine[-1]


def _check(game: CybergodState, test: TestRecord, who: Character) -> None:
    if who.resolve_left < 1:
        raise Refusal(
            f"{who.name} has no Resolve left ({who.resolve} in all, {who.resolve_spent} spent, "
            f"{who.resolve_burned} burned)."
        )
    if test.dice == 0 or test.impossible:
        raise Refusal(f"#{test.id} rolled no dice; there is nothing to roll again.")
    answers = [t for t in game.tests() if t.against == test.id and t.effects]
    if test.effects or answers:
        # Spent EP have bought what happened: a re-roll comes before that (rules-notes).
        spent = test if test.effects else answers[0]
        bought = ", ".join(f"{e.name} ({e.cost} EP)" for e in spent.effects)
        which = "" if spent is test else f", which answered #{test.id},"
        raise Refusal(
            f"#{test.id} stands: EP of #{spent.id}{which} are spent already on {bought}, and a "
            "re-roll comes before the EP buy anything. No Resolve is spent; play on from the "
            "result."
        )


@dataclass(frozen=True)
class Refresh:
    scope: Annotated[
        str,
        Opt(
            "session: 1 spent point back; downtime: all spent back; burned: burned points back",
            choices=SCOPES,
        ),
    ]
    character: Annotated[str | None, Opt("whose Resolve (default: every character)")] = None
    amount: Annotated[
        int, Opt("burned points to give back (burned only)", min_value=1, max_value=9)
    ] = 1


@commands.command(
    "resolve refresh",
    help="Refresh Resolve: 1 spent point at the start of a session, all spent after "
    "downtime; burned Resolve only when the GM says so.",
    summary="Refresh Resolve: 1 point at the start of a session, all after downtime.",
    permission=Permission.GM,
    examples=("/resolve refresh scope:session", "/resolve refresh scope:burned character:Marko"),
)
def refresh(ctx: Context, args: Refresh) -> Decision:
    state = ctx.require_state()
    require_mod(state, "resolve", "Resolve")
    game = cybergod(state)
    if args.amount != 1 and args.scope != "burned":
        raise Refusal("amount: is for burned Resolve; spent Resolve comes back by the scope.")
    who = [character(ctx, args.character)] if args.character else list(game.characters.values())
    events, lines = refresh_events(who, args.scope, args.amount)
    if not events:
        # A routine refresh with nothing to give back says so, and is no mistake.
        kind = "burned" if args.scope == "burned" else "spent"
        said = (
            f"{who[0].name} has no {kind} Resolve to refresh"
            if args.character
            else f"Nobody has {kind} Resolve to refresh"
        )
        return Decision(reply=Reply.say(f"{said}: nothing changes."))
    return Decision(events=tuple(events), reply=Reply.say(*lines))


def refresh_events(
    characters: list[Character], scope: str, amount: int = 1
) -> tuple[list[Event], list[str]]:
    events: list[Event] = []
    lines = []
    for who in characters:
        spent, burned = who.resolve_spent, who.resolve_burned
        if scope == "session":
            spent = max(0, spent - 1)
        elif scope == "downtime":
            spent = 0
        else:
            burned = max(0, burned - amount)
        if (spent, burned) == (who.resolve_spent, who.resolve_burned):
            continue
        events.append(
            ev.ResolveChanged(
                character=who.name, spent=spent, burned=burned, reason=f"refreshed ({scope})"
            )
        )
        left = who.resolve - spent - burned
        lines.append(
            f"{who.name}: Resolve {left} of {who.resolve} ({spent} spent, {burned} burned)."
        )
    return events, lines
