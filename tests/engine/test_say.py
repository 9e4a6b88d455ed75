"""/say (issue 34): speaking as your character, with [[...]] rolled by each game's own rules
in the same command (an undo takes back both); edits and deletes by the author or a GM; an
export of posts and their rolls imports (each decided again)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scenekeeper.engine.commands import Attachment
from scenekeeper.engine.core.say import PostDeleted, PostEdited, Said, post_text
from tests.engine.test_transfer import export, import_into
from tests.support import TableDriver, make_app, person


def attached(path: str) -> Attachment:
    return Attachment(name=Path(path).name, content=Path(path).read_bytes())


def cortex() -> TableDriver:
    driver = TableDriver()
    driver.do("/game new system:cortex name:C")
    driver.do("/game join", "ana")
    driver.do("/char new name:Ada", "ana")
    driver.do("/char set character:Ada trait:Agility die:d8 set:Attributes", "ana")
    driver.do("/char set character:Ada trait:Sneaking die:d6 set:Skills", "ana")
    driver.do("/game join", "ben")
    driver.do("/char new name:Brick", "ben")
    driver.do("/char new name:Thug gmc:true")
    return driver


def test_a_post_is_said_as_the_players_character_and_its_rolls_by_the_games_rules() -> None:
    driver = cortex()
    outcome = driver.do('/say text:"I slip past. [[Agility Sneaking]]"', "ana")
    said = outcome.events[0].event
    assert said == Said(
        post=outcome.events[0].seq,
        speaker="Ada",
        by="ana",
        text="I slip past. [[Agility Sneaking]]",
    )
    assert outcome.reply.text[0] == (
        f"Ada (post #{said.post}): I slip past. [[Agility Sneaking]]"  # type: ignore[attr-defined]
    )
    assert outcome.reply.text[1].startswith("[[Agility Sneaking]] Ada rolls #1: Agility")
    assert [e.event.type_name for e in outcome.events][1:] != []
    # One command: the undo takes back the post and its roll together.
    undone = driver.do("/undo")
    assert "Undid" in undone.reply.text[0]
    again = driver.do('/say text:"Again. [[Agility]]"', "ana")
    assert "Ada rolls #2" in again.reply.text[1]  # a roll's number names it for good


@pytest.mark.parametrize(
    ("game", "setup", "line", "rolled"),
    [
        ("generic", (), '/say text:"Dice! [[3d6]]"', "3d6"),
        (
            "mettle",
            ("/char new name:Viktor concept:7 frame:3 motive:4 nature:3 poise:2",),
            '/say text:"Steady. [[poise vs:3]]"',
            "Viktor: Check #1, Poise 2 vs 3.",
        ),
        (
            "cybergod",
            ("/char import file:tests/transcripts/cybergod/sheets/marko.yaml",),
            '/say text:"Jacking in. [[Hacking x Cyber vs:easy]]"',
            "Marko tests Hacking x Cyber, #1",
        ),
    ],
)
def test_each_game_rolls_inline_as_its_own_roll_command(
    game: str, setup: tuple[str, ...], line: str, rolled: str
) -> None:
    driver = TableDriver()
    driver.do(f"/game new system:{game} name:G")
    driver.do("/game join", "ana")
    for step in setup:
        done = driver.app.handle(driver.table_id, person("ana"), step, read_file=attached)
        assert done.ok, done.error
    outcome = driver.do(line, "ana")
    assert any(rolled in text for text in outcome.reply.text), outcome.reply.text


def test_nodice_posts_but_rolls_nothing() -> None:
    driver = TableDriver()
    driver.do("/game new system:nodice name:N")
    driver.do("/game join", "ana")
    driver.do('/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2"', "ana")
    assert driver.do('/say text:"Ready."', "ana").reply.text[0].endswith("): Ready.")
    assert "rolls no dice" in driver.refused('/say text:"[[3d6]]"', "ana")


def test_who_may_speak_as_whom() -> None:
    driver = cortex()
    assert "narrator" in driver.refused('/say text:"Hi" narrator:true', "ana")
    assert "your own character" in driver.refused('/say text:"Hi" character:Brick', "ana")
    assert driver.do('/say text:"Halt!" character:Thug').reply.text[0].startswith("Thug (post #")
    assert driver.do('/say text:"Rain falls."').reply.text[0].startswith("Narrator (post #")
    assert "not as Ada" in driver.refused('/say text:"Hi" character:Ada')
    assert "secret" in driver.refused('/say text:"[[Agility secret:true]]"', "ana")
    assert "at most 5" in driver.refused(f'/say text:"{"[[Agility]] " * 6}"', "ana")
    driver.do("/game join", "cy")
    assert "no character" in driver.refused('/say text:"Hi"', "cy")


def test_the_author_or_a_gm_edits_and_deletes_and_the_record_follows() -> None:
    driver = cortex()
    post = driver.do('/say text:"I wait."', "ana").events[0].seq
    assert "only they or a GM" in driver.refused(f'/post edit post:{post} text:"No"', "ben")
    edited = driver.do(f'/post edit post:{post} text:"I wait, hidden."', "ana")
    assert edited.events[0].event == PostEdited(post=post, text="I wait, hidden.")
    assert "rolls nothing" in driver.refused(f'/post edit post:{post} text:"[[Agility]]"', "ana")
    deleted = driver.do(f"/post delete post:{post}")
    assert deleted.events[0].event == PostDeleted(post=post)
    assert f"no post #{post} to change" in driver.refused(f"/post delete post:{post}", "ana")
    assert "no post #1 " in driver.refused("/post delete post:1", "ana")
    driver.do("/undo")  # the delete
    driver.do("/undo")  # the edit
    driver.do("/undo")  # the post itself
    assert f"no post #{post} " in driver.refused(f"/post delete post:{post}", "ana")


def test_an_export_with_posts_and_inline_rolls_imports() -> None:
    driver = cortex()
    first = driver.do('/say text:"I slip past. [[Agility Sneaking]] [[Agility]]"', "ana")
    lamp = driver.do('/say text:"The lamp swings."').events[0].seq
    post = first.events[0].seq
    driver.do(f'/post edit post:{post} text:"I slip by. [[Agility Sneaking]] [[Agility]]"', "ana")
    driver.do(f"/post delete post:{lamp}")
    doc = export(driver)
    fresh = TableDriver(app=make_app())
    assert import_into(fresh, "copy", doc).ok
    said = [e for e in doc["events"] if e["type"] == Said.type_name]
    assert [e["data"]["speaker"] for e in said] == ["Ada", ""]


def test_an_edit_keeps_a_posts_rolls_as_text_and_rolls_nothing() -> None:
    driver = cortex()
    rolled = driver.do('/say text:"Up! [[Agility]]"', "ana").events[0].seq
    edited = driver.do(f'/post edit post:{rolled} text:"Up, fast! [[Agility]]"', "ana")
    assert [e.event.type_name for e in edited.events] == [PostEdited.type_name]
    assert "as they were" in driver.refused(
        f'/post edit post:{rolled} text:"Up! [[Sneaking]]"', "ana"
    )


def test_a_posts_text_as_it_stands_is_read_from_the_undo_window() -> None:
    driver = cortex()
    post = driver.do('/say text:"First words."', "ana").events[0].seq
    assert post_text(driver.app.table("t1"), post) == "First words."
    driver.do(f'/post edit post:{post} text:"Second words."', "ana")
    assert post_text(driver.app.table("t1"), post) == "Second words."
    assert post_text(driver.app.table("t1"), post + 50) is None
