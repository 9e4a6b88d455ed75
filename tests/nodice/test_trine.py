"""The Trine, the Attributes and both dominance loops, rule by rule (checklists/nodice.md)."""

from __future__ import annotations

import pytest

from scenekeeper.systems.nodice.trine import (
    ASPECT_OF,
    ATTRIBUTES,
    attribute_dominance,
    find_attribute,
    stakes,
    stakes_text,
    total_trine_score,
    trine_dominance,
    trine_score,
)

# Section 3.4 of the checklist, row vs column, in the order REA KNO QUI STR FIT AGI WIL PRE INT.
TABLE = """
= > < = > < = > <
< = > < = > < = >
> < = > < = > < =
= > < = > < = > <
< = > < = > < = >
> < = > < = > < =
= > < = > < = > <
< = > < = > < = >
> < = > < = > < =
"""
SIGN = {"=": 0, ">": 1, "<": -1}


def test_r3_nine_attributes_three_per_aspect_with_aliases() -> None:
    assert ATTRIBUTES == ("REA", "KNO", "QUI", "STR", "FIT", "AGI", "WIL", "PRE", "INT")
    assert [ASPECT_OF[a] for a in ("QUI", "AGI", "INT")] == ["Mind", "Body", "Spirit"]
    assert find_attribute("Quickness") == "QUI"
    assert find_attribute("str") == "STR"
    assert find_attribute("Luck") is None


def test_r7_ts_floors_over_three_slots_dashes_count_zero() -> None:
    assert trine_score({"REA": 4, "KNO": 5, "QUI": 7}, "Mind") == 5
    assert trine_score({"STR": 10, "FIT": 9, "AGI": None}, "Body") == 6


def test_r8_min_one() -> None:
    assert trine_score({"REA": 1, "KNO": 0, "QUI": 0}, "Mind") == 1
    assert trine_score({"REA": 0, "KNO": 0, "QUI": 0}, "Mind") == 0
    assert trine_score({"REA": None, "KNO": None, "QUI": None}, "Mind") == 0


def test_r9_tts_sums_the_three() -> None:
    avs = {"REA": 4, "KNO": 5, "QUI": 7, "STR": 10, "FIT": 9, "AGI": None}
    avs |= {"WIL": 1, "PRE": 0, "INT": 0}
    assert total_trine_score(avs) == 5 + 6 + 1


def test_r12_r13_trine_dominance() -> None:
    assert trine_dominance("Mind", "Body") == 1
    assert trine_dominance("Body", "Spirit") == 1
    assert trine_dominance("Spirit", "Mind") == 1
    assert trine_dominance("Body", "Mind") == -1
    assert all(trine_dominance(a, a) == 0 for a in ("Mind", "Body", "Spirit"))


@pytest.mark.parametrize(
    "loop", [("REA", "KNO", "QUI"), ("STR", "FIT", "AGI"), ("WIL", "PRE", "INT")]
)
def test_r14_the_nine_loop_edges(loop: tuple[str, str, str]) -> None:
    a, b, c = loop
    assert attribute_dominance(a, b) == attribute_dominance(b, c) == attribute_dominance(c, a) == 1


# R15: the 27-matchup card, verbatim in its own row/column order.
CARD = {
    ("REA", "STR"): 0, ("REA", "AGI"): -1, ("REA", "FIT"): 1,
    ("QUI", "STR"): 1, ("QUI", "AGI"): 0, ("QUI", "FIT"): -1,
    ("KNO", "STR"): -1, ("KNO", "AGI"): 1, ("KNO", "FIT"): 0,
    ("REA", "WIL"): 0, ("REA", "PRE"): 1, ("REA", "INT"): -1,
    ("QUI", "WIL"): 1, ("QUI", "PRE"): -1, ("QUI", "INT"): 0,
    ("KNO", "WIL"): -1, ("KNO", "PRE"): 0, ("KNO", "INT"): 1,
    ("STR", "WIL"): 0, ("STR", "PRE"): 1, ("STR", "INT"): -1,
    ("AGI", "WIL"): 1, ("AGI", "PRE"): -1, ("AGI", "INT"): 0,
    ("FIT", "WIL"): -1, ("FIT", "PRE"): 0, ("FIT", "INT"): 1,
}  # fmt: skip


@pytest.mark.parametrize(("row", "col"), sorted(CARD))
def test_r15_every_card_entry_and_its_mirror(row: str, col: str) -> None:
    assert attribute_dominance(row, col) == CARD[(row, col)]
    assert attribute_dominance(col, row) == -CARD[(row, col)]


def test_r16_all_81_cells() -> None:
    rows = [line.split() for line in TABLE.strip().splitlines()]
    for i, row in enumerate(ATTRIBUTES):
        for j, col in enumerate(ATTRIBUTES):
            assert attribute_dominance(row, col) == SIGN[rows[i][j]], (row, col)
    for a in ATTRIBUTES:
        results = [attribute_dominance(a, b) for b in ATTRIBUTES]
        assert results.count(1) == results.count(0) == results.count(-1) == 3


@pytest.mark.parametrize(
    ("rank", "es"),
    [(1, 1), (5, 1), (6, 2), (10, 2), (11, 3), (15, 3), (16, 4), (20, 4), (21, 5), (99, 5)],
)
def test_r20_stakes_from_the_highest_rank(rank: int, es: int) -> None:
    assert stakes(rank) == es


def test_r21_r22_stakes_are_a_name_and_number() -> None:
    assert stakes_text(1) == 'ES1 "Low Stakes"'
    assert stakes_text(5) == 'ES5 "Mythic"'
