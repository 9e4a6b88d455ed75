"""The arithmetic of a Hand, rule by rule (checklists/nodice.md, R36-R65)."""

from __future__ import annotations

from scenekeeper.systems.nodice.hand import (
    Play,
    auto_spread,
    damage_for,
    elimination,
    forced_spread,
    has_legal_commit,
    legal_commit,
    pairs,
    pay_pot,
    resolve_pair,
    scaled_damage,
    showdown,
    spread_problem,
    td_wins,
)

ORDER = ["Ada", "Bo", "Brute"]
SIDES = {"Ada": 0, "Bo": 0, "Brute": 1}


def test_r17_only_opponents_are_compared() -> None:
    assert pairs(ORDER, SIDES) == [("Ada", "Brute"), ("Bo", "Brute")]
    assert pairs(["A", "B", "C"], {"A": 0, "B": 1, "C": 2}) == [("A", "B"), ("A", "C"), ("B", "C")]


def test_r38_td_wins_count_opponents_beaten() -> None:
    wins = td_wins(ORDER, SIDES, {"Ada": "Mind", "Bo": "Body", "Brute": "Spirit"})
    assert wins == {"Ada": 0, "Bo": 1, "Brute": 1}
    wins = td_wins(ORDER, SIDES, {"Ada": "Mind", "Bo": "Mind", "Brute": "Body"})
    assert wins == {"Ada": 1, "Bo": 1, "Brute": 0}


def test_r39_round_robin_in_table_order_from_the_first_leader() -> None:
    assert pay_pot(3, {"Ada": 0, "Bo": 1, "Brute": 1}, ORDER) == ({"Bo": 2, "Brute": 1}, 0)
    assert pay_pot(4, {"Ada": 0, "Bo": 1, "Brute": 1}, ORDER) == ({"Bo": 2, "Brute": 2}, 0)
    assert pay_pot(3, {"Ada": 0, "Bo": 0, "Brute": 2}, ORDER) == ({"Brute": 3}, 0)


def test_r40_no_td_win_carries_the_pot_as_the_jackpot() -> None:
    assert pay_pot(5, {"Ada": 0, "Bo": 0, "Brute": 0}, ORDER) == ({}, 5)


def test_r36_a_commit_needs_a_bid_after_its_own_ante() -> None:
    avs = {"REA": 1, "KNO": 0, "QUI": None, "STR": 2}
    assert not legal_commit(avs, "Mind", "REA")
    assert legal_commit(avs, "Mind", "STR")
    assert legal_commit(avs, "Body", "REA")
    assert not has_legal_commit({"REA": 1})
    assert has_legal_commit({"REA": 2})


def test_r50_r51_showdown_bid_es_sweep_wildcard() -> None:
    play = Play("Mind", "QUI", 4, wildcard=True)
    assert showdown(play, td=0, ad=0, es=3) == 5
    assert showdown(play, td=0, ad=1, es=3) == 8
    assert showdown(play, td=1, ad=1, es=3) == 11  # a Sweep is worth 2 x ES
    assert showdown(play, td=1, ad=-1, es=3) == 5  # TD alone adds nothing


def test_r52_r53_margin_and_equal_showdowns() -> None:
    plays = {"A": Play("Mind", "REA", 5, False), "B": Play("Body", "STR", 2, False)}
    result = resolve_pair("A", "B", plays, es=2)
    # TD: Mind beats Body; AD: REA = STR ties: no ES, no Sweep.
    assert (result.td, result.ad, result.showdown) == (1, 0, (5, 2))
    assert (result.winner, result.margin, result.damage, result.aspect) == ("A", 3, 2, "Mind")
    plays = {"A": Play("Mind", "REA", 2, False), "B": Play("Mind", "KNO", 4, False)}
    tie = resolve_pair("A", "B", plays, es=2)
    assert tie.showdown == (4, 4)
    assert tie.winner is None
    assert tie.damage == 0


def test_r49_sweep() -> None:
    plays = {"A": Play("Body", "STR", 1, False), "B": Play("Spirit", "PRE", 1, False)}
    result = resolve_pair("A", "B", plays, es=1)
    assert result.sweep("A")
    assert not result.sweep("B")
    assert result.showdown == (3, 1)


def test_r54_damage() -> None:
    assert [damage_for(m, 3) for m in (0, -2, 1, 4, 5, 9, 10, 14)] == [0, 0, 3, 3, 4, 4, 5, 5]


def test_r55_damage_is_typed_by_the_winners_card() -> None:
    plays = {"A": Play("Spirit", "WIL", 0, False), "B": Play("Mind", "QUI", 6, False)}
    assert resolve_pair("A", "B", plays, es=1).aspect == "Mind"


def test_r57_r58_dashes_scale_and_the_ta_caps() -> None:
    full = {"STR": 5, "FIT": 5, "AGI": 5}
    assert scaled_damage(4, full, "Body") == 4
    two = {"STR": 5, "FIT": 5, "AGI": None}
    assert scaled_damage(5, two, "Body") == 3  # floor(5 x 2 / 3)
    assert scaled_damage(1, two, "Body") == 1  # at least 1
    assert scaled_damage(5, {"STR": None, "FIT": None, "AGI": None}, "Body") == 0
    assert scaled_damage(9, {"STR": 1, "FIT": 2, "AGI": 0}, "Body") == 3


def test_r59_forced_and_auto_spreads() -> None:
    assert forced_spread(3, {"STR": 4, "FIT": 0, "AGI": None}, "Body") == {"STR": 3}
    assert forced_spread(3, {"STR": 2, "FIT": 1, "AGI": 0}, "Body") == {"STR": 2, "FIT": 1}
    assert forced_spread(2, {"STR": 2, "FIT": 1, "AGI": 0}, "Body") is None
    assert auto_spread(4, {"STR": 3, "FIT": 3, "AGI": 1}, "Body") == {"STR": 2, "FIT": 2}


def test_r56_spread_problems() -> None:
    avs = {"REA": 2, "KNO": 1, "QUI": None}
    assert spread_problem({"REA": 2, "KNO": 1}, 3, avs, "Mind") is None
    assert "not a Mind" in (spread_problem({"STR": 3}, 3, avs, "Mind") or "")
    assert "dash" in (spread_problem({"QUI": 3}, 3, avs, "Mind") or "")
    assert "below 0" in (spread_problem({"KNO": 3}, 3, avs, "Mind") or "")
    assert "add up to 3" in (spread_problem({"REA": 1}, 3, avs, "Mind") or "")


def test_r65_elimination() -> None:
    alive = {"REA": 1, "KNO": 1, "QUI": 1, "STR": 1, "FIT": 1, "AGI": 1}
    alive |= {"WIL": None, "PRE": None, "INT": None}
    assert elimination(alive) is None  # a TA of dashes only never eliminates
    assert elimination({**alive, "STR": 0, "FIT": 0, "AGI": 0}) == "every Body Attribute at 0"
    assert elimination({**alive, "STR": 0, "FIT": 0, "AGI": None}) == "every Body Attribute at 0"
    lone = dict.fromkeys(alive, None) | {"REA": 1}
    assert elimination(lone) == "cannot ante"
