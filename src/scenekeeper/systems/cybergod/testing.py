"""``/test``: a simple or opposed test -- build the pool, roll it, read it, record every face.

Core Mechanics, Tests: "Roll the dice and count successes"; beat the Difficulty's Success
Threshold to succeed (successes >= threshold, gaps 3) and earn 1 EP plus one per extra success;
complications are paid from those extra successes; an opposed test compares successes and the
Difficulty is the margin needed. Modifiers: +-3 dice at most, 10 dice at most, 0 dice fails.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import DiceError, roll_dice
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cybergod import events as ev
from scenekeeper.systems.cybergod.complications import parse_complications, parse_overcome
from scenekeeper.systems.cybergod.odds_commands import chance_before_test
from scenekeeper.systems.cybergod.pools import final_dice, parse_pool
from scenekeeper.systems.cybergod.reading import (
    DIFFICULTIES,
    DIFFICULTY_NAMES,
    MAX_THRESHOLD,
    count_successes,
    read,
)
from scenekeeper.systems.cybergod.render import data_of_test, describe_test
from scenekeeper.systems.cybergod.sheet import Character, key, pasteable
from scenekeeper.systems.cybergod.state import (
    GM_ROLLER,
    TestRecord,
    acting_character,
    cybergod,
    roll_in_play,
)

commands = CommandSet(systems=frozenset({"cybergod"}))
_REF = re.compile(r"#(\d+)")
_LEVELS = {
    key(name): (threshold, DIFFICULTY_NAMES[threshold]) for name, threshold in DIFFICULTIES.items()
}


@dataclass(frozen=True)
class Against:
    """What ``vs:`` names: a threshold (or margin) and its name, and the roll opposed."""

    threshold: int | None = None
    named: str = ""
    roll: int | None = None


def parse_vs(text: str | None) -> Against:
    """``hard``, ``very-hard``, ``5``, ``#4`` or both (``"moderate #4"``)."""
    if text is None:
        return Against()
    words = text.split()
    refs = [w for w in words if _REF.fullmatch(w)]
    if len(refs) > 1:
        raise Refusal(
            'Oppose one roll at a time: vs:"#4" (or a difficulty with it, vs:"moderate #4").'
        )
    rest = " ".join(w for w in words if w not in refs)
    roll = int(refs[0][1:]) if refs else None
    if not rest:
        return Against(roll=roll)
    if rest.isdigit():
        number = int(rest)
        if not 1 <= number <= MAX_THRESHOLD:
            meant = f'; to oppose roll #{number}, write vs:"#{number}"' if number else ""
            raise Refusal(f"vs:{rest}: a threshold is 1 to {MAX_THRESHOLD}{meant}.")
        return Against(number, "", roll)
    level = _LEVELS.get(key(rest))
    if level is None:
        raise Refusal(
            f"vs:{text}: say easy, moderate, hard, very-hard, a threshold 1-{MAX_THRESHOLD} "
            'or an earlier test like "#4" (both: "moderate #4").'
        )
    return Against(level[0], level[1], roll)


@dataclass(frozen=True)
class TestArgs:
    pool: Annotated[str, Opt('what to roll: "Skill x Attribute" from the sheet, or dice like 4d10')]
    vs: Annotated[
        str | None,
        Opt("what to beat: a difficulty, a threshold number, or #roll to oppose (or both)"),
    ] = None
    complications: Annotated[
        str | None, Opt('complications with ratings 1-5, like "Sys Op 1, Trace 2"', max_length=300)
    ] = None
    overcome: Annotated[
        str | None, Opt("complications to overcome: names, all or none (default: in order)")
    ] = None
    modifier: Annotated[
        int, Opt("dice granted (+) or removed (-) by modifiers", min_value=-9, max_value=9)
    ] = 0
    burn: Annotated[bool, Opt("burn 1 Resolve before rolling: an automatic success")] = False
    impossible: Annotated[
        bool, Opt("the GM calls it impossible: it fails, and Resolve cannot win it")
    ] = False
    character: Annotated[str | None, Opt("who tests (default: the character you play)")] = None
    results: Annotated[str | None, Opt("faces you rolled yourself, one per die in order")] = None
    label: Annotated[str | None, Opt("what the test is for", max_length=80)] = None


