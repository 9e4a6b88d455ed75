"""``/contest``: Cortex's back-and-forth.

Cortex p.20-22 (gaps 1.3): the initiator rolls and their total is what to beat; the opposition
rolls and must beat it, then the initiator must beat that, and so on until someone gives in or
fails to beat the total. Giving in earns 1 PP if you rolled at least once, and you cannot start
a new contest with that opponent straight away. The loser who failed takes a complication the
size of the winner's effect die, stepped down if their own last effect die was equal or larger;
in a high-stakes contest a strictly larger winning effect die takes them out instead (1 PP keeps
them in, taking the complication). With more than two contestants the turn goes round; each
who fails to beat the standing total drops out, and the last one in wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import Die, step_down
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.reply import Reply
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.names import character, cortex, may_act_for, own_character
from scenekeeper.systems.cortex.reading import alternatives
from scenekeeper.systems.cortex.rolling import CortexRoll, roll_character
from scenekeeper.systems.cortex.rolls import reading_of, steps
from scenekeeper.systems.cortex.sheet import Character, same_name
from scenekeeper.systems.cortex.state import Contest, Contestant, CortexState, Stakes

commands = CommandSet(systems=frozenset({"cortex"}))


@dataclass(frozen=True)
class Start:
    against: Annotated[str, Opt('who opposes: one name, or several, like "Thug, Brute"')]
    character: Annotated[str | None, Opt("who starts it (default: the character you play)")] = None
    high_stakes: Annotated[bool, Opt("losing takes a character out")] = False


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
    if game.contest is not None:
        raise Refusal("A contest is running; finish it first (/contest show).")
    if game.stakes:
        raise Refusal("The last contest's outcome is not settled yet; /contest settle it first.")
    names = [n.strip() for n in args.against.split(",") if n.strip()]
    opponents = [character(ctx, n) for n in names]
    everyone = [who, *opponents]
    if len({c.name for c in everyone}) != len(everyone):
        raise Refusal("Each contestant takes part once; name different characters.")
    for c in everyone:
        if c.status != "active":
            raise Refusal(f"{c.name} is {c.status.replace('_', ' ')} and cannot take part.")
    for gave, to in game.gave_in_to:
        if same_name(gave, who.name) and any(same_name(to, o.name) for o in opponents):
            raise Refusal(
                f"{who.name} gave in to {to} and cannot start a new contest with them straight "
                "away (Cortex p.21)."
            )
    contest = Contest(
        contestants=tuple(Contestant(name=c.name) for c in everyone), high_stakes=args.high_stakes
    )
    stakes = " It is high stakes: the loser may be taken out." if args.high_stakes else ""
    return Decision(
        events=(
            ev.ContestChanged(contest=contest, gave_in_to=game.gave_in_to, note="contest started"),
        ),
        reply=Reply.say(
            f"Contest: {who.name} against {', '.join(o.name for o in opponents)}.{stakes}",
            f'{who.name} rolls first: /contest roll pool:"...".',
        ),
    )


@dataclass(frozen=True)
class ContestRoll:
    pool: Annotated[str, Opt('traits, assets, complications and dice, like "Fighting Agility"')]
    character: Annotated[str | None, Opt("who rolls (default: whose turn it is / yours)")] = None
    hinder: Annotated[str | None, Opt("a distinction to roll as d4 for 1 PP")] = None
    pay: Annotated[
        int, Opt("plot points for extra traits from one set", min_value=0, max_value=10)
    ] = 0
    results: Annotated[str | None, Opt("faces you rolled, in pool order")] = None


@commands.command(
    "contest roll",
    help="Roll in the contest: beat the standing total, or fail and lose.",
    permission=Permission.PLAYER,
    examples=('/contest roll pool:"Fighting Agility Sword"',),
)
def contest_roll(ctx: Context, args: ContestRoll) -> Decision:
    game = cortex(ctx.require_state())
    contest = running(game)
    who = _acting(ctx, contest, args.character)
    index = _their_turn(contest, who.name)
    standing = standing_total(contest)
    request = CortexRoll(
        pool=args.pool,
        vs=None if standing is None else str(standing),
        hinder=args.hinder,
        pay=args.pay,
        results=args.results,
    )
    rolled = roll_character(ctx, who, request, side="gm" if who.kind == "gmc" else "player")
    record = next(
        e.roll for e in rolled.events if isinstance(e, ev.Rolled) and e.roll.roller == who.name
    )
    reading = reading_of(record)
    beat = standing is None or reading.total > standing
    effect = reading.effect
    notes: list[str] = []
    if not beat:
        # The total cannot win any more, so the loser keeps their largest effect die: it is
        # what the winner's effect die is compared with.
        effect = max(r.effect for r in alternatives(steps(record), record.keep))
        if effect != reading.effect:
            notes.append(
                f"As the roll cannot win, {who.name} keeps the largest effect die, {effect}."
            )
    me = contest.contestants[index].model_copy(
        update={"total": reading.total, "effect": effect, "roll_id": record.id, "failed": not beat}
    )
    contest = _replace(contest, index, me)
    if beat:
        contest = contest.model_copy(update={"leader": index})
    events, lines = _move_on(game, contest, index)
    if not beat:
        lines[:0] = [f"{who.name} fails to beat {standing} and loses.", *notes]
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
    game = cortex(ctx.require_state())
    contest = running(game)
    who = _acting(ctx, contest, args.character)
    index = _their_turn(contest, who.name)
    me = contest.contestants[index]
    contest = _replace(contest, index, me.model_copy(update={"gave_in": True}))
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
    events, more = _move_on(game, contest, index)
    return Decision(events=(*earned, *events), reply=Reply.say(*lines, *more))


def _move_on(game: CortexState, contest: Contest, last: int) -> tuple[list[Event], list[str]]:
    """Pass the turn on; when one contestant is left, the contest is over: work out the stakes."""
    nxt = _next(contest, last)
    if nxt is not None and sum(c.still_in for c in contest.contestants) > 1:
        contest = contest.model_copy(update={"turn": nxt})
        standing = standing_total(contest)
        who = contest.contestants[nxt].name
        what = f"beat {standing}" if standing is not None else "roll first"
        return [ev.ContestChanged(contest=contest, gave_in_to=game.gave_in_to)], [
            f"{who}: {what} with /contest roll, or /contest givein."
        ]
    remaining = [c for c in contest.contestants if c.still_in]
    winner = remaining[0] if remaining else None
    lines = [f"{winner.name} wins the contest." if winner else "Nobody is left in the contest."]
    owed: list[Stakes] = []
    for loser in contest.contestants:
        if not loser.failed or winner is None:
            continue
        stake = stakes_for(winner, loser, contest.high_stakes)
        if stake is None:
            lines.append(f"{loser.name} loses; the complication steps down to nothing.")
        elif stake.taken_out:
            lines.append(
                f"High stakes: {winner.name}'s effect die {stake.die} beats {loser.name}'s "
                f"{loser.effect or 'none'}: {loser.name} is taken out, unless they pay 1 PP to "
                f"take a {stake.die} complication instead."
            )
        else:
            lines.append(f"{loser.name} takes a {stake.die} complication; {winner.name} names it.")
        if stake is not None:
            owed.append(stake)
    if owed:
        lines.append('Settle it: /contest settle character:<loser> complication:"<name>".')
    note = f"{winner.name} won the contest" if winner else "the contest ended"
    return [
        ev.ContestChanged(
            contest=None, stakes=(*game.stakes, *owed), gave_in_to=game.gave_in_to, note=note
        )
    ], lines


def stakes_for(winner: Contestant, loser: Contestant, high_stakes: bool) -> Stakes | None:
    """What a loser who failed to beat the total takes (gaps 1.3)."""
    won = winner.effect or Die.D4
    lost = loser.effect
    if high_stakes:
        # Strictly larger takes them out; equal or smaller gives the complication.
        taken_out = lost is None or won > lost
        return Stakes(loser=loser.name, winner=winner.name, die=won, taken_out=taken_out)
    die: Die | None = won
    if lost is not None and lost >= won:
        stepped = step_down(won)
        die = stepped if isinstance(stepped, Die) else None
    if die is None:
        return None
    return Stakes(loser=loser.name, winner=winner.name, die=die)


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


def standing_total(contest: Contest) -> int | None:
    return contest.contestants[contest.leader].total if contest.leader is not None else None


def _their_turn(contest: Contest, name: str) -> int:
    index = contest.by_name(name)
    if index is None:
        raise Refusal(f"{name} is not in this contest.")
    if index != contest.turn:
        raise Refusal(f"It is {contest.contestants[contest.turn].name}'s turn to roll or give in.")
    return index


def _next(contest: Contest, after: int) -> int | None:
    """The next contestant still in, after ``after``, who does not hold the standing total."""
    count = len(contest.contestants)
    for step in range(1, count):
        candidate = (after + step) % count
        if contest.contestants[candidate].still_in and candidate != contest.leader:
            return candidate
    return None


def _replace(contest: Contest, index: int, who: Contestant) -> Contest:
    people = list(contest.contestants)
    people[index] = who
    return contest.model_copy(update={"contestants": tuple(people)})
