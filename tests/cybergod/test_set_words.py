"""What Cybergod's /char set says and keeps, word for word: absent Attributes, the history
line, the edges of Resolve, a trait name that reads like a rating, and the Resolve a value
set by hand must still hold."""

from __future__ import annotations

import pytest

from tests.cybergod.helpers import cybergod_table, game_of

NOT_ON_A_SHEET = (
    " is not on a Cybergod sheet: set an Attribute (Body, Reflex, Mind, Cyber), an Aptitude "
    "(Combat, Education, Physical, Social, Survival, Technical), a Skill, engrams, resolve or "
    "stress."
)


@pytest.mark.parametrize("word", ["-", "none", "absent", "None"])
def test_an_attribute_the_frame_lacks_is_set_with_any_of_its_words(word: str) -> None:
    driver = cybergod_table()
    said = driver.do(f"/char set character:Marko trait:Mind die:{word}", "ana").reply.text
    assert said == ("Marko: Mind -.",)
    assert game_of(driver).characters["Marko"].attributes["Mind"] is None


def test_the_history_shows_an_attribute_as_a_die() -> None:
    driver = cybergod_table()
    driver.do("/char set character:Marko trait:Mind die:d8", "ana")
    driver.do("/char set character:Marko trait:Body die:-", "ana")
    assert driver.do("/history count:2").reply.text == (
        "#8 ana: /char set trait:Mind character:Marko die:d8 → Marko: Mind D8",
        "#9 ana: /char set trait:Body character:Marko die:- → Marko: Body -",
    )


def test_resolve_runs_to_nine_or_follows_the_engrams() -> None:
    driver = cybergod_table()
    said = driver.refused("/char set character:Marko trait:resolve value:10", "ana")
    assert said == "resolve is a whole number from 0 to 9, not 10."
    assert driver.do("/char set trait:resolve value:9", "ana").reply.text == ("Marko: resolve 9.",)
    said = driver.do("/char set trait:resolve", "ana").reply.text
    assert said == ("Marko: resolve as the Engrams.",)


def test_one_skill_die_is_one_die() -> None:
    driver = cybergod_table()
    said = driver.do("/char set character:Guard trait:Hacking value:1").reply.text
    assert said == ("Guard: Hacking 1 (with Technical 0: 1 die).",)


def test_a_colon_typed_between_a_name_and_its_rating_is_not_part_of_the_name() -> None:
    driver = cybergod_table()
    assert driver.do('/char set character:Marko trait:"Hacking: 2"', "ana").reply.text == (
        "Marko: Hacking 2 (with Technical 2: 4 dice).",
    )
    # A name not on the sheet is named as typed, without the colon.
    assert driver.refused('/char set character:Marko trait:"Fighting: 3"', "ana") == (
        "Fighting" + NOT_ON_A_SHEET
    )


def test_a_trait_named_with_a_rating_and_a_value_is_not_read_as_a_rating() -> None:
    """value: given, the trait's words are its name as typed: no rating is read out of them."""
    driver = cybergod_table()
    line = '/char set character:Marko trait:"Hacking 2" value:3'
    assert driver.refused(line, "ana") == "Hacking 2" + NOT_ON_A_SHEET
    line = '/char set character:Marko trait:"Reflex d10 Hacking 2" value:3'
    assert driver.refused(line, "ana") == "Reflex d10 Hacking 2" + NOT_ON_A_SHEET
    assert game_of(driver).characters["Marko"].skills["Hacking"] == 2


def test_a_player_owing_two_stress_saves_is_told_both() -> None:
    driver = cybergod_table()
    driver.do('/save kind:mental count:2 results:"6 6"', "ana")
    driver.do('/save kind:mental count:1 results:"6"', "ana")
    said = driver.refused("/char set character:Marko trait:stress value:0", "ana")
    assert said == (
        "Marko owes 2 Stress Saves (roll 2 D10); setting Stress would waive it, which only a GM "
        "does. Roll it: /save kind:stress character:Marko."
    )


def test_burned_resolve_counts_with_the_spent() -> None:
    driver = cybergod_table()
    driver.do('/test pool:"Hacking x Cyber" vs:hard burn:true results:"1 1 1 1"', "ana")
    driver.do('/resolve reroll results:"1 1 1 1"', "ana")
    said = driver.refused("/char set character:Marko trait:resolve value:1")
    assert said == (
        "Marko has 1 Resolve spent and 1 burned, so Resolve 1 cannot hold them: set at least "
        "2, or refresh first (/resolve refresh character:Marko scope:downtime)."
    )
    # Stress is no Resolve: a GM sets it whatever is spent.
    assert driver.do("/char set character:Marko trait:stress value:0").reply.text == (
        "Marko: stress 0.",
    )


def test_a_resolve_maximum_set_by_hand_holds_what_is_spent() -> None:
    driver = cybergod_table()
    driver.do("/char set trait:resolve value:4", "ana")
    driver.do('/test pool:"Hacking x Cyber" vs:hard results:"1 1 1 1"', "ana")
    driver.do('/resolve reroll results:"1 1 1 1"', "ana")
    driver.do('/resolve reroll results:"1 1 1 1"', "ana")  # 2 of 4 spent
    said = driver.refused("/char set character:Marko trait:resolve value:1")
    assert said.startswith("Marko has 2 Resolve spent and 0 burned, so Resolve 1 cannot hold")
    # The Engrams may drop: Resolve keeps its own maximum, 4.
    driver.do("/char set character:Marko trait:engrams value:1")
    marko = game_of(driver).characters["Marko"]
    assert (marko.engrams, marko.resolve, marko.resolve_left) == (1, 4, 2)


def test_resolve_back_to_no_engrams_cannot_hold_what_is_spent() -> None:
    driver = cybergod_table()
    driver.do("/char set character:Guard trait:resolve value:2")
    driver.do('/test pool:3d6 character:Guard results:"1 1 1"')
    driver.do('/resolve reroll character:Guard results:"1 1 1"')
    said = driver.refused("/char set character:Guard trait:resolve")
    assert said.startswith("Guard has 1 Resolve spent and 0 burned, so Resolve 0 cannot hold")
