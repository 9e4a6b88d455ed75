"""A Cybergod table with a player's character and a GM character, for the Cybergod tests."""

from __future__ import annotations

from scenekeeper.app import Outcome
from scenekeeper.engine.commands import Attachment
from scenekeeper.systems.cybergod.state import CybergodState
from tests.support import TableDriver, person

MARKO = """\
name: Marko
engrams: 3
attributes: {Body: d8, Reflex: d10, Mind: d6, Cyber: d10}
aptitudes: {Technical: 2, Survival: 1}
skills: {Hacking: 2, Stealth: 1}
weapons: {Pistol: d6}
"""


def import_sheet(
    driver: TableDriver, text: str, actor: str = "ana", name: str = "sheet.yaml"
) -> Outcome:
    """``/char import`` of ``text`` as the file ``name``, by ``actor``; it must succeed."""
    outcome = driver.app.handle(
        driver.table_id,
        person(actor),
        f"/char import file:{name}",
        read_file=lambda _p: Attachment(name, text.encode()),
    )
    assert outcome.ok, outcome.error
    return outcome


def cybergod_table() -> TableDriver:
    driver = TableDriver()
    driver.do('/game new system:cybergod name:"Test table"')
    driver.do("/game join", "ana")
    driver.do("/game join", "ben")
    import_sheet(driver, MARKO)
    driver.do("/char new name:Guard gmc:true")
    driver.do("/char set character:Guard trait:Survival value:2")
    return driver


def game_of(driver: TableDriver) -> CybergodState:
    game = driver.app.table(driver.table_id).state
    assert game is not None
    assert isinstance(game.game, CybergodState)
    return game.game
