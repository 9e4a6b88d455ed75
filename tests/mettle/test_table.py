"""A METTLE table as a whole: the export (docs/export-format.md), import and undo, the board,
what it is waiting for, and the command scheme (another game's command points to METTLE's)."""

from __future__ import annotations

import json
from typing import Any

from scenekeeper.bootstrap import build_registry
from scenekeeper.engine.systems import get_system
from tests.engine.test_transfer import import_into
from tests.mettle.helpers import game, mettle_table
from tests.support import TableDriver, as_before


def played() -> TableDriver:
    driver = mettle_table()
    driver.do('/order start lead:Kirin characters:"Kirin, Viktor, Thug"')
    driver.do('/act action:attack target:Thug results:"1 4 5"', "troy")
    driver.do('/act character:Thug action:attack target:Viktor results:"3 3 3 4"')
    return driver


def exported(driver: TableDriver) -> dict[str, Any]:
    outcome = driver.do("/game export")
    (file,) = outcome.reply.files
    data: dict[str, Any] = json.loads(file.content)
    return data


def test_the_export_has_the_documented_keys() -> None:
    doc = exported(played())
    viktor = doc["characters"]["Viktor"]
    assert viktor["kind"] == "pc"
    assert viktor["attributes"] == {
        "concept": 5,
        "frame": 3,
        "motive": 4,
        "nature": 3,
        "poise": 2,
    }
    assert viktor["mettle"] == {"current": 9, "max": 9}
    assert viktor["soak"] == 3
    assert viktor["gear"][0]["name"] == "Sword"
    thug = doc["characters"]["Thug"]
    assert (thug["pool"], thug["attributes"]["frame"], thug["attributes"]["nature"]) == (3, 5, 3)
    assert doc["scene"] == {"name": "Fight", "number": 1}
    init = doc["initiative"]
    assert (init["round"], init["current"], init["acted"]) == (1, "Viktor", ["Kirin", "Thug"])
    assert init["has_action"] == ["Viktor"]
    assert doc["held_hit"]["attacker"] == "Thug"
    assert doc["held_hit"]["damage"] == 7
    assert doc["last_check"]["faces"] == [3, 3, 3, 4]
    assert (doc["last_check"]["score"], doc["last_check"]["success"]) == (9, True)
    assert doc["last_check"]["quality"] == "Good"
    check_event = next(e for e in doc["events"] if e["type"] == "mettle.check_rolled@1")
    assert check_event["data"]["check"]["faces"] == [1, 4, 5]  # every face is in the file


def test_import_rebuilds_the_table_and_undo_works_on_it() -> None:
    driver = played()
    doc = exported(driver)
    outcome = import_into(driver, "t2", doc)
    assert outcome.ok, outcome.error
    assert driver.app.table("t2") == driver.app.table("t1")
    copy = TableDriver(app=driver.app, table_id="t2")
    copy.do("/undo")
    assert game(copy).held_hit is None
    init = game(copy).initiative
    assert init is not None
    assert init.order.current == "Thug"


def test_every_command_of_a_played_table_undoes_to_the_state_before_it() -> None:
    driver = mettle_table()
    lines = [
        ('/order start lead:Kirin characters:"Kirin, Viktor, Thug"', "gm"),
        ('/order split parts:"attack, move"', "troy"),
        ("/order move", "troy"),
        ('/act action:attack target:Thug results:"3 3 5"', "troy"),
        ('/act character:Thug action:attack target:Kirin results:"3 3 3 4"', "gm"),
        ('/act action:defend results:"1 1 1 5"', "dana"),
        ('/twist results:"4"', "dana"),
    ]
    for line, who in lines:
        before = driver.app.table(driver.table_id).state
        driver.do(line, who)
        driver.do("/undo")
        now = driver.app.table(driver.table_id).state
        assert now == as_before(before, now), line
        driver.do("/redo")


