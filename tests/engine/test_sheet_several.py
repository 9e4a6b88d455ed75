"""A name typed before its rating (``engine.sheets.several.rated_name``), shared by every
game's /char set and Cortex's traits: list."""

from __future__ import annotations

import pytest

from scenekeeper.engine.sheets.making import named_rating
from scenekeeper.engine.sheets.several import rated_name


@pytest.mark.parametrize(
    ("words", "name"),
    [
        (["Concept:"], "Concept"),  # name: value
        (["Fast", "Talk:"], "Fast Talk"),
        (["Fast", "Talk", ":"], "Fast Talk"),  # the colon typed as a word of its own
        (["Mission:", "Impossible"], "Mission: Impossible"),  # a colon inside a name stays
        (["Climbing"], "Climbing"),
        ([":"], ":"),  # nothing but the colon: left as typed, for the game to refuse
    ],
)
def test_a_colon_typed_before_a_rating_is_not_part_of_the_name(words: list[str], name: str) -> None:
    assert rated_name(words) == name


def test_a_rating_typed_after_a_colon_is_read_as_the_rating() -> None:
    assert named_rating("Reflex: d10") == ("Reflex", "d10")
    assert named_rating("Concept: 3") == ("Concept", "3")
    # No rating after it: the words are the name as typed, colon and all.
    assert named_rating("Mission: Impossible") == ("Mission: Impossible", None)
