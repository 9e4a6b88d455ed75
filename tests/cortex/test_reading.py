"""Reading a Cortex Prime roll: total, effect dice, Pareto choices, checked picks, outcomes.

Hand-worked examples first (each says the faces, what the rules say and the expected reading),
then property tests against a brute-force reference that enumerates every valid choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenekeeper.dice import Beyond, Die, RolledStep
from scenekeeper.systems.cortex.roll.reading import (
    CortexRuleError,
    Reading,
    alternatives,
    check_choice,
    highest_total,
    hitches,
    is_botch,
    read_outcome,
    suggest,
)


def roll(text: str) -> tuple[RolledStep, ...]:
    """``"d8:5 d6:1"`` -> the rolled dice, in order (index 0, 1, ...)."""
    dice = []
    for word in text.split():
        size, face = word.split(":")
        dice.append(RolledStep(Die.parse(size), int(face)))
    return tuple(dice)


# --- hand-worked examples ---------------------------------------------------------------------


def test_one_non_hitch_die_is_the_total_and_the_effect_die_is_a_d4() -> None:
    # d8:1 d6:4 d10:1 -- two hitches; the d6 is the only die that can count.
    # Rules: one non-hitch die left -> the total is that die; none left for effect -> d4.
    dice = roll("d8:1 d6:4 d10:1")
    assert hitches(dice) == 2
    assert not is_botch(dice)
    assert suggest(dice) == Reading(total_dice=(1,), effect_dice=(), total=4, effects=(Die.D4,))
    # Nothing else to offer: keeping the d6 for effect would leave an empty total.
    assert alternatives(dice) == [suggest(dice)]


def test_all_hitches_is_a_botch_reading_total_zero_effect_d4() -> None:
    # d6:1 d8:1 -- every die shows 1: a botch. Total 0, effect d4, no dice used.
    dice = roll("d6:1 d8:1")
    assert hitches(dice) == 2
    assert is_botch(dice)
    expected = Reading(total_dice=(), effect_dice=(), total=0, effects=(Die.D4,))
    assert suggest(dice) == expected
    assert suggest(dice, policy="fall") == expected
    assert alternatives(dice) == [expected]
    assert check_choice(dice, [], []) == expected
    with pytest.raises(CortexRuleError, match="the d8 showing 1 is a hitch"):
        check_choice(dice, [1], [])


def test_no_dice_is_no_botch() -> None:
    assert not is_botch(())
    assert hitches(()) == 0


def test_equal_faces_put_the_smaller_die_in_the_total() -> None:
    # d10:5 d6:5 d8:7, keep 2. The highest total is 7 + 5 = 12; the 5 can come from the d10 or
    # the d6. Putting the d6 in the total leaves the d10 as effect die (not the d10 in the total
    # with a d6 effect).
    dice = roll("d10:5 d6:5 d8:7")
    assert suggest(dice) == Reading(
        total_dice=(1, 2), effect_dice=(0,), total=12, effects=(Die.D10,)
    )


def test_equal_faces_on_equal_dice_put_the_lower_index_in_the_total() -> None:
    # d8:4 d8:4 d6:6, keep 2: total 6 + 4 = 10; the first d8 goes in, the second is the effect.
    dice = roll("d8:4 d8:4 d6:6")
    assert suggest(dice) == Reading(
        total_dice=(0, 2), effect_dice=(1,), total=10, effects=(Die.D8,)
    )


def test_keep_three_after_a_plot_point() -> None:
    # d4:3 d6:5 d8:2 d10:7 d12:1, keep 3 (a plot point or a scale advantage). The d12 is a
    # hitch. Highest three faces 7 + 5 + 3 = 15 (d10, d6, d4); the d8 is left for effect.
    dice = roll("d4:3 d6:5 d8:2 d10:7 d12:1")
    assert suggest(dice, keep=3) == Reading(
        total_dice=(0, 1, 3), effect_dice=(2,), total=15, effects=(Die.D8,)
    )
    assert suggest(dice).total == 12  # keep 2: 7 + 5


def test_keep_one_when_shaken() -> None:
    # d6:6 d8:4 d10:6, keep 1 (shaken). Highest face 6 is on the d6 and the d10: the d6 goes in
    # the total, the d10 is the effect die. Total 6, effect d10.
    dice = roll("d6:6 d8:4 d10:6")
    assert suggest(dice, keep=1) == Reading(
        total_dice=(0,), effect_dice=(2,), total=6, effects=(Die.D10,)
    )


def test_two_effect_slots_with_one_die_left_read_the_second_as_d4() -> None:
    # d8:5 d6:3 d10:6, keep 2, effects 2 (a plot point). Total 6 + 5 = 11 (d10, d8); only the
    # d6 is left, so the effect dice are d6 and a d4.
    dice = roll("d8:5 d6:3 d10:6")
    reading = suggest(dice, effects=2)
    assert reading == Reading(
        total_dice=(0, 2), effect_dice=(1,), total=11, effects=(Die.D6, Die.D4)
    )
    assert reading.effect == Die.D6


def test_let_the_dice_fall_takes_the_highest_faces() -> None:
    # d6:4 d10:4 d8:4 d12:2, keep 2, "let the dice fall": the two highest faces are three
    # 4s; the smaller dice (d6, d8) go in, total 8; the largest rest (d12) is the effect die.
    dice = roll("d6:4 d10:4 d8:4 d12:2")
    fall = suggest(dice, policy="fall")
    assert fall == Reading(total_dice=(0, 2), effect_dice=(3,), total=8, effects=(Die.D12,))
    assert fall == suggest(dice)


def test_unknown_policy_is_refused() -> None:
    with pytest.raises(CortexRuleError, match="'best' or 'fall'"):
        suggest(roll("d6:3"), policy="highest")


def test_alternatives_offer_each_larger_effect_die_with_its_best_total() -> None:
    # d12:9 d4:3 d6:2, keep 2. Best: 9 + 3 = 12 with a d6 effect. To keep the d12 for effect
    # the total is 3 + 2 = 5. No d8 or d10 in the pool, so those are the two readings.
    dice = roll("d12:9 d4:3 d6:2")
    assert alternatives(dice) == [
        Reading(total_dice=(0, 1), effect_dice=(2,), total=12, effects=(Die.D6,)),
        Reading(total_dice=(1, 2), effect_dice=(0,), total=5, effects=(Die.D12,)),
    ]


def test_alternatives_drop_a_dominated_choice() -> None:
    # d10:5 d8:5 d4:2, keep 2. Best: 5 + 5 = 10, the d4 is left: effect d4. Keeping the d8
    # gives 5 + 2 = 7 with a d8; keeping the d10 gives 5 + 2 = 7 with a d10, which beats the d8
    # one, so the d8 reading is not offered.
    dice = roll("d10:5 d8:5 d4:2")
    assert alternatives(dice) == [
        Reading(total_dice=(0, 1), effect_dice=(2,), total=10, effects=(Die.D4,)),
        Reading(total_dice=(1, 2), effect_dice=(0,), total=7, effects=(Die.D10,)),
    ]


@pytest.mark.parametrize(
    ("total", "effect", "difficulty", "expected"),
    [
        # Total 10 vs 10: a tie fails; the effect die is unchanged.
        (10, Die.D8, 10, ("failure", 0, Die.D8, 0)),
        (7, Die.D8, 10, ("failure", -3, Die.D8, 0)),
        # Margin 4: a plain success.
        (14, Die.D8, 10, ("success", 4, Die.D8, 0)),
        # Margin 5: heroic, one step (d8 -> d10); margin 9 is still one step.
        (15, Die.D8, 10, ("heroic", 5, Die.D10, 1)),
        (19, Die.D8, 10, ("heroic", 9, Die.D10, 1)),
        # Margin 10: two steps (d8 -> d12).
        (20, Die.D8, 10, ("heroic", 10, Die.D12, 2)),
        # A d12 stepped up: past d12 (GM: take-out or a second effect die).
        (15, Die.D12, 10, ("heroic", 5, Beyond.PAST_D12, 1)),
    ],
)
def test_outcome_boundaries(
    total: int, effect: Die, difficulty: int, expected: tuple[str, int, Die | Beyond, int]
) -> None:
    outcome = read_outcome(total, effect, difficulty)
    assert outcome is not None
    assert (outcome.kind, outcome.margin, outcome.effect, outcome.steps) == expected
    kind, _, stepped, _ = expected
    assert outcome.past_d12 == (stepped is Beyond.PAST_D12)
    assert outcome.succeeded == (kind != "failure")


def test_no_difficulty_no_outcome() -> None:
    assert read_outcome(12, Die.D8, None) is None


@pytest.mark.parametrize(
    ("text", "pick", "message"),
    [
        ("d8:1 d6:4", ([0, 1], [], 2, 1), "the d8 showing 1 is a hitch: it cannot count toward"),
        ("d8:1 d6:4", ([1], [0], 2, 1), "the d8 showing 1 is a hitch: it cannot be an effect die"),
        ("d8:3 d6:4", ([0, 1], [0], 2, 1), "the d8 showing 3 is chosen twice"),
        ("d8:3 d6:4", ([1, 1], [], 2, 1), "the d6 showing 4 is chosen twice"),
        (
            "d8:3 d6:4 d4:2 d10:5",
            ([0, 1, 2], [3], 2, 1),
            "that is 3 dice in the total; you may keep 2 — spend a plot point to add one more",
        ),
        ("d8:3 d6:4 d4:2", ([0], [1, 2], 2, 1), "that is 2 effect dice; you may keep 1"),
        ("d8:3 d6:4", ([2], [], 2, 1), "there is no die 2 in this roll of 2 dice"),
        ("d8:3 d6:4", ([-1], [], 2, 1), "there is no die -1"),
        ("d8:3 d6:4", ([], [0], 2, 1), "the total needs at least one die"),
        ("d8:3", ([0], [], 0, 1), "at least one die"),
        ("d8:3", ([0], [], 2, -1), "zero or more effect dice"),
    ],
)
def test_check_choice_says_what_is_wrong(
    text: str, pick: tuple[list[int], list[int], int, int], message: str
) -> None:
    total, effect, keep, effects = pick
    with pytest.raises(CortexRuleError, match=message):
        check_choice(roll(text), total, effect, keep=keep, effects=effects)


@pytest.mark.parametrize(
    ("text", "pick", "message"),
    [
        (
            "d8:3",
            ([1], [], 2, 1),
            "there is no die 1 in this roll of 1 die; choose among the dice that were rolled.",
        ),
        (
            "d8:3 d6:4",
            ([0], [0], 2, 1),
            "the d8 showing 3 is chosen twice; each die counts once — in the total, as an "
            "effect die, or not at all.",
        ),
        (
            "d8:3 d6:1",
            ([0, 1], [], 2, 1),
            "the d6 showing 1 is a hitch: it cannot count toward the total; choose a die that "
            "rolled 2 or more.",
        ),
        (
            "d8:3 d6:1",
            ([0], [1], 2, 1),
            "the d6 showing 1 is a hitch: it cannot be an effect die; choose a die that rolled 2 "
            "or more, or leave the slot empty for a d4.",
        ),
        (
            "d8:3 d6:4 d4:2",
            ([0, 1, 2], [], 2, 1),
            "that is 3 dice in the total; you may keep 2 — spend a plot point to add one more.",
        ),
        (
            "d8:3 d6:4",
            ([0], [1], 2, 0),
            "that is 1 effect die; you may keep 0 — spend a plot point to keep one more.",
        ),
        (
            "d8:3 d6:4",
            ([], [], 2, 1),
            "the total needs at least one die; add a die that rolled 2 or more to the total.",
        ),
    ],
)
def test_check_choice_says_it_whole(
    text: str, pick: tuple[list[int], list[int], int, int], message: str
) -> None:
    """Each refusal word for word: what a person reads when their own pick breaks a rule."""
    total, effect, keep, effects = pick
    with pytest.raises(CortexRuleError) as refused:
        check_choice(roll(text), total, effect, keep=keep, effects=effects)
    assert str(refused.value) == message


def test_check_choice_allows_a_smaller_total_and_empty_effect_slots() -> None:
    # d12:9 d4:3 d6:2: the d12 alone in the total, the d6 for effect; keeping fewer total dice
    # than allowed is legal. The second effect slot (a plot point) is empty -> d4.
    dice = roll("d12:9 d4:3 d6:2")
    assert check_choice(dice, [0], [2], effects=2) == Reading(
        total_dice=(0,), effect_dice=(2,), total=9, effects=(Die.D6, Die.D4)
    )


# --- brute-force reference --------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    total_dice: tuple[int, ...]
    effect_dice: tuple[int, ...]
    total: int
    effects: tuple[Die, ...]  # largest first, padded with d4 to the number of slots

    @property
    def effect(self) -> Die:
        return self.effects[0]


def valid_choices(dice: tuple[RolledStep, ...], keep: int, effects: int) -> list[Choice]:
    """Every legal (total dice, effect dice) pick, straight from the rules' words."""
    usable = [i for i, d in enumerate(dice) if d.face != 1]
    sizes = range(1, min(keep, len(usable)) + 1) if usable else range(1)
    found = []
    for n in sizes:
        for total in combinations(usable, n):
            left = [i for i in usable if i not in total]
            for m in range(min(effects, len(left)) + 1):
                for chosen in combinations(left, m):
                    dies = sorted((dice[i].die for i in chosen), reverse=True)
                    padded = tuple(dies) + (Die.D4,) * (effects - m)
                    found.append(Choice(total, chosen, sum(dice[i].face for i in total), padded))
    return found


