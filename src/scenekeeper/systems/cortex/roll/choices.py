"""Changing how a roll reads: ``/pick`` a different total and effect die, and plot points
spent after the roll for one more die in the total or one more effect die.

Cortex p.17, p.29: the player chooses any two non-hitch dice for the total and another for
the effect die; a plot point adds one more die to the total (it cannot also be an effect die)
or keeps one more effect die (a d4 if no die is left); a plot point earned on a roll cannot be
spent on that same roll.
"""

from __future__ import annotations

from dataclasses import dataclass

from scenekeeper.engine.commands import Context
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.roll.reading import CortexRuleError, Reading, check_choice, hitches
from scenekeeper.systems.cortex.roll.rolls import outcome_of, reading_of, steps
from scenekeeper.systems.cortex.sheets.sheet import Character, same_name
from scenekeeper.systems.cortex.state import RollRecord, cortex


def roll_in_play(ctx: Context, who: Character, roll_id: int | None) -> RollRecord:
    game = cortex(ctx.require_state())
    roll = game.roll_by_id(roll_id) if roll_id is not None else game.latest_roll(who.name)
    if roll is None:
        which = f"#{roll_id}" if roll_id is not None else f"of {who.name}'s"
        raise Refusal(f"There is no roll {which} in play; roll first.")
    if not same_name(roll.roller, who.name):
        raise Refusal(f"Roll #{roll.id} is {roll.roller}'s, not {who.name}'s.")
    return roll


def _dice_for(roll: RollRecord, text: str, taken: set[int], prefer_high: bool) -> list[int]:
    """Dice of the roll named in ``text``: by trait/asset name or by size (``d8``)."""
    chosen: list[int] = []
    for word in _words(text, roll):
        matches = [
            i
            for i, d in enumerate(roll.dice)
            if i not in taken and i not in chosen and word in (_name(d.source), str(d.die))
        ]
        if not matches and any(
            word in (_name(roll.dice[i].source), str(roll.dice[i].die)) for i in (*taken, *chosen)
        ):
            raise Refusal(
                f"'{word}' is chosen already; each die counts once (in the total or as the "
                "effect die, not both)."
            )
        if not matches:
            raise Refusal(
                f"Roll #{roll.id} has no unused die matching '{word}'; its dice are "
                f"{', '.join(_label(roll, i) for i in range(len(roll.dice)))}."
            )
        # Among dice of one size, the total takes the highest face, the effect the lowest.
        best = (max if prefer_high else min)(matches, key=lambda i: (roll.dice[i].face, -i))
        chosen.append(best)
    return chosen


def _words(text: str, roll: RollRecord) -> list[str]:
    names = sorted({_name(d.source) for d in roll.dice if d.source}, key=len, reverse=True)
    rest = " ".join(text.replace(",", " ").split()).casefold()
    words: list[str] = []
    while rest:
        name = next(
            (n for n in names if rest.startswith(n) and rest[len(n) : len(n) + 1] in ("", " ")),
            None,
        )
        word = name or rest.split(" ", 1)[0]
        words.append(word)
        rest = rest[len(word) :].strip()
    return words


def _name(source: str) -> str:
    # Commas separate the words of a pick, so a name holding one is read without it.
    return " ".join(source.split(" (", 1)[0].replace(",", " ").split()).casefold()


def _label(roll: RollRecord, index: int) -> str:
    die = roll.dice[index]
    named = f"{die.source} " if die.source and die.source != str(die.die) else ""
    return f"{named}{die.die} {die.face}"


def pick(roll: RollRecord, total: str, effect: str | None) -> tuple[Reading, Event]:
    total_dice = _dice_for(roll, total, set(), prefer_high=True)
    effect_dice = _dice_for(roll, effect, set(total_dice), prefer_high=False) if effect else []
    try:
        reading = check_choice(steps(roll), total_dice, effect_dice, roll.keep, roll.effects)
    except CortexRuleError as error:
        raise Refusal(str(error)) from None
    return reading, _chosen(roll, roll.keep, roll.effects, reading)


def _chosen(roll: RollRecord, keep: int, effects: int, reading: Reading) -> Event:
    return ev.ReadingChosen(
        roll_id=roll.id,
        keep=keep,
        effects=effects,
        total_dice=reading.total_dice,
        effect_dice=reading.effect_dice,
    )


@dataclass(frozen=True)
class Spend:
    """A plot point spent on a roll: what it buys and how the roll then reads."""

    reading: Reading
    event: Event
    line: str
    #: An effect die bought when no die was left: it is a d4.
    only_d4: bool = False


def warn_effect(roll: RollRecord, bought: Spend, cost: str, anyway: str) -> None:
    """Refuse, before anything is paid, an effect die that buys next to nothing: a d4 when no
    die is left (gaps 1.5), or any effect die of a roll that failed its difficulty (a failed
    roll's effect die does nothing, and a loser keeps their largest effect die anyway)."""
    result = outcome_of(roll)
    if result is not None and not result.succeeded:
        raise Refusal(
            f"Roll #{roll.id} failed, so another effect die does nothing for it; {cost} would be "
            f"wasted. To spend it anyway, add {anyway}."
        )
    if bought.only_d4:
        raise Refusal(
            f"Roll #{roll.id} has no die left for another effect die: {cost} would keep only a "
            f"d4. To spend it anyway, add {anyway}."
        )


def one_more_total_die(roll: RollRecord) -> Spend:
    now = reading_of(roll)
    free = _free_dice(roll, now)
    effect_dice = now.effect_dice
    if not free and effect_dice:
        # Only the effect die is left: it moves into the total and the effect is a d4.
        free, effect_dice = [effect_dice[-1]], effect_dice[:-1]
    if not free:
        raise Refusal(f"Roll #{roll.id} has no die left to add to the total (hitches never count).")
    best = max(free, key=lambda i: (roll.dice[i].face, -roll.dice[i].die.sides))
    reading = check_choice(
        steps(roll), (*now.total_dice, best), effect_dice, roll.keep + 1, roll.effects
    )
    line = f"adds {_label(roll, best)} to the total: {reading.total}"
    return Spend(reading, _chosen(roll, roll.keep + 1, roll.effects, reading), line)


def one_more_effect_die(roll: RollRecord) -> Spend:
    now = reading_of(roll)
    free = _free_dice(roll, now)
    extra = (max(free, key=lambda i: (roll.dice[i].die.sides, -roll.dice[i].face)),) if free else ()
    reading = check_choice(
        steps(roll), now.total_dice, (*now.effect_dice, *extra), roll.keep, roll.effects + 1
    )
    got = _label(roll, extra[0]) if extra else "a d4 (no die is left)"
    line = f"keeps {got} as another effect die: {', '.join(str(e) for e in reading.effects)}"
    return Spend(reading, _chosen(roll, roll.keep, roll.effects + 1, reading), line, not extra)


def _free_dice(roll: RollRecord, reading: Reading) -> list[int]:
    used = set(reading.total_dice) | set(reading.effect_dice)
    return [i for i, d in enumerate(roll.dice) if i not in used and d.face != 1]


def spendable(who: Character, roll: RollRecord) -> int:
    """Plot points ``who`` may spend on ``roll`` (not those earned on it)."""
    return who.pp - roll.pp_earned


def hitch_count(roll: RollRecord) -> int:
    return hitches(steps(roll))
