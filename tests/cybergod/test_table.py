"""The table as a whole: the board and what it waits for (GameSystem hooks, tested directly),
undo, export and import, the odds command's data and chart, and Cybergod's place in the
command scheme for five games."""

from __future__ import annotations

import json
from fractions import Fraction

from scenekeeper.bootstrap import build_registry
from scenekeeper.engine.commands import Attachment
from scenekeeper.engine.systems import get_system
from scenekeeper.odds import cybergod_opposed, cybergod_pool
from scenekeeper.systems.cybergod import INSTEAD
from tests.cybergod.helpers import cybergod_table, game_of
from tests.support import TableDriver, person


def _board(driver: TableDriver) -> dict[str, tuple[str, ...]]:
    state = driver.app.table(driver.table_id).state
    assert state is not None
    return {s.title: s.lines for s in get_system("cybergod").board(state)}


def _waiting(driver: TableDriver) -> list[str]:
    return get_system("cybergod").waiting_for(game_of(driver))


def test_the_board_shows_characters_scene_and_rolls_in_cybergods_words() -> None:
    driver = cybergod_table()
    board = _board(driver)
    assert board["Scene"] == ("No scene is running.",)
    assert board["Characters"] == (
        "Marko (ana): Resolve 3/3, Stress 0, Pistol D6 0 ammo marks.",
        "Guard (GM): Resolve 0/0, Stress 0.",
    )
    assert "Rolls in play" not in board
    driver.do('/scene start type:turn-based name:"Docks"')
    driver.do('/test pool:"Hacking x Cyber" vs:moderate results:"10 6 3 2"', "ana")
    driver.do('/save kind:ammo results:"4"', "ana")
    driver.do('/save kind:mental count:2 results:"6 1"', "ana")
    driver.do("/wound add character:Marko dc:2")
    driver.do('/effect name:"Quiet" lasts:moderate', "ana")
    board = _board(driver)
    assert board["Scene"] == (
        "Scene: Docks, turn-based, round 1.",
        "Lasting (moderate): Quiet, by Marko (#1).",
        "Rolls in play: #1, #2, #3.",
    )
    assert board["Characters"][0] == (
        "Marko (ana): Resolve 3/3, Stress 1, wounds Minor 1, -1D, Pistol D6 1 ammo mark."
    )
    assert board["Rolls in play"] == (
        "#1 Marko: Hacking x Cyber, 3 successes, success, 1 of 2 EP left (Marko) (typed faces).",
        "#2 Marko: ammo save, passed (typed faces).",
        "#3 Marko: mental save, failed (typed faces).",
    )


def test_waiting_for_names_what_moves_the_table_on() -> None:
    driver = cybergod_table()
    assert _waiting(driver) == []
    driver.do('/test pool:3d8 character:Guard results:"5 6 1"')
    assert _waiting(driver) == [
        'Guard\'s #1 (2 successes, no difficulty) may be opposed: /test vs:"#1" (or roll on).'
    ]
    driver.do('/test pool:"Stealth x Reflex" vs:"#1" results:"1 1"', "ana")
    assert _waiting(driver) == []  # answered
    driver.do('/save kind:ammo results:"6"', "ana")
    driver.do('/save kind:mental count:1 results:"6"', "ana")
    waive = "a GM waives it by setting Stress: /char set character:Marko trait:stress value:<n>"
    assert _waiting(driver) == [
        f"Marko's Stress Save (roll 1 D10): /save kind:stress character:Marko ({waive}).",
        "Marko's Pistol is out of ammo: /reload weapon:Pistol character:Marko.",
    ]
    driver.do('/save kind:stress results:"10"', "ana")
    assert _waiting(driver)[0] == (
        f"Marko's Mental Breakdown: /save kind:breakdown character:Marko ({waive})."
    )
    driver.do("/char set character:Marko trait:stress value:1")  # the GM waives it
    assert _waiting(driver) == [
        "Marko's Pistol is out of ammo: /reload weapon:Pistol character:Marko."
    ]
    driver.do("/undo")
    driver.do('/save kind:breakdown results:"3"', "ana")
    driver.do("/reload", "ana")
    driver.do("/wound add character:Marko dc:4")
    assert _waiting(driver) == []  # dying, but no round has started
    driver.do("/scene start type:turn-based")
    assert _waiting(driver) == [
        "Marko's Death Save this round: /save kind:death character:Marko (a GM ends the dying "
        "with /wound heal character:Marko wound:lethal)."
    ]
    driver.do('/save kind:death results:"1"', "ana")
    assert _waiting(driver) == []
    driver.do("/scene round")
    assert len(_waiting(driver)) == 1
    # /game show lists the same.
    shown = driver.do("/game show").reply.text
    assert f"Waiting for: {_waiting(driver)[0]}" in shown


