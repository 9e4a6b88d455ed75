"""Turn orders: handoff (each acts once a round, the last picks the next lead) and fixed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scenekeeper.engine.turns import (
    TurnError,
    add,
    hand_off,
    interrupt,
    next_round,
    rejoin,
    remove,
    sit_out,
    start,
)

PEOPLE = ("Ada", "Ben", "Thug", "Boss")


def test_handoff_round_and_the_last_actor_picks_themselves() -> None:
    order = start(PEOPLE, "ada")
    assert order.current == "Ada"
    order = hand_off(order, "Thug")
    with pytest.raises(TurnError, match="has acted this round already"):
        hand_off(order, "Ada")
    order = hand_off(order, "Ben")
    order = hand_off(order, "Boss")
    with pytest.raises(TurnError, match="picks who leads the next round"):
        hand_off(order, "Ada")
    order = hand_off(order, None)
    assert order.round_over
    assert order.last_actor() == "Boss"
    with pytest.raises(TurnError, match="picks who leads round 2"):
        next_round(order)
    order = next_round(order, "Boss")
    assert (order.round, order.current, order.acted) == (2, "Boss", ())


def test_hand_off_needs_someone_while_people_wait() -> None:
    order = start(PEOPLE, "Ada")
    with pytest.raises(TurnError, match="Hand off to someone who has not acted: Ben, Thug, Boss"):
        hand_off(order, None)
    with pytest.raises(TurnError, match="not in the order"):
        hand_off(order, "Zed")


def test_fixed_order_goes_in_line_every_round() -> None:
    order = start(("Ben", "Ada"), "Ben", kind="fixed")
    with pytest.raises(TurnError, match="next in line goes"):
        hand_off(order, "Ada")
    order = hand_off(order, None)
    assert order.current == "Ada"
    order = hand_off(order, None)
    assert order.round_over
    with pytest.raises(TurnError, match="leave out lead"):
        next_round(order, "Ada")
    assert next_round(order).current == "Ben"


def test_interrupt_acts_now_then_the_interrupted_actor_goes() -> None:
    order = hand_off(start(PEOPLE, "Ada"), "Ben")
    order = interrupt(order, "Boss")
    assert (order.current, order.resume) == ("Boss", "Ben")
    assert order.waiting() == ("Thug",)
    with pytest.raises(TurnError):
        interrupt(order, "Thug")
    order = hand_off(order, "Thug")  # to: is ignored: the interrupted actor resumes
    assert order.current == "Ben"
    assert order.acted == ("Ada", "Boss")
    with pytest.raises(TurnError):
        interrupt(order, "Boss")


def test_joining_and_leaving() -> None:
    order = add(start(("Ada", "Ben"), "Ada"), "Thug")
    assert order.waiting() == ("Ben", "Thug")
    order = remove(order, "Ben")
    assert order.participants == ("Ada", "Thug")


@given(st.lists(st.integers(0, 10), min_size=4, max_size=4), st.integers(1, 3))
def test_everyone_acts_exactly_once_per_round(choices: list[int], rounds: int) -> None:
    order = start(PEOPLE, "Ada")
    for _ in range(rounds):
        seen = []
        while not order.round_over:
            assert order.current is not None
            seen.append(order.current)
            waiting = order.waiting()
            order = hand_off(
                order, waiting[choices[len(seen) - 1] % len(waiting)] if waiting else None
            )
        assert sorted(seen) == sorted(PEOPLE)
        order = next_round(order, seen[-1])


def test_who_sits_out_has_no_turn_and_the_round_ends_without_them() -> None:
    order = start(PEOPLE, "Ada", out=("Boss",))
    assert order.waiting() == ("Ben", "Thug")
    with pytest.raises(TurnError, match="Boss has no turn this round"):
        hand_off(order, "Boss")
    order = sit_out(hand_off(order, "Ben"), "Thug")
    assert not order.has_turn("Thug")
    with pytest.raises(TurnError, match="Ben is acting"):
        sit_out(order, "Ben")
    order = hand_off(order, None)
    assert order.round_over
    assert order.last_actor() == "Ben"
    with pytest.raises(TurnError, match="Thug has no turn in round 2"):
        next_round(order, "Thug", out=("Thug",))
    order = next_round(order, "Boss", out=("Thug",))
    assert (order.round, order.current, order.out) == (2, "Boss", ("Thug",))
    order = rejoin(order, "Thug")
    assert order.waiting() == ("Ada", "Ben", "Thug")


def test_an_unfinished_turn_comes_back_and_may_go_on_at_once() -> None:
    order = start(PEOPLE, "Ada")
    order = hand_off(order, "Ben", finished=False)
    assert order.has_turn("Ada")
    assert order.acted == ()
    order = hand_off(order, "Ada")
    assert order.acted == ("Ben",)
    order = hand_off(order, "Ada", finished=False)
    assert order.current == "Ada"
    with pytest.raises(TurnError, match="Ben has no turn left"):
        hand_off(order, "Ben", finished=False)
    order = hand_off(order, "Thug")
    assert order.acted == ("Ben", "Ada")


def test_nobody_to_lead_a_round_everyone_sits_out() -> None:
    order = hand_off(hand_off(start(("Ada", "Ben"), "Ada"), "Ben"), None)
    with pytest.raises(TurnError, match="Nobody has a turn in round 2"):
        next_round(order, "Ada", out=("Ada", "Ben"))
    with pytest.raises(TurnError, match="cannot lead it"):
        start(("Ada", "Ben"), "Ada", out=("Ada",))
