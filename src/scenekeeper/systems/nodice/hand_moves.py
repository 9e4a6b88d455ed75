"""``/hand assign``, ``/hand spread`` and ``/hand fold``: the open moves of a Hand -- won tokens
on Attributes (before the bid, R41), damage spread (Step 5, R56) and a retreat (Step 2, R33)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.systems.nodice import events as ev
from scenekeeper.systems.nodice.engagement import (
    left_alone,
)
from scenekeeper.systems.nodice.flow import (
    Flow,
    effective,
    spread_line,
    told_spread,
)
from scenekeeper.systems.nodice.hand import auto_spread, spread_problem
from scenekeeper.systems.nodice.hand_steps import decided, step_open
from scenekeeper.systems.nodice.seats import (
    check_sealer,
    conflict_of,
    fighter_for,
)
from scenekeeper.systems.nodice.sheet import read_traits

commands = CommandSet(systems=frozenset({"nodice"}))


@dataclass(frozen=True)
class Assign:
    tokens: Annotated[str, Opt('where your won tokens go, like "QUI 1, REA 1"')]
    character: Annotated[str | None, Opt("whose (default: the Actor you play)")] = None


@commands.command(
    "hand assign",
    help="Put won tokens on your Attributes (public; before your Step 3 bid).",
    permission=Permission.OWNER,
    examples=('/hand assign tokens:"QUI 1, REA 1"',),
)
def assign(ctx: Context, args: Assign) -> Decision:
    conflict = conflict_of(ctx)
    fighter = fighter_for(ctx, conflict, args.character, "hand assign")
    if not ctx.require_state().meta.is_gm(ctx.actor.id):
        check_sealer(ctx, fighter)
    if not fighter.unassigned:
        raise Refusal(f"{fighter.name} has no won tokens to assign.")
    tokens = _points(args.tokens, "tokens")
    for attribute in tokens:
        if fighter.avs.get(attribute) is None:
            raise Refusal(f"{fighter.name} has no {attribute} (a dash): put the token elsewhere.")
    total = sum(tokens.values())
    if total > fighter.unassigned:
        k = fighter.unassigned
        raise Refusal(
            f"{fighter.name} has {k} won token{'s' if k != 1 else ''} to assign, not {total}."
        )
    flow = Flow(ctx.require_state())
    flow.add(ev.TokensAssigned(character=fighter.name, tokens=tokens))
    after = flow.conflict
    assert after is not None
    now = after.fighters[fighter.name]
    put = ", ".join(f"{a} +{n} (now {now.avs[a]})" for a, n in tokens.items())
    left = f" {now.unassigned} still to assign." if now.unassigned else ""
    return decided(flow, [f"{fighter.name} assigns won tokens: {put}.{left}"], (), None)


def _points(text: str, option: str) -> dict[str, int]:
    try:
        values = read_traits(text)
    except ValueError as error:
        raise Refusal(f"{option}: {error}.") from None
    if any(v is None or k in ("rank", "wr") for k, v in values.items()):
        raise Refusal(f'{option}: Attributes and numbers, like "QUI 1, REA 1".')
    points = {k: int(v or 0) for k, v in values.items()}
    for attribute, n in points.items():
        if n < 0:
            raise Refusal(
                f"{option}: {attribute} {n} is negative: nothing is taken off here; give each "
                f'Attribute 1 or more, like "{attribute} 1", and leave out the others.'
            )
        if n == 0:
            raise Refusal(f"{option}: {attribute} 0 puts nothing there: leave {attribute} out.")
    return points


@dataclass(frozen=True)
class Spread:
    points: Annotated[
        str, Opt('damage by Attribute, like "REA 2, QUI 1"; auto (GMs): highest AV first')
    ]
    character: Annotated[str | None, Opt("whose (default: the Actor you play)")] = None


@commands.command(
    "hand spread",
    help="Step 5: spread damage taken over the damaged Aspect's Attributes (public).",
    permission=Permission.OWNER,
    examples=('/hand spread points:"REA 2, QUI 1"', "/hand spread character:Brute points:auto"),
)
def spread(ctx: Context, args: Spread) -> Decision:
    conflict = conflict_of(ctx)
    step_open(conflict, "spread")
    fighter = fighter_for(ctx, conflict, args.character, "hand spread")
    owed = next((d for d in conflict.damage if d.defender == fighter.name), None)
    if owed is None:
        raise Refusal(f"{fighter.name} has no damage to spread.")
    points = effective(conflict, owed)
    meta = ctx.require_state().meta
    if args.points.strip().lower() == "auto":
        if not meta.is_gm(ctx.actor.id):
            raise Refusal('Only a GM spreads automatically; give points:"REA 2, QUI 1".')
        chosen = auto_spread(points, fighter.avs, owed.aspect)
    else:
        if not meta.is_gm(ctx.actor.id):
            check_sealer(ctx, fighter)
        chosen = _points(args.points, "points")
        problem = spread_problem(chosen, points, fighter.avs, owed.aspect)
        if problem is not None:
            raise Refusal(f"{fighter.name} takes {points} {owed.aspect} damage: {problem}.")
    flow = Flow(ctx.require_state())
    flow.add(
        ev.DamageSpread(
            character=fighter.name, attacker=owed.attacker, aspect=owed.aspect, spread=chosen
        )
    )
    after = flow.conflict
    assert after is not None
    avs = after.fighters[fighter.name].avs
    told_spread(flow, fighter.name, owed.aspect, chosen, avs, forced=False)
    return decided(flow, [spread_line(fighter.name, owed.aspect, chosen, avs)], (), None)


@dataclass(frozen=True)
class Fold:
    character: Annotated[str | None, Opt("who retreats (default: the Actor you play)")] = None


@commands.command(
    "hand fold",
    help="Retreat: will not ante, so leave the Conflict (Step 2, until the reveal); a sealed "
    "commit is discarded unseen.",
    summary="Retreat: leave the Conflict before the reveal; a sealed commit is discarded unseen.",
    permission=Permission.OWNER,
    examples=("/hand fold", "/hand fold character:Brute"),
)
def fold(ctx: Context, args: Fold) -> Decision:
    conflict = conflict_of(ctx)
    fighter = fighter_for(ctx, conflict, args.character, "hand fold")
    meta = ctx.require_state().meta
    if not meta.is_gm(ctx.actor.id):
        check_sealer(ctx, fighter)
    step_open(conflict, "ante")
    if fighter.name in conflict.cards:
        raise Refusal(
            f"{fighter.name}'s TA card and ante are revealed: a fold is until the Step-2 reveal "
            "(a GM can /conflict end).",
            public=True,
        )
    flow = Flow(ctx.require_state())
    flow.add(ev.Retreated(character=fighter.name))
    lines = [f"{fighter.name} will not ante: {fighter.name} retreats."]
    lines.extend(left_alone(conflict, flow.conflict, fighter.name))
    return decided(flow, lines, (), None)
