"""Taking Initiative (Cortex p.99), a mod: the action order is rolled or rated, not handed off.

Four variants: (1) sides -- each side's leader rolls; the highest side goes first, then the
next, round the sides; (2) rolls -- everyone rolls and acts from highest to lowest; (3) ratings
-- a fixed rating, the sum of two traits; (4) ratings-roll -- that rating plus a d6, where a
hitch adds nothing. Initiative rolls are made with ``/order roll`` and kept with the scene, so
an attack rolled in the meantime is never mistaken for one; rolling again replaces the old one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import DiceError, Die, roll_dice
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.quoting import option, quoted, split_listed
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.systems import require_mod
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.procedures.scene_rules import current_scene, scene_change
from scenekeeper.systems.cortex.roll.rolling import CortexRoll, roll_character, rolled_record
from scenekeeper.systems.cortex.roll.rolls import reading_of
from scenekeeper.systems.cortex.scene_state import Scene
from scenekeeper.systems.cortex.sheets.sheet import Character
from scenekeeper.systems.cortex.state import (
    CortexState,
    PoolDie,
    RollRecord,
    character,
    cortex,
    may_act_for,
    own_character,
)

commands = CommandSet(systems=frozenset({"cortex"}))

Ranking = tuple[list[tuple[str, int]], list[str]]


@dataclass(frozen=True)
class InitiativeRoll:
    pool: Annotated[str, Opt("a pool of tactical traits")]
    character: Annotated[str | None, Opt("who rolls (default: yours)")] = None
    results: Annotated[str | None, Opt("faces you rolled, in pool order")] = None


@commands.command(
    "order roll",
    help="Taking Initiative: roll for a place in the action order (sides: each side's leader; "
    "rolls: everyone). Rolling again replaces your earlier initiative roll.",
    summary="Taking Initiative: roll for a place in the action order.",
    permission=Permission.PLAYER,
    examples=('/order roll pool:"Agility Alertness"',),
)
def roll_initiative(ctx: Context, args: InitiativeRoll) -> Decision:
    state = ctx.require_state()
    require_mod(state, "taking-initiative")
    game = cortex(state)
    scene = current_scene(game)
    if scene.action_order is not None:
        raise Refusal("An action order is running; initiative is rolled before /order start.")
    who = own_character(ctx, args.character)
    may_act_for(ctx, who)
    rolled = roll_character(
        ctx,
        who,
        CortexRoll(pool=args.pool, results=args.results),
        side="gm" if who.kind == "gmc" else "player",
        # Rolling for a place in the order is not an action or test: no beat (Cortex p.88).
        beat=False,
    )
    record = rolled_record(rolled, who)
    again = any(name == who.name for name, _ in scene.initiative_rolls)
    kept = tuple((n, r) for n, r in scene.initiative_rolls if n != who.name)
    updated = scene.model_copy(update={"initiative_rolls": (*kept, (who.name, record.id))})
    line = (
        f"{who.name}'s initiative: {reading_of(record).total}"
        + (" (this replaces the earlier roll)" if again else "")
        + ". When all have rolled, the GM: /order start method:rolls (or sides)."
    )
    return Decision(
        events=(
            *rolled.events,
            scene_change(game.with_roll(record), updated, f"{who.name} rolls initiative"),
        ),
        reply=Reply(text=(*rolled.reply.text, line), data=rolled.reply.data),
    )


def _initiative(game: CortexState, scene: Scene, name: str, why: str) -> int:
    roll_id = next((r for n, r in scene.initiative_rolls if n == name), None)
    roll = game.roll_by_id(roll_id) if roll_id is not None else None
    if roll is None:
        raise Refusal(
            f"{name} has not rolled for initiative ({why}): /order roll "
            f'{option("character", name)} pool:"...".'
        )
    return reading_of(roll).total


def by_sides(ctx: Context, game: CortexState, scene: Scene, text: str | None) -> Ranking:
    """Variant 1: each side's leader rolls; the side with the highest total goes first from its
    group, then the next highest side, and so on round the sides (each side's own order is as
    listed)."""
    groups = [split_listed(side, game.characters) for side in (text or "").split("|")]
    groups = [g for g in groups if g]
    if len(groups) < 2:
        raise Refusal('Name two sides or more, leader first: sides:"Ada, Ben | Boss, Thug".')
    ranked_sides = []
    lines = []
    for group in groups:
        members = [character(ctx, n).name for n in group]
        total = _initiative(game, scene, members[0], "leaders roll first")
        ranked_sides.append((total, members))
        lines.append(f"{members[0]}'s side: {total}.")
    ranked_sides.sort(key=lambda side: -side[0])
    order: list[tuple[str, int]] = []
    depth = max(len(m) for _, m in ranked_sides)
    for position in range(depth):
        for total, members in ranked_sides:
            if position < len(members):
                order.append((members[position], total))
    return order, lines


def by_rolls(game: CortexState, scene: Scene, people: list[Character]) -> Ranking:
    """Variant 2: everyone rolls; act from highest total to lowest."""
    scores = [(who.name, _initiative(game, scene, who.name, "everyone rolls")) for who in people]
    ranked = sorted(scores, key=lambda s: -s[1])
    return ranked, [f"{n}: {t}." for n, t in ranked]


def by_ratings(
    ctx: Context,
    game: CortexState,
    people: list[Character],
    traits: str | None,
    results: str | None,
    *,
    roll: bool,
) -> tuple[list[tuple[str, int]], list[str], list[Event]]:
    """Variants 3 and 4: the rating is the sum of two traits (a trait a character lacks is a
    d4, Cortex p.18); with ``roll``, plus a d6, where a hitch (a 1) adds nothing. Each d6 is
    recorded as a roll of its own, so the GM can activate its hitch with /hitch."""
    named = [t.strip() for t in (traits or "").split(",") if t.strip()]
    if len(named) != 2:
        raise Refusal('Name the two traits of the rating: traits:"Agility, Alertness".')
    first, second = named
    ratings = []
    for who in people:
        dice = []
        for trait in (first, second):
            found = who.find_trait(trait)
            dice.append(found[2] if found else Die.D4)
        ratings.append((who, sum(d.sides for d in dice)))
    if not roll:
        ranked = sorted(((w.name, r) for w, r in ratings), key=lambda s: -s[1])
        return ranked, [f"{n}: rating {r}." for n, r in ranked], []
    try:
        faces = roll_dice(ctx.dice, [6] * len(ratings), results)
    except DiceError as error:
        raise Refusal(str(error)) from None
    scores = []
    lines = []
    events: list[Event] = []
    for index, ((who, rating), face) in enumerate(zip(ratings, faces, strict=True)):
        record = RollRecord(
            id=game.roll_count + 1 + index,
            side="gm" if who.kind == "gmc" else "player",
            roller=who.name,
            by=ctx.actor.id,
            dice=(PoolDie(die=Die.D6, face=face, source="initiative"),),
            keep=1,
            against="initiative",
            hitch_only=True,
            beat=False,
            typed=results is not None,
        )
        events.append(ev.Rolled.trusted(roll=record))
        added = 0 if face == 1 else face
        scores.append((who.name, rating + added))
        hitch = ""
        if face == 1:
            hitch = (
                f" (a hitch: the GM may activate it, /hitch character:{quoted(who.name)} "
                f"roll:{record.id})"
                if who.kind == "pc"
                else " (an opportunity for the players)"
            )
        total = rating + added
        rolled = f"d6 {face} (roll #{record.id})"
        lines.append(f"{who.name}: rating {rating} + {rolled} = {total}{hitch}.")
    return sorted(scores, key=lambda s: -s[1]), lines, events
