"""Contests, continued: interfering, settling the outcome on the loser's sheet, showing and
ending a contest (the back-and-forth is in ``contests``, its rules in ``contest_rules``).

Cortex p.21-22: interfering costs 1 PP and comes only after both sides have rolled; beat the
standing total and the contest halts, fail and take a complication from the one who leads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import Die
from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.names import fold
from scenekeeper.engine.quoting import quoted
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.procedures.contest_rules import (
    describe_stake,
    losing_effect,
    reading,
    stakes_for,
    standing_total,
    winning_effect,
)
from scenekeeper.systems.cortex.procedures.contest_window import INTERFERE, rescue
from scenekeeper.systems.cortex.procedures.contests import running
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
from scenekeeper.systems.cortex.sheets.sheet import Character, same_name
from scenekeeper.systems.cortex.state import (
    Contestant,
    CortexState,
    character,
    cortex,
    may_act_for,
    own_character,
)
from scenekeeper.systems.cortex.troubles.stress_commands import take_by_rules
from scenekeeper.systems.cortex.troubles.troubles import complication_events

commands = CommandSet(systems=frozenset({"cortex"}))
#: Scions: losing a conflict earns points by the stress taken (d8 1, d10 2, d12 3).
LOSER_EARNS = {Die.D8: 1, Die.D10: 2, Die.D12: 3}


@dataclass(frozen=True)
class Interfere:
    pool: Annotated[str, Opt("the interferer's pool")]
    character: Annotated[str | None, Opt("who interferes (default: the character you play)")] = None
    hinder: HinderOpt = None
    push: PushOpt = None
    pay: PayOpt = 0
    boost: BoostOpt = None
    results: Annotated[str | None, Opt("faces you rolled, in pool order")] = None


@commands.command(
    "contest interfere",
    help="Step into a contest for 1 PP once both sides have rolled: beat the standing total "
    "and the contest halts; fail and you take a complication from the one who leads.",
    summary="Step into a contest for 1 PP once both sides have rolled: beat the standing total.",
    permission=Permission.PLAYER,
)
def interfere(ctx: Context, args: Interfere) -> Decision:
    state = ctx.require_state()
    game = cortex(state)
    contest = running(game)
    who = own_character(ctx, args.character)
    may_act_for(ctx, who)
    if contest.by_name(who.name) is not None:
        raise Refusal(f"{who.name} is in the contest; roll or give in on your turn instead.")
    if sum(c.rolled for c in contest.contestants) < 2 or contest.leader is None:
        raise Refusal("Interfering comes only after both sides have rolled (Cortex p.21).")
    if who.kind == "pc" and who.pp < 1:
        raise Refusal(f"Interfering costs 1 PP and {who.name} has none.")
    if who.kind == "gmc" and game.gm_bank < 1:
        raise Refusal("Interfering costs 1 PP and the GM bank is empty.")
    standing = standing_total(game, contest)
    if standing is None:
        raise Refusal("The standing roll is no longer in play; a GM ends it with /contest end.")
    if who.status != "active":
        raise Refusal(f"{who.name} is out of the scene and cannot interfere.")
    request = CortexRoll(
        pool=args.pool,
        vs=str(standing),
        hinder=args.hinder,
        push=args.push,
        pay=args.pay,
        boost=args.boost,
        results=args.results,
    )
    leading = contest.contestants[contest.leader].roll_id
    rolled = roll_character(
        ctx,
        who,
        request,
        side="gm" if who.kind == "gmc" else "player",
        test=True,
        closes=(leading,) if leading is not None else (),
        purpose=INTERFERE,
    )
    record = rolled_record(rolled, who)
    paid: Event = (
        ev.PlotPointsChanged(character=who.name, delta=-1, reason="interfering in a contest")
        if who.kind == "pc"
        else ev.GmBankChanged(delta=-1, reason=f"{who.name} interferes in a contest")
    )
    leader = contest.contestants[contest.leader]
    if reading_of(record).total > standing:
        halt = ev.ContestChanged(
            contest=None,
            stakes=game.stakes,
            gave_in_to=game.gave_in_to,
            note=f"{who.name} interfered and halted the contest",
        )
        rolls = tuple(c.roll_id for c in contest.contestants if c.roll_id is not None)
        closed = ev.RollsClosed(roll_ids=(*rolls, record.id), reason="the contest was halted")
        line = f"{who.name} beats {standing}: the contest halts."
        return _with(rolled, [paid, halt, closed], line)
    now = game.with_roll(record)
    won, _ = winning_effect(now, leader)
    lost = losing_effect(now, Contestant(name=who.name, roll_id=record.id))
    stake = stakes_for(leader.name, won, who.name, lost, high_stakes=False, stress_on=False)
    if stake is not None:
        stake = stake.model_copy(update={"roll_id": record.id})
    owed = (*game.stakes, stake) if stake else game.stakes
    going = ev.ContestChanged(
        contest=contest,
        stakes=owed,
        gave_in_to=game.gave_in_to,
        note=f"{who.name} failed to interfere",
    )
    line = f"{who.name} fails to beat {standing}. " + describe_stake(
        stake, who.name, mod_on(state, "stress")
    )
    # Interfering cost 1 PP already: what is left may still buy dice for the total.
    after_paying = game.model_copy(update={"gm_bank": game.gm_bank - (who.kind == "gmc")})
    payer = who.model_copy(update={"pp": who.pp - (who.kind == "pc")})
    saved = rescue(after_paying, payer, record, standing)
    if saved is not None:
        line += (
            f" {saved[0]} PP for more dice in the total would make it {saved[1]} and halt the "
            "contest: /pp spend on:total."
        )
    return _with(rolled, [paid, going], line)


def _with(rolled: Decision, events: list[Event], line: str) -> Decision:
    return Decision(
        events=(events[0], *rolled.events, *events[1:]),
        reply=Reply(text=(*rolled.reply.text, line), data=rolled.reply.data),
    )


@dataclass(frozen=True)
class Settle:
    character: Annotated[
        str | None, Opt("the loser (default: the one outcome waiting to be settled)")
    ] = None
    complication: Annotated[str | None, Opt("what the complication is (the winner names it)")] = (
        None
    )
    stress: Annotated[
        str | None, Opt("with the stress mod: the stress type to inflict instead")
    ] = None
    stay: Annotated[
        bool, Opt("high stakes: pay 1 PP to take the complication, not be taken out")
    ] = False
    pull: Annotated[
        bool, Opt("the winner pulls their punches: stressed out without trauma (a Scions rule)")
    ] = False


@commands.command(
    "contest settle",
    help="Write a contest's outcome on the loser's sheet: the complication the winner names "
    "(or stress, with the stress mod), or, high stakes, taken out unless they pay 1 PP.",
    summary="Write a contest's outcome on the loser's sheet: a complication, stress, or taken out.",
    permission=Permission.PLAYER,
    examples=(
        '/contest settle character:Thug complication:"Bloody Nose"',
        "/contest settle character:Thug stress:Physical",
    ),
)
def settle(ctx: Context, args: Settle) -> Decision:
    state = ctx.require_state()
    game = cortex(state)
    index = _stake_index(game, args.character)
    stake = game.stakes[index]
    loser = character(ctx, stake.loser)
    winner = character(ctx, stake.winner)
    meta = state.meta
    if args.stay:
        may_act_for(ctx, loser)
    elif not meta.is_gm(ctx.actor.id) and meta.owner_of(winner.name) != ctx.actor.id:
        raise Refusal(f"{winner.name} won: their player or a GM settles it.")
    rest = game.stakes[:index] + game.stakes[index + 1 :]
    done: tuple[Event, ...] = (
        ev.ContestChanged(
            contest=game.contest,
            stakes=rest,
            gave_in_to=game.gave_in_to,
            note=f"settled {loser.name}",
        ),
    )
    if stake.roll_id is not None:
        # Settled: the roll that decided it is final now.
        done += (ev.RollsClosed(roll_ids=(stake.roll_id,), reason="its outcome was settled"),)
    if args.pull and args.stress is None:
        raise Refusal("pull: goes with stress:<type> (pulled punches: no trauma).")
    if stake.stress_only and args.stress is None:
        raise Refusal(
            f"High stakes with stress: {loser.name} takes {stake.die} stress instead of being "
            "taken out, not a complication, and no PP is needed: add stress:<type>."
        )
    if args.stress is not None:
        if not mod_on(state, "stress"):
            raise Refusal("The stress mod is off; name a complication instead.")
        hurt, lines = take_by_rules(state, loser, args.stress, stake.die, pull=args.pull)
        earned = LOSER_EARNS.get(stake.die, 0) if game.rules.loser_earns_by_stress else 0
        if earned and loser.kind == "pc":
            reason = f"lost a conflict, taking {stake.die} stress"
            hurt.append(ev.PlotPointsChanged(character=loser.name, delta=earned, reason=reason))
            lines.append(f"{loser.name} earns {earned} PP for losing the conflict.")
        return Decision(events=(*hurt, *done), reply=Reply.say(*lines))
    events: list[Event] = []
    if stake.taken_out and not args.stay:
        reason = f"lost a high-stakes contest to {winner.name}"
        events.append(ev.StatusChanged(character=loser.name, status="taken_out", reason=reason))
        return Decision(events=(*events, *done), reply=Reply.say(f"{loser.name} is taken out."))
    if args.stay:
        if not stake.taken_out:
            raise Refusal("stay:true is for a high-stakes loss that would take them out.")
        events.append(_stay_paid(game, loser))
    if not args.complication:
        raise Refusal(f'Name the {stake.die} complication: complication:"...".')
    made, line = complication_events(loser, args.complication, stake.die)
    return Decision(events=(*events, *made, *done), reply=Reply.say(line))


def _stake_index(game: CortexState, named: str | None) -> int:
    """Which waiting outcome ``/contest settle`` means: the loser named, or the only loser's."""
    owed = ", ".join(dict.fromkeys(s.loser for s in game.stakes)) or "nobody"
    if named is None:
        if len({fold(s.loser) for s in game.stakes}) == 1:
            return 0  # one loser: their oldest outcome first, as by name
        if not game.stakes:
            raise Refusal("No contest outcome is waiting to be settled.")
        first = quoted(game.stakes[0].loser)
        raise Refusal(f"Outcomes wait for {owed}: say whose, like character:{first}.")
    index = next((i for i, s in enumerate(game.stakes) if same_name(s.loser, named)), None)
    if index is None:
        raise Refusal(f"{named} has no contest outcome to settle (waiting: {owed}).")
    return index


