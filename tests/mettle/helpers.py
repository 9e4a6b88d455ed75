"""A METTLE table with two players' characters and two GM characters, for the METTLE tests."""

from __future__ import annotations

from typing import Any

from scenekeeper.engine.commands import Attachment
from scenekeeper.systems.mettle.sheet import Character
from scenekeeper.systems.mettle.state import MettleState
from tests.support import TableDriver, person


def mettle_table() -> TableDriver:
    """Viktor (dana; Concept 5, Frame 3, Motive 4, Nature 3, Poise 2, a Sword), Kirin (troy;
    4, 2, 3, 3, 5), the Thug (pool 3, Frame 5, a Club) and the Boss (pool 5); a Scene."""
    driver = TableDriver()
    driver.do("/game new system:mettle name:Test")
    driver.do("/game join", "dana")
    driver.do("/game join", "troy")
    driver.do("/char new name:Viktor concept:5 frame:3 motive:4 nature:3 poise:2", "dana")
    driver.do("/char gear character:Viktor item:Sword", "dana")
    driver.do("/char new name:Kirin concept:4 frame:2 motive:3 nature:3 poise:5", "troy")
    driver.do("/char new name:Thug gmc:true npc_pool:3 frame:5")
    driver.do("/char gear character:Thug item:Club")
    driver.do("/char new name:Boss gmc:true npc_pool:5")
    driver.do("/scene start name:Fight")
    return driver


def game(driver: TableDriver) -> MettleState:
    state = driver.app.table(driver.table_id).state
    assert state is not None
    assert isinstance(state.game, MettleState)
    return state.game


def sheet(driver: TableDriver, name: str) -> Character:
    found = game(driver).find(name)
    assert found is not None
    return found


def import_file(driver: TableDriver, name: str, text: str, actor: str = "gm") -> Any:
    return driver.app.handle(
        driver.table_id,
        person(actor),
        f"/char import file:{name}",
        read_file=lambda _p: Attachment(name, text.encode()),
    )
