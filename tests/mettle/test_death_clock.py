"""The death clock and Dead (engine.md, Taking Damage; scenes.md, Aid; checklist R65, R83,
D17, D18): an Aid answers only the felling it was made for, and the Dead are out of play."""

from __future__ import annotations

from tests.mettle.helpers import mettle_table, sheet

AID = '"1 1 1 1 1"'  # Viktor's Aid: Score 5 beats Kirin's Difficulty


def test_a_new_felling_blow_ends_an_earlier_aids_stable_and_restarts_the_clock() -> None:
    driver = mettle_table()
    driver.do("/mettle damage character:Kirin damage:9 soak_with:none")
    driver.do("/mettle stagger", "troy")
    driver.do(f"/act action:aid target:Kirin results:{AID}", "dana")
    assert sheet(driver, "Kirin").stable
    driver.do("/mettle damage character:Kirin damage:5 soak_with:none")
    kirin = sheet(driver, "Kirin")
    assert (kirin.has("fallen"), kirin.stable) == (True, False)
    assert "stable" not in driver.do("/char show character:Kirin").reply.text[3]
    ended = driver.do("/scene end").reply.text
    assert any("Kirin is dying" in line for line in ended)
    assert not any("gets up" in line for line in ended)
    driver.do("/scene start name:Two")
    driver.do("/scene end")
    assert sheet(driver, "Kirin").has("dead")


def test_a_hit_on_the_aided_fallen_makes_them_dying_again() -> None:
    driver = mettle_table()
    driver.do("/mettle damage character:Kirin damage:10 soak_with:none")
    driver.do(f"/act action:aid target:Kirin results:{AID}", "dana")
    assert sheet(driver, "Kirin").stable
    driver.do("/scene start name:Two")  # Kirin, Aided, gets up Staggered at -2
    driver.do("/mettle damage character:Kirin damage:1 soak_with:none")
    driver.do(f"/act action:aid target:Kirin results:{AID}", "dana")
    driver.do("/mettle damage character:Kirin damage:1 soak_with:none")
    kirin = sheet(driver, "Kirin")
    assert (kirin.has("fallen"), kirin.stable, kirin.statuses["fallen"]) == (True, False, 2)
    driver.do("/scene start name:Three")
    driver.do("/scene end")
    assert sheet(driver, "Kirin").has("dead")


def test_stable_ends_when_staggered_ends_with_mettle_above_zero() -> None:
    driver = mettle_table()
    driver.do("/mettle damage character:Kirin damage:9 soak_with:none")
    driver.do("/mettle stagger", "troy")
    driver.do(f"/act action:aid target:Kirin results:{AID}", "dana")
    driver.do("/mettle set character:Kirin value:3")
    kirin = sheet(driver, "Kirin")
    assert (kirin.has("staggered"), kirin.stable) == (False, False)


def test_a_declared_death_ends_fallen_and_stable_and_the_scene_end_skips_the_dead() -> None:
    driver = mettle_table()
    driver.do("/mettle damage character:Kirin damage:10 soak_with:none")
    driver.do(f"/act action:aid target:Kirin results:{AID}", "dana")
    driver.do("/status add character:Kirin status:dead", "troy")
    kirin = sheet(driver, "Kirin")
    assert (kirin.statuses, kirin.stable) == ({"dead": 0}, False)
    ended = driver.do("/scene end").reply.text
    assert not any("Kirin" in line for line in ended)
    assert sheet(driver, "Kirin").statuses == {"dead": 0}
    history = driver.do("/history count:2", "troy").reply.text
    assert "Kirin is dead (declared by their player)" in history[0]


def test_the_dead_are_out_of_play_in_order_show() -> None:
    driver = mettle_table()
    driver.do('/order start lead:Viktor characters:"Viktor, Kirin, Thug"')
    driver.do("/mettle damage character:Kirin damage:10 soak_with:none")
    driver.do('/act action:aid target:Kirin results:"1 4 4 4 4"', "dana")  # fails: Kirin dies
    shown = driver.do("/order show").reply.text
    assert "Dead (out of play): Kirin." in shown
    assert not any("Kirin (" in line for line in shown)
    history = driver.do("/history count:1").reply.text[-1]
    assert "no longer staggered" not in history
