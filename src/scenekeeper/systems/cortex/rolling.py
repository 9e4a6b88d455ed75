"""``/roll`` and ``/gmroll`` at a Cortex table: build the pool, roll it (and the opposition),
read it, and record every face.

Cortex p.16-25: one trait per prime set (a second costs a plot point, asked first); a
difficulty is two dice of its level (or a number with the Static Difficulty mod); to succeed,
beat it -- a tie fails.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import Die, roll_dice
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.core.roll import RollDice
from scenekeeper.engine.core.roll import roll as plain_roll
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import TableState
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.aftermath import after_roll
from scenekeeper.systems.cortex.names import (
    cortex,
    may_act_for,
    mod_on,
    own_character,
    require_mod,
)
from scenekeeper.systems.cortex.pools import BuiltPool, Term, opposition_pool, player_pool
from scenekeeper.systems.cortex.render import roll_data, roll_lines
from scenekeeper.systems.cortex.rolls import GM_ROLLER, make_roll, reading_of
from scenekeeper.systems.cortex.scale import with_scale
from scenekeeper.systems.cortex.scene_rules import refuse_in_scene
from scenekeeper.systems.cortex.shaken import keep_for, take_trait_stress
from scenekeeper.systems.cortex.sheet import Character, same_name
from scenekeeper.systems.cortex.state import CortexState, RollRecord
from scenekeeper.systems.cortex.stress import take_stress

commands = CommandSet(systems=frozenset({"cortex"}))
_ROLL_REF = re.compile(r"#?(\d+)")


@dataclass(frozen=True)
class CortexRoll:
    pool: Annotated[
        str | None, Opt('traits, assets, complications and dice, like "Fighting Agility d6"')
    ] = None
    vs: Annotated[
        str | None, Opt("difficulty: very-easy..very-hard, a number, a pool, or #roll")
    ] = None
    character: Annotated[str | None, Opt("who rolls (default: the character you play)")] = None
    hinder: Annotated[str | None, Opt("a distinction to roll as d4 for 1 PP")] = None
    push: Annotated[
        str | None, Opt("pushing stress: your stress type to add to your pool for 1 PP")
    ] = None
    pay: Annotated[
        int,
        Opt(
            "plot points you agree to spend on extra traits from one set", min_value=0, max_value=10
        ),
    ] = 0
    results: Annotated[str | None, Opt("faces you rolled for the pool, in pool order")] = None
    vs_results: Annotated[str | None, Opt("faces rolled for the difficulty dice")] = None
    dice: Annotated[str | None, Opt("a plain dice expression instead of a pool, like 2d6+1")] = None
    label: Annotated[str | None, Opt("what the roll is for", max_length=80)] = None
    scale: Annotated[
        str | None, Opt("scale dice: d8 (advantage) or d8 d8 (overwhelming), or per the mod")
    ] = None


@commands.command(
    "roll",
    help="Roll a Cortex pool (traits, assets, complications, dice) against a difficulty; "
    "or a plain expression with dice:.",
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
        return plain_roll(ctx, RollDice(dice=args.dice, results=args.results, label=args.label))
    if args.pool is None:
        raise Refusal('Say what to roll: pool:"Fighting Agility d6" (or dice:2d6 for plain dice).')
    who = own_character(ctx, args.character)
    may_act_for(ctx, who)
    return roll_character(ctx, who, args, side="player")


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
    results: Annotated[str | None, Opt("faces rolled for the pool, in pool order")] = None
    vs_results: Annotated[str | None, Opt("faces rolled for the vs: dice")] = None


@commands.command(
    "gmroll",
    help="Roll for the GM: a GMC's pool, difficulty dice, or an opposition pool with the "
    "players' complications. Its 1s are opportunities.",
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
            results=args.results,
            vs_results=args.vs_results,
        )
        return roll_character(ctx, who, full, side="gm")
    return gm_pool_roll(ctx, args.pool, args.results, vs=args.vs, vs_results=args.vs_results)


def gm_pool_roll(
    ctx: Context,
    text: str,
    results: str | None,
    *,
    vs: str | None = None,
    vs_results: str | None = None,
) -> Decision:
    """The GM rolls an opposition pool (difficulty dice, the doom pool, complications)."""
    game = cortex(ctx.require_state())
    pool, number = _opposition(ctx, game, text)
    if number:
        raise Refusal(
            "With static difficulty a level is a number, not dice: the player rolls "
            f'vs:"{text}" directly (it counts {number}, plus any complication dice).'
        )
    return _gm_roll(ctx, pool, results, vs, vs_results)


def _gm_roll(
    ctx: Context,
    pool: BuiltPool,
    results: str | None,
    vs: str | None,
    vs_results: str | None,
) -> Decision:
    game = cortex(ctx.require_state())
    difficulty, against, opposition, events = _difficulty(ctx, game, vs, vs_results, GM_ROLLER)
    events = [*events, *_extra_stress_cost(game, pool)]
    roll_id = game.roll_count + 1 + sum(isinstance(e, ev.Rolled) for e in events)
    faces = roll_dice(ctx.dice, [d.sides for d in pool.dice], results)
    record = make_roll(
        roll_id,
        "gm",
        GM_ROLLER,
        ctx.actor.id,
        pool,
        faces,
        policy=_policy(ctx),
        difficulty=difficulty,
        against=against,
        against_roll=opposition.id if opposition else None,
    )
    lines = roll_lines(record, opposition, dice_fall=_mod(ctx, "let-the-dice-fall"))
    lines += _paid_for_stress(events)
    return Decision(
        events=(*events, ev.Rolled(roll=record)), reply=Reply.say(*lines, data=roll_data(record))
    )


def gm_dice_roll(ctx: Context, dice: tuple[Die, ...], source: str, results: str | None) -> Decision:
    """The GM rolls a fixed set of dice as the opposition (the doom pool, a crisis pool)."""
    if not dice:
        raise Refusal(f"There are no dice in {source} to roll.")
    terms = tuple(Term(d, source, "dice") for d in dice)
    return _gm_roll(ctx, BuiltPool(terms), results, None, None)


def _opposition(ctx: Context, game: CortexState, text: str) -> tuple[BuiltPool, int]:
    state = ctx.require_state()
    doom = mod_on(state, "doom-pool") and not mod_on(state, "limited-doom-pool")
    return opposition_pool(text, game, static=_mod(ctx, "static-difficulty"), doom=doom)


def _build(
    state: TableState, who: Character, args: CortexRoll
) -> tuple[BuiltPool, int, tuple[Term, ...]]:
    """The pool to roll, how many more dice it keeps (scale), and the dice helpers handed over."""
    if who.status != "active":
        how = (
            "out of the game for good" if who.status == "removed" else who.status.replace("_", " ")
        )
        back = "" if who.status == "removed" else " (a GM brings them back with /char return)"
        raise Refusal(f"{who.name} is {how} and cannot roll{back}.")
    assert args.pool is not None
    if args.vs is not None:
        refuse_in_scene(state, "tests", ("opening",))
    game = cortex(state)
    pool = player_pool(args.pool, who, game, args.hinder)
    if args.push is not None:
        pool = _pushed(state, who, pool, args.push)
    _check_own_troubles(who, pool)
    helping = _assists(game, who)
    if helping:
        # Cortex p.100: dice handed over by helping PCs join the lead's rolls.
        pool = BuiltPool((*pool.terms, *helping))
    extra_kept = 0
    if args.scale is not None:
        multi = mod_on(state, "multi-level-scale")
        pool, extra_kept = with_scale(pool, args.scale, multi_level=multi)
    return pool, extra_kept, helping


def _assists(game: CortexState, who: Character) -> tuple[Term, ...]:
    scene = game.scene
    if scene is None:
        return ()
    return tuple(
        Term(a.die, a.source, "dice", a.source, a.helper) for a in scene.assists if a.to == who.name
    )


def _after_push(state: TableState, who: Character, pushed: Term) -> tuple[list[Event], list[str]]:
    """Pushing Stress (Cortex p.40): the pushed stress die steps up after the roll (on a trait,
    with Shaken and Stricken, by that mod's rule)."""
    if mod_on(state, "shaken-stricken"):
        stepped, said = take_trait_stress(cortex(state), who, pushed.name, pushed.die)
    else:
        trauma_on = mod_on(state, "trauma")
        stepped, said = take_stress(who, pushed.name, pushed.die, trauma_on=trauma_on)
    return stepped, [f"Pushed stress: {line}" for line in said]


def _paid_for_stress(events: list[Event]) -> list[str]:
    return [
        f"The GM pays {e.character} {e.delta} PP for the {e.reason}."
        for e in events
        if isinstance(e, ev.PlotPointsChanged) and e.reason.endswith("in the opposition")
    ]


def _extra_stress_cost(game: CortexState, pool: BuiltPool) -> list[Event]:
    """Cortex p.39: one stress die joins the opposition against a character at a time; for
    each more, the GM pays that character's player 1 PP (from the unlimited pile)."""
    per_target: dict[str, int] = {}
    for term in pool.terms:
        if term.kind == "stress" and term.owner and term.owner != "scene":
            per_target[term.owner] = per_target.get(term.owner, 0) + 1
    events: list[Event] = []
    if game.rules.stress_or_trauma:
        both = {t.owner for t in pool.terms if t.kind == "stress"} & {
            t.owner for t in pool.terms if t.kind == "trauma"
        }
        if both and game.gm_bank < len(both):
            raise Refusal(
                f"Stress and trauma of {', '.join(sorted(both))} together cost the GM 1 point each "
                f"and the GM bank has {game.gm_bank}; add one or the other."
            )
        if both:
            reason = "adding both stress and trauma of " + ", ".join(sorted(both))
            events.append(ev.GmBankChanged(delta=-len(both), reason=reason))
    for owner, count in per_target.items():
        who = game.find_character(owner)
        if count > 1 and who is not None and who.kind == "pc":
            reason = f"{count - 1} extra stress die in the opposition"
            events.append(ev.PlotPointsChanged(character=owner, delta=count - 1, reason=reason))
    return events


def roll_character(
    ctx: Context, who: Character, args: CortexRoll, side: str, *, action: bool = False
) -> Decision:
    """Roll a character's pool; ``action``: action-based resolution, where the reaction (the
    difficulty) must exceed the total, so a tie succeeds (gaps 1.4)."""
    state = ctx.require_state()
    game = cortex(state)
    pool, extra_kept, helping = _build(state, who, args)
    events = _costs_before_rolling(state, who, pool, args.pay)
    cost = pool.extra_trait_cost() * extra_trait_price(game, state)
    pushed = next((t for t in pool.terms if t.pushed), None)
    difficulty, against, opposition, vs_events = _difficulty(
        ctx, game, args.vs, args.vs_results, who.name
    )
    events = [*vs_events, *events]
    roll_id = game.roll_count + 1 + sum(isinstance(e, ev.Rolled) for e in vs_events)
    faces = roll_dice(ctx.dice, [d.sides for d in pool.dice], args.results)
    record = make_roll(
        roll_id,
        "gm" if side == "gm" else "player",
        who.name,
        ctx.actor.id,
        pool,
        faces,
        policy=_policy(ctx),
        keep=keep_for(game, who, mod_on(state, "shaken-stricken")) + extra_kept,
        difficulty=difficulty,
        against=against,
        against_roll=opposition.id if opposition else None,
    )
    if action:
        record = record.model_copy(update={"ties_succeed": True})
    earned = pool.pp_earned()
    if earned and who.kind == "pc":
        reasons = ", ".join(t.source for t in pool.terms if t.earns_pp)
        events.append(_pay(who, earned, f"{reasons} on roll #{roll_id}"))
    events.append(ev.Rolled(roll=record))
    aftermath, notes = after_roll(who, pool, record)
    events += aftermath
    if pushed is not None:
        stepped, said = _after_push(state, who, pushed)
        events += stepped
        notes += said
    lines = roll_lines(record, opposition, dice_fall=_mod(ctx, "let-the-dice-fall"))
    lines += _paid_for_stress(events)
    if cost:
        lines.append(f"{who.name} spends {cost} PP on extra traits.")
    if pushed is not None:
        lines.append(f"{who.name} spends 1 PP to push {pushed.name} stress into the pool.")
    if record.keep == 1:
        lines.append(f"{who.name} is shaken: one die makes the total (Shaken and Stricken).")
    if earned and who.kind == "pc":
        lines.append(f"{who.name} earns {earned} PP (not spendable on this roll).")
    lines += notes
    if helping:
        helpers = ", ".join(f"{t.owner} ({t.die})" for t in helping)
        lines.append(
            f"Helping: {helpers}; if the opposition wins, its effect die can take a helper out."
        )
    return Decision(events=tuple(events), reply=Reply.say(*lines, data=roll_data(record)))


def extra_trait_price(game: CortexState, state: TableState) -> int:
    """Points for each extra trait from one set (a game may make it cheaper by a mod)."""
    return 1 if mod_on(state, "cheap-extra-traits") else game.rules.extra_trait_cost


def _costs_before_rolling(
    state: TableState, who: Character, pool: BuiltPool, pay: int
) -> list[Event]:
    """Plot points a pool costs before it is rolled: extra traits from one set (asked first,
    Cortex p.17) and pushed stress (p.40). A plot point earned on this roll cannot pay."""
    game = cortex(state)
    each = extra_trait_price(game, state)
    cost = pool.extra_trait_cost() * each
    payer = (
        f"{who.name} has {who.pp} PP" if who.kind == "pc" else f"the GM bank has {game.gm_bank} PP"
    )
    if cost != pay:
        if cost == 0:
            raise Refusal(f"Nothing in this pool costs plot points; leave out pay:{pay}.")
        doubled = "; ".join(
            f"{' and '.join(names)} are {'both' if len(names) == 2 else 'all'} {s}"
            for s, names in pool.extra_traits()
        )
        raise Refusal(
            f"{doubled}: each trait after the first from a set costs {each} PP, {cost} in all "
            f"({payer}). Add pay:{cost} to spend it, or leave {'one' if cost == 1 else 'some'} out."
        )
    available = who.pp if who.kind == "pc" else game.gm_bank
    if cost > available:
        raise Refusal(f"That costs {cost} PP but {payer}; leave a trait out.")
    events: list[Event] = []
    if cost:
        sets = ", ".join(s for s, _ in pool.extra_traits())
        events.append(_pay(who, -cost, f"extra trait from {sets} on roll #{game.roll_count + 1}"))
    pushed = next((t for t in pool.terms if t.pushed), None)
    if pushed is not None:
        if available - cost < 1:
            raise Refusal(f"Pushing stress costs 1 PP more and {payer}.")
        events.append(_pay(who, -1, f"pushing {pushed.name} stress"))
    return events


def _pushed(state: TableState, who: Character, pool: BuiltPool, kind: str) -> BuiltPool:
    require_mod(state, "pushing-stress")
    found = next((k for k in who.stress if same_name(k, kind)), None)
    if found is None:
        have = ", ".join(who.stress) or "none"
        raise Refusal(f"{who.name} has no {kind} stress to push (stress: {have}).")
    die = who.stress[found]
    if die is Die.D4:
        raise Refusal(
            f"{found} stress is a d4: it goes in {who.name}'s own pool anyway, earning 1 PP "
            f'(pool:"... {found} stress"); no need to push it.'
        )
    term = Term(die, f"{found} stress (pushed)", "stress", found, pushed=True)
    return BuiltPool((*pool.terms, term))


def _pay(who: Character, delta: int, reason: str) -> Event:
    if who.kind == "pc":
        return ev.PlotPointsChanged(character=who.name, delta=delta, reason=reason)
    return ev.GmBankChanged(delta=delta, reason=f"{who.name}: {reason}")


def _check_own_troubles(who: Character, pool: BuiltPool) -> None:
    # Cortex p.27, p.39: your own complications and stress go in the opposition's pool; only a
    # d4 goes in your own (and earns a plot point).
    for term in pool.terms:
        if term.pushed:
            continue
        if (
            term.kind in ("complication", "stress", "trauma")
            and not term.owner
            and not term.earns_pp
        ):
            raise Refusal(
                f"{term.source} is {who.name}'s own at {term.die}: it goes in the opposition's "
                f'pool (vs:"... {_named(term)}"), not yours; only a d4 goes in your own pool.'
            )


def _difficulty(
    ctx: Context,
    game: CortexState,
    vs: str | None,
    vs_results: str | None,
    roller: str,
) -> tuple[int | None, str, RollRecord | None, list[Event]]:
    """The number to beat, how it reads, the opposition's roll (if dice were rolled), and the
    events recording that roll."""
    if vs is None:
        if vs_results is not None:
            raise Refusal("vs_results: gives faces for vs: dice, but there is no vs:.")
        return None, "", None, []
    text = vs.strip()
    if text.lstrip("-").isdigit():
        if vs_results is not None:
            raise Refusal(f"vs:{text} is a number, so there are no dice for vs_results:.")
        return int(text), f"difficulty {text}", None, []
    reference = _ROLL_REF.fullmatch(text)
    if reference or text.casefold() == "last":
        earlier = _earlier_roll(game, reference.group(1) if reference else None, roller)
        total = reading_of(earlier).total
        return total, f"{earlier.roller}'s roll", earlier, []
    static = _mod(ctx, "static-difficulty")
    pool, number = _opposition(ctx, game, text)
    if not pool.terms:
        return number, f"{text} (static)", None, []
    cost = _extra_stress_cost(game, pool)
    faces = roll_dice(ctx.dice, [d.sides for d in pool.dice], vs_results, "vs_results")
    roll_id = game.roll_count + 1
    record = make_roll(roll_id, "gm", GM_ROLLER, ctx.actor.id, pool, faces, policy=_policy(ctx))
    # Static Difficulty (Cortex p.25): a complication joining the opposition is rolled and
    # added to the number; otherwise the opposition's dice make a total like any roll.
    # (A 1 on a complication die is an opportunity, as on any GM die, and adds nothing.)
    added = sum(d.face for d in record.dice if d.face != 1)
    difficulty = number + added if static else reading_of(record).total
    record = record.model_copy(update={"against": f"difficulty for {roller}"})
    return difficulty, text, record, [*cost, ev.Rolled(roll=record)]


def _earlier_roll(game: CortexState, number: str | None, roller: str) -> RollRecord:
    if number is not None:
        found = game.roll_by_id(int(number))
        if found is None:
            live = ", ".join(f"#{r.id} ({r.roller})" for r in game.rolls) or "none"
            raise Refusal(f"There is no roll #{number} in play (rolls in play: {live}).")
        return found
    others = [r for r in game.rolls if r.roller != roller]
    if not others:
        raise Refusal("There is no earlier roll by anyone else to beat.")
    return max(others, key=lambda r: r.id)


def _mod(ctx: Context, name: str) -> bool:
    return mod_on(ctx.require_state(), name)


def _policy(ctx: Context) -> str:
    return "fall" if _mod(ctx, "let-the-dice-fall") else "best"


def _named(term: Term) -> str:
    return f"{term.name} {term.kind}" if term.kind in ("stress", "trauma") else term.name
