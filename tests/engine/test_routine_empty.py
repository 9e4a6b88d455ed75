"""A routine command with nothing to do says so and succeeds (issue 21), in every game: showing
what is not running, ending what is not running, refreshing what nobody spent. Nothing is
written; the reply says what there is (or is not) and, where it helps, how to start it."""

from __future__ import annotations

import pytest

from tests.support import TableDriver

ROUTINE = [
    ("cortex", "/scene show", "No scene is running; the GM frames one with /scene start"),
    ("cortex", "/scene end", "No scene is running: nothing to end."),
    ("cortex", "/order show", "There is no action order; the GM starts one with /order start"),
    ("cortex", "/order end", "There is no action order: nothing to end."),
    ("cortex", "/timed show", "There is no timed test; the GM starts one with /timed start."),
    ("cortex", "/timed end", "There is no timed test: nothing to call off."),
    ("cortex", "/gang end", "No gang is in the scene: nothing to end."),
    ("cortex", "/contest end", "No contest is running: nothing to end."),
    ("scions", "/scene show", "No scene is running; the GM frames one with /scene start"),
    ("scions", "/order end", "There is no action order: nothing to end."),
    ("mettle", "/order show", "Initiative is not running; the GM starts it with /order start"),
    ("mettle", "/order end", "Initiative is not running: nothing to end."),
    ("mettle", "/scene end", "No Scene is running: nothing to end."),
    ("mettle", "/team show", "No teamwork is under way; a GM starts it with /team start."),
    ("mettle", "/team end", "No teamwork is under way: nothing to end."),
    ("cybergod", "/scene end", "No scene is running: nothing to end."),
    ("cybergod", "/resolve refresh scope:session", "Nobody has spent Resolve to refresh"),
    ("cybergod", "/resolve refresh scope:downtime", "Nobody has spent Resolve to refresh"),
    ("cybergod", "/resolve refresh scope:burned", "Nobody has burned Resolve to refresh"),
]


@pytest.mark.parametrize(("game", "line", "said"), ROUTINE)
def test_a_routine_command_with_nothing_to_do_says_so(game: str, line: str, said: str) -> None:
    driver = TableDriver()
    driver.do(f"/game new system:{game} name:Quiet")
    head = driver.app.store.head(driver.table_id)
    out = driver.do(line)
    assert out.reply.text[0].startswith(said)
    assert driver.app.store.head(driver.table_id) == head
    assert out.events == ()


def test_a_cortex_player_with_two_characters_acts_on_either_ones_turn_unnamed() -> None:
    # The sibling of METTLE's /act (issue 21): the one whose turn it is, when they play it.
    driver = TableDriver()
    driver.do("/game new system:cortex name:Two")
    driver.do("/game join", "ana")
    for name in ("Ada", "Bea"):
        driver.do(f"/char new name:{name}", "ana")
        driver.do(f"/char set character:{name} trait:Agility die:d8 set:Attributes", "ana")
    driver.do("/scene start type:action")
    driver.do('/order start lead:Bea characters:"Ada, Bea"')
    out = driver.do('/action pool:Agility vs:easy results:"5"', "ana")
    assert out.reply.text[1].startswith("Bea rolls #")
