"""The contest procedure, pure: readings of contestants' rolls, whose turn, and the stakes.

Cortex p.20-22 (gaps 1.3). A contestant's total and effect die are read live from their roll,
so choosing other dice or spending plot points after rolling counts. The winner's effect die
carries the heroic steps of beating the total by 5 or more. The loser who failed keeps their
largest effect die (their total cannot win any more). Not high stakes: the loser takes a
complication of the winner's effect die, stepped down once if the loser's effect die is equal
or larger. High stakes: a strictly larger winning effect die takes them out (1 PP keeps them in
with the complication); with the stress mod, stress replaces being taken out (Cortex p.39).
"""

from __future__ import annotations

from dataclasses import dataclass

from scenekeeper.dice import Die, step_down
from scenekeeper.engine.events import Event
from scenekeeper.engine.quoting import option
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.roll.reading import Reading, alternatives, read_outcome
from scenekeeper.systems.cortex.roll.rolls import reading_of, steps
from scenekeeper.systems.cortex.state import Contest, Contestant, CortexState, RollRecord, Stakes


def roll_of(game: CortexState, who: Contestant) -> RollRecord | None:
    return game.roll_by_id(who.roll_id) if who.roll_id is not None else None


def reading(game: CortexState, who: Contestant) -> Reading | None:
    roll = roll_of(game, who)
    return reading_of(roll) if roll is not None else None


def standing_total(game: CortexState, contest: Contest) -> int | None:
    if contest.leader is None:
        return None
    read = reading(game, contest.contestants[contest.leader])
    return read.total if read is not None else None


def heroic_effect(
    roll: RollRecord, against: int | None, *, ties_succeed: bool = False
) -> tuple[Die, int, bool]:
    """A roll's effect die with the heroic steps of beating ``against`` by 5 or more (Cortex
    p.19): the die, the steps, and whether it went past d12 (then it counts as d12)."""
    read = reading_of(roll)
    result = read_outcome(
        read.total, read.effect, against, ties_succeed=ties_succeed or roll.ties_succeed
    )
    if result is None or not result.succeeded:
        return read.effect, 0, False
    if isinstance(result.effect, Die):
        return result.effect, result.steps, False
    return Die.D12, result.steps, True


def winning_effect(game: CortexState, who: Contestant) -> tuple[Die, bool]:
    """The winner's effect die with its heroic steps, and whether it went past d12."""
    roll = roll_of(game, who)
    if roll is None:
        return Die.D4, False
    won, _, past = heroic_effect(roll, roll.difficulty)
    return won, past


def effect_lines(
    winner: str,
    won: Die,
    *,
    steps: int,
    past: bool,
    loser: str,
    lost: Die | None,
    loser_read: Die | None,
    high_stakes: bool,
    margin: int | None = None,
) -> list[str]:
    """How the effect dice came to be and compared, as contests and reactions say it: the
    winner's heroic steps (``margin``: by how much they beat the loser, when no roll line said
    it), past d12, the loser keeping their largest effect die, and the comparison."""
    lines: list[str] = []
    if margin is not None and steps and not past:
        times = "once" if steps == 1 else f"{steps} steps"
        lines.append(
            f"{winner} beats {loser} by {margin}, a heroic success: the effect die steps up "
            f"{times} to {won}."
        )
    if past:
        lines.append(f"{winner}'s effect die steps past d12: the GM may rule it an outright win.")
    if lost is not None and loser_read is not None and lost != loser_read:
        lines.append(f"{loser}'s roll cannot win, so it keeps its largest effect die, {lost}.")
    compared = effect_comparison(winner, won, loser, lost)
    if compared is not None and not high_stakes:
        lines.append(compared)
    return lines


def losing_effect(game: CortexState, who: Contestant) -> Die | None:
    """A loser's largest possible effect die from their last roll (None if they never rolled)."""
    roll = roll_of(game, who)
    if roll is None:
        return None
    return max(r.effect for r in alternatives(steps(roll), roll.keep, roll.effects))


def stakes_for(
    winner: str, won: Die, loser: str, lost: Die | None, *, high_stakes: bool, stress_on: bool
) -> Stakes | None:
    if high_stakes and not stress_on:
        # Strictly larger takes them out; equal or smaller gives the complication.
        taken_out = lost is None or won > lost
        return Stakes(loser=loser, winner=winner, die=won, taken_out=taken_out)
    if high_stakes:
        # Stress replaces being taken out (Cortex p.39): a larger effect die means stress.
        larger = lost is None or won > lost
        return Stakes(loser=loser, winner=winner, die=won, stress_only=larger)
    die: Die | None = won
    if not high_stakes and lost is not None and lost >= won:
        stepped = step_down(won)
        die = stepped if isinstance(stepped, Die) else None
    return Stakes(loser=loser, winner=winner, die=die) if die is not None else None


