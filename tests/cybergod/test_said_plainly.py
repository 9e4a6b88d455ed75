"""What the bot says is whole and can be followed: a choice it could not pay is said with its
cost, and its own advice can be copied as it stands (play-test items 6 and 7)."""

from __future__ import annotations

from scenekeeper.adapters.discord.limits import MAX_CONTENT
from tests.cybergod.helpers import MARKO, cybergod_table, game_of, import_sheet


def test_an_overcome_choice_the_test_cannot_pay_is_said_with_its_cost() -> None:
    driver = cybergod_table()
    said = driver.do(
        '/test pool:"Hacking x Cyber" vs:moderate complications:"Sys Op 1, Trace 2" '
        'overcome:Trace results:"10 5 2 1"',
        "ana",
    ).reply.text
    assert "Complications Sys Op (1), Trace (2): Sys Op, Trace happen." in said
    assert (
        "Not overcome as chosen: Trace (2) costs more than the 1 extra success #1 had for it; "
        "choose again with /pick overcome:<names> (or all, none)."
    ) in said
    # What it can pay, it pays without a note.
    said = driver.do(
        '/test pool:"Hacking x Cyber" vs:moderate complications:"Sys Op 1, Trace 2" '
        'overcome:"Sys Op" results:"10 5 2 1"',
        "ana",
    ).reply.text
    assert not any("Not overcome" in line for line in said)


def test_the_bots_own_advice_works_when_pasted_for_a_name_with_a_space() -> None:
    driver = cybergod_table()
    driver.do('/char new name:"Sec Drone" gmc:true')
    said = driver.refused('/save kind:stress character:"Sec Drone"')
    assert '/char set character:"Sec Drone" trait:engrams value:<1-5>' in said
    advice = said[said.index("/char set") : said.index(", or give die:")]
    driver.do(advice.replace("<1-5>", "3"))  # pasted as it stands
    said = driver.do('/save kind:mental count:1 character:"Sec Drone" results:"6"').reply.text
    assert any(line.endswith('/save kind:stress character:"Sec Drone".') for line in said)
    driver.do('/wound add character:"Sec Drone" dc:4')  # Lethal: dying
    refused = driver.refused('/test pool:3d6 character:"Sec Drone"')
    assert "Sec Drone" in refused
    assert '/save kind:death character:"Sec Drone".' in refused


def test_a_scene_started_over_another_heads_its_own_section_of_the_session_log() -> None:
    driver = cybergod_table()
    driver.do('/scene start type:turn-based name:"Fight"')
    said = driver.do('/scene start type:freeform name:"Second scene"').reply.text
    assert said[:2] == ("Scene: Second scene, freeform.", "Scene Fight ends.")
    (file,) = driver.do("/game log").reply.files
    headings = [line for line in file.content.decode().splitlines() if line.startswith("## ")]
    assert headings == [
        "## Setting up",
        "## Scene: Fight, turn-based, round 1.",
        "## Scene: Second scene, freeform.",
    ]


def test_a_players_import_says_what_it_kept_in_the_sheets_words() -> None:
    driver = cybergod_table()
    sheet = MARKO + "wounds: {minor: 1}\nresolve: {spent: 1}\n"
    outcome = import_sheet(driver, sheet, name="marko.yaml")
    assert outcome.reply.text[-1] == (
        "Kept as they were, since the GM and play set them: wounds (the file says Minor 1); "
        "resolve spent (the file says 1)."
    )


def test_with_the_wounds_mod_off_the_sheet_shows_no_penalty_the_tests_do_not_take() -> None:
    driver = cybergod_table()
    driver.do("/wound add character:Marko dc:3")  # Major: -2D while wounds count
    assert "Wounds: Major 1/2; -2D to every test." in driver.do("/char show", "ana").reply.text
    driver.do("/mods set mod:wounds enabled:false")
    shown = driver.do("/char show", "ana").reply.text
    assert "Wounds: Major 1/2 (not counted while the wounds mod is off)." in shown
    assert not any("-2D" in line for line in shown)
    board = "\n".join(driver.do("/board show").reply.text)
    assert "wounds Major 1 (not counted: the wounds mod is off)" in board
    assert "-2D" not in board
    rolled = driver.do('/test pool:"Hacking x Cyber" vs:easy results:"5 5 5 5"', "ana")
    assert any("4 D10: 5, 5, 5, 5" in line for line in rolled.reply.text)  # the full pool


def test_a_99_die_stress_save_is_one_short_line_and_keeps_its_faces() -> None:
    driver = cybergod_table()
    driver.do("/char set character:Marko trait:stress value:98")
    driver.do('/save kind:mental count:1 results:"6"', "ana")  # Stress 99: a 99-die save
    said = driver.do("/save kind:stress", "ana").reply.text
    (line,) = [line for line in said if line.startswith("Stress Save for Marko")]
    assert "99 D10: counted by face: 1 x" in line
    assert len("\n".join(said)) < MAX_CONTENT
    save = game_of(driver).rolls[-1]
    assert len(save.faces) == 99  # the record keeps each face, in order
