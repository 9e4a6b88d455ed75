"""``/help`` lists what the asker may use: a player is not shown the GM's commands, only told
how many there are; the GM sees everything."""

from __future__ import annotations

from scenekeeper.bootstrap import build_registry
from scenekeeper.engine.commands import Permission
from tests.support import TableDriver


def _listed(lines: tuple[str, ...]) -> set[str]:
    return {line.split(":", 1)[0].removeprefix("/") for line in lines if line.startswith("/")}


def test_a_player_is_listed_their_commands_and_told_how_many_are_the_gms() -> None:
    driver = TableDriver()
    driver.do('/game new system:cortex name:"Help"')
    driver.do("/game join", "ana")
    registry = build_registry()
    names = registry.names("cortex")
    gms = {
        n
        for n in names
        if (spec := registry.find(n, "cortex")) is not None
        and spec.permission in (Permission.GM, Permission.HEAD_GM)
    }
    assert "asset add" in gms
    player = driver.do("/help", "ana").reply.text
    assert _listed(player) == set(names) - gms
    assert f"And {len(gms)} commands for the GM and co-GMs only" in player[-1]
    assert _listed(driver.do("/help").reply.text) == set(names)
    # Any of them is still explained on request.
    assert (
        "Who may use it: the GM and co-GMs."
        in driver.do('/help command:"asset add"', "ana").reply.text
    )


def test_help_for_a_mistyped_command_offers_the_close_ones() -> None:
    driver = TableDriver()
    driver.do('/game new system:mettle name:"Help"')
    error = driver.refused("/help command:chek")
    # The closest first, as a mistyped /chek is answered.
    assert error.startswith("There is no /chek here. Did you mean /check")
    assert error == driver.refused("/chek").replace("Unknown command", "There is no").replace(
        "/chek.", "/chek here."
    )
    assert driver.refused("/help command:zzzz") == (
        "There is no /zzzz here. Type /help for the list."
    )
