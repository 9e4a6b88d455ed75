"""A roll's alternatives kept by everything they are made of (issue 36): each die's size and
face, in order, and how many dice the total and the effect keep -- each part on its own changes
the answer, and a kept answer is what working it out afresh gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scenekeeper.dice import Die, RolledStep
from scenekeeper.systems.cortex.roll import reading
from scenekeeper.systems.cortex.roll.reading import alternatives


def _read(dice: list[tuple[Die, int]], keep: int = 2, effects: int = 1) -> list[tuple[object, ...]]:
    return [
        (r.total_dice, r.effect_dice, r.total, r.effects)
        for r in alternatives([RolledStep(d, f) for d, f in dice], keep, effects)
    ]


BASE = [(Die.D6, 5), (Die.D8, 3), (Die.D10, 4)]


def test_every_part_of_the_key_changes_the_answer() -> None:
    first = _read(BASE)
    assert _read(BASE) == first  # kept: the same
    assert _read([(Die.D6, 5), (Die.D8, 7), (Die.D10, 4)]) != first  # a face
    assert _read([(Die.D6, 5), (Die.D12, 3), (Die.D10, 4)]) != first  # a die's size
    assert _read([(Die.D8, 3), (Die.D6, 5), (Die.D10, 4)]) != first  # the order (places)
    assert _read(BASE, keep=1) != first  # the total's dice
    assert _read(BASE, effects=2) != first  # the effect dice


def test_a_caller_changing_its_list_changes_nothing_kept() -> None:
    dice = [RolledStep(d, f) for d, f in BASE]
    got = alternatives(dice)
    got.clear()
    assert alternatives(dice)


_DICE = st.lists(
    st.sampled_from(list(Die)).flatmap(lambda d: st.tuples(st.just(d), st.integers(1, int(d)))),
    max_size=6,
)


@settings(max_examples=400)
@given(_DICE, st.integers(1, 4), st.integers(0, 3))
def test_a_kept_answer_is_what_working_it_out_gives(
    dice: list[tuple[Die, int]], keep: int, effects: int
) -> None:
    rolled = [RolledStep(d, f) for d, f in dice]
    assert alternatives(rolled, keep, effects) == reading._alternatives(rolled, keep, effects)
    assert alternatives(rolled, keep, effects) == reading._alternatives(rolled, keep, effects)


def test_of_two_dice_alike_the_later_is_set_aside_for_effect() -> None:
    """Two d12s showing 6 and a d4: the alternative that keeps a d12 for effect sets aside the
    later of the two (equal faces: lower indices go in the total), as the reading's comment
    says -- which of two dice alike is named in the total shows in the reply's die numbers."""
    readings = _read([(Die.D12, 6), (Die.D12, 6), (Die.D4, 2)])
    assert readings == [
        ((0, 1), (2,), 12, (Die.D4,)),  # the suggestion: both d12s in the total
        ((0, 2), (1,), 8, (Die.D12,)),  # the second d12 set aside for effect
    ]
