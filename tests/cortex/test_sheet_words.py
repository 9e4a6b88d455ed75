"""What Cortex's sheet commands say, word for word: traits listed in one option (traits:, or
a row typed after /char set), the trait sets, and taking an SFX or a trait off a sheet."""

from __future__ import annotations

import pytest

from tests.cortex.helpers import cortex_table

RATED = [
    # (traits as typed for the Thug, what the table is told)
    ("Skills: Fast Talk d6", ("Thug: Fast Talk (Skills) is d6.",)),
    ("Skills: Route 66 Racing d8", ("Thug: Route 66 Racing (Skills) is d8.",)),
    ("Skills: d8", ("Thug: d8 (Skills) is d4.",)),
    ("Distinctions: Mission: Impossible", ("Thug: Mission: Impossible (Distinctions) is d8.",)),
    ("Distinctions: Mission: Impossible d8", ("Thug: Mission: Impossible (Distinctions) is d8.",)),
    # A colon typed between a name and its die, as in name: value.
    (
        "Skills: Climbing: d6, Sneaking: d8",
        ("Thug: Climbing (Skills) is d6.", "Thug: Sneaking (Skills) is d8."),
    ),
    ("Skills: Climbing:", ("Thug: Climbing (Skills) is d4.",)),
    ("Skill: Fast Talk d6", ("Thug: Fast Talk (Skills) is d6.",)),  # a set by a start of its name
    # A comma where the semicolon goes opens the set it names; the rest keeps its own colon.
    (
        "Skills: Sneaking d8, Distinctions: Mission: Impossible",
        ("Thug: Sneaking (Skills) is d8.", "Thug: Mission: Impossible (Distinctions) is d8."),
    ),
    (
        "Skills: Shooting d6;; Attributes: Wits d6",
        ("Thug: Shooting (Skills) is d6.", "Thug: Wits (Attributes) is d6."),
    ),
]


@pytest.mark.parametrize(("traits", "said"), RATED)
def test_listed_traits_are_read_name_and_die(traits: str, said: tuple[str, ...]) -> None:
    driver = cortex_table()
    line = f'/char set character:Thug traits:"{traits}"'
    assert driver.do(line).reply.text == said


REFUSED = [
    (
        '/char set character:Thug traits:"Skills: Fast Talk d7"',
        "d7 in Fast Talk d7 is not a die; rate a trait d4, d6, d8, d10 or d12.",
    ),
    (
        '/char set character:Thug traits:";"',
        'Name the traits, like traits:"Attributes: Agility d10, Wits d6; Skills: Sneaking d8".',
    ),
    (
        '/trait sets names:","',
        'Name at least one set: names:"Distinctions, Attributes, Skills".',
    ),
    (
        '/trait sets names:"Attributes, Skills, Skills"',
        'Skills is named twice; name each set once, like names:"Attributes, Skills".',
    ),
    (
        '/trait sets names:"Distinctions, Attributes, Skills"',
        "The trait sets are Distinctions, Attributes, Skills already.",
    ),
    (
        '/char set character:Thug traits:"Skills: Fighting d6" trait:Brawny',
        "Give one trait (trait: and die:) or several (traits:), not both.",
    ),
    (
        '/char set character:Thug traits:"Skills: Fighting d6" trait:"Agility d10 Wits d6"',
        "Give one trait (trait: and die:) or several (traits:), not both.",
    ),
    (
        "/char set character:Thug",
        'Name the trait: trait:Fighting die:d8 set:Skills, or several with traits:"Skills: '
        'Fighting d8, Sneaking d6".',
    ),
    (
        "/char set character:Thug trait:" + "X" * 61 + " set:Skills",
        "trait: a name is at most 60 characters (XXXXXXXXXXXXXXXXXXXX...).",
    ),
    (
        '/char new name:Bo gmc:true traits:"Newtrait"',
        "Bo has no trait called Newtrait; to add it, open its group with its set, like "
        'traits:"Skills: Newtrait d6" (sets: Distinctions, Attributes, Skills).',
    ),
    (
        '/char sfx remove character:"Ada Lark" name:Hit',
        'Did you mean name:"Hit Hard"? /char sfx remove needs the whole name.',
    ),
]


@pytest.mark.parametrize(("line", "expected"), REFUSED)
def test_a_bad_sheet_command_is_refused_in_these_words(line: str, expected: str) -> None:
    driver = cortex_table()
    assert driver.refused(line) == expected


def test_a_set_named_by_a_start_two_sets_share_is_refused_naming_them() -> None:
    driver = cortex_table()
    driver.do('/trait sets names:"Distinctions, Attributes, Skills, Specialties"')
    refused = driver.refused('/char set character:Thug traits:"S: Climbing d6"')
    assert refused == "S could be the trait set Skills or Specialties; type more of the name."


def test_a_trait_rated_again_keeps_its_spelling_and_a_move_keeps_its_die() -> None:
    driver = cortex_table()
    assert driver.do("/char set character:Thug fighting d10").reply.text == (
        "Thug: Fighting (Skills) is d10.",
    )
    said = driver.do("/char set character:Thug trait:Fighting set:Attributes").reply.text
    assert said == ("Thug: Fighting (Attributes) is d10.",)


def test_sfx_and_traits_told_apart_only_by_accents_are_named_by_kind() -> None:
    driver = cortex_table()
    driver.do("/char sfx add character:Thug name:Café text:x")
    driver.do("/char sfx add character:Thug name:Cafè text:y")
    refused = driver.refused("/char sfx remove character:Thug name:Cafe")
    assert refused == "Cafe could be the SFX Café or Cafè; type more of the name."
    driver.do('/char set character:Thug traits:"Skills: Café d6, Cafè d8"')
    refused = driver.refused("/char remove character:Thug trait:Cafe")
    assert refused == "Cafe could be the trait Café or Cafè; type more of the name."
