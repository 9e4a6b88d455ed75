"""Whom a reply tells that the table now waits for them (issue 34): the player of the character
whose move it is, the GM for a GM character's, never the person who made the command nor one
who switched it off; an offer nobody owes tells nobody. Each game names whose move it is."""

from __future__ import annotations

from scenekeeper.app import Outcome
from scenekeeper.engine.state import TableMeta
from scenekeeper.engine.waits import Mention, Wait, mentions, owed_by
from tests.support import TableDriver


def told(outcome: Outcome) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for mention in outcome.mentions:
        found.setdefault(mention.person, []).append(mention.line)
    return found


def cortex_order() -> TableDriver:
    driver = TableDriver()
    driver.do("/game new system:cortex name:W")
    for who, name in (("ana", "Ada"), ("ben", "Brick")):
        driver.do("/game join", who)
        driver.do(f"/char new name:{name}", who)
    driver.do("/char new name:Thug gmc:true")
    driver.do("/scene start type:action name:Dock")
    return driver


def test_cortex_the_action_order_tells_each_one_whose_turn_it_becomes() -> None:
    driver = cortex_order()
    started = driver.do("/order start lead:Ada")
    assert told(started) == {
        "ana": ["Ada's turn in the action order: act, then /order handoff; a GM can /order end."]
    }
    handed = driver.do("/order handoff to:Brick", "ana")
    assert list(told(handed)) == ["ben"]
    # Thug is the GM's: the GM is told, since ben made the command.
    to_thug = driver.do("/order handoff to:Thug", "ben")
    assert list(told(to_thug)) == ["gm"]
    # The GM hands off to nobody: Thug (the GM's) picks the next lead -- the GM acted: nobody.
    assert driver.do("/order handoff").mentions == ()


def test_nobody_is_told_twice_of_what_the_table_waited_for_already() -> None:
    driver = cortex_order()
    driver.do("/order start lead:Ada")
    # A command that leaves Ada's turn as it was tells nobody.
    assert driver.do("/pp give character:Brick amount:1").mentions == ()


def test_a_new_wait_after_one_already_there_is_told() -> None:
    driver = cortex_order()
    driver.do("/order start lead:Ada")
    # Ada's turn is listed first and was there before; the contest after it is new.
    contest = driver.do("/contest start character:Brick against:Thug")
    assert told(contest) == {
        "ben": [
            "Brick's turn in the contest: /contest roll or /contest givein; a GM can /contest end."
        ]
    }


def test_a_person_who_switched_mentions_off_is_not_told_and_may_switch_back() -> None:
    driver = cortex_order()
    off = driver.do("/game mentions enabled:false", "ana")
    assert off.reply.text == (
        "ana is no longer mentioned when the table waits for them (/game show still says "
        "whom it waits for).",
    )
    assert driver.do("/order start lead:Ada").mentions == ()
    # /game show still says it.
    assert any("Ada's turn" in line for line in driver.do("/game show").reply.text)
    assert "already" in driver.refused("/game mentions enabled:false", "ana")
    driver.do("/game mentions enabled:true", "ana")
    driver.do("/order end")
    assert list(told(driver.do("/order start lead:Ada"))) == ["ana"]


def test_only_a_seated_person_chooses_and_for_themselves_alone() -> None:
    driver = cortex_order()
    assert "not at this table yet" in driver.refused("/game mentions enabled:false", "zed")
    driver.do("/game mentions enabled:false", "ben")
    assert list(told(driver.do("/order start lead:Ada"))) == ["ana"]


def nodice() -> TableDriver:
    driver = TableDriver()
    driver.do("/game new system:nodice name:N")
    for who, name in (("ana", "Ada"), ("ben", "Bo")):
        driver.do("/game join", who)
        traits = "REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2 INT 2"
        driver.do(f'/char new name:{name} traits:"{traits}"', who)
    driver.do('/char new name:Brute gmc:true traits:"REA 2 KNO 2 QUI 2 STR 6 FIT 5 AGI 3 WIL 2"')
    return driver


def test_nodice_a_conflict_tells_each_player_their_seal_is_owed_and_never_what_was_sealed() -> None:
    driver = nodice()
    started = driver.do('/conflict start sides:"Ada, Bo | Brute"')
    said = told(started)
    assert sorted(said) == ["ana", "ben"]  # the GM started it: the GM's Brute tells nobody
    assert all(
        line.startswith(("Ada to seal", "Bo to seal")) for lines in said.values() for line in lines
    )
    assert driver.do("/hand ante aspect:Mind ante:QUI", "ana").mentions == ()
    driver.do("/hand ante aspect:Spirit ante:INT", "ben")
    last = driver.do("/hand ante character:Brute aspect:Body ante:AGI")
    # Every ante is in: the bids are owed (the GM sealed last: the players are told).
    said = told(last)
    assert sorted(said) == ["ana", "ben"], said
    words = " ".join(line for lines in said.values() for line in lines)
    assert "seal with /hand bid" in words
    for sealed in ("QUI", "INT", "AGI"):
        assert sealed not in words


def test_mettle_a_held_hit_tells_the_target_a_defend_is_owed() -> None:
    waits = [Wait("a Defend against Thug's hit on Viktor (3 damage before Soak): ...", ("Viktor",))]
    meta = TableMeta(name="M", system="mettle", gm="gm", players=("ana",), owners={"Viktor": "ana"})
    assert mentions(meta, [], waits, "gm") == (Mention("ana", waits[0].line),)


def test_an_offer_tells_nobody_and_a_wait_with_no_character_is_the_gms() -> None:
    meta = TableMeta(name="C", system="cybergod", gm="gm", owners={"Marko": "ana"})
    assert owed_by(meta, Wait("Marko's #3 may be opposed", ("Marko",), owed=False)) == ()
    assert owed_by(meta, Wait("the Guide to pick who goes next")) == ("gm",)
    assert owed_by(meta, Wait("teamwork Checks by Marko, Thug", ("Marko", "Thug"))) == (
        "ana",
        "gm",
    )
