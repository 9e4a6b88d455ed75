"""What /undo and /redo say when they refuse, word for word, and how far a co-GM reaches."""

from __future__ import annotations

from tests.support import TableDriver


def _joined(*people: str, system: str = "generic") -> TableDriver:
    driver = TableDriver()
    driver.do(f"/game new system:{system} name:Words")
    for who in people:
        driver.do("/game join", who)
    return driver


def test_undo_of_a_number_no_longer_newest_names_the_newest() -> None:
    driver = _joined("bob", "carol")
    driver.do('/roll dice:d6 results:"4"', "bob")  # #4, the newest of #2 #3 #4
    assert driver.refused("/undo seq:2") == (
        "Command #2 is no longer the newest here (#4 is); /undo takes back the newest "
        "(see /history)."
    )
    assert driver.refused("/undo count:2 seq:4").startswith("Command #4 is no longer the newest")
    assert driver.do("/undo seq:4").reply.text == ("Undid #4 /roll dice:d6 results:4 (by bob).",)


def test_redo_of_more_than_were_undone_says_how_many_can_be() -> None:
    driver = _joined("bob", "carol", "dan")
    driver.do("/undo")
    assert driver.refused("/redo count:2") == (
        "Only 1 undone command can be redone; use /redo count:1."
    )
    driver.do("/undo count:2")
    assert driver.refused("/redo count:5") == (
        "Only 3 undone commands can be redone; use /redo count:3."
    )
    driver.do("/redo count:3")
    assert driver.refused("/redo") == (
        "There is nothing to redo: redo puts back an undo, until a new command."
    )


def test_a_co_gm_cannot_take_back_the_head_gms_command_among_several() -> None:
    driver = _joined("bob")
    driver.do("/game gm add user:bob")  # #3: only the GM who runs the table may
    driver.do('/roll dice:d6 results:"2"', "bob")  # #4: bob's own
    assert driver.refused("/undo count:2", "bob") == (
        "Only Gemma, the GM who runs the table, can undo #3 /game gm add user:bob."
    )
    assert driver.do("/undo", "bob").reply.text == ("Undid #4 /roll dice:d6 results:2 (by bob).",)


def test_undo_of_more_than_stand_says_how_many_can_be() -> None:
    driver = _joined("bob")
    assert driver.refused("/undo count:2") == "Only 1 command can be undone; use /undo count:1."
    driver.do("/game join", "carol")
    driver.do('/roll dice:d6 results:"1"', "carol")
    assert driver.refused("/undo count:4") == ("Only 3 commands can be undone; use /undo count:3.")
    driver.do("/undo count:3")
    assert driver.refused("/undo") == "There is nothing to undo."
