"""What the rules fix and play owes: a Stress Save owed is paid with the dice R56 says (one of
the tier's die per point of Stress held), and a breakdown or Stress Save nobody owes is not
rolled by a player (the report of the Cybergod play-test, items 2 and 5)."""

from __future__ import annotations

from scenekeeper.engine.systems import get_system
from tests.cybergod.helpers import cybergod_table, game_of
from tests.support import TableDriver


def test_an_owed_stress_save_is_paid_in_full_with_the_tiers_die() -> None:
    driver = cybergod_table()
    driver.do('/save kind:mental count:3 results:"6 6 6"', "ana")  # 3 Stress: 3 D10 owed
    marko = game_of(driver).characters["Marko"]
    assert marko.stress_saves_due == (3,)
    fewer = driver.refused('/save kind:stress count:1 results:"3"', "ana")
    assert fewer == (
        "Marko owes a Stress Save of 3 D10, one die per point of Stress held; leave out count:."
    )
    bigger = driver.refused('/save kind:stress die:d12 results:"3 3 3"', "ana")
    assert bigger == "Marko's Stress die is D10, of their tier; leave out die:."
    assert game_of(driver).characters["Marko"] == marko  # still owed, nothing changed
    said = driver.do('/save kind:stress die:d10 results:"3 3 3"', "ana").reply.text
    assert "Stress Save for Marko, #2: 3 D10: 3, 3, 3; passes." in said
    assert game_of(driver).characters["Marko"].stress_saves_due == ()


def test_a_breakdown_is_rolled_once_for_each_owed() -> None:
    driver = cybergod_table()
    driver.do('/save kind:mental count:1 results:"6"', "ana")
    driver.do('/save kind:stress results:"10"', "ana")  # a Mental Breakdown owed
    driver.do('/save kind:breakdown results:"12"', "ana")
    again = driver.refused('/save kind:breakdown results:"1"', "ana")
    assert again == (
        "Marko owes no Mental Breakdown: one is owed when a Stress Save fails, and only a GM "
        "calls one otherwise."
    )
    unowed = driver.refused('/save kind:stress count:1 results:"1"', "ana")
    assert unowed.startswith("Marko owes no Stress Save")
    # The GM may call either; the Stress Save rolls the Stress held.
    driver.do('/save kind:breakdown character:Marko results:"4"')
    said = driver.do('/save kind:stress character:Marko results:"1"').reply.text
    assert "Stress Save for Marko, #5: 1 D10: 1; passes." in said


def _waiting(driver: TableDriver) -> list[str]:
    return get_system("cybergod").waiting_for(game_of(driver))


def test_the_dead_owe_nothing_and_owed_breakdowns_are_counted() -> None:
    driver = cybergod_table()
    driver.do('/char new name:"Sec Drone" gmc:true')
    said = driver.do('/save kind:mental count:2 character:"Sec Drone" results:"6 6"').reply.text
    assert said[2].endswith(
        '/save kind:stress character:"Sec Drone" (no Engrams on the sheet, so no Stress die: '
        "set them, or add die:<d6-d12>)."
    )
    assert len(_waiting(driver)) == 1
    driver.do('/wound add character:"Sec Drone" dc:9')  # Overkill: dead
    assert _waiting(driver) == []
    for faces in ("10", "10 1"):  # Stress 1, then 2: two Stress Saves fail
        driver.do('/save kind:mental count:1 results:"6"', "ana")
        driver.do(f'/save kind:stress results:"{faces}"', "ana")
    assert _waiting(driver) == [
        "Marko's 2 Mental Breakdowns: /save kind:breakdown character:Marko, one at a time (a GM "
        "waives it by setting Stress: /char set character:Marko trait:stress value:<n>)."
    ]
