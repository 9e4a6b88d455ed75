"""Play by post in its own words (issue 31, found by mutation testing): each refusal and answer
of /game mentions, /game reminders, /game pace, /say, /post edit and /post delete as the table
reads it, and what a post's answer carries for the Discord bot."""

from __future__ import annotations

from scenekeeper.engine.commands import Attachment
from tests.engine.test_say import cortex
from tests.support import TableDriver, person


def test_mentions_say_whether_you_are_mentioned_already() -> None:
    driver = cortex()
    assert driver.refused("/game mentions enabled:true", "ana") == (
        "You are mentioned already when the table waits for you."
    )
    driver.do("/game mentions enabled:false", "ana")
    assert driver.refused("/game mentions enabled:false", "ana") == (
        "You are not mentioned already when the table waits for you."
    )
    assert driver.do("/game mentions enabled:true", "ana").reply.text == (
        "ana is mentioned when the table waits for them.",
    )


def test_reminders_say_where_they_reach_you_and_whether_the_table_has_a_pace() -> None:
    driver = cortex()
    assert driver.refused("/game reminders by:channel", "ana") == (
        "Your reminders reach you in the table's channel already."
    )
    assert driver.do("/game reminders by:dm", "ana").reply.text == (
        "ana's reminders reach them by DM. (This table has no pace yet: /game pace sets one.)",
    )
    driver.do("/game pace hours:12")
    driver.do("/game reminders by:channel", "ana")
    assert driver.do("/game reminders by:dm", "ana").reply.text == (
        "ana's reminders reach them by DM.",
    )


def test_the_pace_is_said_in_hours_or_off() -> None:
    driver = cortex()
    assert driver.refused("/game pace hours:0") == "The pace is off already."
    assert driver.do("/game pace hours:1").reply.text == (
        "Pace: 1 hour. Whoever holds the table up that long gets one reminder; /game show says "
        "whom the table waits for and since when.",
    )
    assert driver.refused("/game pace hours:1") == "The pace is 1 hour already."
    assert driver.do("/game pace hours:2").reply.text[0].startswith("Pace: 2 hours. Whoever")
    assert driver.refused("/game pace hours:2") == "The pace is 2 hours already."
    assert driver.do("/game pace hours:0").reply.text == (
        "No pace: nobody is reminded (a live table).",
    )


def test_say_refuses_in_its_own_words() -> None:
    driver = cortex()
    assert driver.refused("/say", "ana") == 'Say something: /say text:"..."'
    assert driver.refused('/say text:"Hi" narrator:true', "ana") == (
        "Only a GM speaks as the narrator; leave out narrator:."
    )
    assert driver.refused('/say text:"Hi" character:Brick', "ana") == (
        "You speak as your own character (Ada)."
    )
    driver.do("/game join", "cy")
    assert driver.refused('/say text:"Hi"', "cy") == (
        "You play no character here yet: /game claim one (or /char new), then /say."
    )
    assert driver.refused('/say text:"Hi" character:Brick', "cy") == (
        "You speak as your own character (none yet)."
    )
    driver.do("/char new name:Cara", "cy")
    driver.do("/char new name:Cid", "cy")
    assert driver.refused('/say text:"Hi"', "cy") == "Say who speaks: character:<Cara|Cid>."
    assert driver.refused('/say text:"Hi" character:Zed', "cy") == (
        "You speak as your own character (Cara, Cid)."
    )


def test_a_post_makes_at_most_five_rolls() -> None:
    driver = cortex()
    five = driver.do(f'/say text:"{"[[Agility]] " * 5}"', "ana")
    assert len([line for line in five.reply.text if line.startswith("[[Agility]] ")]) == 5
    assert driver.refused(f'/say text:"{"[[Agility]] " * 6}"', "ana") == (
        "A post makes at most 5 rolls ([[...]])."
    )


def test_a_posts_answer_carries_its_number_speaker_words_and_picture() -> None:
    driver = cortex()
    said = driver.do('/say text:"  Rain.  "')
    post = said.events[0].seq
    assert said.reply.text == (f"Narrator (post #{post}): Rain.",)
    assert said.reply.data == {"post": post, "speaker": "", "text": "Rain.", "picture": ""}
    edited = driver.do(f'/post edit post:{post} text:"Rain, hard."')
    assert edited.reply.text == (f"Post #{post} (Narrator) now says: Rain, hard.",)
    assert edited.reply.data == {"post": post, "text": "Rain, hard."}
    deleted = driver.do(f"/post delete post:{post}")
    assert deleted.reply.text == (f"Post #{post} (Narrator) is deleted.",)
    assert deleted.reply.data == {"post": post, "deleted": True}
    mine = driver.do('/say text:"Here."', "ana").events[0].seq
    assert driver.do(f'/post edit post:{mine} text:"There."', "ana").reply.text == (
        f"Post #{mine} (Ada) now says: There.",
    )
    assert driver.do(f"/post delete post:{mine}", "ana").reply.text == (
        f"Post #{mine} (Ada) is deleted.",
    )


