"""Suggested commands work when pasted back, whatever the names hold (engine/quoting.py)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scenekeeper.engine.parse import tokenize
from scenekeeper.engine.quoting import listed, option, quoted, split_listed

#: Names as people write them: quotes, commas, apostrophes, backslashes, colons.
TEXT = st.text(alphabet=st.sampled_from(list("ab CD\"',\\:#-_é")), min_size=1, max_size=20).filter(
    lambda t: t.strip() == t and "  " not in t
)


@given(TEXT)
def test_an_option_reads_back_as_the_value(value: str) -> None:
    assert tokenize(f"/char show {option('character', value)}") == [
        "/char",
        "show",
        f"character:{value}",
    ]


def test_names_from_the_issue_read_back() -> None:
    for name in ('Tomas "Rook" Reyes', "Cold Hands, Warm Heart", "Kessler's Physical"):
        assert tokenize(f"x {option('name', name)}")[1] == f"name:{name}"
    assert quoted('a "b"') == '"a \\"b\\""'


@given(st.lists(TEXT.filter(lambda t: "," not in t and t.strip(",") == t), min_size=1))
def test_a_list_of_plain_names_splits_back(names: list[str]) -> None:
    assert split_listed(listed(names)) == [" ".join(n.split()) for n in names]


def test_a_known_name_holding_a_comma_stays_whole() -> None:
    known = ["Smith, John", "Thug"]
    assert split_listed("Smith, John, Thug", known) == ["Smith, John", "Thug"]
    assert split_listed("smith,john ,thug", known) == ["Smith, John", "Thug"]
    assert split_listed("Thug, Smith", known) == ["Thug", "Smith"]
    assert split_listed(" , ,", known) == []
