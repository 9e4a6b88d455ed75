"""Acceptance: bad input at a Cybergod table gets one clear line and leaves the table
unchanged -- no event stored, the state equal to a fresh load from the store."""

from __future__ import annotations

import pytest

from scenekeeper.engine.commands import Attachment
from tests.cybergod.helpers import cybergod_table
from tests.support import TableDriver, person

SETUP = [
    ('/test pool:"Hacking x Cyber" vs:moderate results:"10 6 3 2"', "ana"),  # #1, 2 EP
    ('/test pool:3d8 results:"5 6 1"', "gm"),  # #2, no difficulty
    ('/save kind:ammo weapon:Pistol results:"6"', "ana"),  # #3, out of ammo
    ('/test pool:"Hacking x Cyber" vs:hard results:"1 1 1 1"', "ana"),  # #4, a failure
]

BAD = [
    # /test
    ('/test pool:"Hackin x Cyber" vs:hard', "ana", "Did you mean Hacking?"),
    ('/test pool:"Hacking x Soul" vs:hard', "ana", "not an Attribute"),
    ("/test pool:3d7", "ana", "D6, D8, D10 or D12"),
    ("/test pool:200d6", "gm", "at most 10"),
    ('/test pool:"Hacking x Cyber" vs:legendary', "ana", "say easy, moderate"),
    ('/test pool:"Hacking x Cyber" vs:0', "ana", "a threshold is 1 to 20"),
    ('/test pool:"Hacking x Cyber" vs:"90"', "ana", 'to oppose roll #90, write vs:"#90"'),
    ('/odds pool:"Hacking x Cyber" vs:"90"', "ana", 'to oppose roll #90, write vs:"#90"'),
    ('/test pool:"Hacking x Cyber" vs:"#2 #1"', "ana", "one roll at a time"),
    ('/test pool:"Hacking x Cyber" vs:"#1"', "ana", "own test"),
    ('/test pool:"Hacking x Cyber" vs:"#3"', "ana", "is a save"),
    ('/test pool:"Hacking x Cyber" vs:"#77"', "ana", "no roll #77"),
    ('/test pool:"Hacking x Cyber" complications:"Trace 1"', "ana", "add vs:"),
    ('/test pool:"Hacking x Cyber" vs:easy complications:"Trace 0"', "ana", "rated 1 to 5"),
    ('/test pool:"Hacking x Cyber" vs:easy complications:Trace', "ana", "a name and a rating"),
    ('/test pool:"Hacking x Cyber" vs:easy overcome:all', "ana", "no complications"),
    ('/test pool:"Hacking x Cyber" vs:easy modifier:10', "ana", "from -9 to 9"),
    ('/test pool:"Stealth x Reflex" vs:easy modifier:-3 results:"4"', "ana", "nothing to roll"),
    ('/test pool:"Hacking x Cyber" vs:easy results:"1 2"', "ana", "has 2 faces"),
    ('/test pool:"Hacking x Cyber" vs:easy results:"11 1 1 1"', "ana", "cannot come up"),
    ('/test pool:"Hacking x Cyber" burn:true', "ana", "against a difficulty"),
    ('/test pool:"Hacking x Cyber" vs:hard burn:true impossible:true', "ana", "cannot be won"),
    ("/test pool:3d6 burn:true vs:easy", "gm", "Only a character burns"),
    ('/test pool:"Hacking x Cyber" impossible:true', "ana", "add vs:"),
    ('/test pool:"Hacking x Cyber" character:Guard', "ana", "a GM's character"),
    ('/test pool:"Hacking x Cyber"', "gm", "add character:"),
    ('/test pool:"Hacking x Cyber"', "ben", "you play none here"),
    ('/test pool:"Hacking x Cyber"', "stranger", "/game join"),
    # /pick and /effect
    ("/pick overcome:all roll:1", "ana", "no complications"),
    ("/pick overcome:all", "ana", "no test with complications"),
    ("/pick overcome:all roll:1", "ben", "ana's character"),
    ('/effect name:"Big one" cost:3 roll:1', "ana", "has 2 left"),
    ("/effect cost:2", "ana", "name the effect"),
    ("/effect roll:4", "ana", "earned no EP"),
    ("/effect roll:2", "gm", "earned no EP"),
    ('/effect name:"Reach Extreme"', "ana", "more than one action"),
    ('/effect name:"Reach Long" cost:3', "ana", "costs 2 EP"),
    ("/effect lasts:short", "ana", "start a scene first"),
    ("/effect lasts:forever", "ana", "not one of"),
    ("/effect roll:1", "ben", "ana's character"),
    # /save and /reload
    ("/save kind:ammo", "ana", "out of ammo"),
    ("/save kind:ammo weapon:Rifle count:2", "ana", "rolls 1 D6"),
    ("/save kind:ammo weapon:Rifle die:d8", "ana", "d6 (standard) or d12"),
    ("/save kind:mental", "ana", "add count:"),
    ("/save kind:death", "ana", "no Lethal wound"),
    ("/save kind:stress", "ana", "owes no Stress Save"),
    ("/save kind:stress count:5", "ana", "owes no Stress Save"),
    ("/save kind:stress character:Marko", "gm", "holds no Stress"),
    ("/save kind:stress character:Marko count:2", "gm", "holds 0; leave out count:"),
    ("/save kind:breakdown", "ana", "owes no Mental Breakdown"),
    ("/save kind:breakdown die:d6", "ana", "one d12"),
    ("/save count:2", "ana", "Say which die"),
    ("/save die:d9", "ana", "name an Attribute"),
    ("/save die:Body", "gm", "add character:"),
    ("/save kind:ammo", "gm", "a character's"),
    ("/save die:d8 count:21", "ana", "from 1 to 20"),
    # R52-R55: the fixed-die saves take their Attribute's die, never one a player names
    ("/save kind:death die:d20", "ana", "Body dice (Marko's Body is D8); leave out die:"),
    ("/save kind:mental count:1 die:d20", "ana", "Mind dice"),
    ("/save kind:knockdown die:d12", "ana", "Body dice"),
    ("/save kind:evasion die:Body", "ana", "Reflex dice"),
    ("/save kind:knockdown die:d20", "gm", "D6 to D12"),
    ("/reload weapon:Rifle", "ana", "no weapon called Rifle"),
    ("/reload", "ben", "you play none"),
    # Resolve
    ("/resolve reroll roll:2", "ana", "the GM's test"),
    ("/resolve reroll roll:1", "ben", "ana's character"),
    ('/resolve reroll roll:1 results:"1"', "ana", "has 1 face"),
    ("/resolve refresh scope:session", "ana", "Only the GM"),
    ("/resolve refresh scope:downtime amount:2", "gm", "amount: is for burned"),
    # Wounds
    ("/wound add character:Marko dc:2", "ana", "Only the GM"),
    ("/wound add character:Marko dc:2 mitigation:kevlar", "gm", "not one of"),
    ("/wound add character:Nobody dc:2", "gm", "no character called Nobody"),
    ("/wound add character:Marko dc:-1", "gm", "from 0 to 20"),
    ("/wound heal character:Marko wound:minor", "gm", "has 0 Minor wounds"),
    ("/wound heal character:Marko wound:all", "gm", "has no wounds"),
    # Sheets and scenes
    ("/char new name:Marko", "ben", "already"),
    ("/char new name:Spy gmc:true", "ben", "Only a GM"),
    ("/char set character:Marko trait:Hacking value:9", "ana", "0 to 4"),
    ("/char set character:Marko trait:Hacking value:two", "ana", "whole number"),
    ("/char set character:Marko trait:Technical value:-1", "ana", "from 0 to 3, not -1"),
    ("/char set character:Marko trait:Cyber die:d12 value:3", "ana", "give die: alone"),
    ("/char set character:Marko trait:Hacking die:d8", "ana", "not a die"),
    ("/char set character:Marko trait:Mind value:8", "ana", "rated as a die"),
    ("/char set character:Marko trait:Mind die:d20", "ana", "d6, d8, d10 or d12"),
    ("/char set character:Marko trait:Mana value:2", "ana", "not on a Cybergod sheet"),
    ("/char set character:Marko trait:Mind die:d8", "ben", "ana's character"),
    ("/char delete character:Marko", "ana", "Only the GM"),
    ("/scene round", "gm", "No scene is running"),
    ("/scene start type:action", "gm", "not one of freeform, turn-based"),
    ("/scene start type:freeform", "ana", "Only the GM"),
    # Other games' commands and options
    ('/roll pool:"Hacking x Cyber"', "ana", "/test pool:"),
    ("/roll", "ana", "Say what to roll"),
    ('/gmroll pool:"d8 d8"', "gm", "at this cybergod table use /test"),
    ("/pp spend", "ana", "Resolve"),
    ('/pick total:"d8 d8"', "ana", "no option total:"),
    ('/odds pool:"Hacking x Cyber" keep:2', "ana", "no option keep:"),
    ('/odds pool:"Hacking x Cyber" vs:"#1 3d8"', "ana", "one opposing roll"),
    ("/odds pool:3d8 vs:soon", "ana", "say easy, moderate"),
]


