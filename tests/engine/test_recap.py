"""/recap (issue 34): privately, what the others did since your last command, as you may read
it -- never another's sealed choice or a GM's secret dice -- and what waits for you."""

from __future__ import annotations

import re

from tests.support import TableDriver

TRAITS = "REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2 INT 2"


def nodice() -> TableDriver:
    driver = TableDriver()
    driver.do("/game new system:nodice name:N")
    for who, name in (("ana", "Ada"), ("ben", "Bo")):
        driver.do("/game join", who)
        driver.do(f'/char new name:{name} traits:"{TRAITS}"', who)
    driver.do('/conflict start sides:"Ada | Bo"')
    return driver


def test_a_recap_is_private_and_lists_the_others_commands_since_mine() -> None:
    driver = nodice()
    driver.do("/hand ante aspect:Mind ante:QUI", "ana")
    recap = driver.do("/recap", "ben")
    assert recap.reply.text == ()  # nothing for the table
    said = "\n".join(recap.reply.private)
    assert said.startswith("Since your last command (#")
    assert "ana: /hand ante (secret) → Ada committed (sealed)" in said
    assert "QUI" not in said
    assert "Mind" not in said
    assert "Waiting for you: Bo to seal with /hand ante" in said
    assert recap.reply.private_data["waiting_for_you"] == [
        line.removeprefix("Waiting for you: ")
        for line in recap.reply.private
        if line.startswith("Waiting for you: ")
    ]


def test_a_recap_leaves_out_my_own_commands_and_says_when_nothing_happened() -> None:
    driver = nodice()
    driver.do("/hand ante aspect:Mind ante:QUI", "ana")
    recap = driver.do("/recap", "ana")
    assert recap.reply.private[1:] == (
        "Nothing: nobody else has made a command since.",
        "Nothing waits for you.",
    )


def test_a_recap_of_someone_who_never_acted_starts_at_the_beginning() -> None:
    driver = TableDriver()
    driver.do("/game new system:generic name:G")
    driver.do("/game join", "ana")  # ana's own command
    driver.do("/roll dice:3d6")
    driver.do("/game join", "ben")
    driver.do('/roll dice:d20 label:"ambush" secret:true')
    said = driver.do("/recap", "ben").reply.private
    assert said[0].startswith("Since your last command (#4, ")
    assert said[1:] == (
        "#5 Gemma: /roll (secret) label:ambush secret:true → Gemma rolled for ambush in secret",
        "Nothing waits for you.",
    )
    cy = driver.refused("/recap", "cy")
    assert "not at this table yet" in cy


def test_a_recap_lists_the_newest_thirty_marks_what_was_undone_and_says_when() -> None:
    driver = TableDriver()
    driver.do("/game new system:generic name:G")
    driver.do("/game join", "ana")  # #2
    for seq in range(3, 32):
        driver.do(f"/roll dice:d6 results:{seq % 6 + 1}")
    driver.do("/undo")  # #32: takes back #31
    thirty = driver.do("/recap", "ana").reply.private
    assert re.fullmatch(
        r"Since your last command \(#2, \w{3} \d+ \w{3} \d\d:\d\d UTC\):", thirty[0]
    )
    assert len(thirty) == 32  # the first line, the 30 commands, what waits
    assert thirty[1].startswith("#3 Gemma: /roll dice:d6 results:4 → Gemma rolled d6 (4)")
    assert thirty[29] == "#31 Gemma: /roll dice:d6 results:2 → Gemma rolled d6 (2) = 2 [undone]"
    driver.do('/say text:"Go [[2d6 results:3,4]]"')  # #33: the post and its roll
    more = driver.do("/recap", "ana").reply.private
    assert more[1] == "(1 earlier not listed: /history count:50 reaches them.)"
    assert more[2].startswith("#4 Gemma: ")
    assert more[-2] == (
        '#33 Gemma: /say text:"Go [[2d6 results:3,4]]" → the narrator says: Go [[2d6 '
        "results:3,4]]; Gemma rolled 2d6 (3, 4) = 7"
    )
