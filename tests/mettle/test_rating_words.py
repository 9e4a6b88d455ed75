"""What METTLE's sheet commands say, word for word: /char set (Attributes, an NPC pool,
Credit), /char backstory and /char gear -- each refusal whole, and the sheet after."""

from __future__ import annotations

import pytest

from tests.mettle.helpers import mettle_table, sheet
from tests.support import GM, TableDriver

REFUSED = [
    # (line, actor, the whole refusal)
    (
        "/char set character:Thug attribute:pool value:3 descriptor:Brutes",
        GM.id,
        "Pool has no Descriptor; leave out descriptor:.",
    ),
    (
        "/char set character:Viktor attribute:credit value:3 descriptor:Rich",
        "dana",
        "Credit has no Descriptor; leave out descriptor:.",
    ),
    (
        "/char set character:Viktor attribute:pool value:3",
        "dana",
        "An NPC pool is for GM characters; rate this character's Attributes.",
    ),
    (
        "/char set character:Viktor attribute:credit value:7",
        "dana",
        "Credit runs from 1 (Needy) to 6 (Rich), or 0 while a digit is lost to a purchase "
        "(characters.md, Credit).",
    ),
    (
        "/char set character:Viktor attribute:poise value:0",
        "dana",
        "Poise is at least 1 (1-6 to start): value:1 or more.",
    ),
    (
        "/char set Poise 4 character:Viktor attribute:poise",
        "dana",
        "Name the Attribute once: trait:<name> or attribute:<name>.",
    ),
    (
        "/char set character:Viktor value:4",
        "dana",
        "Name the Attribute: /char set Poise 4, or attribute:poise value:4.",
    ),
    ("/char set Poise 31 character:Viktor", "dana", "Poise is rated as a number, like Poise 4."),
    ("/char set Poise - character:Viktor", "dana", "Poise is rated as a number, like Poise 4."),
]


@pytest.mark.parametrize(("line", "actor", "expected"), REFUSED)
def test_a_bad_rating_is_refused_in_these_words(line: str, actor: str, expected: str) -> None:
    driver = mettle_table()
    assert driver.refused(line, actor) == expected


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("/char set character:Viktor attribute:credit value:0", "Viktor: Credit 0"),
        ("/char set character:Viktor attribute:credit value:6", "Viktor: Credit 6"),
        ("/char set Credit 3 character:Viktor", "Viktor: Credit 3"),
        ("/char set character:Viktor attribute:poise value:1", "Viktor: Poise 1"),
        ("/char set Poise 30 character:Viktor", "Viktor: Poise 30"),
        # A colon typed between the name and its rating, as in name: value.
        ('/char set trait:"Poise: 4" character:Viktor', "Viktor: Poise 4"),
        ('/char set trait:"Credit: 2, Poise: 3" character:Viktor', "Viktor: Credit 2"),
    ],
)
def test_the_edges_of_a_rating_are_taken(line: str, said: str) -> None:
    driver = mettle_table()
    assert driver.do(line, "dana").reply.text[0].startswith(f"{said}; maximum Mettle ")


def test_a_new_character_lists_what_is_high_and_what_is_still_to_rate() -> None:
    driver = mettle_table()
    text = driver.do("/char new name:Ann concept:7 frame:8", "troy").reply.text
    assert text[1].startswith("Above 6 (Concept 7, Frame 8): Attributes run 1-6 ")
    assert text[2].startswith("Still to rate: Motive, Nature, Poise (/char set <Attribute> ")


def test_a_gm_character_made_for_a_player_is_still_the_gms() -> None:
    driver = mettle_table()
    driver.do("/char new name:Zed gmc:true owner:troy npc_pool:3")
    refused = driver.refused("/char backstory character:Zed text:Thief", "troy")
    assert refused == "Zed is not a player's character; only a GM can use /char backstory on it."


def _backstories(driver: TableDriver) -> list[str]:
    return list(sheet(driver, "Viktor").backstories)


def test_a_gm_writes_a_backstory_on_a_players_sheet() -> None:
    driver = mettle_table()
    said = driver.do("/char backstory character:Viktor text:Gambler").reply.text
    assert said == ('Viktor: Backstory "Gambler" (1 of 5).',)


def test_a_backstory_is_not_written_twice() -> None:
    driver = mettle_table()
    driver.do("/char backstory character:Viktor text:Gambler", "dana")
    refused = driver.refused("/char backstory character:Viktor text:gambler", "dana")
    assert refused == "Viktor has that Backstory already."
    assert _backstories(driver) == ["Gambler"]


def test_backstories_told_apart_only_by_accents_are_named_as_backstories() -> None:
    driver = mettle_table()
    driver.do("/char backstory character:Viktor text:Café", "dana")
    driver.do("/char backstory character:Viktor text:Cafè", "dana")
    refused = driver.refused("/char backstory character:Viktor text:Cafe remove:true", "dana")
    assert refused == "Cafe could be the Backstory Café or Cafè; type more of the name."


def test_gear_told_apart_only_by_accents_is_named_as_items() -> None:
    driver = mettle_table()
    driver.do("/char gear character:Viktor item:Café soak:1", "dana")
    driver.do("/char gear character:Viktor item:Cafè soak:1", "dana")
    refused = driver.refused("/char gear character:Viktor item:Cafe remove:true", "dana")
    assert refused == "Cafe could be the item Café or Cafè; type more of the name."


def test_gear_put_away_by_a_name_not_carried_is_refused() -> None:
    driver = mettle_table()
    refused = driver.refused("/char gear character:Viktor item:Lute remove:true", "dana")
    assert refused == "Viktor carries no Lute."


def test_own_gear_given_again_keeps_its_name_and_takes_the_new_numbers() -> None:
    driver = mettle_table()
    driver.do("/char gear character:Viktor item:Lute soak:1", "dana")
    said = driver.do("/char gear character:Viktor item:lute soak:2", "dana").reply.text
    assert said == ("Viktor carries Lute (Soak +2).",)
    assert [g.name for g in sheet(driver, "Viktor").gear] == ["Sword", "Lute"]


def test_own_gear_carries_its_soak_and_each_special() -> None:
    driver = mettle_table()
    line = '/char gear character:Viktor item:Lute soak:1 special:"Loud, Heavy"'
    assert driver.do(line, "dana").reply.text == ("Viktor carries Lute (Soak +1, loud, heavy).",)
