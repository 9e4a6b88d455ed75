"""``/timed``: timed tests (Cortex p.101-103).

The GM sets the tests (three or four, each with its difficulty) and a budget of beats (by
default one per test; one or two more for easier, fewer for harder). Each roll: beat the
difficulty -- one beat; heroic success -- no beat; fail -- two beats, and the task still moves
on to its next stage. Finishing with beats left is full success; with exactly none, success
with a choice (the objective or a secondary benefit); running out before the end is failure,
and the GM's prepared consequence happens. Another PC can buy time with a test of their own:
one beat back, two on a heroic success; failing bars them from helping again. One attempt to buy
time between beats. The rules themselves, decided on the rolls' readings, are in
``timed_rules``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.reply import Reply
from scenekeeper.systems.cortex.procedures.scene_rules import current_scene, scene_change
from scenekeeper.systems.cortex.procedures.timed_rules import beats, bought, stage, standing
from scenekeeper.systems.cortex.roll.opposition import NUMBER
from scenekeeper.systems.cortex.roll.pools import LEVELS
from scenekeeper.systems.cortex.roll.rolling import (
    BoostOpt,
    CortexRoll,
    HinderOpt,
    PayOpt,
    PushOpt,
    roll_character,
    rolled_record,
)
from scenekeeper.systems.cortex.scene_state import Scene, TimedTest
from scenekeeper.systems.cortex.state import character, cortex, may_act_for, own_character

commands = CommandSet(systems=frozenset({"cortex"}))


@dataclass(frozen=True)
class StartTimed:
    character: Annotated[str, Opt("who races the clock")]
    difficulties: Annotated[
        str, Opt('each test\'s difficulty in order, like "hard, hard, very hard"')
    ]
    beats: Annotated[
        int | None, Opt("the beat budget (default: one per test)", min_value=1, max_value=20)
    ] = None
    consequence: Annotated[str | None, Opt("what happens if time runs out", max_length=200)] = None


@commands.command(
    "timed start",
    help="Start a timed test: a series of tests and a budget of beats (default one per test).",
    permission=Permission.GM,
    examples=(
        '/timed start character:Ada difficulties:"hard, hard, very hard" beats:4 '
        'consequence:"The vault seals"',
    ),
)
def start(ctx: Context, args: StartTimed) -> Decision:
    game = cortex(ctx.require_state())
    scene = current_scene(game)
    if scene.timed_test is not None and not scene.timed_test.finished:
        raise Refusal("A timed test is running; /timed end it first.")
    who = character(ctx, args.character)
    if who.kind != "pc":
        raise Refusal("A timed test is a PC racing the clock (Cortex p.101); name a PC.")
    levels = tuple(
        " ".join(d.split()).lower().replace("-", " ")
        for d in args.difficulties.split(",")
        if d.strip()
    )
    if not levels:
        raise Refusal('Give each test\'s difficulty: difficulties:"hard, hard, very hard".')
    for level in levels:
        if level not in LEVELS and not NUMBER.fullmatch(level):
            raise Refusal(f"'{level}' is not a difficulty; use {', '.join(LEVELS)} or a number.")
    timed = TimedTest(
        character=who.name,
        difficulties=levels,
        beats_left=args.beats or len(levels),
        budget=args.beats or len(levels),
        consequence=args.consequence or "",
    )
    event = scene_change(
        game, scene.model_copy(update={"timed_test": timed}), f"timed test for {who.name}"
    )
    return Decision(
        events=(event,),
        reply=Reply.say(
            f"Timed test for {who.name}: {len(levels)} tests ({', '.join(levels)}), "
            f"{beats(timed.beats_left)}.",
            f'{who.name}: /timed roll pool:"..." for test 1 ({levels[0]}).',
        ),
    )


@dataclass(frozen=True)
class TimedRoll:
    pool: Annotated[str, Opt("the pool for this test")]
    character: Annotated[str | None, Opt("who rolls (default: the one racing the clock)")] = None
    hinder: HinderOpt = None
    push: PushOpt = None
    pay: PayOpt = 0
    boost: BoostOpt = None
    results: Annotated[str | None, Opt("faces you rolled, in pool order")] = None
    vs_results: Annotated[str | None, Opt("faces of the difficulty dice")] = None


@commands.command(
    "timed roll",
    help="Roll the timed test's next stage: success costs a beat, heroic none, failure two (and "
    "the task still moves on).",
    summary="Roll the timed test's next stage: success costs a beat, heroic none, failure two.",
    permission=Permission.PLAYER,
)
def roll(ctx: Context, args: TimedRoll) -> Decision:
    game = cortex(ctx.require_state())
    scene = current_scene(game)
    timed = _running(scene)
    who = own_character(ctx, args.character or timed.character)
    may_act_for(ctx, who)
    if who.name != timed.character:
        raise Refusal(f"The timed test is {timed.character}'s; others can /timed buy time.")
    level = timed.difficulties[timed.tests_done]
    rolled = roll_character(
        ctx,
        who,
        CortexRoll(
            pool=args.pool,
            vs=level,
            hinder=args.hinder,
            push=args.push,
            pay=args.pay,
            boost=args.boost,
            results=args.results,
            vs_results=args.vs_results,
        ),
        side="player",
        test=True,
        # The stage before, and any attempt to buy time since, are settled now.
        closes=tuple(r for r in (timed.stage_roll, timed.buy[1] if timed.buy else None) if r),
    )
    moved, lines = stage(timed, rolled_record(rolled, who))
    note = "timed test over" if moved.finished else "timed test goes on"
    done = scene_change(game, scene.model_copy(update={"timed_test": moved}), note)
    return Decision(
        events=(*rolled.events, done),
        reply=Reply(text=(*rolled.reply.text, *lines), data=rolled.reply.data),
    )


@dataclass(frozen=True)
class BuyTime:
    pool: Annotated[str, Opt("the helper's pool")]
    vs: Annotated[str | None, Opt("the test's difficulty (default: the current stage's)")] = None
    character: Annotated[str | None, Opt("who buys time (default: the character you play)")] = None
    hinder: HinderOpt = None
    push: PushOpt = None
    pay: PayOpt = 0
    boost: BoostOpt = None
    results: Annotated[str | None, Opt("faces you rolled, in pool order")] = None
    vs_results: Annotated[str | None, Opt("faces of the difficulty dice")] = None


@commands.command(
    "timed buy",
    help="Another PC buys time with a test: success gives one beat back, heroic two; failure bars "
    "them from helping again. One attempt between beats.",
    summary="Another PC buys time with a test: success gives one beat back, heroic two.",
    permission=Permission.PLAYER,
)
def buy(ctx: Context, args: BuyTime) -> Decision:
    game = cortex(ctx.require_state())
    scene = current_scene(game)
    timed = _running(scene)
    who = own_character(ctx, args.character)
    may_act_for(ctx, who)
    if who.name == timed.character:
        raise Refusal(f"{who.name} is racing the clock; another PC buys time.")
    if who.kind != "pc":
        raise Refusal("Buying time is for another PC (Cortex p.103).")
    if who.name in timed.barred:
        raise Refusal(
            f"{who.name} failed to buy time already and cannot help again in this timed test."
        )
    if timed.bought_this_beat:
        raise Refusal(
            "Someone tried to buy time already since the last beat; one attempt between beats."
        )
    if timed.budget is not None and timed.beats_left >= timed.budget:
        raise Refusal(
            f"No beats are lost yet ({beats(timed.beats_left)} of {timed.budget}); buying time "
            "regains lost beats."
        )
    level = args.vs or timed.difficulties[timed.tests_done]
    rolled = roll_character(
        ctx,
        who,
        CortexRoll(
            pool=args.pool,
            vs=level,
            hinder=args.hinder,
            push=args.push,
            pay=args.pay,
            boost=args.boost,
            results=args.results,
            vs_results=args.vs_results,
        ),
        side="player",
        test=True,
        # Buying time comes between beats: the stage before it is settled.
        closes=(timed.stage_roll,) if timed.stage_roll else (),
    )
    moved, line = bought(timed, who.name, rolled_record(rolled, who))
    event = scene_change(
        game, scene.model_copy(update={"timed_test": moved}), f"{who.name} buys time"
    )
    return Decision(
        events=(*rolled.events, event),
        reply=Reply(text=(*rolled.reply.text, line), data=rolled.reply.data),
    )


@commands.command(
    "timed show",
    help="The timed test: stage, beats left, who may still help.",
    permission=Permission.ANYONE,
)
def show(ctx: Context, _args: NoOptions) -> Decision:
    game = cortex(ctx.require_state())
    if game.scene is None or game.scene.timed_test is None:
        return Decision(reply=Reply.say(NO_TIMED))
    scene = current_scene(game)
    timed = scene.timed_test
    if timed is not None and timed.finished:
        return Decision(
            reply=Reply.say(f"Timed test for {timed.character}, over:", *standing(timed))
        )
    timed = _running(scene)
    barred = f" Barred from helping: {', '.join(timed.barred)}." if timed.barred else ""
    return Decision(
        reply=Reply.say(
            f"Timed test for {timed.character}: test {timed.tests_done + 1} of "
            f"{timed.tests_total} ({timed.difficulties[timed.tests_done]}), "
            f"{beats(timed.beats_left)} left.{barred}"
        )
    )


@commands.command(
    "timed end",
    help="Call the timed test off (or clear a finished one).",
    permission=Permission.GM,
)
def end(ctx: Context, _args: NoOptions) -> Decision:
    game = cortex(ctx.require_state())
    if game.scene is None or game.scene.timed_test is None:
        return Decision(reply=Reply.say("There is no timed test: nothing to call off."))
    scene = current_scene(game)
    assert scene.timed_test is not None
    over = scene.timed_test.finished
    return Decision(
        events=(
            scene_change(
                game,
                scene.model_copy(update={"timed_test": None}),
                "timed test cleared" if over else "timed test called off",
            ),
        ),
        reply=Reply.say(
            "The finished timed test is cleared." if over else "The timed test is called off."
        ),
    )


NO_TIMED = "There is no timed test; the GM starts one with /timed start."


def _running(scene: Scene) -> TimedTest:
    if scene.timed_test is None:
        raise Refusal(NO_TIMED)
    if scene.timed_test.finished:
        raise Refusal(
            f"{scene.timed_test.character}'s timed test is over; the GM starts another with "
            "/timed start (or clears it with /timed end)."
        )
    return scene.timed_test