def _stay_paid(game: CortexState, loser: Character) -> Event:
    """Cortex p.33: 1 PP keeps the loser in the fight (a GMC's from the GM bank)."""
    if loser.kind == "gmc":
        if game.gm_bank < 1:
            raise Refusal("Staying in the fight costs 1 PP and the GM bank is empty.")
        return ev.GmBankChanged(delta=-1, reason=f"{loser.name} stayed in the fight")
    if loser.pp < 1:
        raise Refusal(f"Staying in the fight costs 1 PP and {loser.name} has none.")
    return ev.PlotPointsChanged(character=loser.name, delta=-1, reason="stayed in the fight")


@commands.command(
    "contest show",
    help="Who is in the contest, the standing total, whose turn.",
    permission=Permission.ANYONE,
)
def show(ctx: Context, _args: NoOptions) -> Decision:
    game = cortex(ctx.require_state())
    lines = []
    if game.contest is None:
        lines.append("No contest is running.")
    else:
        contest = game.contest
        for i, c in enumerate(contest.contestants):
            state = "gave in" if c.gave_in else "lost" if c.failed else "in"
            read = reading(game, c)
            total = f"total {read.total}, effect {read.effect}" if read else "has not rolled"
            marks = (" (standing)" if i == contest.leader else "") + (
                " (to act)" if i == contest.turn else ""
            )
            lines.append(f"{c.name}: {state}, {total}{marks}.")
    for stake in game.stakes:
        unless = " (taken out unless 1 PP)" if stake.taken_out else ""
        lines.append(
            f"Waiting to settle: {stake.loser} takes {stake.die} from {stake.winner}{unless}."
        )
    return Decision(reply=Reply.say(*lines))


@commands.command(
    "contest end", help="Stop the contest without a winner.", permission=Permission.GM
)
def end(ctx: Context, _args: NoOptions) -> Decision:
    game = cortex(ctx.require_state())
    if game.contest is None and game.stakes:
        waiting = ", ".join(s.loser for s in game.stakes)
        raise Refusal(
            f"No contest is running; outcomes wait to be settled ({waiting}): /contest settle, "
            "or a GM's /cancel what:outcome character:<loser>."
        )
    if game.contest is None:
        return Decision(reply=Reply.say("No contest is running: nothing to end."))
    contest = running(game)
    rolls = tuple(c.roll_id for c in contest.contestants if c.roll_id is not None)
    events: list[Event] = [
        ev.ContestChanged(
            contest=None,
            stakes=game.stakes,
            gave_in_to=game.gave_in_to,
            note="the GM ended the contest",
        )
    ]
    if rolls:
        events.append(ev.RollsClosed(roll_ids=rolls, reason="the GM ended the contest"))
    return Decision(events=tuple(events), reply=Reply.say("The contest ends without a winner."))
