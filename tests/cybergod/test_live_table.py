"""Cybergod at a live table (issue 21): the EP of an opposed roll found by either number, what
an impossible test is, a routine refresh with nothing to do, dice in plain words, a value typed
without its option's name, and the Stress Saves a player cannot waive. The console transcript
cybergod/l-live-table.txt plays most of these; here, the edges."""

from __future__ import annotations

import pytest

from scenekeeper.engine.systems import get_system
from tests.cybergod.helpers import cybergod_table, game_of, import_sheet
from tests.engine.test_transfer import export, import_into
from tests.support import TableDriver


def unchanged(driver: TableDriver, line: str, actor: str = "gm") -> str:
    table = driver.app.table
    before = driver.app.store.head(driver.table_id), table(driver.table_id).state
    message = driver.refused(line, actor)
    assert (driver.app.store.head(driver.table_id), table(driver.table_id).state) == before
    return message


def test_an_opposed_rolls_ep_are_spent_by_the_number_of_either_roll() -> None:
    driver = cybergod_table()
    driver.do('/test character:Guard pool:3d8 results:"5 8 2"')  # #1: 2 successes
    out = driver.do('/test pool:"Stealth x Reflex" vs:"#1" results:"1 2"', "ana")  # #2: 0
    assert "Guard: 2 EP, 2 left (the Basic Effect costs 1: /effect roll:2)." in out.reply.text
    # The Guard's own roll is #1: naming it spends the EP it won on #2.
    out = driver.do("/effect character:Guard roll:1")
    assert out.reply.text == (
        "#1's EP are on #2, the opposed test it won.",
        "Guard spends 1 EP of #2 on Basic Effect: 1 left.",
    )
    driver.do("/effect roll:2")
    message = unchanged(driver, "/effect roll:1")
    assert (
        message
        == "#1's EP are on #2, the opposed test it won, and none are left (2 earned, 2 spent)."
    )


def test_a_roll_nobody_opposed_says_where_its_ep_would_come_from() -> None:
    driver = cybergod_table()
    driver.do('/test character:Guard pool:3d8 results:"5 8 2"')
    message = unchanged(driver, "/effect roll:1")
    assert message == (
        "#1 earned no EP (rolled, no difficulty): its EP come from a test that opposes it "
        '(vs:"#1") and loses; nothing to spend yet.'
    )


def test_an_impossible_test_says_what_it_is_and_records_its_dice() -> None:
    driver = cybergod_table()
    message = unchanged(driver, '/test pool:4d10 vs:hard impossible:true results:"1 2 3 4"', "gm")
    assert message.startswith("An impossible test fails whatever the dice, so none are rolled")
    out = driver.do('/test character:Marko pool:"Hacking x Cyber" vs:hard impossible:true')
    assert out.reply.text[2] == "Marko tests Hacking x Cyber, #1: 4 D10, nothing rolled."
    test = game_of(driver).test_by_id(1)
    assert test is not None
    assert (test.dice, test.faces) == (4, ())


@pytest.mark.parametrize("scope", ["session", "downtime", "burned"])
def test_a_routine_refresh_with_nothing_spent_says_so_and_succeeds(scope: str) -> None:
    driver = cybergod_table()
    head = driver.app.store.head(driver.table_id)
    out = driver.do(f"/resolve refresh scope:{scope}")
    kind = "burned" if scope == "burned" else "spent"
    assert out.reply.text == (f"Nobody has {kind} Resolve to refresh: nothing changes.",)
    out = driver.do(f"/resolve refresh scope:{scope} character:Marko")
    assert out.reply.text == (f"Marko has no {kind} Resolve to refresh: nothing changes.",)
    assert driver.app.store.head(driver.table_id) == head


def test_dice_are_named_in_plain_words() -> None:
    driver = cybergod_table()
    out = driver.do('/save kind:mental count:2 results:"6 1"', "ana")
    said = "\n".join(out.reply.text)
    assert "a Stress Save (roll 1 D10): /save kind:stress character:Marko" in said
    assert "dice of" not in said
    sheet = "\n".join(driver.do("/char show", "ana").reply.text)
    assert "Stress Saves due: roll 1 D10" in sheet
    waiting = get_system("cybergod").waiting_for(game_of(driver))
    assert any(line.startswith("Marko's Stress Save (roll 1 D10)") for line in waiting)
    out = driver.do("/odds pool:12d8 modifier:1 chart:false")
    assert out.reply.text[0].startswith("Odds for 12d8: 10 D8 (3 dice over 10 dropped)")
    out = driver.do("/odds pool:9d8 modifier:2 chart:false")
    assert out.reply.text[0].startswith("Odds for 9d8: 10 D8 (1 die over 10 dropped)")


