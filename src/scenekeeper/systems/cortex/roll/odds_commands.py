"""``/odds``: the exact chances of a Cortex pool, asked before anyone rolls or spends a plot
point, in words and as a chart.

The pool is read like ``/roll`` reads it (``pools.player_pool``: traits, assets, complications,
stress, dice) for the character the asker plays or names; raw dice (``d8 d8 d10``) need no
character, and a GM who plays none is read like ``/gmroll`` (difficulty levels, the doom pool,
complications). ``vs:`` is read like ``/roll``'s: a number, a roll (``#4``), a difficulty level
(two dice, or a number with the Static Difficulty mod), opposing dice or the doom pool (gaps
1.2, 1.6). Nothing is rolled and nothing is recorded.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any

from scenekeeper.dice import DiceError, Pool
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.quoting import quoted
from scenekeeper.engine.reply import File, Reply
from scenekeeper.engine.systems import mod_on
from scenekeeper.odds import (
    MAX_KEEP,
    OddsError,
    Opposition,
    Summary,
    chance_line,
    opposing,
    percent,
    summarise,
    summary_lines,
)
from scenekeeper.systems.cortex.roll.opposition import NUMBER, opposition_mods, opposition_of
from scenekeeper.systems.cortex.roll.pools import LEVELS, STATIC, player_pool
from scenekeeper.systems.cortex.roll.rolls import reading_of
from scenekeeper.systems.cortex.sheets.sheet import Character
from scenekeeper.systems.cortex.state import CortexState, RollRecord, character, cortex
from scenekeeper.systems.cortex.troubles.shaken import keep_for

commands = CommandSet(systems=frozenset({"cortex"}))
_ROLL_REF = re.compile(r"#(\d+)")
_DICE_WORD = re.compile(r"\d*[dD]\d+")
#: The file Discord attaches and the console saves.
CHART_NAME = "odds.png"


@dataclass(frozen=True)
class OddsArgs:
    pool: Annotated[
        str, Opt('traits, assets, complications or dice, like "Fighting Agility d6" or "d8 d8"')
    ]
    vs: Annotated[
        str | None, Opt("what to beat: very-easy..very-hard, a number, dice, doom, #roll or last")
    ] = None
    keep: Annotated[
        int | None,
        Opt(
            "dice kept for the total (default 2; plot points keep more)",
            min_value=1,
            max_value=MAX_KEEP,
        ),
    ] = None
    character: Annotated[str | None, Opt("whose traits the pool names (default: yours)")] = None
    chart: Annotated[bool, Opt("attach a chart of the odds (PNG)")] = True


@commands.command(
    "odds",
    help="The exact chances of a pool before you roll: beating a difficulty or an opposing "
    "pool, a heroic success, the effect die, hitches; with a chart.",
    summary="The exact chances of a pool before you roll: success, heroic success, effect die, "
    "hitches.",
    permission=Permission.PLAYER,
    examples=(
        '/odds pool:"Fighting Agility Grandfather\'s Sword" vs:hard',
        '/odds pool:"d8 d8 d10" vs:11 keep:3',
        '/odds pool:"d6 d8 d10" vs:doom',
    ),
)
def odds(ctx: Context, args: OddsArgs) -> Decision:
    state = ctx.require_state()
    game = cortex(state)
    sizes, who, cost = _pool(ctx, game, args)
    keep = args.keep
    if keep is None:
        # Shaken and Stricken: a shaken character keeps one die for a total.
        keep = keep_for(game, who, mod_on(state, "shaken-stricken")) if who else 2
    opposition, label = _against(ctx, game, args.vs, who.name if who else None)
    try:
        summary = summarise(sizes, keep, opposition)
    except OddsError as error:
        raise Refusal(str(error)) from None
    static = mod_on(state, "static-difficulty")
    # The Static Difficulty numbers (Cortex p.25), named when the mod is on.
    ladder = {f"{name} {n}" if static else str(n): n for name, n in STATIC.items()}
    lines = summary_lines(summary, ladder, label)
    if opposition is None and not static:
        lines.insert(-2, _dice_ladder(sizes, keep))
    if cost:
        lines.append(f"Extra traits from one set cost {cost} PP when rolled.")
    if keep == 1 and args.keep is None:
        lines.append("Shaken: one die makes the total (Shaken and Stricken).")
    files: tuple[File, ...] = ()
    if args.chart:
        files = (File.later(CHART_NAME, lambda: _chart(summary, ladder, opposition, label)),)
    return Decision(reply=Reply(text=tuple(lines), data=_data(summary, label), files=files))


def _pool(
    ctx: Context, game: CortexState, args: OddsArgs
) -> tuple[tuple[int, ...], Character | None, int]:
    """The die sizes, the character whose pool it is (if any) and the PP its traits cost."""
    words = args.pool.replace(",", " ").split()
    if words and all(_DICE_WORD.fullmatch(w) for w in words):
        # Raw dice need no character; one named or played still decides keep (shaken).
        try:
            sizes = tuple(int(d) for d in Pool.parse(args.pool))
        except DiceError as error:
            raise Refusal(str(error)) from None
        return sizes, _roller(ctx, args.character, quiet=True), 0
    who = _roller(ctx, args.character)
    if who is None:
        built, number = opposition_of(ctx, game, args.pool)
        if number:
            raise Refusal(
                f"With static difficulty {args.pool} is a number ({number}), not dice; "
                f"ask vs:{quoted(args.pool)} against a pool instead."
            )
        return tuple(int(d) for d in built.dice), None, 0
    built = player_pool(args.pool, who, game)
    return tuple(int(d) for d in built.dice), who, built.extra_trait_cost()


def _roller(ctx: Context, name: str | None, *, quiet: bool = False) -> Character | None:
    """The character named, or the one the asker plays; None for someone who plays none (or,
    ``quiet``, several)."""
    if name:
        return character(ctx, name)
    meta = ctx.require_state().meta
    mine = [c for c, owner in meta.owners.items() if owner == ctx.actor.id]
    if len(mine) > 1:
        if quiet:
            return None
        raise Refusal(f"Name the character: add character:<name> (you play {', '.join(mine)}).")
    return character(ctx, mine[0]) if mine else None


def _against(
    ctx: Context, game: CortexState, vs: str | None, roller: str | None
) -> tuple[Opposition | None, str | None]:
    """What the total must beat, read like ``/roll``'s ``vs:`` but never rolled, and how to
    name it: a number, a roll (``#4``, or ``last`` by someone other than ``roller``), a level,
    dice, complications or the doom pool."""
    if vs is None:
        return None, None
    text = vs.strip()
    if NUMBER.fullmatch(text):
        return Opposition.number(int(text)), text
    reference = _ROLL_REF.fullmatch(text)
    if reference or text.casefold() == "last":
        earlier = _earlier(game, reference.group(1) if reference else None, roller)
        total = reading_of(earlier).total
        return Opposition.number(total), f"{earlier.roller}'s roll #{earlier.id} ({total})"
    built, number = opposition_of(ctx, game, text)
    sizes = tuple(map(int, built.dice))
    if not sizes:
        if not number:
            raise Refusal(f"{text} has no dice to roll (is the doom pool empty?).")
        return Opposition.number(number), f"{text} ({number})"
    try:
        if opposition_mods(ctx)[0]:
            # Static Difficulty (Cortex p.25): complication dice are rolled and added.
            opposition = Opposition.static(number, sizes)
            return opposition, f"{text} ({opposition.label})"
        return _opposing_dice(text, sizes)
    except OddsError as error:
        raise Refusal(str(error)) from None


@functools.lru_cache(maxsize=256)
def _opposing_dice(text: str, sizes: tuple[int, ...]) -> tuple[Opposition, str]:
    """Opposing dice (``sizes``, as ``text`` named them) as the odds read them, and their
    name in the reply; kept, bounded: a table rolls against the same few all evening."""
    dice = " ".join(f"d{s}" for s in sorted(sizes))
    named = not all(_DICE_WORD.fullmatch(w) for w in text.replace(",", " ").split())
    return opposing(sizes), f"{text} ({dice})" if named else dice


def _earlier(game: CortexState, number: str | None, roller: str | None) -> RollRecord:
    if number is not None:
        found = game.roll_by_id(int(number))
        if found is None:
            raise Refusal(f"There is no roll #{number} in play.")
        return found
    others = [r for r in game.rolls if r.roller != roller]
    if not others:
        raise Refusal("There is no earlier roll by anyone else to beat.")
    return max(others, key=lambda r: r.id)


def chance_before_roll(
    ctx: Context,
    pool_sizes: Sequence[int],
    keep: int,
    vs: str | None,
    roller: str | None = None,
    *,
    ties_win: bool = False,
) -> str | None:
    """The one line ``/roll`` shows before the dice are thrown, when ``vs:`` says what to
    beat; None when nothing is known to beat or the odds cannot say -- the roll itself goes on
    and reports any problem with ``vs:`` in its own words. ``ties_win``: action-based
    resolution, where the reaction must exceed the action (gaps 1.4)."""
    if vs is None:
        return None
    try:
        opposition, label = _against(ctx, cortex(ctx.require_state()), vs, roller)
        if opposition is None:
            return None
        return chance_line(pool_sizes, keep, opposition, label=label, ties_win=ties_win)
    except (Refusal, OddsError):
        return None


def _dice_ladder(sizes: tuple[int, ...], keep: int) -> str:
    """Cortex 1.2: each difficulty level rolls two dice of its size and keeps both."""
    parts = []
    for level, die in LEVELS.items():
        chances = summarise(sizes, keep, [int(die), int(die)]).chances
        assert chances is not None
        parts.append(f"{level} ({die} {die}) {percent(chances.success)}")
    return "Against difficulty dice: " + ", ".join(parts) + "."


def _chart(
    summary: Summary, ladder: dict[str, int], opposition: Opposition | None, label: str | None
) -> bytes:
    from scenekeeper.odds.chart import chart_marks, chart_png  # noqa: PLC0415 -- lazy

    return chart_png(summary, marks=chart_marks(ladder, opposition, label), against=label)


def _fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def _data(summary: Summary, label: str | None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "pool": [f"d{s}" for s in summary.pool],
        "keep": summary.keep,
        "denominator": summary.denominator,
        "p_beat": {str(d): _fraction(p) for d, p in summary.beat.items()},
        "effects": {f"d{e}": _fraction(p) for e, p in summary.effects.items()},
        "hitch": _fraction(summary.hitch),
        "botch": _fraction(summary.botch),
        "against": None,
    }
    chances = summary.chances
    if chances is not None:
        data["against"] = {
            "label": label or chances.against,
            "success": _fraction(chances.success),
            "heroic": _fraction(chances.heroic),
            "tie": _fraction(chances.tie),
            "effects": {str(s): _fraction(p) for s, p in chances.effects.items()},
            "keeping": {f"d{e}": _fraction(p) for e, p in chances.keeping.items()},
        }
    return data
