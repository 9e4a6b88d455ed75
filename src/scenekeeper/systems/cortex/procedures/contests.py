"""``/contest``: Cortex's back-and-forth.

Cortex p.20-22 (gaps 1.3): the initiator rolls and their total is what to beat; the opposition
rolls and must beat it, then the initiator must beat that, and so on until someone gives in or
fails to beat the total. Giving in earns 1 PP if you rolled at least once, and you cannot start
a new contest with that opponent straight away. The loser who failed takes a complication the
size of the winner's effect die, stepped down if their own last effect die was equal or larger;
in a high-stakes contest a strictly larger winning effect die takes them out instead (1 PP keeps
them in, taking the complication). With more than two contestants the turn goes round; each
who fails to beat the standing total drops out, and the last one in wins. A roll that falls
short may still be saved with a plot point for one more die in the total (then /contest stand).
The rules of the procedure are in ``contest_rules``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.quoting import split_listed
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.procedures.contest_rules import (
    move_on,
    reading,
    replace,
    standing_total,
)
from scenekeeper.systems.cortex.procedures.contest_window import INTERFERE, rescue, rescue_line
from scenekeeper.systems.cortex.procedures.scene_rules import refuse_in_scene
from scenekeeper.systems.cortex.roll.rolling import (
    BoostOpt,
    CortexRoll,
    HinderOpt,
    PayOpt,
    PushOpt,
    ScaleOpt,
    roll_character,
    rolled_record,
)
from scenekeeper.systems.cortex.roll.rolls import reading_of
from scenekeeper.systems.cortex.sheets.sheet import Character, same_name
from scenekeeper.systems.cortex.state import (
    Contest,
    Contestant,
    CortexState,
    character,
    cortex,
    may_act_for,
    own_character,
)

commands = CommandSet(systems=frozenset({"cortex"}))


@dataclass(frozen=True)
class Start:
    against: Annotated[str, Opt('who opposes: one name, or several, like "Thug, Brute"')]
    character: Annotated[str | None, Opt("who starts it (default: the character you play)")] = None
    high_stakes: Annotated[
        bool | None, Opt("losing takes a character out (default: the scene's stakes)")
    ] = None


@commands.command(
    "contest start",
    help="Start a contest: you want something, they oppose. You roll first with /contest roll.",
    permission=Permission.PLAYER,
    examples=(
        "/contest start against:Thug",
        '/contest start against:"Thug, Brute" high_stakes:true',
    ),
)
def start(ctx: Context, args: Start) -> Decision:
    game = cortex(ctx.require_state())
    who = own_character(ctx, args.character)
    may_act_for(ctx, who)
    refuse_in_scene(ctx.require_state(), "contests", ("opening", "tag"))
    if game.contest is not None:
        raise Refusal(
            "A contest is running; finish it first (/contest show), or a GM ends it with "
            "/contest end."
        )
    names = split_listed(args.against, game.characters)
    if not names:
        raise Refusal('Name who opposes: against:"Thug", or several, like against:"Thug, Brute".')
    opponents = [character(ctx, n) for n in names]
    everyone = [who, *opponents]
    if len({c.name for c in everyone}) != len(everyone):
        raise Refusal("Each contestant takes part once; name different characters.")
    for c in everyone:
        if c.status != "active":
            raise Refusal(
                f"{c.name} is {c.status.replace('_', ' ')} and cannot take part in this scene "
                "(a GM can bring them back with /char return)."
            )
    for gave, to in game.gave_in_to:
        if same_name(gave, who.name) and any(same_name(to, o.name) for o in opponents):
            raise Refusal(
                f"{who.name} gave in to {to} and cannot start a new contest with them straight "
                "away (Cortex p.21): not until time passes (a new scene, a rest or a new session)."
            )
    high = args.high_stakes
    if high is None:
        high = game.scene is not None and game.scene.high_stakes
    contest = Contest(
        contestants=tuple(Contestant(name=c.name) for c in everyone), high_stakes=high
    )
    stakes = " It is high stakes: the loser may be taken out." if high else ""
    waiting = [
        f"Still to settle: {s.loser} takes {s.die} from {s.winner} (/contest settle)."
        for s in game.stakes
    ]
    return Decision(
        events=(
            ev.ContestChanged(
                contest=contest,
                stakes=game.stakes,
                gave_in_to=game.gave_in_to,
                note="contest started",
            ),
        ),
        reply=Reply.say(
            f"Contest: {who.name} against {', '.join(o.name for o in opponents)}.{stakes}",
            f'{who.name} rolls first: /contest roll pool:"...".',
            *waiting,
        ),
    )


@dataclass(frozen=True)
class ContestRoll:
    pool: Annotated[str, Opt('traits, assets, complications and dice, like "Fighting Agility"')]
    character: Annotated[str | None, Opt("who rolls (default: whose turn it is / yours)")] = None
    hinder: HinderOpt = None
    push: PushOpt = None
    pay: PayOpt = 0
    results: Annotated[str | None, Opt("faces you rolled, in pool order")] = None
    scale: ScaleOpt = None
    boost: BoostOpt = None


@commands.command(
    "contest roll",
    help="Roll in the contest: beat the standing total, or fall short and lose (unless a plot "
    "point for one more die saves it).",
    summary="Roll in the contest: beat the standing total, or fall short and lose.",
    permission=Permission.PLAYER,
    examples=('/contest roll pool:"Fighting Agility Sword"',),
)
def contest_roll(ctx: Context, args: ContestRoll) -> Decision:
    state = ctx.require_state()
    game = cortex(state)
    contest = running(game)
    who = _acting(ctx, contest, args.character)
    index = their_turn(contest, who.name)
    standing = standing_total(game, contest)
    request = CortexRoll(
        pool=args.pool,
        vs=None if standing is None else str(standing),
        hinder=args.hinder,
        push=args.push,
        pay=args.pay,
        results=args.results,
        scale=args.scale,
        boost=args.boost,
    )
    leading = contest.contestants[contest.leader].roll_id if contest.leader is not None else None
    # The roll answers the standing total, and the contest moves past any interference since:
    # their readings are final now.
    interfered = tuple(
        r.id
        for s in game.stakes
        if (r := game.roll_by_id(s.roll_id or 0)) and r.purpose == INTERFERE
    )
    rolled = roll_character(
        ctx,
        who,
        request,
        side="gm" if who.kind == "gmc" else "player",
        test=True,
        closes=(*((leading,) if leading is not None else ()), *interfered),
    )
    record = rolled_record(rolled, who)
    contest = replace(
        contest, index, contest.contestants[index].model_copy(update={"roll_id": record.id})
    )
    # Decide with the new roll in play (its reading is read live from the game's rolls).
    game = game.with_roll(record)
    total = reading_of(record).total
    if standing is None or total > standing:
        contest = contest.model_copy(update={"leader": index})
        step = move_on(game, contest, index, stress_on=mod_on(state, "stress"))
        return _reply(rolled, step.events, step.lines)
    saved = rescue(game, who, record, standing)
    if saved is not None:
        # The window after the roll: plot points may still save it (gaps 1.5).
        contest = contest.model_copy(update={"short": index})
        end = ev.ContestChanged(contest=contest, stakes=game.stakes, gave_in_to=game.gave_in_to)
        return _reply(rolled, [end], [rescue_line(game, who, record, standing, saved)])
    return _reply(rolled, *_falls_short(state, game, contest, index, standing))


@dataclass(frozen=True)
class Stand:
    character: Annotated[str | None, Opt("who stands by their roll (default: yours)")] = None


@commands.command(
    "contest stand",
    help="After a roll that fell short (and any plot point spent on it): let it stand -- it "
    "beats the total now, or it loses.",
    summary="Let a roll that fell short stand: it beats the total now, or it loses.",
    permission=Permission.PLAYER,
)
def stand(ctx: Context, args: Stand) -> Decision:
    state = ctx.require_state()
    game = cortex(state)
    contest = running(game)
    if contest.short is None:
        raise Refusal("No roll is waiting to stand; /contest roll or /contest givein.")
    who = _acting(ctx, contest, args.character)
    index = their_turn(contest, who.name)
    standing = standing_total(game, contest)
    read = reading(game, contest.contestants[index])
    if standing is None or read is None:
        raise Refusal("That roll is no longer in play; a GM ends the contest with /contest end.")
    if read.total > standing:
        contest = contest.model_copy(update={"leader": index, "short": None})
        step = move_on(game, contest, index, stress_on=mod_on(state, "stress"))
        return Decision(
            events=tuple(step.events),
            reply=Reply.say(f"{who.name}'s {read.total} beats {standing}.", *step.lines),
        )
    events, lines = _falls_short(state, game, contest, index, standing)
    return Decision(events=tuple(events), reply=Reply.say(*lines))


def _falls_short(
    state: TableState, game: CortexState, contest: Contest, index: int, standing: int
) -> tuple[list[Event], list[str]]:
    who = contest.contestants[index]
    contest = replace(contest, index, who.model_copy(update={"failed": True}))
    contest = contest.model_copy(update={"short": None})
    step = move_on(game, contest, index, stress_on=mod_on(state, "stress"))
    return step.events, [f"{who.name} fails to beat {standing} and loses.", *step.lines]


def _reply(rolled: Decision, events: list[Event], lines: list[str]) -> Decision:
    return Decision(
        events=(*rolled.events, *events),
        reply=Reply(text=(*rolled.reply.text, *lines), data=rolled.reply.data),
    )


@dataclass(frozen=True)
class GiveIn:
    character: Annotated[str | None, Opt("who gives in (default: whose turn it is / yours)")] = None


@commands.command(
    "contest givein",
    help="Give in instead of rolling: you say how you lose, and earn 1 PP if you rolled.",
    permission=Permission.PLAYER,
)
def give_in(ctx: Context, args: GiveIn) -> Decision:
    state = ctx.require_state()
    game = cortex(state)
    contest = running(game)
    if contest.short is not None:
        short = contest.contestants[contest.short].name
        raise Refusal(f"{short}'s roll is waiting: /contest stand first.")
    who = _acting(ctx, contest, args.character)
    index = their_turn(contest, who.name)
    me = contest.contestants[index]
    contest = replace(contest, index, me.model_copy(update={"gave_in": True}))
    opponents = [c.name for c in contest.contestants if c.name != who.name]
    game = game.model_copy(
        update={"gave_in_to": (*game.gave_in_to, *((who.name, o) for o in opponents))}
    )
    lines = [f"{who.name} gives in and says how they lose."]
    earned: list[Event] = []
    if me.rolled and who.kind == "pc":
        earned.append(
            ev.PlotPointsChanged(character=who.name, delta=1, reason="gave in after rolling")
        )
        lines.append(f"{who.name} earns 1 PP for giving in after rolling.")
    elif not me.rolled:
        lines.append(f"{who.name} had not rolled yet, so giving in earns no plot point.")
    step = move_on(game, contest, index, stress_on=mod_on(state, "stress"))
    return Decision(events=(*earned, *step.events), reply=Reply.say(*lines, *step.lines))


def _acting(ctx: Context, contest: Contest, name: str | None) -> Character:
    if name is None and ctx.require_state().meta.is_gm(ctx.actor.id):
        name = contest.contestants[contest.turn].name
    who = own_character(ctx, name)
    may_act_for(ctx, who)
    return who


def running(game: CortexState) -> Contest:
    if game.contest is None:
        raise Refusal("There is no contest running; start one with /contest start against:<name>.")
    return game.contest


def their_turn(contest: Contest, name: str) -> int:
    index = contest.by_name(name)
    if index is None:
        raise Refusal(f"{name} is not in this contest.")
    if index != contest.turn:
        raise Refusal(f"It is {contest.contestants[contest.turn].name}'s turn to roll or give in.")
    return index
