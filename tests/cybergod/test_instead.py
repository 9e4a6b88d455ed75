"""Every other game's command, typed at a Cybergod table, says what does its work here."""

from __future__ import annotations

from scenekeeper.bootstrap import build_registry
from scenekeeper.engine.systems import get_system
from tests.support import TableDriver


def test_every_other_games_command_points_to_cybergods_way() -> None:
    registry = build_registry()
    here = set(registry.names("cybergod"))
    others = {
        name
        for system in ("cortex", "scions", "mettle")
        for name in registry.names(system)
        if name not in here
    }
    assert others - set(get_system("cybergod").instead) == set()


def test_the_pointer_is_in_the_refusal() -> None:
    driver = TableDriver()
    driver.do("/game new system:cybergod name:Night")
    said = driver.refused("/doom add dice:d6")
    assert said.startswith("/doom add is for a table playing cortex or scions; at this cybergod")
    assert "there is no doom or crisis pool" in said
