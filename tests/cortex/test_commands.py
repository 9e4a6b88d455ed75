"""Cortex commands through the app: the roll's data, the export shape, refusals that change
nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.cortex.helpers import cortex_table


def test_roll_data_is_the_documented_shape_for_the_reading_in_force() -> None:
    driver = cortex_table()
    outcome = driver.do(
        '/roll pool:"Fighting Agility Sneaking" pay:1 vs:hard results:"8 1 6" vs_results:"2 4"',
        "ana",
    )
    data = outcome.reply.data
    assert data == {
        "dice": [{"die": "d8", "face": 8}, {"die": "d8", "face": 1}, {"die": "d6", "face": 6}],
        "hitches": 1,
        "botch": False,
        "total": 14,
        "effect": "d6",  # d4 stepped up twice: 14 beats 6 by 8 -> one full 5
        "outcome": "heroic",
        "margin": 8,
    }


def test_roll_data_without_a_difficulty_has_no_outcome_and_a_botch_reads_zero() -> None:
    driver = cortex_table()
    data = driver.do('/roll pool:"Fighting Agility" results:"1 1"', "ana").reply.data
    assert data["botch"] is True
    assert data["total"] == 0
    assert data["effect"] == "d4"
    assert data["outcome"] is None
    assert data["margin"] is None


def test_a_pick_changes_the_reading_and_its_data() -> None:
    driver = cortex_table()
    driver.do('/roll pool:"Fighting Agility Sneaking" pay:1 vs:9 results:"8 3 6"', "ana")
    data = driver.do('/pick total:"Fighting Agility" effect:Sneaking', "ana").reply.data
    reading = (data["total"], data["effect"], data["outcome"], data["margin"])
    assert reading == (11, "d6", "success", 2)


def test_export_has_characters_with_pp_traits_and_flat_assets() -> None:
    driver = cortex_table()
    driver.do('/pp give character:"Ada Lark" amount:2')
    doc: dict[str, Any] = driver.do("/game export").reply.private_data
    ada = doc["characters"]["Ada Lark"]
    assert ada["pp"] == 3
    assert ada["traits"]["Skills"] == {"Fighting": "d8", "Sneaking": "d6"}
    assert ada["traits"]["Attributes"]["Strength"] == "d4"
    assert ada["assets"] == {"Grandfather's Sword": "d8"}
    assert ada["asset_durations"] == {"Grandfather's Sword": "signature"}
    assert ada["status"] == "active"
    assert ada["stress"] == {}
    assert doc["doom_pool"] == []
    assert doc["table"]["owners"] == {"Ada Lark": "ana"}


BAD = [
    ('/roll pool:"Fighting Climbing"', "ana", "'Climbing' is not a trait"),
    ('/roll pool:"Fighting d7"', "ana", "not a step die"),
    ('/roll pool:"Fighting Sneaking"', "ana", "Add pay:1"),
    ('/roll pool:"Fighting Sneaking" pay:2', "ana", "costs 1 PP"),
    ('/char set character:"Ada Lark" trait:Fighting die:d20', "ana", "not a step die"),
    ('/char set character:"Ada Lark" trait:Flying die:d6', "ana", "say which set"),
    ("/pp spend on:asset name:Rope duration:session open:true", "ana", "costs 3 PP"),
    ('/pp give character:"Ada Lark"', "ana", "Only the GM"),
    ("/char set character:Thug trait:Fighting die:d6", "ana", "not a player's character"),
    ('/hitch character:"Ada Lark" complication:Oops', "ana", "Only the GM"),
    ("/contest givein", "ana", "no contest running"),
    ('/roll pool:"Fighting Agility" vs:99999999999', "ana", "at most nine digits"),
    ('/roll pool:"Fighting Agility Fighting 99999999999d8"', "ana", "at most 60 dice"),
]


@pytest.mark.parametrize(("line", "actor", "expected"), BAD)
def test_wrong_cortex_input_is_refused_and_changes_nothing(
    line: str, actor: str, expected: str
) -> None:
    driver = cortex_table()
    before = (driver.app.store.head("t1"), driver.app.table("t1").state)
    error = driver.refused(line, actor)
    assert expected in error
    assert "\n" not in error
    assert (driver.app.store.head("t1"), driver.app.table("t1").state) == before


BAD_IN_SCENE = [
    ("/counter", "ana", "No winning reaction"),
    ('/order roll pool:"Agility Fighting"', "ana", "taking-initiative mod is off"),
    ("/order start method:rolls", "gm", "taking-initiative mod is off"),
    ("/order interrupt character:Thug die:d8", "gm", "doom-pool mod is off"),
    ("/assist to:Thug trait:Agility", "ana", "Helping is PCs"),
    ('/timed start character:Thug difficulties:"hard"', "gm", "name a PC"),
    ('/timed buy pool:"Agility"', "ana", "no timed test"),
    ('/react pool:"Agility" counter:true', "ana", "No action is waiting"),
    ("/scene start type:bridge", "ana", "Only the GM"),
]


@pytest.mark.parametrize(("line", "actor", "expected"), BAD_IN_SCENE)
def test_wrong_input_in_a_scene_is_refused_and_changes_nothing(
    line: str, actor: str, expected: str
) -> None:
    driver = cortex_table()
    driver.do("/scene start type:action")
    before = (driver.app.store.head("t1"), driver.app.table("t1").state)
    error = driver.refused(line, actor)
    assert expected in error
    assert "\n" not in error
    assert (driver.app.store.head("t1"), driver.app.table("t1").state) == before


def test_picking_a_hitch_is_refused_and_changes_nothing() -> None:
    driver = cortex_table()
    driver.do('/roll pool:"Fighting Agility" results:"5 1"', "ana")
    before = driver.app.table("t1").state
    assert "is a hitch" in driver.refused('/pick total:"Fighting Agility"', "ana")
    assert driver.app.table("t1").state == before


def test_export_summarises_the_running_scene() -> None:
    driver = cortex_table()
    assert driver.do("/game export").reply.private_data["scene"] is None
    driver.do('/scene start type:action name:"Rooftop chase" high_stakes:true')
    driver.do('/order start lead:"Ada Lark"')
    driver.do('/timed start character:"Ada Lark" difficulties:"hard, hard" beats:3')
    scene = driver.do("/game export").reply.private_data["scene"]
    assert scene["type"] == "action"
    assert scene["name"] == "Rooftop chase"
    assert scene["high_stakes"] is True
    assert scene["action_order"] == {
        "round": 1,
        "lead": "Ada Lark",
        "acted": [],
        "current": "Ada Lark",
    }
    assert scene["timed_test"] == {"beats_left": 3, "tests_done": 0, "tests_total": 2}
