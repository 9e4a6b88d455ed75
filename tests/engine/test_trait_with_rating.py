"""``/char set Close Combat d8``: the words after ``/char set`` are a trait's name with its
rating as the last word, when that word reads as one (a die, a number, ``-`` for none); a name
may have many words, and a last word that only starts with d is part of the name."""

from __future__ import annotations

import pytest

from tests.support import TableDriver


@pytest.fixture
def cortex() -> TableDriver:
    driver = TableDriver()
    driver.do('/game new system:cortex name:"Traits"')
    driver.do("/game join", "ana")
    driver.do("/char new name:Ada", "ana")
    return driver


def no_trait(name: str) -> str:
    return (
        f"Ada has no trait called {name}; to add it, say which set: "
        "set:<Distinctions|Attributes|Skills>."
    )


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("Close Combat d8", "Close Combat"),
        ("Fast Hands Quick d6", "Fast Hands Quick"),
        ("Agility dx", "Agility dx"),
        ("Agility Dodge", "Agility Dodge"),
        ("d10", "d10"),
    ],
)
def test_the_name_is_every_word_but_a_rating_at_the_end(
    cortex: TableDriver, typed: str, name: str
) -> None:
    assert cortex.refused(f"/char set {typed}", "ana") == no_trait(name)


def test_a_dash_at_the_end_is_a_rating_of_none(cortex: TableDriver) -> None:
    message = cortex.refused("/char set Agility -", "ana")
    assert message == "'-' is not a step die: use d4, d6, d8, d10 or d12 (for example d8)."


def test_a_trait_of_many_words_is_rated_by_the_last(cortex: TableDriver) -> None:
    cortex.do("/char set Close Combat d8 set:Skills", "ana")
    cortex.do("/char set Close Combat d10", "ana")
    assert "Skills: Close Combat d10." in cortex.do("/char show", "ana").reply.text


def test_a_list_typed_without_its_commas_rates_each_trait(cortex: TableDriver) -> None:
    said = cortex.do("/char set Agility d10 Wits d6 set:Attributes", "ana").reply.text
    assert said == ("Ada: Agility (Attributes) is d10.", "Ada: Wits (Attributes) is d6.")
    cortex.do("/char set Agility d8, Wits d4", "ana")
    assert "Attributes: Agility d8, Wits d4." in cortex.do("/char show", "ana").reply.text


def test_a_name_with_a_die_inside_it_stays_one_trait(cortex: TableDriver) -> None:
    said = cortex.do('/char set traits:"Skills: Hacker d8 Elite"', "ana").reply.text
    assert said == ("Ada: Hacker d8 Elite (Skills) is d4.",)


def test_a_new_characters_list_without_commas_and_without_sets(cortex: TableDriver) -> None:
    made = cortex.do('/char new name:Bo traits:"Skills: Fighting d8 Sneaking d6"').reply.text
    assert made[-2:] == ("Bo: Fighting (Skills) is d8.", "Bo: Sneaking (Skills) is d6.")
    # /char new has no set: option: its list names each group's set.
    refused = cortex.refused('/char new name:Cy traits:"Fighting d8, Agility d6"')
    assert refused == (
        'Cy has no trait called Fighting; to add it, open its group with its set, like traits:"'
        'Skills: Fighting d8" (sets: Distinctions, Attributes, Skills).'
    )
    assert cortex.refused("/char show character:Cy").startswith("There is no character called Cy")


def test_a_set_after_a_comma_opens_its_group(cortex: TableDriver) -> None:
    """``traits:"Attributes: Agility d8, Skills: Fighting d10"`` (a comma for the semicolon):
    Fighting is a skill, not an attribute called "Skills: Fighting"."""
    said = cortex.do(
        '/char new name:Bo traits:"Attributes: Agility d8, skills: Fighting d10, Wits d6"', "ana"
    ).reply.text
    assert "Bo: Fighting (Skills) is d10." in said
    assert "Bo: Wits (Skills) is d6." in said
    shown = cortex.do("/char show character:Bo", "ana").reply.text
    assert "Attributes: Agility d8." in shown
    assert "Skills: Fighting d10, Wits d6." in shown


def test_a_distinction_with_a_colon_stays_one_name(cortex: TableDriver) -> None:
    said = cortex.do(
        '/char new name:Cy traits:"Distinctions: Ex-Con, Mission: Impossible d8"', "ana"
    ).reply.text
    assert "Cy: Mission: Impossible (Distinctions) is d8." in said