def is_valid(
    dice: tuple[RolledStep, ...], total: list[int], effect: list[int], keep: int, effects: int
) -> bool:
    picked = total + effect
    if any(not 0 <= i < len(dice) for i in picked) or len(set(picked)) != len(picked):
        return False
    if any(dice[i].face == 1 for i in picked):
        return False
    if len(total) > keep or len(effect) > effects:
        return False
    return bool(total) or all(d.face == 1 for d in dice)


def beats(a: tuple[int, Die], b: tuple[int, Die]) -> bool:
    return a[0] >= b[0] and a[1] >= b[1] and a != b


@st.composite
def pools(draw: st.DrawFn) -> tuple[RolledStep, ...]:
    sizes = draw(st.lists(st.sampled_from(list(Die)), min_size=1, max_size=8))
    # Hitches are rare on big dice; draw a 1 often enough to see them.
    return tuple(
        RolledStep(size, draw(st.one_of(st.just(1), st.integers(1, size.sides)))) for size in sizes
    )


keeps = st.integers(1, 3)
effect_slots = st.integers(1, 2)
PROPERTY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- properties -------------------------------------------------------------------------------


@PROPERTY
@given(dice=pools(), keep=keeps, effects=effect_slots, policy=st.sampled_from(["best", "fall"]))
def test_suggestion_uses_no_hitch_and_no_die_twice(
    dice: tuple[RolledStep, ...], keep: int, effects: int, policy: str
) -> None:
    reading = suggest(dice, keep=keep, effects=effects, policy=policy)
    # (1) no hitch in the total (nor as an effect die)
    assert all(dice[i].face != 1 for i in reading.total_dice + reading.effect_dice)
    # (2) no effect die is also in the total
    assert not set(reading.total_dice) & set(reading.effect_dice)
    assert len(reading.total_dice) <= keep
    assert len(reading.effects) == effects
    assert list(reading.effects) == sorted(reading.effects, reverse=True)
    assert reading.total == sum(dice[i].face for i in reading.total_dice)


