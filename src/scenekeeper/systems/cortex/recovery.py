"""``/recover``: recovery tests for stress, trauma and complications.

Cortex p.37 (complications) and p.40 (stress): roll against d8 d8 plus the die.
  beat, effect die larger than it        -> eliminated
  beat, effect die equal or smaller      -> steps down one; no retry until time passes
  beat with a hitch                      -> as above, and the GM may pay 1 PP for a new
                                            complication or d6 stress of another type
  fail                                   -> unchanged
  fail with hitches                      -> steps up once per hitch
Cortex p.41 (trauma): beat -> steps down one (a hitch: the GM may pay 1 PP for a complication
or stress of another type); fail -> unchanged, no retry until time passes; fail with hitches ->
steps up once per hitch, past d12 out of the game for good.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal, cast

from scenekeeper.dice import Die, step_down, step_up
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.reply import Reply
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.choices import hitch_count
from scenekeeper.systems.cortex.names import (
    cortex,
    may_act_for,
    mod_on,
    own_character,
    require_mod,
)
from scenekeeper.systems.cortex.reading import Reading, alternatives
from scenekeeper.systems.cortex.rolling import CortexRoll, roll_character, rolled_record
from scenekeeper.systems.cortex.rolls import outcome_of, reading_of, steps
from scenekeeper.systems.cortex.sheet import Character, same_name
from scenekeeper.systems.cortex.state import RollRecord
from scenekeeper.systems.cortex.stress import removed_by_trauma, take_stress
from scenekeeper.systems.cortex.troubles import complication_events

commands = CommandSet(systems=frozenset({"cortex"}))
Kind = Literal["stress", "trauma", "complication"]
#: Cortex p.37: the base difficulty of a recovery test.
BASE = "d8 d8"
#: What the GM may do with a hitch on a recovery test that beat the difficulty (p.37, p.40-41).
HITCH_NOTE = {
    "stress": "A hitch: the GM may pay 1 PP from the bank for a new complication, or d6 stress "
    "of another type (/complication add or /stress add).",
    "trauma": "A hitch: the GM may pay 1 PP from the bank for a complication hindering the next "
    "scene, or stress of another type (d6, or stepping it up) (/complication add, /stress add).",
    "complication": "A hitch: the GM may pay 1 PP from the bank for a new related complication "
    "(/complication add).",
}
BRIDGE_BASE = "d6 d6"


@dataclass(frozen=True)
class Recover:
    pool: Annotated[str, Opt("the traits, assets and dice you recover with")]
    stress: Annotated[str | None, Opt("the stress type to recover")] = None
    trauma: Annotated[str | None, Opt("the trauma to recover")] = None
    complication: Annotated[str | None, Opt("the complication to recover from")] = None
    character: Annotated[str | None, Opt("who recovers (default: the character you play)")] = None
    pay: Annotated[
        int, Opt("plot points for extra traits from one set", min_value=0, max_value=10)
    ] = 0
    boost: Annotated[str | None, Opt("use a boost: the pool die (by name) to step up")] = None
    results: Annotated[str | None, Opt("faces you rolled, in pool order")] = None
    vs_results: Annotated[
        str | None, Opt("faces rolled for the difficulty: d8, d8, then the die")
    ] = None


@commands.command(
    "recover",
    help="A recovery test against d8 d8 plus the stress, trauma or complication die.",
    permission=Permission.PLAYER,
    examples=(
        '/recover stress:Physical pool:"Vitality Medicine"',
        '/recover complication:"Broken Arm" pool:"Vitality Endurance"',
    ),
)
def recover(ctx: Context, args: Recover) -> Decision:
    state = ctx.require_state()
    game = cortex(state)
    who = own_character(ctx, args.character)
    may_act_for(ctx, who)
    kind, name, die = _target(who, args)
    if kind in ("stress", "trauma"):
        require_mod(state, kind)
    if (who.name, kind, name) in game.recovery_locks:
        raise Refusal(
            f"{who.name} tried to recover {_label(kind, name)} already; no retry until time passes "
            "(a new scene, a rest or a new session)."
        )
    # Cortex p.95: recovery is easier in a bridge scene (downtime): d6 d6 instead of d8 d8.
    scene = game.scene
    base = BRIDGE_BASE if scene is not None and scene.type == "bridge" else BASE
    request = CortexRoll(
        pool=args.pool,
        vs=f"{base} {die}",
        pay=args.pay,
        boost=args.boost,
        results=args.results,
        vs_results=args.vs_results,
    )
    rolled = roll_character(ctx, who, request, side="player")
    record = rolled_record(rolled, who)
    # The player reads the roll to their best: the largest effect die that still beats the
    # difficulty, heroic steps included (Cortex p.17: the player chooses the dice).
    best, chosen_event = _best_reading(record)
    result = outcome_of(record, best)
    assert result is not None
    beat = result.succeeded
    effect = result.effect if isinstance(result.effect, Die) else None
    hitches = hitch_count(record)
    extra: list[Event] = [] if chosen_event is None else [chosen_event]
    if hitches:
        # The recovery test's own table says what its hitches do; /hitch does not add more.
        extra.append(ev.HitchesActivated(roll_id=record.id, paid=False))
    if kind == "trauma" and game.rules.trauma_recovery == "simple":
        events, lines = _simple_trauma(who, name, die, beat=beat, effect=effect)
        return _answer(rolled, extra, events, lines, who=who, best=best)
    events, lines = _outcome(
        who,
        kind,
        name,
        die,
        beat=beat,
        effect=effect,
        hitches=hitches,
        trauma_on=mod_on(state, "trauma"),
    )
    return _answer(rolled, extra, events, lines, who=who, best=best)


def _target(who: Character, args: Recover) -> tuple[Kind, str, Die]:
    given = [
        (k, v)
        for k, v in (
            ("stress", args.stress),
            ("trauma", args.trauma),
            ("complication", args.complication),
        )
        if v
    ]
    if len(given) != 1:
        raise Refusal(
            "Name one thing to recover: stress:<type>, trauma:<type> or complication:<name>."
        )
    kind, wanted = given[0]
    held: dict[str, Die] = {
        "stress": who.stress,
        "trauma": who.trauma,
        "complication": who.complications,
    }[kind]
    name = next((n for n in held if same_name(n, wanted)), None)
    if name is None:
        known = ", ".join(held) or "none"
        raise Refusal(f"{who.name} has no {kind} called {wanted} ({kind}: {known}).")
    return cast(Kind, kind), name, held[name]


def _outcome(
    who: Character,
    kind: Kind,
    name: str,
    die: Die,
    *,
    beat: bool,
    effect: Die | None,
    hitches: int,
    trauma_on: bool,
) -> tuple[list[Event], list[str]]:
    """``effect`` is the effect die after heroic steps; None: stepped past d12."""
    label = name if kind == "complication" else f"{name} {kind}"
    lock: list[Event] = [ev.RecoveryLocked(character=who.name, kind=kind, name=name)]
    if not beat:
        if hitches:
            return _worse(who, kind, name, die, hitches=hitches, trauma_on=trauma_on)
        if kind == "trauma":
            return lock, [f"Failed: {label} stays {die}; no retry until time passes."]
        return [], [f"Failed: {label} stays {die}."]
    if kind != "trauma" and (effect is None or effect > die):
        events, line = _set(who, kind, name, None)
        shown = effect or "past d12"
        lines = [f"Beat it with effect {shown}, larger than {die}: {line}"]
    elif kind == "trauma":
        lowered = step_down(die)
        events, line = _set(who, kind, name, lowered if isinstance(lowered, Die) else None)
        lines = [f"Beat it: {line}"]
    else:
        lowered = step_down(die)
        events, line = _set(who, kind, name, lowered if isinstance(lowered, Die) else None)
        events += lock
        lines = [
            f"Beat it, but effect {effect} is not larger than {die}: {line} "
            "No retry until time passes."
        ]
    if hitches:
        lines.append(HITCH_NOTE[kind])
    return events, lines


def _worse(
    who: Character, kind: Kind, name: str, die: Die, *, hitches: int, trauma_on: bool
) -> tuple[list[Event], list[str]]:
    said = f"Failed with {hitches} hitch{'es' if hitches > 1 else ''}:"
    raised = step_up(die, hitches)
    if isinstance(raised, Die):
        events, line = _set(who, kind, name, raised)
        return events, [f"{said} {line}"]
    # Stepped past d12: what that means is the thing's own rule.
    if kind == "trauma":
        events, lines = removed_by_trauma(who, name)
    elif kind == "complication":
        events, line = complication_events(who, name, die, hitches - 1)
        lines = [line]
    else:
        at_top = who.model_copy(update={"stress": {**who.stress, name: Die.D12}})
        events, lines = take_stress(at_top, name, Die.D12, trauma_on=trauma_on)
    return events, [said, *lines]


def _set(who: Character, kind: Kind, name: str, die: Die | None) -> tuple[list[Event], str]:
    """The event putting ``name`` at ``die`` (None: gone), and how it reads."""
    event: Event
    if kind == "stress":
        event = (
            ev.StressSet(character=who.name, stress=name, die=die)
            if die
            else ev.StressRemoved(character=who.name, stress=name)
        )
    elif kind == "trauma":
        event = (
            ev.TraumaSet(character=who.name, trauma=name, die=die)
            if die
            else ev.TraumaRemoved(character=who.name, trauma=name)
        )
    else:
        event = (
            ev.ComplicationSet(owner=who.name, name=name, die=die)
            if die
            else ev.ComplicationRemoved(owner=who.name, name=name)
        )
    label = name if kind == "complication" else f"{name} {kind}"
    return [event], f"{label} is now {die}." if die else f"{label} is gone."


def _answer(
    rolled: Decision,
    extra: list[Event],
    events: list[Event],
    lines: list[str],
    *,
    who: Character,
    best: Reading,
) -> Decision:
    if extra and isinstance(extra[0], ev.ReadingChosen):
        picked = ", ".join(str(e) for e in best.effects)
        lines.insert(
            0,
            f"{who.name} reads it for the largest effect that still beats it: total "
            f"{best.total}, effect {picked}.",
        )
    return Decision(
        events=(*rolled.events, *extra, *events),
        reply=Reply(text=(*rolled.reply.text, *lines), data=rolled.reply.data),
    )


def _simple_trauma(
    who: Character, name: str, die: Die, *, beat: bool, effect: Die | None
) -> tuple[list[Event], list[str]]:
    """A game's simpler trauma recovery (Scions): beat it with a larger effect die -> trauma
    steps back one; beat it otherwise -> stable; fail -> it steps up one."""
    if beat and (effect is None or effect > die):
        lowered = step_down(die)
        events, line = _set(who, "trauma", name, lowered if isinstance(lowered, Die) else None)
        return events, [f"Beat it with a larger effect die: {line}"]
    if beat:
        return [], [f"Beat it, but the effect die is not larger: {name} trauma is stable at {die}."]
    raised = step_up(die)
    if not isinstance(raised, Die):
        return removed_by_trauma(who, name)
    events, line = _set(who, "trauma", name, raised)
    return events, [f"Failed: {line}"]


def _label(kind: str, name: str) -> str:
    return name if kind == "complication" else f"{name} {kind}"


def _best_reading(record: RollRecord) -> tuple[Reading, Event | None]:
    """The reading with the largest effect die that still beats the difficulty (the one the
    player would pick), and the event choosing it when it is not the suggested one."""
    now = reading_of(record)

    def worth(reading: Reading) -> tuple[int, int]:
        result = outcome_of(record, reading)
        if result is None or not result.succeeded:
            return (0, reading.total)
        return (1, int(result.effect) if isinstance(result.effect, Die) else 13)

    best = max(alternatives(steps(record), record.keep, record.effects), key=worth)
    if worth(best) <= worth(now):
        return now, None
    chosen = ev.ReadingChosen(
        roll_id=record.id,
        keep=record.keep,
        effects=record.effects,
        total_dice=best.total_dice,
        effect_dice=best.effect_dice,
    )
    return best, chosen
