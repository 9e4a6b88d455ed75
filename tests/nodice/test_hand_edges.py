"""The edges of a Hand's arithmetic: no damage, a missing Actor, an AV of 0, ties in an
automatic spread, and what an Extension reads of a drawn pair (checklists/nodice.md)."""

from __future__ import annotations

from scenekeeper.systems.nodice.hand import (
    Play,
    auto_spread,
    forced_spread,
    pay_pot,
    resolve_pair,
    scaled_damage,
    spread_problem,
)


def test_r39_an_empty_cluster_pays_nothing_and_carries_nothing() -> None:
    assert pay_pot(0, {}, []) == ({}, 0)


def test_r39_only_an_actor_with_the_most_td_wins_is_paid() -> None:
    # An Actor the wins do not name won nothing: the leader takes the whole pot.
    assert pay_pot(2, {"Bo": 1}, ["Ada", "Bo"]) == ({"Bo": 2}, 0)


def test_r53_a_drawn_pair_has_no_margin() -> None:
    plays = {"A": Play("Mind", "REA", 2, False), "B": Play("Mind", "KNO", 4, False)}
    tie = resolve_pair("A", "B", plays, es=2)
    assert (tie.winner, tie.loser, tie.margin, tie.damage, tie.aspect) == (None, None, 0, 0, None)


def test_r58_no_damage_is_no_damage_even_with_dashes() -> None:
    two = {"STR": 5, "FIT": 5, "AGI": None}
    assert scaled_damage(0, two, "Body") == 0
    assert scaled_damage(-1, two, "Body") == 0


def test_r59_no_damage_forces_an_empty_spread() -> None:
    assert forced_spread(0, {"STR": 4, "FIT": None, "AGI": None}, "Body") == {}
    assert forced_spread(0, {"STR": 4, "FIT": 2, "AGI": 0}, "Body") == {}


def test_r59_auto_spread_breaks_ties_in_attribute_order_and_skips_zeros_and_dashes() -> None:
    assert auto_spread(1, {"STR": 3, "FIT": 3, "AGI": 1}, "Body") == {"STR": 1}
    assert auto_spread(3, {"STR": 1, "FIT": 3, "AGI": 3}, "Body") == {"FIT": 2, "AGI": 1}
    # Nothing goes on a 0 or a dash, even when the damage is more than the TA has.
    assert auto_spread(3, {"STR": 0, "FIT": None, "AGI": 2}, "Body") == {"AGI": 2}
    assert auto_spread(2, {"WIL": 0, "PRE": 0, "INT": 0}, "Spirit") == {}


def test_r56_an_attribute_at_0_takes_no_point() -> None:
    avs = {"REA": 2, "KNO": 0, "QUI": None}
    assert spread_problem({"REA": 1, "KNO": 1}, 2, avs, "Mind") == (
        "KNO has only 0: an AV never goes below 0"
    )
