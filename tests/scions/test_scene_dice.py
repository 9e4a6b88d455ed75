"""A scene distinction's die in a pool (Scions): a helpful one is a scene asset any PC adds, a
hindering one a scene complication the GM adds to a GMC's pool or the opposition; each is
typed by its name and kept in the export as the scene's."""

from __future__ import annotations

from typing import Any

from tests.scions.test_play import _table
from tests.support import TableDriver


def _scene(driver: TableDriver) -> None:
    driver.do('/doom add dice:"d8 d8"')
    driver.do('/doom distinction name:"Howling Dead"')
    driver.do('/doom distinction name:"Bifrost Light" helpful:true')


def _dice(driver: TableDriver, roll: int) -> list[tuple[str, str, str]]:
    doc: dict[str, Any] = driver.do("/game export").reply.private_data
    found = next(r for r in doc["rolls"] if r["id"] == roll)
    return [(d["die"], d["source"], d["owner"]) for d in found["dice"]]


def test_scene_dice_are_the_scenes_in_every_pool() -> None:
    driver = _table()
    _scene(driver)
    driver.do('/roll pool:"Strength Bifrost Light" results:"6 3"', "ana")
    driver.do('/gmroll character:Draugr pool:"Brawn Howling Dead" results:"5 4"')
    driver.do('/roll pool:Strength vs:"hard Howling Dead" results:"6" vs_results:"1 2 3"', "ana")
    assert _dice(driver, 1) == [
        ("d8", "Strength (Attributes)", ""),
        ("d4", "Bifrost Light (scene asset)", "scene"),
    ]
    assert _dice(driver, 2) == [
        ("d10", "Brawn (Attributes)", ""),
        ("d8", "Howling Dead (scene complication)", "scene"),
    ]
    assert _dice(driver, 3) == [
        ("d10", "", ""),
        ("d10", "", ""),
        ("d8", "Howling Dead (scene complication)", "scene"),
    ]


def test_scene_dice_are_known_by_their_names() -> None:
    driver = _table()
    _scene(driver)
    assert driver.refused('/roll pool:"Strength Nope" results:"6 3"', "ana") == (
        "'Nope' is not a trait, asset, complication or die for Sigrun's pool. Known: Bifrost "
        "Light, Courage, Fighting, Gungnir's Splinter, Lore, Oathbound, Raven-Eyed Seeker, "
        "Runecraft, Strength, Wits."
    )
    assert driver.refused('/roll pool:Strength vs:Nope results:"6"', "ana") == (
        "'Nope' is not a trait, asset, complication or die for the opposition's pool. Known: "
        "Howling Dead, challenging, doom, easy, hard, very easy, very hard."
    )


def test_a_scene_asset_named_like_ones_own_trait_asks_which() -> None:
    driver = _table()
    driver.do('/doom add dice:"d8"')
    driver.do("/doom distinction name:Courage helpful:true")
    assert driver.refused('/roll pool:"Strength Courage" results:"6 3"', "ana") == (
        "'Courage' could be trait or asset; say which, like \"Courage asset\"."
    )