def next_turn(contest: Contest, after: int) -> int | None:
    """The next contestant still in, after ``after``, who does not hold the standing total."""
    count = len(contest.contestants)
    for step in range(1, count):
        candidate = (after + step) % count
        if contest.contestants[candidate].still_in and candidate != contest.leader:
            return candidate
    return None


def replace(contest: Contest, index: int, who: Contestant) -> Contest:
    people = list(contest.contestants)
    people[index] = who
    return contest.model_copy(update={"contestants": tuple(people)})


@dataclass(frozen=True)
class Step:
    events: list[Event]
    lines: list[str]


def move_on(game: CortexState, contest: Contest, last: int, *, stress_on: bool) -> Step:
    """Pass the turn on; when one contestant is left, the contest is over: the stakes."""
    nxt = next_turn(contest, last)
    if nxt is not None and sum(c.still_in for c in contest.contestants) > 1:
        contest = contest.model_copy(update={"turn": nxt, "short": None})
        standing = standing_total(game, contest)
        who = contest.contestants[nxt].name
        what = f"beat {standing}" if standing is not None else "roll first"
        return Step(
            [ev.ContestChanged(contest=contest, stakes=game.stakes, gave_in_to=game.gave_in_to)],
            [f"{who}: {what} with /contest roll, or /contest givein."],
        )
    remaining = [c for c in contest.contestants if c.still_in]
    winner = remaining[0] if remaining else None
    lines = [f"{winner.name} wins the contest." if winner else "Nobody is left in the contest."]
    owed: list[Stakes] = []
    if winner is not None:
        won, past = winning_effect(game, winner)
        if past:
            lines.append(
                f"{winner.name}'s effect die steps past d12: the GM may rule it an outright win."
            )
        for loser in (c for c in contest.contestants if c.failed):
            lost = losing_effect(game, loser)
            read = reading(game, loser)
            stake = stakes_for(
                winner.name,
                won,
                loser.name,
                lost,
                high_stakes=contest.high_stakes,
                stress_on=stress_on,
            )
            lines += effect_lines(
                winner.name,
                won,
                steps=0,
                past=False,
                loser=loser.name,
                lost=lost,
                loser_read=read.effect if read is not None else None,
                high_stakes=contest.high_stakes,
            )
            lines.append(describe_stake(stake, loser.name, stress_on))
            if stake is not None:
                owed.append(stake.model_copy(update={"roll_id": loser.roll_id}))
    note = f"{winner.name} won the contest" if winner else "the contest ended"
    end = ev.ContestChanged(
        contest=None, stakes=(*game.stakes, *owed), gave_in_to=game.gave_in_to, note=note
    )
    # The contest is decided: its rolls' readings are final.
    rolls = tuple(c.roll_id for c in contest.contestants if c.roll_id is not None)
    closed = [ev.RollsClosed(roll_ids=rolls, reason="the contest ended")] if rolls else []
    return Step([end, *closed], lines)


def describe_stake(stake: Stakes | None, loser: str, stress_on: bool) -> str:
    if stake is None:
        return f"{loser} loses; the complication steps down to nothing."
    who = f"/contest settle {option('character', loser)}"
    settle = f'{who} complication:"<name>"'
    if stress_on:
        settle += f" (or stress:<type> for {stake.die} stress)"
    if stake.stress_only:
        return (
            f"High stakes: {stake.winner}'s effect die {stake.die} is larger, and with stress "
            f"{loser} takes {stake.die} stress instead of being taken out: {who} stress:<type>."
        )
    if stake.taken_out:
        return (
            f"High stakes: {stake.winner}'s effect die {stake.die} is larger: {loser} is taken "
            f"out ({who}), unless they pay 1 PP to take a {stake.die} complication instead "
            "(add stay:true)."
        )
    return f"{loser} takes a {stake.die} complication, named by {stake.winner}: {settle}."


def effect_comparison(winner: str, won: Die, loser: str, lost: Die | None) -> str | None:
    """Not high stakes: the line saying how the effect dice compared (None if never rolled)."""
    if lost is None:
        return None
    if lost >= won:
        return (
            f"Effect dice: {winner}'s {won} against {loser}'s {lost}, equal or larger: "
            "the complication steps down once."
        )
    return f"Effect dice: {winner}'s {won} against {loser}'s {lost}, smaller: it stands."
