"""What the board page shows (issue 35): a roll under one number with the character first, no
"Last roll" card beside the rolls column, and a NoDice table's pot, Jackpot, Trine Scores, step
and who has committed -- never what."""

from __future__ import annotations

import re

from scenekeeper.adapters.web.page import render
from tests.support import make_app
from tests.web.scenes import CORTEX, METTLE, NODICE, play


def _page(lines: list[str]) -> str:
    app = make_app()
    play(app, "t", lines)
    return render(app.table("t"), app.registry).fragment


def _headings(fragment: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", h) for h in re.findall(r"<h3[^>]*>(.*?)</h3>", fragment)]


def test_a_roll_has_one_number_and_the_character_first() -> None:
    assert _headings(_page(CORTEX)) == ["Ada Lark · Roll #2 (by Ana)"]
    assert _headings(_page(METTLE)) == [
        "Kirin · know #3 (by Troy)",
        "Thug · attack #2 (by Gemma)",
        "Viktor · attack #1 (by Dana)",
    ]


def test_the_last_roll_card_is_left_to_the_rolls_column() -> None:
    page = _page(CORTEX)
    assert ">Last rolls<" in page
    assert ">Last roll<" not in page


def test_a_nodice_page_shows_the_pot_scores_and_who_committed_never_what() -> None:
    text = re.sub(r"<[^>]+>", "", _page(NODICE))
    for fact in (
        "Pot: 1 token (Jackpot 0).",
        "Ada: Mind 5, Body 3, Spirit 2; TTS 10.",
        "Committed: Ada.",
        "Not yet: Bo Brave, Brute.",
        "Step 2",
    ):
        assert fact in text, fact
    assert "Mind card" not in text
    assert "ante QUI" not in text