@PROPERTY
@given(dice=pools(), keep=keeps, effects=effect_slots)
def test_suggestion_is_the_highest_total_then_the_largest_effect(
    dice: tuple[RolledStep, ...], keep: int, effects: int
) -> None:
    # (3) the brute-force maximum total, and among those the largest effect dice
    choices = valid_choices(dice, keep, effects)
    best_total = max(c.total for c in choices)
    reading = suggest(dice, keep=keep, effects=effects)
    assert reading.total == best_total
    at_best = [c for c in choices if c.total == best_total]
    assert reading.effect == max(c.effect for c in at_best)
    assert reading.effects == max(c.effects for c in at_best)
    # Plain pools: "let the dice fall" reads the same.
    assert suggest(dice, keep=keep, effects=effects, policy="fall") == reading


@PROPERTY
@given(dice=pools(), keep=keeps, effects=effect_slots)
def test_no_reading_totals_more_than_the_highest_total(
    dice: tuple[RolledStep, ...], keep: int, effects: int
) -> None:
    # What /roll checks before it offers other readings against a difficulty: the brute-force
    # maximum over every legal pick.
    choices = valid_choices(dice, keep, effects)
    assert highest_total(dice, keep) == max(c.total for c in choices)


@PROPERTY
@given(dice=pools(), keep=keeps, effects=effect_slots)
def test_alternatives_are_exactly_the_pareto_front(
    dice: tuple[RolledStep, ...], keep: int, effects: int
) -> None:
    # (4) every alternative is on the true front of (total, primary effect), and every front
    # point with an effect die larger than the suggested one is offered.
    choices = valid_choices(dice, keep, effects)
    points = {(c.total, c.effect) for c in choices}
    front = {p for p in points if not any(beats(q, p) for q in points)}
    offered = alternatives(dice, keep=keep, effects=effects)
    suggested = suggest(dice, keep=keep, effects=effects)
    assert offered[0] == suggested
    for reading in offered:
        point = (reading.total, reading.effect)
        assert point in front, point
        # each offered reading is a legal pick with the total it claims
        assert check_choice(dice, reading.total_dice, reading.effect_dice, keep, effects) == (
            reading
        )
    assert {p for p in front if p[1] > suggested.effect} <= {(r.total, r.effect) for r in offered}
    # effect dice ascend strictly, so totals descend
    assert [r.effect for r in offered] == sorted({r.effect for r in offered})
    assert [r.total for r in offered] == sorted((r.total for r in offered), reverse=True)


