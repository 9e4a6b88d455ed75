"""Prime Scenes rules checked through the app: the edges the transcripts do not walk through."""

from __future__ import annotations

from tests.cortex.helpers import cortex_table
from tests.support import TableDriver


def _lines(driver: TableDriver, line: str, actor: str = "gm") -> str:
    return "\n".join(driver.do(line, actor).reply.text)


def _with_brick(driver: TableDriver) -> TableDriver:
    driver.do("/game join", "ben")
    driver.do("/char new name:Brick", "ben")
    driver.do("/char set character:Brick trait:Strength die:d10 set:Attributes", "ben")
    driver.do("/char set character:Brick trait:Fighting die:d8 set:Skills", "ben")
    return driver


def test_buying_time_never_goes_above_the_starting_budget() -> None:
    driver = _with_brick(cortex_table())
    driver.do("/scene start type:action")
    driver.do('/timed start character:"Ada Lark" difficulties:"easy, easy, easy" beats:3')
    assert "No beats are lost yet" in driver.refused(
        '/timed buy pool:"Strength Fighting" results:"9 9" vs_results:"1 1"', "ben"
    )
    driver.do('/timed roll pool:"Agility Fighting" results:"2 3" vs_results:"1 2"', "ana")
    # Heroic (11 against 4 beats it by 5): two beats back, but only one was lost.
    said = _lines(
        driver, '/timed buy pool:"Strength Fighting" results:"9 8" vs_results:"2 2"', "ben"
    )
    assert "buys 1 beat back: 3 beats left" in said


def test_only_a_pc_races_the_clock() -> None:
    driver = cortex_table()
    driver.do("/scene start type:action")
    assert "name a PC" in driver.refused('/timed start character:Thug difficulties:"hard"')


def test_a_second_gang_is_refused_until_the_first_ends() -> None:
    driver = cortex_table()
    driver.do("/scene start type:action")
    driver.do('/gang start lead:Thug dice:"d6 d6"')
    assert "/gang end it first" in driver.refused('/gang start lead:Thug dice:"d8"')


def test_during_a_flashback_only_another_flashback_starts() -> None:
    driver = cortex_table()
    driver.do('/scene start type:action name:"The Pier"')
    driver.do('/scene start type:flashback name:"Years ago"')
    assert "The Pier waits" in driver.refused("/scene start type:bridge")
    driver.do('/scene start type:flashback name:"Even earlier"')


def test_taken_out_characters_are_back_for_the_next_scene() -> None:
    driver = cortex_table()
    driver.do("/scene start type:action")
    driver.do('/complication add character:"Ada Lark" name:Pinned die:d12')
    driver.do('/complication stepup character:"Ada Lark" name:Pinned')
    table = driver.app.table(driver.table_id)
    assert table.state is not None
    assert table.state.game.characters["Ada Lark"].status == "taken_out"  # type: ignore[attr-defined]
    said = _lines(driver, "/scene start type:bridge")
    assert "Ada Lark, taken out of this scene, is back for the next." in said
    table = driver.app.table(driver.table_id)
    assert table.state is not None
    assert table.state.game.characters["Ada Lark"].status == "active"  # type: ignore[attr-defined]


def test_one_action_a_turn_and_no_handoff_before_the_reaction() -> None:
    driver = cortex_table()
    driver.do("/scene start type:action")
    driver.do("/order start lead:Thug")
    driver.do('/action pool:"Brawny Fighting" target:"Ada Lark" results:"4 3"')
    assert "waits for Ada Lark's reaction" in driver.refused('/order handoff to:"Ada Lark"')
    driver.do('/react pool:"Agility Fighting" results:"1 1"', "ana")
    assert "has taken their action this turn" in driver.refused(
        '/action pool:"Brawny Fighting" vs:easy results:"4 3" vs_results:"1 1"'
    )
    driver.do('/order handoff to:"Ada Lark"')
    driver.do('/action pool:"Agility Fighting" vs:easy results:"4 3" vs_results:"1 1"', "ana")


def test_the_gm_opposition_can_have_the_advantage_of_scale() -> None:
    driver = cortex_table()
    data = driver.do('/gmroll pool:"hard" scale:d8 results:"3 4 5"').reply.data
    assert [d["die"] for d in data["dice"]] == ["d10", "d10", "d8"]
    # The scale die keeps one more die for the total: all three, 3 + 4 + 5.
    assert data["total"] == 12
