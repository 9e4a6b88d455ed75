"""``/char show`` reads as a paper sheet in every game: what is rated, then the blanks named
in one line, never a row of zeros or dashes for a new character."""

from __future__ import annotations

import pytest

from tests.support import TableDriver


@pytest.mark.parametrize(
    ("game", "blanks"),
    [
        ("cortex", "Not yet rated: Distinctions, Attributes, Skills."),
        ("scions", "Not yet rated: Attributes, Abilities, Aspects, Birthrights, Boons, Virtues."),
        ("mettle", "Not yet rated: Concept, Frame, Motive, Nature, Poise."),
        (
            "cybergod",
            "Not yet rated: Combat, Education, Physical, Social, Survival, Technical "
            "(Aptitudes with their Skills at 0: no dice).",
        ),
    ],
)
def test_a_new_sheet_names_its_blanks_once(game: str, blanks: str) -> None:
    driver = TableDriver()
    driver.do(f"/game new system:{game} name:Paper")
    driver.do("/game join", "ana")
    driver.do("/char new name:Ada", "ana")
    shown = driver.do("/char show", "ana").reply.text
    assert blanks in shown
    assert not any("0, 0, 0" in line or " -," in line for line in shown)


def test_a_rated_part_leaves_the_blanks_line() -> None:
    driver = TableDriver()
    driver.do("/game new system:cybergod name:Paper")
    driver.do("/game join", "ana")
    driver.do("/char new name:Ada", "ana")
    driver.do("/char set Hacking 2", "ana")
    shown = driver.do("/char show", "ana").reply.text
    assert "Technical 0: Design 0, Hacking 2, Troubleshooting 0 (tests roll 0, 2, 0 dice)." in shown
    assert (
        "Not yet rated: Combat, Education, Physical, Social, Survival "
        "(Aptitudes with their Skills at 0: no dice)." in shown
    )


def test_mettle_shows_the_rated_attributes_then_the_rest() -> None:
    driver = TableDriver()
    driver.do("/game new system:mettle name:Paper")
    driver.do("/game join", "ana")
    driver.do("/char new name:Ada concept:4 poise:2", "ana")
    shown = driver.do("/char show", "ana").reply.text
    assert "Concept 4, Poise 2." in shown
    assert "Not yet rated: Frame, Motive, Nature." in shown
