"""``/pick``: read a roll another way -- which dice make the total, which is the effect die."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cortex.render import outcome_lines, roll_data
from scenekeeper.systems.cortex.roll.choices import pick, roll_in_play
from scenekeeper.systems.cortex.roll.window import reading_changed, require_open
from scenekeeper.systems.cortex.state import may_act_for, own_character

commands = CommandSet(systems=frozenset({"cortex"}))


@dataclass(frozen=True)
class Pick:
    total: Annotated[str, Opt('the dice for the total, by name or size, like "Fighting d8"')]
    effect: Annotated[str | None, Opt("the effect die, by name or size (none: d4)")] = None
    character: Annotated[str | None, Opt("whose roll (default: the character you play)")] = None
    roll: Annotated[int | None, Opt("which roll, by its number (default: the newest)")] = None


@commands.command(
    "pick",
    help="Choose another total and effect die for a roll (no hitches, no die twice).",
    permission=Permission.PLAYER,
    examples=('/pick total:"Fighting Sword" effect:d10', '/pick total:"d8 d8" effect:d12'),
)
def pick_reading(ctx: Context, args: Pick) -> Decision:
    who = own_character(ctx, args.character)
    may_act_for(ctx, who)
    if mod_on(ctx.require_state(), "let-the-dice-fall"):
        raise Refusal(
            "The let-the-dice-fall mod is on: the highest dice always make the total, so there "
            "is nothing to pick (plot points still buy more dice: /pp spend on:total)."
        )
    roll = roll_in_play(ctx, who, args.roll)
    require_open(roll)
    reading, _ = pick(roll, args.total, args.effect)
    picked, events, decided = reading_changed(
        ctx.require_state(), roll, reading, keep=roll.keep, effects=roll.effects
    )
    return Decision(
        events=tuple(events),
        reply=Reply.say(*outcome_lines(picked), *decided, data=roll_data(picked)),
    )
