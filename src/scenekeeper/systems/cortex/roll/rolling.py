"""``/roll`` and ``/gmroll`` at a Cortex table: build the pool, roll it (and the opposition),
read it, and record every face.

Cortex p.16-25: one trait per prime set (a second costs a plot point, asked first); a
difficulty is two dice of its level (or a number with the Static Difficulty mod); to succeed,
beat it -- a tie fails.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import Die, roll_dice
from scenekeeper.engine import who
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.core.roll import RollDice
from scenekeeper.engine.core.roll import roll as plain_roll
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.quoting import quoted
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.render import roll_data, roll_lines
from scenekeeper.systems.cortex.roll.aftermath import after_roll
from scenekeeper.systems.cortex.roll.dice_roll import roll_without_character
from scenekeeper.systems.cortex.roll.odds_commands import chance_before_roll
from scenekeeper.systems.cortex.roll.opposition import (
    difficulty_of,
    extra_stress_cost,
    mod,
    opposition_of,
    paid_for_stress,
    policy,
)
from scenekeeper.systems.cortex.roll.pool_building import (
    after_push,
    build_pool,
    costs_before_rolling,
    pay_points,
)
from scenekeeper.systems.cortex.roll.pools import BuiltPool
from scenekeeper.systems.cortex.roll.rolls import GM_ROLLER, make_roll
from scenekeeper.systems.cortex.roll.scale import with_scale
from scenekeeper.systems.cortex.roll.terms import Term
from scenekeeper.systems.cortex.sheets.sheet import Character
from scenekeeper.systems.cortex.state import (
    CortexState,
    RollRecord,
    character,
    cortex,
    may_act_for,
    own_character,
)
from scenekeeper.systems.cortex.troubles.shaken import keep_for, with_trait_stress

commands = CommandSet(systems=frozenset({"cortex"}))

#: The options every command that rolls a character's pool offers, said the same way.
HinderOpt = Annotated[str | None, Opt("a distinction to roll as d4 for 1 PP")]
PushOpt = Annotated[
    str | None, Opt("pushing stress: your stress type to add to your pool for 1 PP")
]
PayOpt = Annotated[
    int,
    Opt("plot points you agree to spend on extra traits from one set", min_value=0, max_value=10),
]
BoostOpt = Annotated[str | None, Opt("use a boost: the pool die (by name) to step up")]
ScaleOpt = Annotated[
    str | None, Opt("scale dice: d8 (advantage) or d8 d8 (overwhelming), or per the mod")
]


@dataclass(frozen=True)
class CortexRoll:
    pool: Annotated[
        str | None, Opt('traits, assets, complications and dice, like "Fighting Agility d6"')
    ] = None
    vs: Annotated[
        str | None, Opt("difficulty: very-easy..very-hard, a number, a pool, or #roll")
    ] = None
    character: Annotated[str | None, Opt("who rolls (default: the character you play)")] = None
    hinder: HinderOpt = None
    push: PushOpt = None
    pay: PayOpt = 0
    results: Annotated[str | None, Opt("faces you rolled for the pool, in pool order")] = None
    vs_results: Annotated[str | None, Opt("faces rolled for the difficulty dice")] = None
    dice: Annotated[str | None, Opt("a plain dice expression instead of a pool, like 2d6+1")] = None
    label: Annotated[str | None, Opt("what the roll is for", max_length=80)] = None
    scale: ScaleOpt = None
    boost: BoostOpt = None
    secret: Annotated[
        bool, Opt("GMs: roll in secret; the table reads only that you rolled (and what for)")
    ] = False


@commands.command(
    "roll",
    help="Roll a Cortex pool (traits, assets, complications, dice) against a difficulty; "
    "or a plain expression with dice:.",
    summary="Roll a pool of traits, assets, complications and dice against a difficulty.",
    permission=Permission.PLAYER,
    examples=(
        '/roll pool:"Fighting Agility Sword" vs:hard',
        '/roll pool:"Sneaking Alertness d6" vs:"#4" results:"5 3 6"',
        "/roll dice:2d6+1",
    ),
)
def roll(ctx: Context, args: CortexRoll) -> Decision:
    if args.dice is not None:
        if args.pool is not None:
            raise Refusal("Give pool: (a Cortex pool) or dice: (a plain expression), not both.")
        plain = RollDice(dice=args.dice, results=args.results, label=args.label, secret=args.secret)
        return plain_roll(ctx, plain)
    if args.secret:
        raise Refusal("A secret roll is plain dice: /roll dice:2d6 secret:true (GMs only).")
    if args.pool is None:
        raise Refusal('Say what to roll: pool:"Fighting Agility d6" (or dice:2d6 for plain dice).')
    state = ctx.require_state()
    game = cortex(state)
    # A name kept as the sheet's own key is found without folding every name at the table.
    mine = who.played(
        state.meta,
        ctx.actor.id,
        lambda c: c in game.characters or game.find_character(c) is not None,
    )
    if args.character is None and not mine:
        unused = {"hinder": args.hinder, "push": args.push, "pay": args.pay, "boost": args.boost}
        return roll_without_character(
            ctx,
            args.pool,
            vs=args.vs,
            results=args.results,
            vs_results=args.vs_results,
            unused={**unused, "scale": args.scale},
        )
    if not args.character and len(mine) == 1:
        # The one character they play, as own_character finds it (without asking again).
        roller = character(ctx, mine[0])
    else:
        roller = own_character(ctx, args.character)
    may_act_for(ctx, roller)
    return roll_character(ctx, roller, args, side="player")


@dataclass(frozen=True)
class GmRoll:
    pool: Annotated[str, Opt("difficulty levels, dice, a GMC's traits, complications")]
    vs: Annotated[
        str | None, Opt("what it is against: a difficulty, a number, a pool or #roll")
    ] = None
    character: Annotated[str | None, Opt("the GMC rolling (its traits and assets)")] = None
    pay: Annotated[
        int, Opt("plot points from the GM bank for extra traits", min_value=0, max_value=10)
    ] = 0
    scale: Annotated[
        str | None, Opt("scale dice: d8 (advantage) or d8 d8 (overwhelming), or per the mod")
    ] = None
    results: Annotated[str | None, Opt("faces rolled for the pool, in pool order")] = None
    vs_results: Annotated[str | None, Opt("faces rolled for the vs: dice")] = None


@commands.command(
    "gmroll",
    help="Roll for the GM: a GMC's pool, difficulty dice, or an opposition pool with the "
    "players' complications. Its 1s are opportunities.",
    summary="Roll for the GM: a GMC's pool, difficulty dice, or an opposition pool.",
    permission=Permission.GM,
    examples=('/gmroll pool:"hard Broken Arm"', '/gmroll character:Thug pool:"Fighting Brawny"'),
)
def gmroll(ctx: Context, args: GmRoll) -> Decision:
    if args.character is not None:
        who = own_character(ctx, args.character)
        full = CortexRoll(
            pool=args.pool,
            vs=args.vs,
            pay=args.pay,
            scale=args.scale,
            results=args.results,
            vs_results=args.vs_results,
        )
        return roll_character(ctx, who, full, side="gm")
    return gm_pool_roll(
        ctx, args.pool, args.results, vs=args.vs, vs_results=args.vs_results, scale=args.scale
    )


def gm_pool_roll(
    ctx: Context,
    text: str,
    results: str | None,
    *,
    vs: str | None = None,
    vs_results: str | None = None,
    scale: str | None = None,
) -> Decision:
    """The GM rolls an opposition pool (difficulty dice, the doom pool, complications); a scale
    die joins it when the opposition has the advantage of scale (Cortex p.100)."""
    state = ctx.require_state()
    game = cortex(state)
    pool, number = opposition_of(ctx, game, text)
    if number:
        raise Refusal(
            "With static difficulty a level is a number, not dice: the player rolls "
            f"vs:{quoted(text)} directly (it counts {number}, plus any complication dice)."
        )
    extra_kept = 0
    if scale is not None:
        pool, extra_kept = with_scale(pool, scale, multi_level=mod_on(state, "multi-level-scale"))
    return _gm_roll(ctx, pool, results, vs, vs_results, keep=2 + extra_kept)


def _gm_roll(
    ctx: Context,
    pool: BuiltPool,
    results: str | None,
    vs: str | None,
    vs_results: str | None,
    *,
    keep: int = 2,
) -> Decision:
    game = cortex(ctx.require_state())
    difficulty, against, opposition, events = difficulty_of(ctx, game, vs, vs_results, GM_ROLLER)
    events = [*events, *extra_stress_cost(game, pool)]
    roll_id = game.roll_count + 1 + sum(isinstance(e, ev.Rolled) for e in events)
    faces = roll_dice(ctx.dice, [d.sides for d in pool.dice], results)
    record = make_roll(
        roll_id,
        "gm",
        GM_ROLLER,
        ctx.actor.id,
        pool,
        faces,
        policy=policy(ctx),
        keep=keep,
        difficulty=difficulty,
        against=against,
        against_roll=opposition.id if opposition else None,
        typed=results is not None,
    )
    lines = roll_lines(record, opposition, dice_fall=mod(ctx, "let-the-dice-fall"))
    lines += paid_for_stress(events)
    return Decision(
        events=(*events, ev.Rolled.trusted(roll=record)),
        reply=Reply.say(*lines, data=roll_data(record)),
    )


def gm_dice_roll(
    ctx: Context,
    dice: tuple[Die, ...],
    source: str,
    results: str | None,
    more: tuple[Term, ...] = (),
) -> Decision:
    """The GM rolls a fixed set of dice as the opposition (the doom pool, a crisis pool), with
    ``more`` dice of other sources after them (the scene's dice)."""
    if not dice:
        raise Refusal(f"There are no dice in {source} to roll.")
    terms = (*(Term(d, source, "dice") for d in dice), *more)
    return _gm_roll(ctx, BuiltPool(terms), results, None, None)


def rolled_record(rolled: Decision, who: Character) -> RollRecord:
    """The roll ``who`` made in a decision from :func:`roll_character` (not its vs: dice)."""
    return next(
        e.roll for e in rolled.events if isinstance(e, ev.Rolled) and e.roll.roller == who.name
    )


def roll_character(
    ctx: Context,
    who: Character,
    args: CortexRoll,
    side: str,
    *,
    action: bool = False,
    test: bool | None = None,
    closes: tuple[int, ...] = (),
    beat: bool = True,
    purpose: str = "",
) -> Decision:
    """Roll a character's pool. ``action``: action-based resolution, where the reaction (the
    difficulty) must exceed the total, so a tie succeeds (gaps 1.4). ``test``: the roll is a
    test or contest, which some scenes have none of (default: it has a vs:). ``closes``: the
    earlier rolls it answers. ``beat``: it is an action or test that counts as a beat (not a
    reaction, nor a roll for who goes first). ``purpose``: what a rule looking back at the
    roll needs to know it was for."""
    state = ctx.require_state()
    game = cortex(state)
    tested = test if test is not None else args.vs is not None
    pool, extra_kept, helping = build_pool(state, who, args, test=tested)
    keep = keep_for(game, who, mod_on(state, "shaken-stricken")) + extra_kept
    vs, stressed = with_trait_stress(state, who, pool, args.vs, args.vs_results)
    # The exact chance, worked out before the dice are thrown (when vs: says what to beat).
    sides = tuple(map(int, pool.dice))  # the odds line's sizes, and the dice to roll
    chance = chance_before_roll(ctx, sides, keep, vs, who.name, ties_win=action)
    events = costs_before_rolling(state, who, pool, args.pay)
    if side == "gm":
        # A GMC's pool can hold the PCs' stress and trauma: the same costs as any opposition.
        events += extra_stress_cost(game, pool)
    # What the extra traits cost: costs_before_rolling refuses a pay: of any other amount.
    cost = args.pay
    pushed = next((t for t in pool.terms if t.pushed), None)
    difficulty, against, opposition, vs_events = difficulty_of(
        ctx, game, vs, args.vs_results, who.name
    )
    events = [*vs_events, *events]
    roll_id = game.roll_count + 1 + sum(isinstance(e, ev.Rolled) for e in vs_events)
    faces = roll_dice(ctx.dice, sides, args.results)
    dice_fall = mod(ctx, "let-the-dice-fall")  # read once: the policy and the reply's note
    record = make_roll(
        roll_id,
        "gm" if side == "gm" else "player",
        who.name,
        ctx.actor.id,
        pool,
        faces,
        policy="fall" if dice_fall else "best",
        keep=keep,
        difficulty=difficulty,
        against=against,
        against_roll=opposition.id if opposition else None,
        typed=args.results is not None,
        ties_succeed=action,
        closes=closes,
        beat=beat,
        purpose=purpose,
    )
    earned = record.pp_earned  # the pool's, as make_roll counted them
    if earned and who.kind == "pc":
        reasons = ", ".join(t.source for t in pool.terms if t.earns_pp)
        events.append(pay_points(who, earned, f"{reasons} on roll #{roll_id}"))
    events.append(ev.Rolled.trusted(roll=record))
    if args.boost is not None:
        events.append(ev.BoostsChanged(character=who.name, delta=-1, reason=f"roll #{roll_id}"))
    aftermath, notes = after_roll(who, pool, record)
    events += aftermath
    if pushed is not None:
        stepped, said = after_push(state, who, pushed)
        events += stepped
        notes += said
    lines = roll_lines(record, opposition, dice_fall=dice_fall)
    if chance is not None:
        lines.insert(0, chance)
    lines += paid_for_stress(events)
    if cost:
        lines.append(f"{who.name} spends {cost} PP on extra traits.")
    if pushed is not None:
        lines.append(f"{who.name} spends 1 PP to push {pushed.name} stress into the pool.")
    if record.keep == 1:
        lines.append(f"{who.name} is shaken: one die makes the total (Shaken and Stricken).")
    lines += stressed
    if earned and who.kind == "pc":
        lines.append(f"{who.name} earns {earned} PP (not spendable on this roll).")
    lines += notes
    lines += _reminders(game, who, args, helping)
    return Decision(events=tuple(events), reply=Reply.say(*lines, data=roll_data(record)))


def _reminders(
    game: CortexState, who: Character, args: CortexRoll, helping: tuple[Term, ...]
) -> list[str]:
    """What the roller holds that a roll could use, and who is helping at their risk."""
    lines = []
    if args.boost is None and game.boosts.get(who.name, 0) > 0:
        lines.append(
            f"{who.name} holds a boost: add boost:<die> to a roll to step one of its dice up."
        )
    if helping:
        helpers = ", ".join(f"{t.owner} ({t.die})" for t in helping)
        lines.append(
            f"Helping: {helpers}; if the opposition wins, its effect die can take a helper out."
        )
    return lines