def _file(path: str) -> Attachment:
    return Attachment(path, b"name: Bad\nskills: {Hacking: 7}\n")


@pytest.fixture(scope="module")
def prepared() -> TableDriver:
    driver = cybergod_table()
    for line, who in SETUP:
        driver.do(line, who)
    return driver


@pytest.mark.parametrize(("line", "actor", "expected"), BAD)
def test_bad_input_is_refused_clearly_and_changes_nothing(
    prepared: TableDriver, line: str, actor: str, expected: str
) -> None:
    app = prepared.app
    before_seq = app.store.head("t1")
    before_state = app.table("t1").state
    outcome = app.handle("t1", person(actor), line, read_file=_file)
    assert not outcome.ok, f"{line!r} was accepted"
    assert outcome.error is not None
    assert expected in outcome.error, outcome.error
    assert "\n" not in outcome.error
    assert outcome.events == ()
    assert app.store.head("t1") == before_seq
    app._forget("t1")  # a fresh load from the store, not only the cache
    assert app.table("t1").state == before_state


def test_a_bad_sheet_file_imports_nothing(prepared: TableDriver) -> None:
    before = prepared.app.store.head("t1")
    outcome = prepared.app.handle("t1", person("gm"), "/char import file:bad.yaml", read_file=_file)
    assert not outcome.ok
    assert outcome.error == "bad.yaml: Bad: skills: Hacking: a whole number from 0 to 4, not 7."
    assert prepared.app.store.head("t1") == before