@commands.command(
    "test",
    help="Test Skill x Attribute (or raw dice): 5+ is a success, 10+ two; succeed with "
    "successes >= the threshold (Easy 1 .. Very Hard 4), EP = 1 + the extra; vs:#roll opposes.",
    summary="Test Skill x Attribute (or raw dice) against a threshold: 5+ is a success, 10+ two.",
    permission=Permission.PLAYER,
    examples=(
        '/test pool:"Hacking x Cyber" vs:moderate complications:"Sys Op 1"',
        '/test pool:"Stealth x Reflex" vs:"#4"',
        '/test pool:4d10 vs:hard results:"10 6 9 2"',
    ),
)
def run_test(ctx: Context, args: TestArgs) -> Decision:
    state = ctx.require_state()
    game = cybergod(state)
    who = acting_character(ctx, args.character)
    if who is not None and mod_on(state, "wounds"):
        _check_able(who)
    pool = parse_pool(args.pool, who)
    against = parse_vs(args.vs)
    other = _opposed(ctx, against.roll, who)
    has_difficulty = against.threshold is not None or other is not None
    complications = parse_complications(args.complications) if args.complications else ()
    if complications and not has_difficulty:
        raise Refusal(
            "Complications are paid from successes beyond a difficulty; add vs: (a difficulty "
            "or #roll) to this test."
        )
    overcome = parse_overcome(args.overcome, complications) if args.overcome else None
    events: list[Event] = []
    if args.burn:
        events.append(_burn(ctx, who, has_difficulty, impossible=args.impossible))
    if args.impossible and not has_difficulty:
        raise Refusal("impossible:true is for a test against a difficulty; add vs:.")
    penalty = who.wounds.penalty if who is not None and mod_on(state, "wounds") else 0
    dice = final_dice(pool.dice, args.modifier, penalty, cap=mod_on(state, "modifier-cap"))
    rolling = dice.dice if not args.impossible else 0
    if args.impossible and args.results is not None:
        raise Refusal(
            "An impossible test fails whatever the dice, so none are rolled (the GM called it "
            "impossible: impossible:true): leave out results:."
        )
    if rolling == 0 and args.results is not None:
        raise Refusal("There is nothing to roll (no dice): leave out results:.")
    try:
        faces = roll_dice(ctx.dice, [pool.die] * rolling, args.results) if rolling else ()
    except DiceError as error:
        raise Refusal(str(error)) from None
    record = TestRecord(
        id=game.roll_count + 1,
        roller=who.name if who else GM_ROLLER,
        by=ctx.actor.name,
        written=pool.written,
        die=pool.die,
        base=pool.dice,
        modifier=args.modifier,
        wound_penalty=dice.wound_penalty,
        applied=dice.applied,
        # An impossible test records its pool's dice, none of them rolled (no faces).
        dice=dice.dice,
        faces=faces,
        threshold=against.threshold,
        difficulty=against.named,
        against=other.id if other else None,
        their_roller=other.roller if other else "",
        their_successes=count_successes(other.faces) if other else None,
        complications=complications,
        overcome=overcome,
        burned=args.burn,
        impossible=args.impossible,
        label=args.label or "",
        typed=args.results is not None,
    )
    reading = read(record, record.their_successes)
    odds = chance_before_test(record)
    lines = ([odds] if odds else []) + describe_test(record, reading)
    if pool.parts:
        lines.insert(1 if odds else 0, f"{record.written}: {pool.parts} = {pool.dice} D{pool.die}.")
    return Decision(
        events=(ev.TestRolled(test=record), *events),
        reply=Reply.say(*lines, data=data_of_test(record, reading)),
    )


def _check_able(who: Character) -> None:
    # corebook 07 "Damage Class": Dying -- "You're incapacitated"; Dead.
    if who.wounds.dead:
        raise Refusal(f"{who.name} is dead; the dead take no tests.")
    if who.wounds.dying:
        raise Refusal(
            f"{who.name} is dying (a Lethal wound): incapacitated, no tests; roll a Death Save "
            f"each round with /save kind:death character:{pasteable(who.name)}."
        )


def _opposed(ctx: Context, roll: int | None, who: Character | None) -> TestRecord | None:
    if roll is None:
        return None
    other = roll_in_play(ctx, roll)
    roller = who.name if who else GM_ROLLER
    if other.roller == roller and roller != GM_ROLLER:
        raise Refusal(f"#{roll} is {roller}'s own test; an opposed test answers someone else's.")
    return other


def _burn(
    ctx: Context, who: Character | None, has_difficulty: bool, *, impossible: bool
) -> ev.ResolveChanged:
    """Burn 1 Resolve before rolling to succeed automatically (corebook 05 "Resolve")."""
    state = ctx.require_state()
    if not mod_on(state, "resolve"):
        raise Refusal(
            "Resolve is off at this table (the resolve mod); a GM switches it on with "
            "/mods set mod:resolve enabled:true."
        )
    if impossible:
        raise Refusal("An impossible test cannot be won, even by burning Resolve; leave out burn:.")
    if who is None:
        raise Refusal("Only a character burns Resolve; add character:<name>.")
    if not has_difficulty:
        raise Refusal("Burning Resolve wins a test against a difficulty; add vs:.")
    if who.resolve_left < 1:
        raise Refusal(f"{who.name} has no Resolve left to burn ({_resolve(who)}).")
    return ev.ResolveChanged(
        character=who.name,
        spent=who.resolve_spent,
        burned=who.resolve_burned + 1,
        reason=f"burned for an automatic success (#{cybergod(state).roll_count + 1})",
    )


def _resolve(who: Character) -> str:
    if who.engrams is None and who.resolve_max is None:
        return "no Engrams on the sheet: /char set trait:engrams value:<1-5>"
    return f"{who.resolve} in all, {who.resolve_spent} spent, {who.resolve_burned} burned"