def test_undo_takes_back_a_burn_and_its_test() -> None:
    driver = cybergod_table()
    before = game_of(driver)
    driver.do('/test pool:"Hacking x Cyber" vs:hard burn:true results:"1 1 1 1"', "ana")
    assert game_of(driver).characters["Marko"].resolve_burned == 1
    driver.do("/undo", "ana")
    # As before, but #1 stays used: the next roll is #2.
    assert game_of(driver) == before.model_copy(update={"roll_count": 1})


def test_export_and_import_rebuild_the_same_table() -> None:
    driver = cybergod_table()
    driver.do(
        '/test pool:"Hacking x Cyber" vs:easy complications:"Trace 1" results:"10 5 1 1"', "ana"
    )
    driver.do('/save kind:ammo results:"3"', "ana")
    driver.do("/wound add character:Marko dc:3")
    exported = driver.do("/game export")
    document = json.loads(exported.reply.files[0].content)
    for key in ("characters", "rolls", "roll_count", "scene", "scene_count", "lasting"):
        assert key in document
    marko = document["characters"]["Marko"]
    assert marko["attributes"] == {"Body": "d8", "Reflex": "d10", "Mind": "d6", "Cyber": "d10"}
    assert marko["weapons"] == {"Pistol": {"die": "d6", "marks": 1, "reload": False}}
    assert marko["wounds"]["major"] == 1
    assert document["rolls"][0]["complications"] == [{"name": "Trace", "rating": 1}]
    assert document["rolls"][0]["reading"] == {
        "successes": 3, "outcome": "success", "ep": 2, "ep_holder": "Marko",
        "overcome": ["Trace"], "margin": None,
    }  # fmt: skip
    assert document["rolls"][1]["die"] == "d6"
    other = TableDriver(table_id="t2")
    content = exported.reply.files[0].content
    outcome = other.app.handle(
        "t2",
        person("gm"),
        "/game import file:table.json",
        read_file=lambda _p: Attachment("table.json", content),
    )
    assert outcome.ok, outcome.error
    assert game_of(other) == game_of(driver)


def test_odds_data_and_chart() -> None:
    driver = cybergod_table()
    outcome = driver.do('/odds pool:"Hacking x Cyber" vs:"hard 3d8"', "ana")
    data = outcome.reply.data
    exact = cybergod_opposed(cybergod_pool(4, 10), cybergod_pool(3, 8), 3)
    assert Fraction(data["opposed"]["success"]) == exact.success
    assert Fraction(data["opposed"]["stalemate"]) == exact.stalemate
    assert outcome.reply.files[0].name == "odds.png"
    assert outcome.reply.files[0].content.startswith(b"\x89PNG")
    assert outcome.events == ()
    table = driver.do("/odds pool:3d10 chart:false").reply.data["difficulties"]
    assert [Fraction(table[d]) for d in ("easy", "moderate", "hard", "very hard")] == [
        Fraction(117, 125), Fraction(87, 125), Fraction(87, 250), Fraction(103, 1000),
    ]  # fmt: skip


def test_cybergod_in_the_command_scheme() -> None:
    registry = build_registry()
    others = {n.split()[0] for n in registry.names() + registry.names("cortex")}
    own = {n.split()[0] for n in registry.names("cybergod")} - others
    # docs/architecture.md: Cybergod at most 8 top-level names of its own.
    assert own == {"test", "save", "reload", "effect", "resolve", "wound"}
    shared = {"char new", "char set", "char show", "char import", "char delete", "odds", "pick"}
    for name in shared | {"scene start", "scene end", "scene show"}:
        assert "cybergod" in (registry.games_of(name) or []), name
        assert "cortex" in (registry.games_of(name) or []), name
    # Every pointer to the Cybergod way names a command that exists at a Cybergod table.
    for other, pointer in INSTEAD.items():
        words = []
        for word in pointer.removeprefix("/").split():
            if ":" in word or word.startswith("("):
                break
            words.append(word)
        assert registry.find(" ".join(words), "cybergod") is not None, (other, pointer)
        assert registry.find(other, "cybergod") is None, other  # only another game's word
