"""``/stress``: taking, stepping and clearing stress; the stress types; rest (``/trauma`` is
in ``trauma_commands``).

Cortex p.39-41 (rules in ``stress``). A player records stress on their own character; the GM on
anyone; only the GM steps stress down or clears it outside recovery and rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import Beyond, Die, step_down
from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.names import resolve
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import mod_on, require_mod
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.sheets.sheet import Character, clean_name, die_named, same_name
from scenekeeper.systems.cortex.state import CortexState, character, cortex
from scenekeeper.systems.cortex.troubles.shaken import MOD, stressed_trait, take_trait_stress
from scenekeeper.systems.cortex.troubles.stepping import StepsOpt, stepped
from scenekeeper.systems.cortex.troubles.stress import (
    FIRST_TRAUMA,
    STRESS_PRESETS,
    take_stress,
    take_trauma,
)

commands = CommandSet(systems=frozenset({"cortex"}))


def _held(who: Character, game: CortexState, wanted: str, whole: str | None = None) -> str:
    """A stress the character has (a type, or a trait under Shaken and Stricken); ``whole``
    names a command that takes only its whole name (engine.names.resolve)."""
    found = resolve(who.stress, wanted, "stress", whole=whole, option="type")
    if found is None:
        return stress_type(game, wanted)
    return found


def stress_type(game: CortexState, wanted: str) -> str:
    found = resolve(game.stress_types, wanted, "stress type")
    if found is None:
        raise Refusal(
            f"'{wanted}' is not a stress type here; the types are {', '.join(game.stress_types)}."
        )
    return found


@dataclass(frozen=True)
class AddStress:
    character: Annotated[str, Opt("who takes the stress")]
    type: Annotated[str, Opt("the stress type, like Physical")]
    die: Annotated[str, Opt("the incoming effect die, d4 to d12")]
    pull: Annotated[bool, Opt("the winner pulls their punches: stressed out without trauma")] = (
        False
    )


@commands.command(
    "stress add",
    help="A character takes stress: none or smaller takes the incoming die, equal or larger "
    "steps up; past d12 stresses them out (with trauma: d6 trauma of that type).",
    summary="A character takes stress: the incoming die, or a step up; past d12 they are stressed "
    "out.",
    permission=Permission.OWNER,
    examples=('/stress add character:"Ada Lark" type:Physical die:d8',),
)
def add(ctx: Context, args: AddStress) -> Decision:
    state = ctx.require_state()
    require_mod(state, "stress")
    who = alive(ctx, args.character)
    if args.pull and not cortex(state).rules.pull_punches:
        raise Refusal("This game has no pulling punches; leave out pull:.")
    events, lines = _take(state, who, args.type, die_named(args.die), pull=args.pull)
    return Decision(events=tuple(events), reply=Reply.say(*lines))


def _take(
    state: TableState, who: Character, wanted: str, die: Die | None, *, pull: bool = False
) -> tuple[list[Event], list[str]]:
    """Stress by the table's rules: on a stress type, or (Shaken and Stricken) on a trait.
    ``die`` None steps up what is there."""
    game = cortex(state)
    if mod_on(state, MOD):
        trait = stressed_trait(game, who, wanted)
        incoming = die or who.stress.get(trait)
        if incoming is None:
            raise Refusal(f"{who.name} has no {trait} stress to step up; use /stress add.")
        return take_trait_stress(game, who, trait, incoming)
    kind = stress_type(game, wanted)
    if die is None and who.status == "stressed_out" and mod_on(state, "trauma"):
        # Stressed out, more stress goes to trauma (p.41): a step up steps the trauma once.
        return take_trauma(who, kind, who.trauma.get(kind) or FIRST_TRAUMA)
    incoming = die or who.stress.get(kind)
    if incoming is None:
        raise Refusal(f"{who.name} has no {kind} stress to step up; use /stress add.")
    events, lines = take_stress(who, kind, incoming, trauma_on=mod_on(state, "trauma") and not pull)
    if pull and any(isinstance(e, ev.StatusChanged) for e in events):
        lines.append("The winner pulled their punches: no trauma.")
    return events, lines


def take_by_rules(
    state: TableState, who: Character, wanted: str, die: Die, *, pull: bool = False
) -> tuple[list[Event], list[str]]:
    """``who`` takes ``die`` stress of the type (or trait) named, by the table's mods; the
    winner may pull their punches where the game allows it."""
    if pull and not cortex(state).rules.pull_punches:
        raise Refusal("This game has no pulling punches; leave out pull:.")
    return _take(state, who, wanted, die, pull=pull)


@dataclass(frozen=True)
class ChangeStress:
    character: Annotated[str, Opt("whose stress")]
    type: Annotated[str, Opt("the stress type")]


@dataclass(frozen=True)
class StepStress:
    character: Annotated[str, Opt("whose stress")]
    type: Annotated[str, Opt("the stress type")]
    steps: StepsOpt = 1


@commands.command(
    "stress stepup",
    help="Step a character's stress up (by steps:, one by default; past d12 stresses them out).",
    permission=Permission.OWNER,
)
def stepup(ctx: Context, args: StepStress) -> Decision:
    state = ctx.require_state()
    require_mod(state, "stress")
    who = alive(ctx, args.character)

    def once(now: TableState) -> tuple[list[Event], list[str]] | None:
        found = cortex(now).find_character(who.name)
        if found is None or found.status == "removed":
            return None
        # Stepping up is taking stress equal to what is there (Cortex p.39).
        return _take(now, found, args.type, None)

    events, lines = stepped(state, args.steps, once)
    return Decision(events=tuple(events), reply=Reply.say(*lines))


@commands.command(
    "stress stepdown",
    help="Step a character's stress down (by steps:, one by default; below d4 it is gone).",
    permission=Permission.GM,
)
def stepdown(ctx: Context, args: StepStress) -> Decision:
    state = ctx.require_state()
    who = character(ctx, args.character)
    kind = _held(who, cortex(state), args.type)
    if kind not in who.stress:
        raise Refusal(f"{who.name} has no {kind} stress.")

    def once(now: TableState) -> tuple[list[Event], list[str]] | None:
        found = cortex(now).find_character(who.name)
        if found is None or kind not in found.stress:
            return None
        events, reply = _lowered(found, kind)
        return list(events), list(reply.text)

    events, lines = stepped(state, args.steps, once)
    return Decision(events=tuple(events), reply=Reply.say(*lines))


@commands.command(
    "stress remove", help="Clear a character's stress of one type.", permission=Permission.GM
)
def remove(ctx: Context, args: ChangeStress) -> Decision:
    state = ctx.require_state()
    who = character(ctx, args.character)
    kind = _held(who, cortex(state), args.type, "stress remove")
    if kind not in who.stress:
        raise Refusal(f"{who.name} has no {kind} stress.")
    return Decision(
        events=(ev.StressRemoved(character=who.name, stress=kind),),
        reply=Reply.say(f"{who.name}: {kind} stress is gone."),
    )


def _lowered(who: Character, kind: str) -> tuple[tuple[Event, ...], Reply]:
    current = who.stress.get(kind)
    if current is None:
        raise Refusal(f"{who.name} has no {kind} stress.")
    lower = step_down(current)
    if isinstance(lower, Die):
        return (ev.StressSet(character=who.name, stress=kind, die=lower),), Reply.say(
            f"{who.name}: {kind} stress steps down to {lower}."
        )
    return (ev.StressRemoved(character=who.name, stress=kind),), Reply.say(
        f"{who.name}: {kind} stress is gone."
    )


def rest_events(state: TableState) -> tuple[list[Event], list[str]]:
    """Cortex p.40: in a scene framed as rest, downtime or transition every stress die steps
    down by one (trauma does not). The scene rules call this; so does /stress rest."""
    events: list[Event] = []
    lines: list[str] = []
    for who in cortex(state).characters.values():
        for kind, die in who.stress.items():
            lower = step_down(die)
            if lower is Beyond.BELOW_D4:
                events.append(ev.StressRemoved(character=who.name, stress=kind))
                lines.append(f"{who.name}: {kind} stress is gone.")
            else:
                assert isinstance(lower, Die)
                events.append(ev.StressSet(character=who.name, stress=kind, die=lower))
                lines.append(f"{who.name}: {kind} stress steps down to {lower}.")
    # A rest is time passing: recovery tests may be tried again.
    events.append(ev.TimePassed(reason="a rest"))
    return events, lines or ["Nobody has stress to recover."]


@commands.command(
    "stress rest",
    help="A rest, downtime or transition: every stress die steps down by one (trauma stays).",
    permission=Permission.GM,
)
def rest(ctx: Context, _args: NoOptions) -> Decision:
    state = ctx.require_state()
    require_mod(state, "stress")
    game = cortex(state)
    scene = game.scene
    if scene is not None and scene.rested:
        raise Refusal(
            f"{scene.name} has rested already (stress steps down once for a resting scene); "
            "the next rest comes with the next rest scene."
        )
    events, lines = rest_events(state)
    if scene is not None:
        rested = scene.model_copy(update={"rested": True})
        events.append(ev.SceneChanged(scene=rested, paused=game.paused_scenes, note="a rest"))
    return Decision(events=tuple(events), reply=Reply.say(*lines))


@dataclass(frozen=True)
class StressTypes:
    types: Annotated[
        str | None, Opt('the stress types, like "Physical, Mental, Social", or three|five|single')
    ] = None
    set: Annotated[
        str | None, Opt("Shaken and Stricken: the trait set whose traits take stress")
    ] = None


@commands.command(
    "stress types",
    help="Choose this game's stress types: a list, or three (Physical, Mental, Social), five "
    "(Afraid, Angry, Exhausted, Injured, Insecure) or single (one track); or, for Shaken and "
    "Stricken, the trait set that takes stress (set:).",
    summary="Choose this game's stress types (three, five, single or a list), or the trait set "
    "that takes it.",
    permission=Permission.GM,
    examples=("/stress types types:five", '/stress types types:"Wounds, Fatigue"'),
)
def stress_types(ctx: Context, args: StressTypes) -> Decision:
    game = cortex(ctx.require_state())
    if (args.types is None) == (args.set is None):
        raise Refusal("Give types: (the stress types) or set: (Shaken and Stricken's trait set).")
    if args.set is not None:
        chosen = next((s for s in game.trait_sets if same_name(s, args.set)), None)
        if chosen is None:
            raise Refusal(f"There is no trait set {args.set} ({', '.join(game.trait_sets)}).")
        on_traits = sorted(
            f"{c.name}'s {k}"
            for c in game.characters.values()
            for k in c.stress
            if k in c.traits.get(game.shaken_set, {})
        )
        if on_traits and chosen != game.shaken_set:
            raise Refusal(
                f"Stress sits on {game.shaken_set} traits ({', '.join(on_traits)}); clear it "
                "before moving stress to another set."
            )
        return Decision(
            events=(ev.ShakenSetChosen(set=chosen),),
            reply=Reply.say(f"With Shaken and Stricken, stress goes on {chosen}."),
        )
    assert args.types is not None
    preset = STRESS_PRESETS.get(args.types.strip().lower())
    types = preset or tuple(clean_name(t) for t in args.types.split(",") if t.strip())
    if not types or len({t.casefold() for t in types}) != len(types):
        raise Refusal('Name the stress types once each: types:"Physical, Mental, Social".')
    in_use = sorted(
        {
            k
            for c in game.characters.values()
            for k in (*c.stress, *c.trauma)
            if not any(same_name(k, t) for t in types)
        }
    )
    if in_use:
        raise Refusal(
            f"Characters have {', '.join(in_use)} stress or trauma; clear it before dropping "
            "that type."
        )
    return Decision(
        events=(ev.StressTypesChosen(types=types),),
        reply=Reply.say(f"Stress types: {', '.join(types)}."),
    )


def alive(ctx: Context, name: str) -> Character:
    who = character(ctx, name)
    if who.status == "removed":
        raise Refusal(f"{who.name} is out of the game for good.")
    return who
