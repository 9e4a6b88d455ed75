"""``/roll pool:"d8 d10 d6"`` by someone who plays no character: the roll at once.

A person new to the table (a GM trying the bot, a player before their sheet is written) rolls
dice and has them read as Cortex reads any pool (Cortex p.16-17: best total of two dice, the
effect die, hitches, a botch; against vs: a tie fails). Nothing goes on a sheet: a character
earns plot points and takes complications, and there is none, so the reply says what a hitch
would have done. A GM who meant the opposition's dice is pointed to ``/gmroll``.
"""

from __future__ import annotations

import re

from scenekeeper.dice import DiceError, Pool, roll_dice
from scenekeeper.engine.commands import Context, Decision
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.mistyped import echo
from scenekeeper.engine.quoting import option
from scenekeeper.engine.reply import Reply
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.render import roll_data, roll_lines
from scenekeeper.systems.cortex.roll.odds_commands import chance_before_roll
from scenekeeper.systems.cortex.roll.opposition import difficulty_of, mod, policy
from scenekeeper.systems.cortex.roll.pools import BuiltPool
from scenekeeper.systems.cortex.roll.reading import hitches
from scenekeeper.systems.cortex.roll.rolls import NO_CHARACTER, make_roll, steps
from scenekeeper.systems.cortex.roll.terms import Term
from scenekeeper.systems.cortex.state import cortex

_DICE = re.compile(r"\d*[dD]\d+")


def dice_pool(text: str) -> BuiltPool:
    """The dice of ``text`` ("d8 d10 2d6"); a refusal naming a word that is not dice."""
    terms: list[Term] = []
    for word in text.replace(",", " ").split():
        if not _DICE.fullmatch(word):
            raise Refusal(
                f"'{echo(word)}' is not a die, and you play no character here to take traits "
                "from: name one with character:<name>, take one with /game claim "
                'character:<name>, or roll dice only, like pool:"d8 d10".'
            )
        try:
            terms += [Term(d, str(d), "dice") for d in Pool.parse(word)]
        except DiceError as error:
            raise Refusal(str(error)) from None
    if not terms:
        raise Refusal('Say what to roll, like pool:"d8 d10 d6".')
    return BuiltPool(tuple(terms))


def roll_without_character(
    ctx: Context,
    text: str,
    *,
    vs: str | None,
    results: str | None,
    vs_results: str | None,
    unused: dict[str, object],
) -> Decision:
    """Roll ``text`` (dice only) for the acting person. ``unused``: options that need a
    character (hinder:, push:, pay:, boost:, scale:), refused when given."""
    given = [name for name, value in unused.items() if value]
    if given:
        raise Refusal(
            f"{given[0]}: works on a character's roll, and you play none here; leave it out, "
            "or name the character with character:<name>."
        )
    state = ctx.require_state()
    game = cortex(state)
    pool = dice_pool(text)
    roller = ctx.actor.name
    # Where to go from here is said once, on a person's first roll with no character.
    first = not any(r.purpose == NO_CHARACTER and r.by == ctx.actor.id for r in game.rolls)
    chance = chance_before_roll(ctx, [int(d) for d in pool.dice], 2, vs, roller)
    difficulty, against, opposition, events = difficulty_of(ctx, game, vs, vs_results, roller)
    roll_id = game.roll_count + 1 + sum(isinstance(e, ev.Rolled) for e in events)
    faces = roll_dice(ctx.dice, [d.sides for d in pool.dice], results)
    record = make_roll(
        roll_id,
        "player",
        roller,
        ctx.actor.id,
        pool,
        faces,
        policy=policy(ctx),
        difficulty=difficulty,
        against=against,
        against_roll=opposition.id if opposition else None,
        typed=results is not None,
        beat=False,
        purpose=NO_CHARACTER,
    )
    lines = roll_lines(record, opposition, dice_fall=mod(ctx, "let-the-dice-fall"))
    if chance is not None:
        lines.insert(0, chance)
    if hitches(steps(record)):
        lines.append(
            "With no character, a hitch earns no PP and no complication goes on a sheet; "
            "the GM may still bring trouble into the story."
        )
    # Once they have seen where to go from here, it is not said again.
    if first and state.meta.is_gm(ctx.actor.id):
        lines.append(
            "For the GM's dice, whose 1s are opportunities for the players, use "
            f"/gmroll {option('pool', text)}"
            + (f" {option('vs', vs)}" if vs is not None else "")
            + "."
        )
    elif first:
        lines.append(
            "To roll your character's traits, take one with /game claim character:<name> or "
            "make one with /char new name:<name>."
        )
    return Decision(
        events=(*events, ev.Rolled.trusted(roll=record)),
        reply=Reply.say(*lines, data=roll_data(record)),
    )
