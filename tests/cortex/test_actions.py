"""Action-based resolution: /action, /react and the winning reaction's effect die."""

from __future__ import annotations

from tests.cortex.helpers import cortex_table
from tests.support import TableDriver


def _thug_attacks_ada(driver: TableDriver) -> None:
    driver.do("/scene start type:action")
    driver.do('/action character:Thug pool:"Brawny Fighting" target:"Ada Lark" results:"4 3"')


def _pp(driver: TableDriver, name: str) -> int:
    table = driver.app.table(driver.table_id)
    assert table.state is not None
    return int(table.state.game.characters[name].pp)  # type: ignore[attr-defined]


def test_counter_is_refused_before_rolling_when_the_reactor_cannot_pay() -> None:
    driver = cortex_table()
    _thug_attacks_ada(driver)
    driver.do('/pp spend on:asset name:Cover character:"Ada Lark"', "ana")
    assert _pp(driver, "Ada Lark") == 0
    seq = driver.app.table(driver.table_id).seq
    error = driver.refused('/react pool:"Agility Fighting" counter:true results:"8 7"', "ana")
    assert "has none" in error
    assert "without counter:" in error
    assert driver.app.table(driver.table_id).seq == seq


def test_a_losing_reaction_ignores_counter_and_costs_nothing() -> None:
    driver = cortex_table()
    _thug_attacks_ada(driver)
    before = _pp(driver, "Ada Lark")
    out = driver.do('/react pool:"Agility Fighting" counter:true results:"1 2"', "ana")
    assert "no counter and nothing is paid" in "\n".join(out.reply.text)
    assert _pp(driver, "Ada Lark") == before


def test_counter_after_a_winning_reaction_pays_and_leaves_stakes() -> None:
    driver = cortex_table()
    _thug_attacks_ada(driver)
    before = _pp(driver, "Ada Lark")
    out = driver.do('/react pool:"Agility Fighting" results:"8 7"', "ana")
    assert "/counter" in "\n".join(out.reply.text)
    assert _pp(driver, "Ada Lark") == before
    assert "is Ada Lark's" in driver.refused("/counter character:Thug")
    out = driver.do("/counter", "ana")
    assert "pays 1 PP" in "\n".join(out.reply.text)
    assert _pp(driver, "Ada Lark") == before - 1
    assert "No winning reaction" in driver.refused("/counter", "ana")


def test_the_next_action_ends_the_chance_to_counter() -> None:
    driver = cortex_table()
    _thug_attacks_ada(driver)
    driver.do('/react pool:"Agility Fighting" results:"8 7"', "ana")
    driver.do(
        '/action character:Thug pool:"Brawny Fighting" vs:easy results:"4 3" vs_results:"1 1"'
    )
    assert "No winning reaction" in driver.refused("/counter", "ana")


def test_high_stakes_with_stress_takes_stress_instead_of_taking_out() -> None:
    driver = cortex_table()
    driver.do("/scene start type:action high_stakes:true")
    driver.do('/action character:Thug pool:"Brawny Fighting" target:"Ada Lark" results:"9 8"')
    out = driver.do('/react pool:"Agility Fighting" results:"1 2"', "ana")
    assert "takes d10 stress instead of being taken out" in "\n".join(out.reply.text)
    error = driver.refused('/contest settle character:"Ada Lark" complication:Bruised')
    assert "add stress:<type>" in error
    out = driver.do('/contest settle character:"Ada Lark" stress:Physical')
    table = driver.app.table(driver.table_id)
    assert table.state is not None
    ada = table.state.game.characters["Ada Lark"]  # type: ignore[attr-defined]
    assert ada.status == "active"
    assert str(ada.stress["Physical"]) == "d10"


def test_ending_the_action_order_ends_the_action_waiting_for_its_reaction() -> None:
    """Cortex p.98: the GM may end the order at any time; an action left waiting for its
    reaction blocked every action, hand-off and reaction of the next order."""
    driver = cortex_table()
    driver.do("/scene start type:action")
    driver.do('/order start lead:Thug characters:"Thug, Ada Lark"')
    driver.do('/action character:Thug pool:"Brawny Fighting" target:"Ada Lark" results:"4 3"')
    said = "\n".join(driver.do("/order end").reply.text)
    assert "Thug's action against Ada Lark with it" in said
    driver.do('/order start lead:"Ada Lark" characters:"Thug, Ada Lark"')
    out = driver.do('/action pool:"Agility Fighting" target:Thug results:"5 6"', "ana")
    assert "Thug reacts" in "\n".join(out.reply.text)
    driver.do('/react character:Thug pool:"Brawny Fighting" results:"1 2"')
    driver.do("/order handoff to:Thug", "ana")


def test_a_player_reacting_to_an_action_against_someone_else_is_told_who_reacts() -> None:
    driver = cortex_table()
    driver.do("/scene start type:action")
    driver.do('/action pool:"Agility Fighting" target:Thug results:"5 6"', "ana")
    error = driver.refused('/react pool:"Agility"', "ana")
    assert error == "The action is against Thug: the GM reacts for them, not you."
    driver.do("/game join", "ben")
    driver.do("/cancel what:action")
    driver.do('/action character:Thug pool:"Brawny Fighting" target:"Ada Lark" results:"4 3"')
    error = driver.refused('/react pool:"Agility"', "ben")
    assert error == "The action is against Ada Lark: their player reacts, not you."
