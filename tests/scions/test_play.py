"""Scions spends that reach every roll: a boost from a GM's 1, extra traits on reactions."""

from __future__ import annotations

from pathlib import Path

from scenekeeper.engine.commands import Attachment
from tests.support import TableDriver, person

SHEETS = Path(__file__).parents[1] / "transcripts" / "scions" / "sheets"


def _table() -> TableDriver:
    driver = TableDriver()
    driver.do('/game new system:scions name:"Barrow"')
    driver.do("/game join", "ana")
    for who, sheet in (("ana", "sigrun.yaml"), ("gm", "draugr.yaml")):
        outcome = driver.app.handle(
            driver.table_id,
            person(who),
            f"/char import file:{sheet}",
            read_file=lambda _p, s=sheet: Attachment(s, (SHEETS / s).read_bytes()),
        )
        assert outcome.ok, outcome.error
    driver.do("/scene start type:action")
    return driver


def test_a_boost_from_a_gm_one_steps_up_a_die_of_an_action() -> None:
    driver = _table()
    driver.do('/gmroll pool:"hard" results:"1 5"')
    driver.do("/opportunity roll:1", "ana")
    said = "\n".join(driver.do('/roll pool:"Strength Fighting" results:"3 4"', "ana").reply.text)
    assert "holds a boost" in said
    data = driver.do(
        '/action pool:"Strength Fighting" boost:Fighting vs:easy results:"3 9" vs_results:"1 1"',
        "ana",
    ).reply.data
    assert [d["die"] for d in data["dice"]] == ["d8", "d10"]


def test_a_boost_may_step_up_a_gangs_supporting_die_named_by_whose_it_is() -> None:
    # Cortex p.100: a PC may lead a gang too; each supporter adds a die named after them.
    driver = _table()
    driver.do("/char new name:Hird gmc:true")
    driver.do("/char set character:Hird trait:Brawn die:d6 set:Attributes")
    driver.do("/gang start lead:Sigrun support:Hird")
    driver.do('/gmroll pool:"hard" results:"1 5"')
    driver.do("/opportunity roll:1", "ana")
    said = driver.do('/roll pool:"Strength gang" boost:Hird results:"3 4"', "ana").reply.text
    assert said[0] == (
        "Sigrun rolls #2 (typed faces): Strength (Attributes) d8 3, Hird (gang) (boosted) d8 4."
    )


def test_a_reaction_may_pay_for_a_second_trait_of_a_category() -> None:
    driver = _table()
    driver.do('/action character:Draugr pool:"Brawn Grappling" target:Sigrun results:"3 3"')
    error = driver.refused('/react pool:"Strength Wits" results:"5 6"', "ana")
    assert "pay:2" in error
    data = driver.do('/react pool:"Strength Wits" pay:2 results:"5 6"', "ana").reply.data
    assert data["total"] == 11


BAD = [
    ('/doom scene dice:"d7 d6"', "gm", "not a step die"),
    ("/doom scene dice:d8", "ana", "Only the GM"),
    ("/legend shift to:Mental", "ana", "has not just taken stress"),
    ("/doom return die:d6 character:Sigrun", "gm", "No doom d6 went into an NPC's pool"),
    ("/doom boost roll:99 on:total die:d6", "gm", "not a GM roll in play"),
    ('/doom distinction name:"Ash Storm" die:d6', "gm", "d8 or larger"),
    ("/order interrupt character:Draugr die:d12", "gm", "no action order"),
    ("/doom spend die:d6 on:total", "gm", "/doom boost roll:<number> on:total"),
]


def test_wrong_scions_input_is_refused_and_changes_nothing() -> None:
    for line, actor, expected in BAD:
        driver = _table()
        before = (driver.app.store.head(driver.table_id), driver.app.table(driver.table_id).state)
        error = driver.refused(line, actor)
        assert expected in error, (line, error)
        after = (driver.app.store.head(driver.table_id), driver.app.table(driver.table_id).state)
        assert after == before, line


def test_a_bridge_scene_framed_at_once_rests_the_table_the_old_scene_left() -> None:
    """A stressed-out character loses all stress when the scene ends; a bridge scene started
    straight away (ending that scene itself) has none of it left to step down."""
    driver = _table()
    driver.do("/stress add character:Sigrun type:Mental die:d12")
    driver.do("/stress stepup character:Sigrun type:Mental")  # past d12: stressed out
    said = "\n".join(driver.do('/scene start type:bridge name:"Mead hall"').reply.text)
    assert "loses all stress" in said
    assert "Mental stress steps down" not in said
    assert "Nobody has stress to recover." in said
    sheet = "\n".join(driver.do("/char show character:Sigrun").reply.text)
    assert "Stress:" not in sheet
    assert "Trauma: Mental d6" in sheet
