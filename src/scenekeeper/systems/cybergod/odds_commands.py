"""``/odds`` at a Cybergod table, and the "Odds:" line ``/test`` prints before its result.

Every chance is computed exactly (``odds.cybergod``); the rule text's probability table is
never reprinted, as its 3D10 and 3D12 columns are wrong (gaps 3, R66). Nothing is rolled or
recorded.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.reply import File, Reply
from scenekeeper.engine.systems import mod_on
from scenekeeper.odds import SuccessPool, cybergod_opposed, cybergod_pool, percent
from scenekeeper.systems.cybergod.complications import parse_complications
from scenekeeper.systems.cybergod.pools import MAX_DICE, die_size, final_dice, parse_pool
from scenekeeper.systems.cybergod.reading import (
    DIFFICULTIES,
    DIFFICULTY_NAMES,
    MAX_THRESHOLD,
    OPPOSED_MARGIN,
    count_successes,
)
from scenekeeper.systems.cybergod.render import plural
from scenekeeper.systems.cybergod.sheet import Character, key
from scenekeeper.systems.cybergod.state import TestRecord, acting_character, cybergod, roll_in_play

commands = CommandSet(systems=frozenset({"cybergod"}))
CHART_NAME = "odds.png"
_DICE = re.compile(r"(\d*)d(\d+)", re.IGNORECASE)


def chance(value: Fraction) -> str:
    """R66: "impossible" rather than "0.0%" for an exact 0."""
    return "impossible" if value == 0 else percent(value)


def chance_before_test(test: TestRecord) -> str | None:
    """R67: the chance to succeed, and to succeed and overcome every complication, before the
    dice of ``test`` are read; None for a test with nothing to beat."""
    if test.threshold is None and test.against is None:
        return None
    if test.impossible:
        return "Odds: impossible (the GM says so)."
    if test.burned:
        return "Odds: certain (Resolve burned)."
    if test.dice == 0:
        return "Odds: no dice, an automatic failure."
    pool = cybergod_pool(test.dice, test.die)
    need, label = _need(test)
    line = f"Odds: {chance(pool.p_success(need))} {label} with {test.dice} D{test.die}"
    # Those the roller chose to overcome (overcome:), all of them by default.
    chosen = [c for c in test.complications if test.overcome is None or c.name in test.overcome]
    if chosen:
        both = pool.p_success(need, paid=sum(c.rating for c in chosen))
        named = (
            "every complication"
            if len(chosen) == len(test.complications)
            else ", ".join(c.name for c in chosen)
        )
        line += f"; {chance(both)} to overcome {named} too"
    return line + "."


def _need(test: TestRecord) -> tuple[int, str]:
    if test.against is None:
        assert test.threshold is not None
        named = (
            f"{test.difficulty} ({test.threshold})"
            if test.difficulty
            else plural(test.threshold, "success")
        )
        return test.threshold, f"to reach {named}"
    margin = test.threshold or OPPOSED_MARGIN
    theirs = test.their_successes or 0
    other = f"{test.their_roller}'s #{test.against} ({plural(theirs, 'success')})"
    return theirs + margin, f"to beat {other} by {margin}"


@dataclass(frozen=True)
class OddsArgs:
    pool: Annotated[
        str,
        Opt('what to roll, as this game writes a pool: "Fighting Agility d6", "Hacking x Cyber"'),
    ]
    vs: Annotated[str | None, Opt("what to beat: a difficulty, a number, dice or #roll")] = None
    complications: Annotated[
        str | None,
        Opt('complication ratings to pay as well, like "Sys Op 1"', max_length=300),
    ] = None
    modifier: Annotated[
        int,
        Opt("dice granted (+) or removed (-) by modifiers", min_value=-9, max_value=9),
    ] = 0
    character: Annotated[str | None, Opt("whose sheet the pool reads (default: yours)")] = None
    chart: Annotated[bool, Opt("attach a chart of the odds (PNG)")] = True


@commands.command(
    "odds",
    help="The exact chances of a roll before you make it: against a difficulty or an "
    "opposing roll, with a chart.",
    summary="The exact chances of a roll before you make it, against a difficulty or an opposing "
    "roll.",
    permission=Permission.PLAYER,
    examples=(
        '/odds pool:"Hacking x Cyber" vs:moderate complications:"Sys Op 1"',
        "/odds pool:3d10",
        '/odds pool:4d8 vs:"moderate 3d8"',
    ),
)
def odds(ctx: Context, args: OddsArgs) -> Decision:
    state = ctx.require_state()
    raw = _DICE.fullmatch(args.pool.replace(" ", ""))
    who = _quiet(ctx) if raw and args.character is None else acting_character(ctx, args.character)
    pool_text = parse_pool(args.pool, who)
    penalty = who.wounds.penalty if who is not None and mod_on(state, "wounds") else 0
    dice = final_dice(pool_text.dice, args.modifier, penalty, cap=mod_on(state, "modifier-cap"))
    pool = cybergod_pool(dice.dice, pool_text.die)
    notes = "; ".join(dice.notes())
    head = f"Odds for {pool_text.written}: {dice.dice} D{pool.size}"
    head += f" ({notes})" if notes else ""
    if dice.dice == 0:
        lines = [f"{head}: no dice, so every test fails automatically (Modifiers)."]
    else:
        lines = [f"{head}, exact over {pool.denominator:,} rolls:", _spread(pool)]
    ratings = (
        [c.rating for c in parse_complications(args.complications)] if args.complications else []
    )
    # Resolve re-rolls are odds only where Resolve is played (the resolve mod).
    rerolls = mod_on(state, "resolve")
    data: dict[str, Any] = {
        "pool": pool_text.written,
        "dice": dice.dice,
        "die": f"d{pool.size}",
        "denominator": pool.denominator,
        "successes": {
            str(s): _fraction(Fraction(w, pool.denominator)) for s, w in enumerate(pool.counts)
        },
    }
    marks = {f"{name.title()} ({n})": n for name, n in DIFFICULTIES.items()}
    if args.vs is None:
        lines += _ladder(pool, ratings, rerolls=rerolls)
        data["difficulties"] = {
            name: _fraction(pool.p_success(n, paid=sum(ratings)))
            for name, n in DIFFICULTIES.items()
        }
    else:
        answer = _against(ctx, pool, args.vs, ratings, data, rerolls=rerolls)
        lines += answer
        if "need" in data:
            marks = {"needed": data["need"]}
    files: tuple[File, ...] = ()
    if args.chart:
        title = f"{pool_text.written}: {dice.dice} D{pool.size}, exact odds"
        if args.vs is not None and answer:
            # The chart says the answer the reply gives, in its words.
            title = f"{pool_text.written}, {dice.dice} D{pool.size} -- {answer[0]}"

        def draw() -> bytes:
            # matplotlib is loaded and the chart drawn after the table's lock is released.
            from scenekeeper.odds.cybergod_chart import success_chart_png  # noqa: PLC0415

            return success_chart_png(pool, title=title, marks=marks)

        files = (File.later(CHART_NAME, draw),)
    return Decision(reply=Reply(text=tuple(lines), data=data, files=files))


def _quiet(ctx: Context) -> Character | None:
    """For raw dice: the one character the asker plays (its wounds count), else none."""
    state = ctx.require_state()
    game = cybergod(state)
    mine = [c for c, o in state.meta.owners.items() if o == ctx.actor.id]
    found = [game.find_character(c) for c in mine]
    known = [c for c in found if c is not None]
    return known[0] if len(known) == 1 else None


def _spread(pool: SuccessPool) -> str:
    whole = pool.denominator
    parts = [f"{s} {percent(Fraction(w, whole))}" for s, w in enumerate(pool.counts) if w]
    return "Successes: " + ", ".join(parts) + "."


def _ladder(pool: SuccessPool, ratings: list[int], *, rerolls: bool) -> list[str]:
    paid = sum(ratings)
    paying = f", overcoming {paid} in complications" if paid else ""
    parts = [
        f"{DIFFICULTY_NAMES[n]} ({n}) {chance(pool.p_success(n, paid=paid))}"
        for n in DIFFICULTIES.values()
    ]
    lines = [f"Succeed{paying}: " + ", ".join(parts) + "."]
    if pool.dice and rerolls:
        again = [
            f"{DIFFICULTY_NAMES[n]} {chance(pool.p_success(n, paid=paid, rerolls=1))}"
            for n in DIFFICULTIES.values()
        ]
        lines.append("With one Resolve re-roll: " + ", ".join(again) + ".")
    return lines


def _against(
    ctx: Context,
    pool: SuccessPool,
    vs: str,
    ratings: list[int],
    data: dict[str, Any],
    *,
    rerolls: bool,
) -> list[str]:
    """``vs:``: a difficulty or threshold, an earlier test (``#4``), or opposing dice
    (``3d8``), the last two with a difficulty as the margin needed."""
    words = vs.split()
    dice_words = [w for w in words if _DICE.fullmatch(w)]
    refs = [w for w in words if re.fullmatch(r"#\d+", w)]
    rest = key(" ".join(w for w in words if w not in dice_words and w not in refs))
    level = next((n for name, n in DIFFICULTIES.items() if key(name) == rest), None)
    if rest.isdigit():
        level = int(rest)
        if not 1 <= level <= MAX_THRESHOLD:
            # A threshold (or the margin an opposed test needs) is 1-20, as /test takes it.
            raise Refusal(
                f"vs:{vs}: a threshold (or the margin against a roll) is 1 to {MAX_THRESHOLD}; "
                f"leave the number out for a margin of 1{_roll_meant(level)}."
            )
    if rest and level is None:
        raise Refusal(
            f"vs:{vs}: say easy, moderate, hard, very-hard, a threshold, an earlier test like "
            '#4 or opposing dice like 3d8 (with a difficulty: "moderate 3d8").'
        )
    if len(dice_words) + len(refs) > 1:
        raise Refusal(
            'Ask about one opposing roll at a time: vs:"#4" or vs:"3d8" (with a difficulty: '
            'vs:"moderate 3d8").'
        )
    if dice_words:
        return _opposing_dice(pool, dice_words[0], level or OPPOSED_MARGIN, ratings, data)
    if refs:
        other = roll_in_play(ctx, int(refs[0][1:]))
        theirs = count_successes(other.faces)
        margin = level or OPPOSED_MARGIN
        label = f"beat {other.roller}'s #{other.id} ({plural(theirs, 'success')}) by {margin}"
        return _threshold(pool, theirs + margin, label, ratings, data, rerolls=rerolls)
    assert level is not None
    named = "" if rest.isdigit() else DIFFICULTY_NAMES[level]
    label = f"reach {named} ({level})" if named else f"reach {plural(level, 'success')}"
    return _threshold(pool, level, label, ratings, data, rerolls=rerolls)


def _threshold(
    pool: SuccessPool,
    need: int,
    label: str,
    ratings: list[int],
    data: dict[str, Any],
    *,
    rerolls: bool,
) -> list[str]:
    data["need"] = need
    data["success"] = _fraction(pool.p_success(need))
    lines = [f"To {label}: {chance(pool.p_success(need))}."]
    if ratings:
        both = pool.p_success(need, paid=sum(ratings))
        data["success_paying"] = _fraction(both)
        lines.append(f"And overcome {sum(ratings)} in complications: {chance(both)}.")
    lines += _ep_line(pool.effect_points(need, ratings=ratings), ratings, data)
    if pool.dice and rerolls:
        again = pool.p_success(need, rerolls=1)
        lines.append(f"To {label} with one Resolve re-roll: {chance(again)}.")
    return lines


def _ep_line(
    effects: Mapping[int, Fraction], ratings: list[int], data: dict[str, Any]
) -> list[str]:
    """EP on every success (they add up to the chance of success), complications paid first
    in the order listed, each while the extra successes last."""
    if not effects:
        return []
    data["ep"] = {str(ep): _fraction(p) for ep, p in effects.items()}
    paying = " (complications paid first, in order)" if ratings else ""
    return [
        "EP" + paying + ": " + ", ".join(f"{ep} {percent(p)}" for ep, p in effects.items()) + "."
    ]


def _opposing_dice(
    pool: SuccessPool, text: str, margin: int, ratings: list[int], data: dict[str, Any]
) -> list[str]:
    match = _DICE.fullmatch(text)
    assert match is not None
    count = int(match.group(1) or 1)
    if count > MAX_DICE:
        raise Refusal(f"{text}: at most {MAX_DICE} dice are rolled.")
    other = cybergod_pool(count, die_size(match.group(2), f"{text}: a Cybergod die"))
    result = cybergod_opposed(pool, other, margin, ratings=ratings)
    data["opposed"] = {
        "success": _fraction(result.success),
        "stalemate": _fraction(result.stalemate),
        "failure": _fraction(result.failure),
        "ep": {str(ep): _fraction(p) for ep, p in result.effect_points.items()},
    }
    lines = [
        f"Against {count} D{other.size}, margin needed {margin}: success {chance(result.success)}, "
        f"stalemate {chance(result.stalemate)}, failure {chance(result.failure)}."
    ]
    if ratings:
        data["opposed"]["success_paying"] = _fraction(result.paying)
        lines.append(f"And overcome {sum(ratings)} in complications: {chance(result.paying)}.")
    lines += _ep_line(result.effect_points, ratings, {})
    return lines


def _fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


__all__ = ["chance_before_test", "commands"]


def _roll_meant(number: int) -> str:
    """A number too big for a threshold was likely a roll: say how to write one."""
    return f'; to oppose roll #{number}, write vs:"#{number}"' if number > 0 else ""
