"""``/trauma``: taking, stepping and clearing trauma (Cortex p.41; rules in ``stress``).

Trauma is taken by the stress rule; stepped past d12 the character is out of the game for good.
It never steps down by itself in Cortex (Scions: one step at each new act); the GM steps it
down or clears it when healing beyond a recovery test is the story's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import Die, step_down
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.names import resolve
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import require_mod
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.sheets.sheet import Character, die_named
from scenekeeper.systems.cortex.state import character, cortex
from scenekeeper.systems.cortex.troubles.stepping import StepsOpt, stepped
from scenekeeper.systems.cortex.troubles.stress import take_trauma
from scenekeeper.systems.cortex.troubles.stress_commands import alive, stress_type

commands = CommandSet(systems=frozenset({"cortex"}))


@dataclass(frozen=True)
class AddTrauma:
    character: Annotated[str, Opt("who takes the trauma")]
    type: Annotated[str, Opt("the trauma's stress type")]
    die: Annotated[str, Opt("the die (d6 when stressed out)")] = "d6"


@commands.command(
    "trauma add",
    help="A character takes trauma by the stress rule (past d12: out of the game).",
    permission=Permission.GM,
)
def add_trauma(ctx: Context, args: AddTrauma) -> Decision:
    state = ctx.require_state()
    require_mod(state, "trauma")
    who = alive(ctx, args.character)
    events, lines = take_trauma(who, stress_type(cortex(state), args.type), die_named(args.die))
    return Decision(events=tuple(events), reply=Reply.say(*lines))


@dataclass(frozen=True)
class ChangeTrauma:
    character: Annotated[str, Opt("whose trauma")]
    type: Annotated[str, Opt("the trauma's stress type")]


@commands.command(
    "trauma remove",
    help="Clear a character's trauma of one type (the GM's call: healing beyond a recovery test).",
    permission=Permission.GM,
)
def remove_trauma(ctx: Context, args: ChangeTrauma) -> Decision:
    who = character(ctx, args.character)
    kind = resolve(who.trauma, args.type, "trauma", whole="trauma remove", option="type")
    if kind is None:
        raise Refusal(f"{who.name} has no {args.type} trauma.")
    return Decision(
        events=(ev.TraumaRemoved(character=who.name, trauma=kind),),
        reply=Reply.say(f"{who.name}: {kind} trauma is gone."),
    )


@dataclass(frozen=True)
class StepTrauma:
    character: Annotated[str, Opt("whose trauma")]
    type: Annotated[str, Opt("the trauma's stress type")]
    steps: StepsOpt = 1


@commands.command(
    "trauma stepup",
    help="Step a character's trauma up (by steps:, one by default; past d12 they are out of the "
    "game for good).",
    summary="Step a character's trauma up (past d12 they are out of the game for good).",
    permission=Permission.GM,
)
def stepup_trauma(ctx: Context, args: StepTrauma) -> Decision:
    state = ctx.require_state()
    require_mod(state, "trauma")
    who = alive(ctx, args.character)
    kind = _held(who, args.type)

    def once(now: TableState) -> tuple[list[Event], list[str]] | None:
        found = cortex(now).find_character(who.name)
        if found is None or found.status == "removed":
            return None
        # Stepping up is taking trauma equal to what is there (the stress rule, p.39, p.41).
        return take_trauma(found, kind, found.trauma[kind])

    events, lines = stepped(state, args.steps, once)
    return Decision(events=tuple(events), reply=Reply.say(*lines))


@commands.command(
    "trauma stepdown",
    help="Step a character's trauma down (by steps:, one by default; below d4 it is gone).",
    permission=Permission.GM,
)
def stepdown_trauma(ctx: Context, args: StepTrauma) -> Decision:
    state = ctx.require_state()
    who = character(ctx, args.character)
    kind = _held(who, args.type)

    def once(now: TableState) -> tuple[list[Event], list[str]] | None:
        found = cortex(now).find_character(who.name)
        if found is None or kind not in found.trauma:
            return None
        lower = step_down(found.trauma[kind])
        if isinstance(lower, Die):
            return [ev.TraumaSet(character=who.name, trauma=kind, die=lower)], [
                f"{who.name}: {kind} trauma steps down to {lower}."
            ]
        return [ev.TraumaRemoved(character=who.name, trauma=kind)], [
            f"{who.name}: {kind} trauma is gone."
        ]

    events, lines = stepped(state, args.steps, once)
    return Decision(events=tuple(events), reply=Reply.say(*lines))


def _held(who: Character, wanted: str) -> str:
    kind = resolve(who.trauma, wanted, "trauma")
    if kind is None:
        have = ", ".join(who.trauma) or "none"
        raise Refusal(f"{who.name} has no {wanted} trauma (trauma: {have}).")
    return kind
