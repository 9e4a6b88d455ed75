"""An action and the reaction to it, decided on their readings (gaps 1.4; Cortex p.98).

The reaction must exceed the action; a tie goes to the actor. When the action stands, its
effect die (stepped up once per full 5 it beats the reaction by) is compared with the
reactor's largest effect die as in a contest: the reactor takes it, stepped down if theirs is
equal or larger; high stakes by the scene. When the reaction wins, the action fails and
nothing more happens unless the reactor pays to use its effect die against the actor
(reaction-effect), compared the same way.

The outcome is worked out from the rolls as they read now, so :func:`redecide` gives the
same answer after a plot point spent on the reaction as if it had been rolled that way.
"""

from __future__ import annotations

from dataclasses import dataclass

from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.procedures.contest_rules import (
    describe_stake,
    effect_lines,
    heroic_effect,
    losing_effect,
    stakes_for,
)
from scenekeeper.systems.cortex.roll.rolls import reading_of
from scenekeeper.systems.cortex.scene_state import Exchange
from scenekeeper.systems.cortex.state import Contestant, CortexState, Stakes


@dataclass(frozen=True)
class Verdict:
    """How an exchange stands: who wins, what the loser takes, and why, a line a fact."""

    reaction_wins: bool
    stake: Stakes | None
    lines: list[str]


def verdict(state: TableState, game: CortexState, exchange: Exchange) -> Verdict | None:
    """The exchange decided on the rolls' readings now (None: a roll is no longer in play)."""
    action = game.roll_by_id(exchange.action_id)
    reaction = game.roll_by_id(exchange.reaction_id)
    if action is None or reaction is None:
        return None
    stress_on = mod_on(state, "stress")
    high = game.scene is not None and game.scene.high_stakes
    to_beat, total = reading_of(action).total, reading_of(reaction).total
    actor, reactor = exchange.actor, exchange.reactor
    if total > to_beat:
        lines = [f"{reactor}'s reaction beats {to_beat}: {actor}'s action fails."]
        if not exchange.countered:
            return Verdict(True, None, lines)
        # The reactor paid to use its effect die: compared as if the reaction were the action
        # (its heroic steps are on the reaction's own line: it was rolled against the action).
        won, steps, past = heroic_effect(reaction, to_beat)
        lost = losing_effect(game, Contestant(name=actor, roll_id=action.id))
        stake = stakes_for(reactor, won, actor, lost, high_stakes=False, stress_on=stress_on)
        lines += effect_lines(
            reactor,
            won,
            steps=steps,
            past=past,
            loser=actor,
            lost=lost,
            loser_read=reading_of(action).effect,
            high_stakes=False,
        )
        lines.append(describe_stake(stake, actor, stress_on))
        return Verdict(True, _from(stake, reaction.id), lines)
    lines = [f"{actor}'s action stands ({to_beat} against {total}; a tie goes to the actor)."]
    won, steps, past = heroic_effect(action, total, ties_succeed=True)
    lost = losing_effect(game, Contestant(name=reactor, roll_id=reaction.id))
    stake = stakes_for(actor, won, reactor, lost, high_stakes=high, stress_on=stress_on)
    lines += effect_lines(
        actor,
        won,
        steps=steps,
        past=past,
        loser=reactor,
        lost=lost,
        loser_read=reading_of(reaction).effect,
        high_stakes=high,
        margin=to_beat - total,
    )
    lines.append(describe_stake(stake, reactor, stress_on))
    return Verdict(False, _from(stake, reaction.id), lines)


def _from(stake: Stakes | None, roll_id: int) -> Stakes | None:
    return stake.model_copy(update={"roll_id": roll_id}) if stake is not None else None


def counter_hint(state: TableState, exchange: Exchange, verdict: Verdict) -> list[str]:
    """A winning reaction not yet used: the reactor may pay to use its effect die."""
    if not verdict.reaction_wins or exchange.countered or not mod_on(state, "reaction-effect"):
        return []
    game = state.game
    assert isinstance(game, CortexState)
    reactor = game.find_character(exchange.reactor)
    cost = "1 PP"
    if reactor is not None and reactor.kind == "gmc":
        cost = "a doom die" if game.rules.gmc_reaction_cost == "doom" else "1 PP from the GM bank"
    return [
        f"{exchange.reactor} may pay {cost} to use its effect die against {exchange.actor}: "
        "/counter (until the next action)."
    ]


def stakes_with(game: CortexState, roll_id: int, stake: Stakes | None) -> tuple[Stakes, ...]:
    """The outcomes waiting to be settled, with the one ``roll_id`` decided replaced."""
    others = tuple(s for s in game.stakes if s.roll_id != roll_id)
    return (*others, stake) if stake is not None else others


def redecide(
    state: TableState, game: CortexState, roll_id: int
) -> tuple[list[Event], list[str]] | None:
    """The exchange whose reaction is ``roll_id``, decided again on its new reading (None:
    the roll decides no exchange)."""
    scene = game.scene
    exchange = scene.exchange if scene is not None else None
    if exchange is None or exchange.reaction_id != roll_id:
        return None
    found = verdict(state, game, exchange)
    if found is None:
        return None
    if exchange.countered and not found.reaction_wins:
        raise Refusal(
            f"{exchange.reactor} paid to use the reaction's effect die: the reaction must still "
            "beat the action; choose a reading that does."
        )
    stakes = stakes_with(game, roll_id, found.stake)
    events: list[Event] = []
    if stakes != game.stakes:
        events.append(
            ev.ContestChanged(
                contest=game.contest,
                stakes=stakes,
                gave_in_to=game.gave_in_to,
                note=f"{exchange.actor}'s action against {exchange.reactor}, decided again",
            )
        )
    return events, [*found.lines, *counter_hint(state, exchange, found)]