def test_the_board_shows_the_table_in_mettles_words() -> None:
    driver = played()
    state = driver.app.table(driver.table_id).state
    assert state is not None
    mettle = get_system("mettle")
    sections = {s.title: s.lines for s in mettle.board(state)}
    # What the table waits for is the shell's part of every board (``waiting_for``), not a section.
    assert list(sections) == ["Scene", "Initiative", "Characters", "GM characters"]
    assert sections["Scene"] == ("Scene 1: Fight.",)
    assert sections["Initiative"][:2] == ("Initiative, Round 1, led by Kirin.", "Viktor acts now.")
    assert "Viktor (dana): Mettle 9/9, Soak 3." in sections["Characters"]
    assert "Thug: Mettle 3/3, Soak 5." in sections["GM characters"]
    assert mettle.waiting_for(state.game)[0].startswith("a Defend against Thug's hit on Viktor")


def test_waiting_for_names_each_pending_choice() -> None:
    driver = mettle_table()
    system = get_system("mettle")
    assert system.waiting_for(game(driver)) == []
    driver.do('/team start characters:"Viktor, Kirin" attribute:poise vs:3')
    assert system.waiting_for(game(driver)) == [
        "teamwork Checks by Viktor, Kirin: /check (no pool:); a GM can /team end."
    ]
    driver.do("/team end")
    driver.do('/order start lead:Kirin characters:"Kirin, Viktor, Thug, Boss"')
    driver.do("/act action:use", "troy")
    assert system.waiting_for(game(driver)) == [
        "Kirin to pass Initiative: /order handoff to:<Viktor|Thug|Boss>."
    ]
    driver.do("/order handoff to:gm", "troy")
    assert system.waiting_for(game(driver)) == [
        "the Guide to pick who goes next: /order handoff to:<Thug|Boss>."
    ]
    driver.do("/order handoff to:Thug")
    driver.do("/mettle set character:Viktor value:1")
    driver.do('/act character:Thug action:attack target:Viktor results:"3 3 3 4"')
    driver.do("/mettle take", "dana")
    assert system.waiting_for(game(driver))[0] == (
        "Viktor's player: take Staggered instead of Fallen (/mettle stagger)?"
    )


def test_another_games_commands_point_to_mettles_way() -> None:
    registry = build_registry()
    mettle_names = set(registry.names("mettle"))
    others = {
        name
        for system in ("cortex", "scions")
        for name in registry.names(system)
        if name not in mettle_names
    }
    instead = get_system("mettle").instead
    assert others - set(instead) == set()
    driver = mettle_table()
    assert driver.refused("/action pool:Agility") == (
        "/action is for a table playing cortex or scions; at this mettle table use "
        "/act action:<one of the twelve Actions>."
    )
    assert "use /twist" in driver.refused("/hitch character:Viktor")


def test_help_lists_mettles_commands_in_its_words() -> None:
    driver = mettle_table()
    listed = {line.split(":")[0] for line in driver.do("/help").reply.text[1:]}
    assert {"/act", "/check", "/twist", "/mettle damage", "/order split", "/voucher give"} <= listed
    assert not listed & {"/action", "/react", "/pp spend", "/doom add", "/order interrupt"}


def test_suggestions_come_from_the_table_in_mettles_words() -> None:
    driver = mettle_table()
    state = driver.app.table(driver.table_id).state
    assert state is not None
    system = get_system("mettle")

    def offered(command: str, option: str, **given: object) -> list[str] | None:
        return system.suggest(state, command, option, given, "dana")

    assert offered("act", "weapon") == ["Sword", "Unarmed"]
    assert offered("act", "weapon", character="Boss") == ["Unarmed"]
    assert offered("check", "pool") == ["concept", "motive", "nature", "poise"]
    vs = offered("check", "vs")
    assert vs is not None
    assert vs[:5] == ["routine", "challenging", "daunting", "formidable", "nigh-impossible"]
    assert "Thug poise" in vs
    assert "Viktor poise" not in vs
    assert offered("char gear", "item", remove=True) == ["Sword"]
    items = offered("char gear", "item")
    assert items is not None
    assert "Plate" in items
    assert offered("act", "label") is None
    assert get_system("cortex").suggest(state, "roll", "pool", {}, "dana") is None
