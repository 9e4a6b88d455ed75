"""The end-of-scene hook: scene assets go, signature and session ones stay; stressed-out
characters come back."""

from __future__ import annotations

from scenekeeper.engine.aggregate import replay
from scenekeeper.engine.events import Envelope
from scenekeeper.systems.cortex.procedures.scene_hooks import scene_end_events
from tests.cortex.helpers import cortex_table


def test_scene_end_removes_scene_assets_and_brings_back_the_stressed_out() -> None:
    driver = cortex_table()
    driver.do('/asset add character:"Ada Lark" name:Smoke die:d6 duration:scene')
    driver.do('/asset add character:"Ada Lark" name:Map die:d6 duration:session')
    driver.do("/stress add character:Thug type:Physical die:d12")
    driver.do("/stress stepup character:Thug type:Physical")
    table = driver.app.table("t1")
    assert table.state is not None
    events, lines = scene_end_events(table.state)
    after = replay(
        [Envelope(table.seq + i + 1, e, "gm", "t", table.seq + 1) for i, e in enumerate(events)],
        table,
    ).state
    assert after is not None
    ada = after.game.characters["Ada Lark"]  # type: ignore[attr-defined]
    assert set(ada.assets) == {"Grandfather's Sword", "Map"}
    assert after.game.characters["Thug"].status == "active"  # type: ignore[attr-defined]
    assert "Ada Lark's Smoke ends with the scene." in lines


def test_a_bridge_scene_eases_stress_and_complications_but_not_trauma() -> None:
    """Cortex p.95: a bridge scene eliminates complications at reduced difficulty (d6 d6);
    stress recovers by the complication rules (p.40); trauma stays d8 d8 plus the die (p.41)."""
    driver = cortex_table()
    driver.do("/trauma add character:Thug type:Physical die:d8")
    driver.do("/stress add character:Thug type:Mental die:d10")
    driver.do('/complication add character:Thug name:"Limp" die:d8')
    driver.do("/scene start type:bridge")
    against = {}
    for what in ("trauma:Physical", "stress:Mental", 'complication:"Limp"'):
        said = driver.do(f'/recover character:Thug {what} pool:"Fighting Brawny"').reply.text
        against[what] = next(line for line in said if line.startswith("Against "))
    assert against["trauma:Physical"].startswith("Against d8 d8 d8")
    assert against["stress:Mental"].startswith("Against d6 d6 d8")  # stepped down by the rest
    assert against['complication:"Limp"'].startswith("Against d6 d6 d8")
