"""METTLE sheets from YAML and JSON (docs/mettle-sheets.md)."""

from __future__ import annotations

import pytest

from scenekeeper.engine.errors import Refusal
from scenekeeper.systems.mettle.sheet_schema import read_file
from scenekeeper.systems.mettle.state import MettleState
from tests.mettle.helpers import import_file, mettle_table, sheet

VIKTOR = """\
name: Viktor Alkaev
concept: 5 Itinerant Gambler
frame: {rating: 3, descriptor: Svelte but wiry}
Motive: 4
nature: 3
poise: 2
backstories: [Raised by Russian Immigrants (Russian)]
gear:
  - Sword
  - Sword cane: {hit: 2, dm: Frame+2, special: "Stun, Defend +1"}
  - {name: Riot gear}
credit: 2
"""


def test_a_sheet_reads_attributes_descriptors_backstories_and_gear() -> None:
    (data,) = read_file(VIKTOR.encode(), "viktor.yaml", MettleState())
    viktor = data.fresh()
    assert viktor.attributes == {"concept": 5, "frame": 3, "motive": 4, "nature": 3, "poise": 2}
    assert viktor.descriptors == {"concept": "Itinerant Gambler", "frame": "Svelte but wiry"}
    assert (viktor.max_mettle, viktor.mettle, viktor.credit) == (9, 9, 2)
    sword, cane, armor = viktor.gear
    assert (sword.hit, sword.dm, sword.frame_dm, sword.load) == (2, 2, True, 1)
    assert (cane.defend, cane.specials) == (1, ("stun",))
    assert (armor.soak, armor.load) == (3, 2)
    assert viktor.soak == 6


def test_json_npc_pools_and_several_sheets() -> None:
    text = '[{"name": "Thug", "kind": "gmc", "pool": 3, "frame": 5}, {"name": "Ada", "poise": 4}]'
    thug, ada = (d.fresh() for d in read_file(text.encode(), "crew.json", MettleState()))
    assert (thug.rating("nature"), thug.rating("frame"), thug.max_mettle) == (3, 5, 3)
    assert (ada.rating("poise"), ada.rating("concept")) == (4, None)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("name: A\nstrength: 3\n", "'strength' is not a sheet key"),
        ("name: A\nconcept: lots\n", "write a whole number"),
        ("name: A\nconcept: 0\n", "concept: a whole number from 1 to 30, not 0"),
        ("name: A\npool: 3\n", "add kind: gmc"),
        ("name: A\nconcept: 1\nbackstories: [x, y]\n", "allows 1 at most"),
        ("name: A\ngear: [{hit: 1}, {dm: 2}]\n", "write each item as a name"),
        ("name: A\ngear: {Whip: {dm: lots}}\n", "Whip: dm: 'lots' is not damage"),
        ("name: A\nstatuses: [shaken]\n", "'shaken' is not a status"),
        ("- name: A\n- name: a\n", "in the file twice"),
        ("concept: 3\n", "needs name:"),
        ("name: [A\n", "not valid YAML"),
    ],
)
def test_mistakes_say_where_and_import_nothing(text: str, expected: str) -> None:
    with pytest.raises(Refusal) as caught:
        read_file(text.encode(), "bad.yaml", MettleState())
    assert expected in str(caught.value)


def test_importing_again_updates_only_what_the_file_gives() -> None:
    driver = mettle_table()
    driver.do("/mettle set character:Viktor value:4")
    outcome = import_file(driver, "v.yaml", "name: Viktor\nnature: 5\n", actor="dana")
    assert outcome.ok, outcome.error
    viktor = sheet(driver, "Viktor")
    assert (viktor.rated("nature"), viktor.rated("concept"), viktor.mettle) == (5, 5, 4)
    assert viktor.gear[0].name == "Sword"
    refused = import_file(driver, "k.yaml", "name: Kirin\nnature: 5\n", actor="dana")
    assert not refused.ok
    assert "someone else's character" in str(refused.error)