def test_an_edit_refuses_in_its_own_words() -> None:
    driver = cortex()
    post = driver.do('/say text:"I wait."', "ana").events[0].seq
    assert driver.refused(f'/post edit post:{post} text:"[[Agility]]"', "ana") == (
        "An edit rolls nothing: keep the post's [[...]] as they were (a new /say rolls)."
    )


def test_a_gm_speaks_as_any_gm_character_their_own_characters_but_no_players() -> None:
    driver = cortex()
    driver.do("/game join", "cy")
    driver.do("/game gm add user:cy")
    driver.do("/char new name:Goon gmc:true", "cy")  # the co-GM's
    driver.do("/char new name:Gwen")  # the GM's own character
    assert driver.do('/say text:"Move." character:Goon').reply.text[0].startswith("Goon (post #")
    assert driver.do('/say text:"Me." character:Gwen').reply.text[0].startswith("Gwen (post #")
    assert driver.do('/say text:"Halt." character:Thug', "cy").reply.text[0].startswith("Thug (")
    assert driver.refused('/say text:"Move." character:Ada', "cy") == (
        "A GM speaks as a GM character or the narrator, not as Ada."
    )


def test_a_posts_roll_takes_every_option_and_refuses_a_secret_in_its_own_words() -> None:
    driver = TableDriver()
    driver.do("/game new system:generic name:G")
    driver.do("/game join", "ana")
    said = driver.do('/say text:"Up! [[2d6 results:3,4 label:jump]]"', "ana").reply.text
    assert (
        said[1] == "[[2d6 results:3,4 label:jump]] ana rolls for jump (typed faces): 2d6 (3, 4) = 7"
    )
    assert driver.refused('/say text:"[[d20 secret:true]]"', "ana") == (
        "[[d20 secret:true]]: a post is public; roll a secret with its own command."
    )


def test_a_gm_speaks_as_no_players_character_at_a_mettle_table() -> None:
    driver = TableDriver()
    driver.do("/game new system:mettle name:M")
    driver.do("/game join", "ana")
    driver.do("/char new name:Viktor concept:7 frame:3 motive:4 nature:3 poise:2", "ana")
    assert driver.refused('/say text:"Hi" character:Viktor') == (
        "A GM speaks as a GM character or the narrator, not as Viktor."
    )


def test_someone_who_made_no_command_yet_is_recapped_from_the_start() -> None:
    driver = cortex()
    driver.do("/game gm add user:cy")  # cy is at the table without a command of their own
    said = driver.do("/recap", "cy").reply.private
    assert said[0] == "You have made no command at this table yet: here is what it did."
    assert said[1].startswith("#1 Gemma: /game new")


def test_a_recap_reaches_back_past_hundreds_of_the_others_commands() -> None:
    driver = TableDriver()
    driver.do("/game new system:generic name:G")  # #1: the GM's only command
    driver.do("/game join", "ana")
    for _ in range(300):
        driver.do("/roll dice:d6 results:3", "ana")
    said = driver.do("/recap").reply.private
    assert said[0].startswith("Since your last command (#1, ")
    assert said[1] == "(271 earlier not listed: /history count:50 reaches them.)"


def test_each_roll_of_a_post_is_decided_after_the_ones_before_it() -> None:
    driver = cortex()
    said = driver.do('/say text:"[[Agility Sneaking]] then [[Agility]]"', "ana").reply.text
    rolls = [line for line in said if line.startswith("[[")]
    assert rolls[0].startswith("[[Agility Sneaking]] Ada rolls #1: ")
    assert rolls[1].startswith("[[Agility]] Ada rolls #2: ")


def test_a_posts_roll_obeys_the_tables_typed_dice_setting() -> None:
    driver = TableDriver()
    driver.do("/game new system:generic name:G")
    driver.do("/game join", "ana")
    driver.do("/results allow:none")
    refused = driver.refused('/say text:"Up! [[2d6 results:3,4]]"', "ana")
    assert refused.startswith("[[2d6 results:3,4]]: This table takes no typed dice")


def test_a_gm_speaks_as_a_players_character_made_a_gm_character_and_as_their_own() -> None:
    driver = cortex()
    made = driver.app.handle(
        driver.table_id,
        person("gm"),
        "/char import file:brick.yaml",
        read_file=lambda _path: Attachment("brick.yaml", b"name: Brick\nkind: gmc\n"),
    )
    assert made.ok, made.error  # ben's Brick is a GM character now
    assert driver.do('/say text:"Halt." character:Brick').reply.text[0].startswith("Brick (post #")
    driver.do("/char new name:Gwen")
    driver.do("/game claim character:Gwen")  # the GM plays Gwen
    assert driver.do('/say text:"Me." character:Gwen').reply.text[0].startswith("Gwen (post #")
