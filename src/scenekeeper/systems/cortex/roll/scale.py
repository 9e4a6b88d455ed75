"""Scale (Cortex p.99-100): the side that is far larger or stronger adds dice and keeps more.

Advantage of scale: a bonus d8 and one more die kept for the total; d8 d8 (overwhelming) keeps
two more. Multi-Level Scale mod: the scale die is d4..d12 (the difference between the two
sides' scales) and may be split into smaller dice -- a d12 into d10 d10, d8 d8 d8 or
d6 d6 d6 d6 -- but however many dice it becomes, only one more die is kept.
"""

from __future__ import annotations

from scenekeeper.dice import DiceError, Die, Pool, step_up
from scenekeeper.engine.errors import Refusal
from scenekeeper.systems.cortex.roll.pools import BuiltPool
from scenekeeper.systems.cortex.roll.terms import Term


def with_scale(pool: BuiltPool, text: str, *, multi_level: bool) -> tuple[BuiltPool, int]:
    """The pool with the scale dice added, and how many more dice the total keeps."""
    try:
        dice = Pool.parse(text).dice
    except DiceError as error:
        raise Refusal(str(error)) from None
    if not multi_level:
        if dice == (Die.D8,):
            extra = 1
        elif dice == (Die.D8, Die.D8):
            extra = 2
        else:
            raise Refusal(
                "Scale is a d8 (advantage: one more die kept) or d8 d8 (overwhelming: two more); "
                "other sizes need the multi-level-scale mod."
            )
    else:
        if len(set(dice)) != 1:
            raise Refusal("A split scale die becomes dice of one size, like d8 d8 d8.")
        whole = step_up(dice[0], len(dice) - 1)
        if not isinstance(whole, Die):
            raise Refusal(f"{len(dice)} {dice[0]}s are more than a d12 scale die splits into.")
        extra = 1  # Cortex p.100: one more die kept, however the scale die is split.
    terms = tuple(Term(d, "scale", "dice") for d in dice)
    return BuiltPool((*pool.terms, *terms)), extra
