"""Small things the play-test found: the game's own words for gear, and /order show listing
each character once (D7-D9 of the report)."""

from __future__ import annotations

from tests.mettle.helpers import mettle_table, sheet


def test_the_armor_tables_own_row_names_are_taken() -> None:
    driver = mettle_table()
    driver.do('/char gear item:"Kevlar vest (BP)"', "troy")
    driver.do('/char gear character:Viktor item:"Light (Leather)"', "dana")
    assert [g.name for g in sheet(driver, "Kirin").gear] == ["Kevlar vest"]
    assert "bp" in sheet(driver, "Kirin").gear[0].specials
    assert sheet(driver, "Viktor").soak == 3 + 1


def test_order_show_lists_one_felled_on_their_turn_as_without_an_action_not_acted() -> None:
    driver = mettle_table()
    driver.do('/order start lead:Kirin characters:"Kirin, Viktor, Thug"')
    driver.do("/mettle damage character:Kirin damage:20")
    shown = driver.do("/order show").reply.text
    assert shown[1] == (
        "Kirin has lost their Action (Fallen) and passes Initiative (/order handoff to:<name>)."
    )
    assert "Acted: nobody." in shown
    assert "No Action this Round: Kirin (Fallen)." in shown