@given(dice=pools())
def test_botch_iff_every_face_is_one(dice: tuple[RolledStep, ...]) -> None:
    # (5)
    assert is_botch(dice) == all(d.face == 1 for d in dice)
    assert hitches(dice) == sum(1 for d in dice if d.face == 1)
    if is_botch(dice):
        assert suggest(dice) == Reading((), (), 0, (Die.D4,))


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dice=pools(), keep=keeps, effects=effect_slots)
def test_check_choice_accepts_every_valid_choice(
    dice: tuple[RolledStep, ...], keep: int, effects: int
) -> None:
    # (6a) every brute-force-valid choice is accepted with the same total and effect dice
    for choice in valid_choices(dice, keep, effects):
        reading = check_choice(dice, choice.total_dice, choice.effect_dice, keep, effects)
        assert reading.total == choice.total
        assert reading.effects == choice.effects


@PROPERTY
@given(data=st.data(), dice=pools(), keep=keeps, effects=effect_slots)
def test_check_choice_rejects_exactly_the_invalid_choices(
    data: st.DataObject, dice: tuple[RolledStep, ...], keep: int, effects: int
) -> None:
    # (6b) arbitrary picks, out-of-range and repeated indices included
    index = st.integers(-1, len(dice))
    total = data.draw(st.lists(index, max_size=4), label="total")
    effect = data.draw(st.lists(index, max_size=3), label="effect")
    if is_valid(dice, total, effect, keep, effects):
        reading = check_choice(dice, total, effect, keep, effects)
        assert reading.total == sum(dice[i].face for i in total)
        assert set(reading.effect_dice) == set(effect)
    else:
        with pytest.raises(CortexRuleError):
            check_choice(dice, total, effect, keep, effects)
