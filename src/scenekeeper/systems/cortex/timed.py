"""``/timed``: timed tests (Cortex p.101-103).

The GM sets the tests (three or four, each with its difficulty) and a budget of beats (by
default one per test; one or two more for easier, fewer for harder). Each roll: beat the
difficulty -- one beat; heroic success -- no beat; fail -- two beats, and the task still moves
on to its next stage. Finishing with beats left is full success; with exactly none, success
with a choice (the objective or a secondary benefit); running out before the end is failure,
and the GM's prepared consequence happens. Another PC can buy time with a test of their own:
one beat back, two on a heroic success; failing bars them from helping again. One attempt to buy
time between beats.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.reply import Reply
from scenekeeper.systems.cortex.names import character, cortex, may_act_for, own_character
from scenekeeper.systems.cortex.pools import LEVELS
from scenekeeper.systems.cortex.rolling import CortexRoll, roll_character, rolled_record
from scenekeeper.systems.cortex.rolls import outcome_of
from scenekeeper.systems.cortex.scene_rules import current_scene, scene_change
from scenekeeper.systems.cortex.state import CortexState, Scene, TimedTest

commands = CommandSet(systems=frozenset({"cortex"}))
#: Cortex p.101: what each roll costs.
COST = {"heroic": 0, "success": 1, "failure": 2}


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
    if scene.timed_test is not None:
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
        if level not in LEVELS and not level.isdigit():
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
    hinder: Annotated[str | None, Opt("a distinction to roll as d4 for 1 PP")] = None
    pay: Annotated[
        int, Opt("plot points for extra traits from one set", min_value=0, max_value=10)
    ] = 0
    results: Annotated[str | None, Opt("faces you rolled, in pool order")] = None
    vs_results: Annotated[str | None, Opt("faces of the difficulty dice")] = None


@commands.command(
    "timed roll",
    help="Roll the timed test's next stage: success costs a beat, heroic none, failure two (and "
    "the task still moves on).",
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
            pay=args.pay,
            results=args.results,
            vs_results=args.vs_results,
        ),
        side="player",
    )
    record = rolled_record(rolled, who)
    result = outcome_of(record)
    assert result is not None
    cost = COST[result.kind]
    timed = timed.model_copy(
        update={
            "beats_left": timed.beats_left - cost,
            "tests_done": timed.tests_done + 1,
            "bought_this_beat": False,
        }
    )
    lines = [
        f"Test {timed.tests_done} of {timed.tests_total}: {result.kind}, "
        f"{beats(cost, none='no beat')}; {beats(timed.beats_left)} left."
    ]
    if result.kind == "failure":
        lines[0] += " The task still moves on."
    done, said = _check(game, scene, timed)
    return Decision(
        events=(*rolled.events, done),
        reply=Reply(text=(*rolled.reply.text, *lines, *said), data=rolled.reply.data),
    )


def _check(game: CortexState, scene: Scene, timed: TimedTest) -> tuple[Event, list[str]]:
    """Cortex p.103: how the timed test stands after a roll."""
    finished = timed.tests_done >= timed.tests_total
    if finished and timed.beats_left > 0:
        lines = [
            f"{timed.character} finishes with {beats(timed.beats_left)} to spare: full success."
        ]
    elif finished and timed.beats_left == 0:
        lines = [
            f"{timed.character} finishes with no beats left: success, but choose -- the "
            "objective, or a secondary benefit (a clean getaway, saving resources)."
        ]
    elif timed.beats_left <= 0:
        lines = [f"Time runs out before {timed.character} finishes: failure."]
        if timed.consequence:
            lines.append(f"Consequence: {timed.consequence}")
    else:
        nxt = timed.difficulties[timed.tests_done]
        return scene_change(
            game, scene.model_copy(update={"timed_test": timed}), "timed test goes on"
        ), [f"Next: test {timed.tests_done + 1} ({nxt})."]
    if finished and timed.beats_left < 0:
        lines = ["The last test costs more beats than were left: time runs out, failure."]
        lines += [f"Consequence: {timed.consequence}"] if timed.consequence else []
    return scene_change(
        game, scene.model_copy(update={"timed_test": None}), "timed test over"
    ), lines


@dataclass(frozen=True)
class BuyTime:
    pool: Annotated[str, Opt("the helper's pool")]
    vs: Annotated[str | None, Opt("the test's difficulty (default: the current stage's)")] = None
    character: Annotated[str | None, Opt("who buys time (default: the character you play)")] = None
    results: Annotated[str | None, Opt("faces you rolled, in pool order")] = None
    vs_results: Annotated[str | None, Opt("faces of the difficulty dice")] = None


@commands.command(
    "timed buy",
    help="Another PC buys time with a test: success gives one beat back, heroic two; failure bars "
    "them from helping again. One attempt between beats.",
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
        CortexRoll(pool=args.pool, vs=level, results=args.results, vs_results=args.vs_results),
        side="player",
    )
    record = rolled_record(rolled, who)
    result = outcome_of(record)
    assert result is not None
    if result.kind == "failure":
        timed = timed.model_copy(
            update={"barred": (*timed.barred, who.name), "bought_this_beat": True}
        )
        line = f"{who.name} fails to buy time and cannot help again in this timed test."
    else:
        gained = 2 if result.kind == "heroic" else 1
        if timed.budget is not None:
            # It regains lost beats: never more than the starting budget.
            gained = min(gained, timed.budget - timed.beats_left)
        timed = timed.model_copy(
            update={"beats_left": timed.beats_left + gained, "bought_this_beat": True}
        )
        line = f"{who.name} buys {beats(gained)} back: {beats(timed.beats_left)} left."
    event = scene_change(
        game, scene.model_copy(update={"timed_test": timed}), f"{who.name} buys time"
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
    timed = _running(current_scene(cortex(ctx.require_state())))
    barred = f" Barred from helping: {', '.join(timed.barred)}." if timed.barred else ""
    return Decision(
        reply=Reply.say(
            f"Timed test for {timed.character}: test {timed.tests_done + 1} of "
            f"{timed.tests_total} ({timed.difficulties[timed.tests_done]}), "
            f"{beats(timed.beats_left)} left.{barred}"
        )
    )


@commands.command("timed end", help="Call the timed test off.", permission=Permission.GM)
def end(ctx: Context, _args: NoOptions) -> Decision:
    game = cortex(ctx.require_state())
    scene = current_scene(game)
    _running(scene)
    return Decision(
        events=(
            scene_change(
                game, scene.model_copy(update={"timed_test": None}), "timed test called off"
            ),
        ),
        reply=Reply.say("The timed test is called off."),
    )


def _running(scene: Scene) -> TimedTest:
    if scene.timed_test is None:
        raise Refusal("There is no timed test; the GM starts one with /timed start.")
    return scene.timed_test


def beats(count: int, none: str = "no beats") -> str:
    """'1 beat', '3 beats'; a count below one (time has run out) is ``none``."""
    if count <= 0:
        return none
    return f"{count} beat{'s' if count != 1 else ''}"
