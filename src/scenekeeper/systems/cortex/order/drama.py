"""``/drama``: dramatic order (Cortex p.98).

In character-driven conflict the character who wants something is the dramatic lead and the
scene runs as a contest. When several players want to go first, all of them roll their contest
dice; the highest becomes the dramatic lead and uses that roll, and the others may aid
(/assist), interfere (/contest interfere, 1 PP) or wait.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.procedures.contest_rules import move_on
from scenekeeper.systems.cortex.procedures.scene_rules import (
    current_scene,
    refuse_in_scene,
    scene_change,
)
from scenekeeper.systems.cortex.roll.rolling import (
    BoostOpt,
    CortexRoll,
    HinderOpt,
    PayOpt,
    PushOpt,
    roll_character,
    rolled_record,
)
from scenekeeper.systems.cortex.roll.rolls import reading_of
from scenekeeper.systems.cortex.scene_state import Scene
from scenekeeper.systems.cortex.state import (
    Contest,
    Contestant,
    CortexState,
    RollRecord,
    character,
    cortex,
    may_act_for,
    own_character,
)

commands = CommandSet(systems=frozenset({"cortex"}))


@dataclass(frozen=True)
class DramaRoll:
    pool: Annotated[str, Opt("your contest dice")]
    character: Annotated[
        str | None, Opt("who wants to go first (default: the character you play)")
    ] = None
    hinder: HinderOpt = None
    push: PushOpt = None
    pay: PayOpt = 0
    boost: BoostOpt = None
    results: Annotated[str | None, Opt("faces you rolled, in pool order")] = None


@commands.command(
    "drama roll",
    help="Several players want to go first: each rolls their contest dice; the highest leads.",
    permission=Permission.PLAYER,
)
def roll(ctx: Context, args: DramaRoll) -> Decision:
    state = ctx.require_state()
    refuse_in_scene(state, "contests", ("opening", "tag"))
    game = cortex(state)
    scene = current_scene(game)
    if game.contest is not None:
        raise Refusal("A contest is running already; a GM ends it first (/contest end).")
    who = own_character(ctx, args.character)
    may_act_for(ctx, who)
    # One roll each; a tie for the highest rolls again, and the new roll replaces the old.
    again = any(name == who.name for name, _ in scene.drama_rolls)
    if again and who.name not in _tied_for_highest(game, scene):
        raise Refusal(
            f"{who.name} has rolled to go first already; only those tied for the highest "
            "roll again."
        )
    rolled = roll_character(
        ctx,
        who,
        CortexRoll(
            pool=args.pool,
            hinder=args.hinder,
            push=args.push,
            pay=args.pay,
            boost=args.boost,
            results=args.results,
        ),
        side="player",
        test=True,
        # Rolling to go first is not yet the contest's beat (Cortex p.88, p.98).
        beat=False,
    )
    record = rolled_record(rolled, who)
    kept = tuple((name, roll) for name, roll in scene.drama_rolls if name != who.name)
    updated = scene.model_copy(update={"drama_rolls": (*kept, (who.name, record.id))})
    line = "When everyone who wants to go first has rolled, the GM: /drama lead against:<opponent>."
    if again:
        line = f"This roll replaces {who.name}'s earlier one. {line}"
    return Decision(
        events=(
            *rolled.events,
            scene_change(game.with_roll(record), updated, f"{who.name} wants to go first"),
        ),
        reply=Reply(text=(*rolled.reply.text, line), data=rolled.reply.data),
    )


@dataclass(frozen=True)
class Lead:
    against: Annotated[str, Opt("who opposes the dramatic lead")]
    character: Annotated[
        str | None,
        Opt("the dramatic lead: who wants something, or one of those tied for the highest roll"),
    ] = None
    high_stakes: Annotated[
        bool | None, Opt("losing takes a character out (default: the scene's)")
    ] = None


@commands.command(
    "drama lead",
    help="Name the dramatic lead -- the highest of the drama rolls, or the one who wants "
    "something -- and start the contest, their roll standing.",
    summary="Name the dramatic lead and start the contest, their roll standing.",
    permission=Permission.GM,
)
def lead(ctx: Context, args: Lead) -> Decision:
    state = ctx.require_state()
    refuse_in_scene(state, "contests", ("opening", "tag"))
    game = cortex(state)
    scene = current_scene(game)
    if game.contest is not None:
        raise Refusal("A contest is running already; a GM ends it first (/contest end).")
    opponent = character(ctx, args.against)
    rolls = [(n, game.roll_by_id(r)) for n, r in scene.drama_rolls]
    totals = [(n, r, reading_of(r).total) for n, r in rolls if r is not None]
    chosen, standing = _lead(ctx, totals, args.character)
    lead_character = character(ctx, chosen)
    if lead_character.status != "active" or opponent.status != "active":
        out = lead_character if lead_character.status != "active" else opponent
        raise Refusal(f"{out.name} is out of the scene and cannot take part in a contest.")
    if opponent.name == chosen:
        raise Refusal("The dramatic lead's opponent is someone else.")
    high = args.high_stakes if args.high_stakes is not None else scene.high_stakes
    first = Contestant(name=chosen, roll_id=standing[1].id if standing else None)
    contest = Contest(
        contestants=(first, Contestant(name=opponent.name)),
        high_stakes=high,
        leader=0 if standing else None,
        turn=0,
    )
    cleared = scene.model_copy(update={"drama_rolls": (), "dramatic_lead": chosen})
    events: list[Event] = [scene_change(game, cleared, f"{chosen} is the dramatic lead")]
    # The others pick up their dice (Cortex p.98): their rolls are done with.
    others_rolls = tuple(r.id for n, r, _ in totals if n != chosen)
    if others_rolls:
        events.append(ev.RollsClosed(roll_ids=others_rolls, reason="another leads the contest"))
    lines = [f"{chosen} is the dramatic lead against {opponent.name}."]
    if standing is None:
        events.append(
            ev.ContestChanged(
                contest=contest,
                stakes=game.stakes,
                gave_in_to=game.gave_in_to,
                note="contest started",
            )
        )
        lines.append(f'{chosen} rolls first: /contest roll pool:"...".')
    else:
        step = move_on(game, contest, 0, stress_on=mod_on(state, "stress"))
        events += step.events
        lines.append(f"{chosen}'s roll of {reading_of(standing[1]).total} stands.")
        lines += step.lines
        others = [n for n, _, _ in totals if n != chosen]
        if others:
            lines.append(
                f"{', '.join(others)} may aid (/assist), interfere (/contest interfere, 1 PP) "
                "or wait."
            )
    return Decision(events=tuple(events), reply=Reply.say(*lines))


def _lead(
    ctx: Context, totals: list[tuple[str, RollRecord, int]], named: str | None
) -> tuple[str, tuple[str, RollRecord] | None]:
    """Cortex p.98: the highest drama roll makes the dramatic lead, who uses that roll; a tie
    for the highest may be broken by the GM naming one of them. With no drama rolls, the GM
    names the one who wants something."""
    if not totals:
        if named is None:
            raise Refusal(
                "Nobody has rolled to go first; name the lead with character:, or players "
                "/drama roll."
            )
        return character(ctx, named).name, None
    best = max(t for _, _, t in totals)
    top = [(n, r) for n, r, t in totals if t == best]
    if named is None:
        if len(top) > 1:
            raise Refusal(
                f"{' and '.join(n for n, _ in top)} tie at {best}; they roll again, or the GM "
                "names one of them (character:)."
            )
        return top[0][0], top[0]
    chosen = character(ctx, named).name
    found = next(((n, r) for n, r in top if n == chosen), None)
    if found is None:
        highest = " and ".join(n for n, _ in top)
        raise Refusal(
            f"The highest drama roll makes the dramatic lead (Cortex p.98): {highest} at "
            f"{best}; leave out character: (or name one tied for the highest)."
        )
    return chosen, found


def _tied_for_highest(game: CortexState, scene: Scene) -> tuple[str, ...]:
    rolls = [(n, game.roll_by_id(roll_id)) for n, roll_id in scene.drama_rolls]
    read = [(n, reading_of(r).total) for n, r in rolls if r is not None]
    if not read:
        return ()
    best = max(t for _, t in read)
    top = tuple(n for n, t in read if t == best)
    return top if len(top) > 1 else ()
