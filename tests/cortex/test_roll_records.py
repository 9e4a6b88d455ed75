"""A roll's record as ``make_roll`` makes it (``systems.cortex.roll.rolls``): its dice and record
are built without validation (``Frozen.trusted``) and its reading is kept from the suggestion
(issue 36). Both must be exactly what validating and reading it afresh give."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scenekeeper.dice import Die
from scenekeeper.systems.cortex.roll import rolls
from scenekeeper.systems.cortex.roll.pools import BuiltPool
from scenekeeper.systems.cortex.roll.reading import check_choice
from scenekeeper.systems.cortex.roll.terms import Term
from scenekeeper.systems.cortex.state import RollRecord

SIZES = [Die.D4, Die.D6, Die.D8, Die.D10, Die.D12]


@st.composite
def pools(draw: st.DrawFn) -> tuple[BuiltPool, list[int], int, str]:
    dice = draw(st.lists(st.sampled_from(SIZES), min_size=1, max_size=6))
    faces = [draw(st.integers(1, int(d))) for d in dice]
    terms = tuple(Term(d, f"Trait {i}", "trait", f"Trait {i}") for i, d in enumerate(dice))
    return BuiltPool(terms), faces, draw(st.integers(1, 3)), draw(st.sampled_from(["best", "fall"]))


@settings(max_examples=200, deadline=None)
@given(pools())
def test_a_made_roll_is_what_validation_makes_and_reads_as_its_choice(
    made: tuple[BuiltPool, list[int], int, str],
) -> None:
    pool, faces, keep, policy = made
    record = rolls.make_roll(7, "player", "Ada", "ana", pool, faces, policy=policy, keep=keep)
    validated = RollRecord.model_validate_json(record.model_dump_json())
    assert validated == record
    assert validated.model_dump_json() == record.model_dump_json()
    afresh = check_choice(
        rolls.steps(record), record.total_dice, record.effect_dice, record.keep, record.effects
    )
    assert rolls.reading_of(record) == afresh
    # A copy with another field changed reads the same (kept by the parts it shares).
    closed = record.model_copy(update={"closed": "answered by #8"})
    assert rolls.reading_of(closed) == afresh
    # One with another choice reads as that choice (no effect die chosen: a d4).
    picked = record.model_copy(update={"effect_dice": ()})
    assert rolls.reading_of(picked) == check_choice(
        rolls.steps(record), record.total_dice, (), record.keep, record.effects
    )
    assert rolls.reading_of(picked).effects == (Die.D4,)
