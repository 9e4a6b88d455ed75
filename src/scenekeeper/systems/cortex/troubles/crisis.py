"""``/crisis``: crisis pools (mod) -- a pool of dice per local problem (gaps 1.6).

A test against a crisis pool rolls the pool as the opposition (``vs:"crisis:<name>"`` is not a
special word: the GM rolls it with ``/crisis roll``, the player rolls ``vs:#<that roll>``). A
success whose effect die is at least one step larger than a crisis die removes that die;
otherwise the die steps down. A pool with no dice left is resolved.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import DiceError, Die, Pool, step_down
from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.names import resolve
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.systems import require_mod
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.roll.rolling import gm_dice_roll
from scenekeeper.systems.cortex.roll.rolls import outcome_of, reading_of
from scenekeeper.systems.cortex.sheets.sheet import clean_name, die_named, same_name
from scenekeeper.systems.cortex.state import CortexState, character, cortex

commands = CommandSet(systems=frozenset({"cortex"}))


def _text(dice: tuple[Die, ...]) -> str:
    return " ".join(str(d) for d in sorted(dice)) or "no dice"


def _find(game: CortexState, name: str) -> str:
    found = resolve(game.crisis_pools, name, "crisis pool")
    if found is None:
        known = ", ".join(game.crisis_pools) or "none"
        raise Refusal(f"There is no crisis pool called {name} (crisis pools: {known}).")
    return found


@dataclass(frozen=True)
class NewCrisis:
    name: Annotated[str, Opt("the problem", max_length=60)]
    dice: Annotated[str, Opt('its dice, like "d8 d8 d10"')]


@commands.command(
    "crisis add",
    help="Make a crisis pool for a local problem.",
    permission=Permission.GM,
    examples=('/crisis add name:"The Fire" dice:"d8 d8 d10"',),
)
def add(ctx: Context, args: NewCrisis) -> Decision:
    state = ctx.require_state()
    require_mod(state, "crisis-pools")
    game = cortex(state)
    try:
        dice = Pool.parse(args.dice).dice
    except DiceError as error:
        raise Refusal(str(error)) from None
    name = next((n for n in game.crisis_pools if same_name(n, args.name)), clean_name(args.name))
    return Decision(
        events=(ev.CrisisPoolChanged(name=name, dice=dice),),
        reply=Reply.say(f"Crisis pool {name}: {_text(dice)}."),
    )


@dataclass(frozen=True)
class CrisisName:
    name: Annotated[str, Opt("the crisis pool")]
    results: Annotated[str | None, Opt("faces rolled, smallest die first")] = None


@commands.command(
    "crisis roll",
    help="Roll a crisis pool as the opposition (players then roll vs:#<its number>).",
    permission=Permission.GM,
)
def roll(ctx: Context, args: CrisisName) -> Decision:
    state = ctx.require_state()
    require_mod(state, "crisis-pools")
    game = cortex(state)
    name = _find(game, args.name)
    return gm_dice_roll(
        ctx, tuple(sorted(game.crisis_pools[name])), f"crisis: {name}", args.results
    )


@dataclass(frozen=True)
class Hit:
    name: Annotated[str, Opt("the crisis pool")]
    character: Annotated[str, Opt("whose successful roll")]
    die: Annotated[str, Opt("the crisis die to take on, like d8")]
    roll: Annotated[int | None, Opt("which roll (default: their newest)")] = None


@commands.command(
    "crisis hit",
    help="A successful roll against a crisis pool: an effect die at least one step larger than "
    "the chosen crisis die removes it, otherwise the die steps down.",
    summary="A successful roll against a crisis pool: its effect die removes a crisis die or steps "
    "it down.",
    permission=Permission.GM,
)
def hit(ctx: Context, args: Hit) -> Decision:
    state = ctx.require_state()
    require_mod(state, "crisis-pools")
    game = cortex(state)
    name = _find(game, args.name)
    who = character(ctx, args.character)
    record = game.roll_by_id(args.roll) if args.roll is not None else game.latest_roll(who.name)
    if record is None or not same_name(record.roller, who.name):
        raise Refusal(f"{who.name} has no roll in play to use against {name}.")
    against = game.roll_by_id(record.against_roll) if record.against_roll is not None else None
    if against is None or not against.dice or against.dice[0].source != f"crisis: {name}":
        raise Refusal(
            f"Roll #{record.id} was not against {name}; the GM rolls it with /crisis roll and "
            f"the player rolls vs:#<that roll>."
        )
    reading = reading_of(record)
    result = outcome_of(record, reading)
    if result is None or not result.succeeded:
        raise Refusal(f"Roll #{record.id} did not succeed, so it does not wear {name} down.")
    if record.effects_used >= len(reading.effects):
        raise Refusal(f"The effect dice of roll #{record.id} are used up.")
    # The first effect die carries the heroic steps; more effect dice (bought) come after.
    stepped = result.effect if isinstance(result.effect, Die) else Die.D12
    effect = (stepped, *reading.effects[1:])[record.effects_used]
    target = die_named(args.die)
    dice = list(game.crisis_pools[name])
    if target not in dice:
        raise Refusal(f"{name} has no {target} (it holds {_text(tuple(dice))}).")
    dice.remove(target)
    if effect > target:
        line = f"Effect {effect} beats the crisis {target}: it is gone."
    else:
        lower = step_down(target)
        if isinstance(lower, Die):
            dice.append(lower)
        line = f"Effect {effect} is not larger than {target}: it steps down."
    left = tuple(dice)
    if not left:
        return Decision(
            events=(ev.CrisisPoolChanged(name=name, dice=(), roll_id=record.id),),
            reply=Reply.say(line, f"{name} is resolved: no dice left."),
        )
    return Decision(
        events=(ev.CrisisPoolChanged(name=name, dice=left, roll_id=record.id),),
        reply=Reply.say(line, f"Crisis pool {name}: {_text(left)}."),
    )


@commands.command(
    "crisis show", help="The crisis pools and their dice.", permission=Permission.ANYONE
)
def show(ctx: Context, _args: NoOptions) -> Decision:
    game = cortex(ctx.require_state())
    lines = [f"{n}: {_text(d)}." for n, d in game.crisis_pools.items()] or ["No crisis pools."]
    return Decision(reply=Reply.say(*lines))
