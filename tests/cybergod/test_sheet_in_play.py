"""Once play has started, the values play keeps -- Engrams, Resolve's maximum, Stress -- are
set by hand only by a GM, and never to an impossible value (play-test item 4; R58)."""

from __future__ import annotations

from tests.cybergod.helpers import MARKO, cybergod_table, game_of, import_sheet


def test_a_player_sets_resolve_and_stress_before_play_but_not_during_it() -> None:
    driver = cybergod_table()
    driver.do("/char set trait:resolve value:4", "ana")  # making the character
    driver.do("/char set trait:resolve", "ana")  # back to the Engrams, 3
    driver.do('/test pool:"Hacking x Cyber" vs:hard results:"1 1 1 1"', "ana")  # play starts
    before = game_of(driver)
    for line in (
        "/char set trait:resolve value:9",
        "/char set trait:engrams value:5",
        "/char set trait:stress value:0",
    ):
        said = driver.refused(line, "ana")
        assert said.startswith("Play has started: Marko's "), said
        assert said.endswith("so only a GM sets it by hand."), said
    assert game_of(driver) == before
    driver.do("/char set character:Marko trait:resolve value:4")  # the GM may
    assert game_of(driver).characters["Marko"].resolve == 4


def test_resolve_is_never_set_below_what_is_spent_and_burned() -> None:
    driver = cybergod_table()
    driver.do('/test pool:"Hacking x Cyber" vs:hard results:"1 1 1 1"', "ana")
    driver.do('/resolve reroll results:"1 1 1 1"', "ana")
    driver.do('/resolve reroll results:"1 1 1 1"', "ana")  # 2 spent
    before = game_of(driver)
    said = driver.refused("/char set character:Marko trait:resolve value:0")
    assert said == (
        "Marko has 2 Resolve spent and 0 burned, so Resolve 0 cannot hold them: set at least "
        "2, or refresh first (/resolve refresh character:Marko scope:downtime)."
    )
    assert "set at least 2" in driver.refused("/char set character:Marko trait:engrams value:1")
    assert game_of(driver) == before
    driver.do("/char set character:Marko trait:resolve value:2")
    assert game_of(driver).characters["Marko"].resolve_left == 0


def test_a_mental_save_takes_stress_no_higher_than_char_set_may() -> None:
    driver = cybergod_table()
    said = driver.refused("/char set character:Marko trait:stress value:100")
    assert said == "stress is a whole number from 0 to 99, not 100."
    driver.do("/char set character:Marko trait:stress value:98")
    said = driver.do('/save kind:mental count:3 results:"6 6 6"', "ana").reply.text
    assert said[2].startswith("Marko takes 1 Stress (now 99): a Stress Save (roll 99 D10)")
    driver.do("/char set character:Marko trait:stress value:99")  # the GM waives it
    said = driver.do('/save kind:mental count:1 results:"6"', "ana").reply.text
    assert said[2] == "Marko holds the most Stress kept, 99: it goes no higher."
    assert game_of(driver).characters["Marko"].stress_saves_due == ()


def test_a_players_file_keeps_the_tracks_play_moves_once_play_has_started() -> None:
    """The same limit as /char set's, through /char import: a player's own file read mid-game
    keeps Engrams, Resolve and Stress as the table has them, and says so."""
    driver = cybergod_table()
    driver.do('/test pool:"Hacking x Cyber" vs:hard results:"1 1 1 1"', "ana")  # play starts
    raised = MARKO.replace("engrams: 3", "engrams: 5") + "resolve: 9\nstress: 2\n"
    outcome = import_sheet(driver, raised, name="marko.yaml")
    marko = game_of(driver).characters["Marko"]
    assert (marko.engrams, marko.resolve) == (3, 3)
    assert outcome.reply.text == (
        "Updated Marko from marko.yaml: aptitudes, attributes, skills, weapons.",
        "Kept as they were, since the GM and play set them: engrams (the file says 5); resolve "
        "(the file says 9); stress (the file says 2).",
    )
