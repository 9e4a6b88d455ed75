"""Play by post at its edges (issue 34, found by mutation testing): what /history says of each
choice, who speaks when it is not plain, how far a recap and an edit reach back, and a picture
record that is not one."""

from __future__ import annotations

from scenekeeper.app import pictures as kept
from scenekeeper.engine.core.say import KEPT_POSTS
from scenekeeper.engine.pace import due
from scenekeeper.store.base import Snapshot
from tests.support import TableDriver


def cortex() -> TableDriver:
    driver = TableDriver()
    driver.do("/game new system:cortex name:C")
    driver.do("/game join", "ana")
    driver.do("/char new name:Ada", "ana")
    driver.do("/char set character:Ada trait:Agility die:d8 set:Attributes", "ana")
    return driver


def history(driver: TableDriver) -> list[str]:
    return [line.split(" → ", 1)[1] for line in driver.do("/history count:50").reply.text[1:]]


def test_history_says_each_by_post_choice_in_its_own_words() -> None:
    driver = cortex()
    driver.do("/game mentions enabled:false", "ana")
    driver.do("/game mentions enabled:true", "ana")
    driver.do("/game reminders by:dm", "ana")
    driver.do("/game reminders by:channel", "ana")
    post = driver.do('/say text:"Hi"', "ana").events[0].seq
    driver.do(f"/post delete post:{post}", "ana")
    said = history(driver)
    assert said[-6:] == [
        "ana: mentions off",
        "ana: mentions on",
        "ana: reminders by DM",
        "ana: reminders by the channel",
        "Ada says: Hi",
        f"post #{post} deleted",
    ]


def test_who_speaks_when_it_is_not_plain() -> None:
    driver = cortex()
    driver.do("/char new name:Ace", "ana")
    assert driver.refused('/say text:"Hi"', "ana") == "Say who speaks: character:<Ada|Ace>."
    assert driver.refused('/say text:"Hi" narrator:true character:Ada') == (
        "Give character: or narrator:true, not both."
    )
    # A game without sheets: a GM speaks as any name.
    generic = TableDriver()
    generic.do("/game new system:generic name:G")
    said = generic.do('/say text:"Hi" character:" Old Bob "')
    assert said.reply.text == ("Old Bob (post #2): Hi",)
    assert said.reply.data["speaker"] == "Old Bob"


def test_an_inline_roll_its_command_refuses_is_named_in_the_refusal() -> None:
    refused = cortex().refused('/say text:"Go. [[Agility bogus:1]]"', "ana")
    assert refused.startswith("[[Agility bogus:1]]: /roll has no option bogus:.")


def test_only_the_newest_posts_may_be_changed() -> None:
    driver = cortex()
    first = driver.do('/say text:"Post 0"', "ana").events[0].seq
    second = driver.do('/say text:"Post 1"', "ana").events[0].seq
    for number in range(2, KEPT_POSTS + 1):
        driver.do(f'/say text:"Post {number}"', "ana")
    assert f"no post #{first} to change" in driver.refused(f"/post delete post:{first}", "ana")
    assert driver.do(f"/post delete post:{second}", "ana").reply.text == (
        f"Post #{second} (Ada) is deleted.",
    )


def test_a_recap_reaches_back_past_many_commands_and_lists_the_newest() -> None:
    driver = cortex()
    driver.do("/game join", "ben")
    mine = driver.do('/roll pool:"d6"', "ben").events[0].seq
    for _ in range(300):
        driver.do('/roll pool:"d6 d8"', "ana")
    recap = driver.do("/recap", "ben")
    said = recap.reply.private
    assert said[0].startswith(f"Since your last command (#{mine}, ")
    assert said[1] == "(270 earlier not listed: /history count:50 reaches them.)"
    listed = [line for line in said if line.startswith("#")]
    assert len(listed) == 30
    assert recap.reply.private_data["commands"] == list(range(mine + 271, mine + 301))
    assert recap.reply.private_data["since"] == mine


def test_a_table_with_no_pace_reminds_nobody() -> None:
    driver = cortex()
    state = driver.app.table(driver.table_id).state
    assert due(state, 10.0**12) == []
    assert due(None, 10.0**12) == []


def test_a_picture_record_that_holds_no_picture_is_not_served() -> None:
    driver = cortex()
    name = "a" * 64 + ".png"
    store = driver.app.store
    store.save_snapshot(Snapshot(kept.record(name), 1, kept.VERSION, {"data": "not base64!"}))
    assert kept.picture(store, name) is None
    other = "b" * 64 + ".jpg"
    store.save_snapshot(Snapshot(kept.record(other), 1, "table.picture@0", {"data": "AAAA"}))
    assert kept.picture(store, other) is None
    third = "c" * 64 + ".jpg"
    store.save_snapshot(Snapshot(kept.record(third), 1, kept.VERSION, {"data": "AAAA"}))
    assert kept.picture(store, third) == (b"\0\0\0", "image/jpeg")