def test_a_value_typed_without_its_option_name_is_read_by_its_shape() -> None:
    driver = cybergod_table()
    assert driver.do("/char set character:Marko Reflex d8", "ana").reply.text == (
        "Marko: Reflex D8.",
    )
    said = driver.do("/char set character:Marko Hacking 3", "ana").reply.text
    assert said[0].startswith("Marko: Hacking 3")
    marko = game_of(driver).characters["Marko"]
    assert (marko.attributes["Reflex"], marko.skills["Hacking"]) == (8, 3)
    message = unchanged(driver, "/char set trait:Reflex character:Marko d8", "ana")
    assert message == "Did you mean die:d8? Options look like name:value."


def test_a_player_cannot_waive_the_stress_saves_they_owe() -> None:
    driver = cybergod_table()
    driver.do('/save kind:mental count:2 results:"6 1"', "ana")
    assert game_of(driver).characters["Marko"].stress_saves_due == (1,)
    message = unchanged(driver, "/char set character:Marko trait:stress value:0", "ana")
    assert message == (
        "Marko owes a Stress Save (roll 1 D10); setting Stress would waive it, which only a GM "
        "does. Roll it: /save kind:stress character:Marko."
    )
    driver.do('/save kind:stress character:Marko results:"10"', "ana")  # fails: a breakdown
    message = unchanged(driver, "/char set character:Marko trait:stress value:0", "ana")
    assert message.startswith("Marko owes a Mental Breakdown; setting Stress would waive it")
    # A GM waives them, as the board says.
    driver.do("/char set character:Marko trait:stress value:0")
    marko = game_of(driver).characters["Marko"]
    assert (marko.stress, marko.stress_saves_due, marko.breakdowns_due) == (0, (), 0)


def test_an_older_impossible_test_recorded_with_no_dice_still_imports() -> None:
    driver = cybergod_table()
    driver.do('/test character:Marko pool:"Hacking x Cyber" vs:hard impossible:true')
    doc = export(driver)
    for entry in doc["events"]:
        if entry["type"].startswith("cybergod.test_rolled"):
            entry["data"]["test"]["dice"] = 0  # as histories before issue 21 wrote it
    for roll in doc["rolls"]:
        roll["dice"] = 0
    fresh = TableDriver(app=driver.app, table_id="old")
    outcome = import_into(fresh, "old", doc)
    assert outcome.ok, outcome.error
    # Only that way round: an impossible test that says it rolled dice it has no faces for
    # is not a history.
    for entry in doc["events"]:
        if entry["type"].startswith("cybergod.test_rolled"):
            entry["data"]["test"]["dice"] = 3
    for roll in doc["rolls"]:
        roll["dice"] = 3
    assert not import_into(TableDriver(app=driver.app), "forged", doc).ok


def test_a_players_file_keeps_stress_while_saves_are_owed_even_in_an_import() -> None:
    driver = cybergod_table()
    driver.do('/save kind:mental character:Marko count:1 results:"6"')
    import_sheet(driver, "name: Marko\nstress: 0\n", "ana")
    marko = game_of(driver).characters["Marko"]
    assert (marko.stress, marko.stress_saves_due) == (1, (1,))
    doc = export(driver)
    imports = [e for e in doc["events"] if e["type"].startswith("cybergod.sheet_imported")]
    imports[-1]["data"]["character"]["stress"] = 0  # as a forged file would have made it
    doc["characters"]["Marko"]["stress"] = 0
    outcome = import_into(TableDriver(app=driver.app), "forged", doc)
    assert not outcome.ok
    assert "a player's import set stress" in (outcome.error or "")


def test_a_mistyped_weapon_is_never_taken_as_a_new_one() -> None:
    driver = cybergod_table()  # Marko carries a Pistol
    message = unchanged(driver, '/save kind:ammo weapon:Pistl results:"3"', "ana")
    assert message == (
        "Marko has no weapon called Pistl; did you mean weapon:Pistol? A weapon new to the "
        "sheet needs a name of its own."
    )
    out = driver.do('/save kind:ammo weapon:pist results:"3"', "ana")  # its start finds it
    assert "Pistol: 1 mark; the next Ammo Save rolls 2 D6." in out.reply.text
    out = driver.do('/save kind:ammo weapon:Shotgun results:"3"', "ana")
    assert "Shotgun goes on Marko's sheet (ammo D6)." in out.reply.text
