"""Reading a Cortex Prime roll: which dice make the total, which are effect dice, and what the
total does against a difficulty.

Pure: the rolled dice come in as a sequence of anything with a ``die`` and a ``face`` (a
``Rolled``, or a roll record's own dice as they are) and every choice names dice by their
index in that sequence (the caller keeps the dice's names and labels by index).
Rule references are to the Cortex Prime Game Handbook ch. 1 as restated in
``rules/gaps-and-defaults.md`` sections 1.1 (the roll) and 1.2 (tests and difficulty).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from scenekeeper.dice import Beyond, Die, RolledStep, Step, step_up
from scenekeeper.engine.kept import OnePerValue
from scenekeeper.engine.quick import quick_init

#: Cortex 1.1: a die showing 1 is a hitch.
HITCH_FACE = 1
#: Cortex 1.1: the total is two dice; each plot point spent on the total keeps one more.
DEFAULT_KEEP = 2
#: Cortex 1.1: one effect die; each plot point spent keeps one more.
DEFAULT_EFFECTS = 1
#: Cortex 1.2: beating the difficulty by 5 or more is a heroic success, one step per full 5.
HEROIC_MARGIN = 5
#: "best" is the default suggestion; "fall" is the "let the dice fall" mod (gaps 1.1 option).
POLICIES = ("best", "fall")

OutcomeKind = Literal["success", "heroic", "failure"]


class Rolled(Protocol):
    """A die as a reading reads it: its size and the face it showed (``dice.RolledStep``, a
    Cortex roll record's ``PoolDie``: read as they are, no copy made, issue 36)."""

    @property
    def die(self) -> Die: ...

    @property
    def face(self) -> int: ...


class CortexRuleError(ValueError):
    """A choice the Cortex rules do not allow; the message says what to do instead."""


@quick_init
@dataclass(frozen=True)
class Reading:
    """One way to read a roll.

    ``total_dice`` are in index order; ``effect_dice`` and ``effects`` are largest die first
    (equal sizes by index). ``effects`` has one die per effect slot: a slot with no die chosen
    is a d4 (Cortex 1.1: no die left for effect means the effect die is a d4).
    """

    total_dice: tuple[int, ...]
    effect_dice: tuple[int, ...]
    total: int
    effects: tuple[Die, ...]

    @property
    def effect(self) -> Die:
        """The primary (largest) effect die; a d4 when the roll keeps no effect slot."""
        return self.effects[0] if self.effects else Die.D4


@quick_init
@dataclass(frozen=True)
class Outcome:
    """What a total does against a difficulty.

    ``effect`` is the effect die after the heroic steps; ``Beyond.PAST_D12`` means the GM chooses
    an automatic take-out/victory or a second effect die from the pool (Cortex 1.2). On a
    failure the effect die is returned unchanged and ``steps`` is 0.
    """

    kind: OutcomeKind
    margin: int
    effect: Step
    steps: int

    @property
    def succeeded(self) -> bool:
        return self.kind != "failure"

    @property
    def past_d12(self) -> bool:
        """The effect die stepped past d12: the GM picks a take-out or a second effect die."""
        return self.effect is Beyond.PAST_D12


def hitches(dice: Sequence[Rolled]) -> int:
    """How many dice show 1 (Cortex 1.1: a hitch; the GM may activate it for a plot point)."""
    # Counted in one step (what _is_hitch says of each die): every roll shown asks this.
    return [rolled.face for rolled in dice].count(HITCH_FACE)


def is_botch(dice: Sequence[Rolled], count: int | None = None) -> bool:
    """Cortex 1.1: a botch is a roll where every die shows 1 (it reads as total 0, effect d4).
    ``count``: its hitches, when the caller has counted them already."""
    return bool(dice) and (hitches(dice) if count is None else count) == len(dice)


def highest_total(dice: Sequence[Rolled], keep: int = DEFAULT_KEEP) -> int:
    """The highest total ``dice`` can make keeping ``keep`` (the ``keep`` highest non-hitch
    faces, as the suggestion takes them): no reading totals more."""
    faces = sorted([rolled.face for rolled in dice if rolled.face != HITCH_FACE], reverse=True)
    return sum(faces[:keep])


def suggest(
    dice: Sequence[Rolled],
    keep: int = DEFAULT_KEEP,
    effects: int = DEFAULT_EFFECTS,
    policy: str = "best",
) -> Reading:
    """The reading that stands when nobody picks: ``policy`` is ``"best"`` or ``"fall"``."""
    _check_limits(keep, effects)
    chooser = _POLICY_FUNCTIONS.get(policy)
    if chooser is None:
        raise CortexRuleError(
            f"'{policy}' is not a way to read a roll; use {' or '.join(map(repr, POLICIES))}."
        )
    return chooser(dice, keep, effects)


def alternatives(
    dice: Sequence[Rolled], keep: int = DEFAULT_KEEP, effects: int = DEFAULT_EFFECTS
) -> list[Reading]:
    """The readings worth offering: the suggestion, then for each larger effect die the best
    total that still keeps it (gaps 1.1: the "Pareto" choices), ordered by effect die ascending,
    so totals descend. No reading offered is beaten on both total and effect die by another.

    With several effect slots the comparison is on the primary (largest) effect die; the other
    slots take the largest dice left.
    """
    _check_limits(keep, effects)
    # Kept by everything they are made of -- each die's size and face, in order, and the
    # limits -- and made from that key alone (issue 36: a table rolls the same pool all
    # evening, and a small pool's faces come up again and again).
    return list(_ALTERNATIVES((keep, effects, tuple(map(_DIE_FACE, dice)))))


_DIE_FACE = operator.attrgetter("die", "face")
_Faces = tuple[tuple[Die, int], ...]


def _alternatives_of(key: tuple[int, int, _Faces]) -> tuple[Reading, ...]:
    keep, effects, faces = key
    return tuple(_alternatives([RolledStep(die, face) for die, face in faces], keep, effects))


#: The alternatives of each (keep, effects, dice and faces) worked out (bounded: full, it starts
#: afresh). Readings name dice by their place, so the same dice in the same order read the same.
_ALTERNATIVES = OnePerValue[tuple[int, int, _Faces], tuple[Reading, ...]](
    _alternatives_of, size=1024
)


def _alternatives(dice: Sequence[Rolled], keep: int, effects: int) -> list[Reading]:
    """:func:`alternatives`, worked out."""
    usable = _usable(dice)
    # The usable dice ranked once for the total (best face first, as _highest_faces ranks
    # them) and once for effect (largest die first, as _by_effect_size): each reading below
    # takes the first of what it may use, rather than sorting again (issue 36).
    ranked = _highest_faces(dice, usable, len(usable))
    by_size = _by_effect_size(dice, usable)

    def with_total(total_dice: list[int]) -> Reading:
        ordered = tuple([i for i in by_size if i not in total_dice][:effects])
        return _built(dice, tuple(sorted(total_dice)), ordered, effects)

    suggested = with_total(ranked[:keep])
    candidates = [suggested]
    for size in sorted({dice[i].die for i in usable if dice[i].die > suggested.effect}):
        # Set aside the die of this size that shows the lowest face: it gives up the least
        # total. (Equal faces: set aside the higher index, so lower indices go in the total.)
        reserved = min([(dice[i].face, -i, i) for i in usable if dice[i].die == size])[2]
        rest = [i for i in ranked if i != reserved]
        if not rest:
            # The total needs at least one die while any non-hitch die exists (Cortex 1.1).
            continue
        reading = with_total(rest[:keep])
        # A still larger die left over means this is the reading for that larger size, which
        # its own pass finds with at least this total; keep one reading per effect size.
        if reading.effect == size:
            candidates.append(reading)
    # The Pareto front: no other candidate at least as good on total and primary effect die
    # and better on one. Each candidate's total and effect die read once, not once a comparison;
    # ordered by effect die, then total, highest first, then as found (a stable sort's order).
    marks = [(c.total, c.effect) for c in candidates]
    front = []
    for n, (total, effect) in enumerate(marks):
        for t, e in marks:
            if (t > total and e >= effect) or (t >= total and e > effect):
                break
        else:
            front.append((effect, -total, n))
    front.sort()
    return [candidates[n] for _, _, n in front]


def check_choice(
    dice: Sequence[Rolled],
    total_indices: Iterable[int],
    effect_indices: Iterable[int],
    keep: int = DEFAULT_KEEP,
    effects: int = DEFAULT_EFFECTS,
) -> Reading:
    """Read a person's own pick, or raise :class:`CortexRuleError` saying what to change.

    Effect slots left empty read as d4 (Cortex 1.1).
    """
    _check_limits(keep, effects)
    total_list = list(total_indices)
    effect_list = list(effect_indices)
    picked = [*total_list, *effect_list]
    for index in picked:
        if not 0 <= index < len(dice):
            raise CortexRuleError(
                f"there is no die {index} in this roll of {_count(len(dice), 'die', 'dice')}; "
                "choose among the dice that were rolled."
            )
    seen: set[int] = set()
    for index in picked:
        if index in seen:
            raise CortexRuleError(
                f"the {_name(dice[index])} is chosen twice; each die counts once — in the total, "
                "as an effect die, or not at all."
            )
        seen.add(index)
    # Cortex 1.1: a hitch can never count toward the total nor be the effect die.
    for index in total_list:
        if _is_hitch(dice[index]):
            raise CortexRuleError(
                f"the {_name(dice[index])} is a hitch: it cannot count toward the total; "
                "choose a die that rolled 2 or more."
            )
    for index in effect_list:
        if _is_hitch(dice[index]):
            raise CortexRuleError(
                f"the {_name(dice[index])} is a hitch: it cannot be an effect die; choose a die "
                "that rolled 2 or more, or leave the slot empty for a d4."
            )
    if len(total_list) > keep:
        raise CortexRuleError(
            f"that is {_count(len(total_list), 'die', 'dice')} in the total; you may keep "
            f"{keep} — spend a plot point to add one more."
        )
    if len(effect_list) > effects:
        raise CortexRuleError(
            f"that is {_count(len(effect_list), 'effect die', 'effect dice')}; you may keep "
            f"{effects} — spend a plot point to keep one more."
        )
    if not total_list and _usable(dice):
        # Cortex 1.1: the total is at least one die; only a botch has nothing to add.
        raise CortexRuleError(
            "the total needs at least one die; add a die that rolled 2 or more to the total."
        )
    return _reading(dice, total_list, effect_list, effects)


def read_outcome(
    total: int, effect: Die, difficulty: int | None, *, ties_succeed: bool = False
) -> Outcome | None:
    """The outcome of ``total`` against ``difficulty``; ``None`` when there is no difficulty.
    ``ties_succeed`` is action-based resolution, where the reaction must exceed the action."""
    if difficulty is None:
        return None
    margin = total - difficulty
    # Cortex 1.2: to beat a difficulty is to be strictly greater; a tie fails -- except an
    # action, which a reaction must exceed (gaps 1.4: ties go to the actor).
    if margin < 0 or (margin == 0 and not ties_succeed):
        return Outcome(kind="failure", margin=margin, effect=effect, steps=0)
    # Cortex 1.2: heroic success at a margin of 5 or more; the effect die steps up once per
    # full 5 (past d12 is reported, not capped — the GM decides what it means).
    if margin == 0:
        return Outcome(kind="success", margin=0, effect=effect, steps=0)
    steps = margin // HEROIC_MARGIN
    kind: OutcomeKind = "heroic" if steps else "success"
    return Outcome(kind=kind, margin=margin, effect=step_up(effect, steps), steps=steps)


# --- how the readings are built --------------------------------------------------------------


def _is_hitch(rolled: Rolled) -> bool:
    return rolled.face == HITCH_FACE


def _usable(dice: Sequence[Rolled]) -> list[int]:
    """Indices of the non-hitch dice, the only ones a total or an effect die may use."""
    # _is_hitch written out: a call a die, and a roll's readings ask this several times.
    return [i for i, rolled in enumerate(dice) if rolled.face != HITCH_FACE]


def _check_limits(keep: int, effects: int) -> None:
    if keep < 1:
        raise CortexRuleError(f"a total keeps at least one die, not {keep}.")
    if effects < 0:
        raise CortexRuleError(f"a roll keeps zero or more effect dice, not {effects}.")


def _highest_faces(dice: Sequence[Rolled], candidates: Iterable[int], keep: int) -> list[int]:
    """The ``keep`` dice with the highest faces among ``candidates``.

    Among equal faces the smaller die goes in the total, so the larger one stays free for an
    effect die (its size is what counts there, Cortex 1.1); then the lower index.
    """
    # Sorted by the keys themselves, not a key function (a call a die); the index last makes
    # each key distinct, so the order is the same.
    ranked = sorted([(-dice[i].face, dice[i].die, i) for i in candidates])
    return [i for _, _, i in ranked[:keep]]


def _by_effect_size(dice: Sequence[Rolled], indices: Iterable[int]) -> tuple[int, ...]:
    """Largest die first (the face does not matter for an effect die); equal sizes by index."""
    return tuple([i for _, i in sorted([(-dice[i].die, i) for i in indices])])


def _reading(
    dice: Sequence[Rolled], total_dice: Iterable[int], effect_dice: Iterable[int], effects: int
) -> Reading:
    return _built(dice, tuple(sorted(total_dice)), _by_effect_size(dice, effect_dice), effects)


def _with_largest_effects(
    dice: Sequence[Rolled], usable: Sequence[int], total_dice: Sequence[int], effects: int
) -> Reading:
    """Fill the effect slots with the largest of the ``usable`` (non-hitch) dice not in the
    total."""
    left = [i for i in usable if i not in total_dice]
    ordered = _by_effect_size(dice, left)[:effects]
    return _built(dice, tuple(sorted(total_dice)), ordered, effects)


def _built(
    dice: Sequence[Rolled], in_total: tuple[int, ...], ordered: tuple[int, ...], effects: int
) -> Reading:
    """The reading of these dice in the total (in index order) and as effect dice (largest
    first): each empty effect slot a d4."""
    # Lists, not generators, and the fields in order: a roll's readings are built several
    # times a roll (the suggestion, each alternative), and this is most of their cost.
    sizes = tuple([dice[i].die for i in ordered])
    if len(sizes) < effects:
        sizes += (Die.D4,) * (effects - len(sizes))
    return Reading(in_total, ordered, sum([dice[i].face for i in in_total]), sizes)


def _best(dice: Sequence[Rolled], keep: int, effects: int) -> Reading:
    """Highest total, then the largest effect dice left.

    Every non-hitch face is 2 or more, so each die added raises the total: the highest total is
    the ``keep`` highest faces. Any other set of dice with that sum shows the same faces (swap
    argument), so the only freedom is which of the dice tied at the lowest kept face go in;
    putting the smallest of them in the total leaves the largest for effect, which is what
    :func:`_highest_faces` does. O(n log n).
    """
    return _highest_then_largest(dice, keep, effects)


def _let_the_dice_fall(dice: Sequence[Rolled], keep: int, effects: int) -> Reading:
    """The "let the dice fall" mod (gaps 1.1 option): nobody chooses; the total is always the
    ``keep`` highest faces and the effect dice the largest of the rest.

    For a plain pool this equals :func:`_best`; it stays its own policy because it is a table
    rule, and mods that make a lower total worth taking must not change it.
    """
    return _highest_then_largest(dice, keep, effects)


def _highest_then_largest(dice: Sequence[Rolled], keep: int, effects: int) -> Reading:
    """The ``keep`` highest faces in the total, the largest dice left as effect dice."""
    usable = _usable(dice)
    if len(usable) <= keep:
        # Every usable die goes in the total (a difficulty's two dice, a small pool), in index
        # order, and none is left for effect: each slot is a d4 (Cortex 1.1). No sorting.
        return Reading(tuple(usable), (), sum([dice[i].face for i in usable]), (Die.D4,) * effects)
    return _with_largest_effects(dice, usable, _highest_faces(dice, usable, keep), effects)


_POLICY_FUNCTIONS: dict[str, Callable[[Sequence[Rolled], int, int], Reading]] = {
    "best": _best,
    "fall": _let_the_dice_fall,
}


def _name(rolled: Rolled) -> str:
    return f"{rolled.die} showing {rolled.face}"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"
