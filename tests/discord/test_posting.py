"""/say through discord.py's own objects (issue 34): the post goes out through the channel's
webhook under the character's name (in a thread, through its parent's webhook, into the
thread), pinging nobody; the poster is answered privately; an edit and a delete follow the
message, after a restart too; without Manage Webhooks the post is the bot's own reply; a busy
channel's rate limit is waited out."""

from __future__ import annotations

import logging

import pytest

from scenekeeper.app import App
from tests.discord.fakes import run
from tests.discord.gateway import ANA, CHANNEL, GM, FakeDiscord, Harness, Request, logged_in
from tests.discord.test_game_controls import setup

HOOKS = rf"/channels/{CHANNEL}/webhooks"


async def cortex(h: Harness, channel: int = CHANNEL) -> None:
    await setup(
        h,
        ("game new", GM, {"system": "cortex", "name": "Posts"}),
        ("game join", ANA, {}),
        ("char new", ANA, {"name": "Ada"}),
    )


def hook_posts(requests: list[Request]) -> list[Request]:
    return [r for r in requests if "/hook-" in r.path]


def test_a_post_goes_out_through_the_webhook_as_the_character(app: App) -> None:
    async def scenario() -> tuple[list[Request], Request, FakeDiscord]:
        async with logged_in(app) as h:
            await cortex(h)
            mark = len(h.discord.requests)
            answer = await h.slash("say", ANA, text="Ada waits by the door. @everyone")
            return h.discord.since(mark), answer, h.discord

    requests, answer, fake = run(scenario())
    (post,) = hook_posts(requests)
    assert post.method == "POST"
    assert post.json["username"] == "Ada"
    assert post.json["content"] == "Ada waits by the door. @everyone"
    assert post.json["allowed_mentions"] == {"parse": []}
    assert post.params.get("wait") in ("true", True)
    assert answer.ephemeral
    assert answer.text().startswith("Posted as Ada (post #")
    # The webhook was made once, named for the bot.
    assert [h["name"] for h in fake.webhooks[str(CHANNEL)]] == ["Scenekeeper"]


def test_edits_and_deletes_follow_the_posts_message_after_a_restart_too(app: App) -> None:
    fake = FakeDiscord()

    async def first() -> tuple[int, str]:
        async with logged_in(app, fake) as h:
            await setup(
                h, ("game new", GM, {"system": "generic", "name": "G"}), ("game join", ANA, {})
            )
            mark = len(h.discord.requests)
            answer = await h.slash("say", ANA, text="First words. [[2d6]]")
            (posted,) = hook_posts(h.discord.since(mark))
            return int(answer.text().split("#", 1)[1].split(")", 1)[0]), posted.json["content"]

    async def second(post: int) -> list[Request]:
        async with logged_in(app, fake) as h:
            mark = len(h.discord.requests)
            await h.slash("post edit", ANA, post=post, text="Better words. [[2d6]]")
            await h.slash("post delete", GM, post=post)
            return h.discord.since(mark)

    post, content = run(first())
    words, rolled = content.split("\n", 1)
    assert words == "First words. [[2d6]]"
    assert rolled.startswith("[[2d6]] ")
    edit, delete = hook_posts(run(second(post)))
    assert edit.method == "PATCH"
    assert edit.json["content"] == f"Better words. [[2d6]]\n{rolled}"  # the roll as made
    assert delete.method == "DELETE"
    assert edit.path == delete.path  # the same message
    # One webhook in all: found again after the restart, not made twice.
    assert len(fake.webhooks[str(CHANNEL)]) == 1


def test_without_manage_webhooks_the_post_is_the_bots_own_reply(app: App) -> None:
    fake = FakeDiscord()
    fake.forbidden.append(HOOKS)

    async def scenario() -> Request:
        async with logged_in(app, fake) as h:
            await cortex(h)
            return await h.slash("say", ANA, text="Quietly.")

    answer = run(scenario())
    assert not answer.ephemeral
    assert "Ada (post #" in answer.text()
    assert "Quietly." in answer.text()
    assert hook_posts(fake.requests) == []


def test_a_rate_limited_webhook_post_is_waited_out_and_lands_once(app: App) -> None:
    fake = FakeDiscord()
    fake.throttled[r"/webhooks/\d+/hook-\d+"] = 2

    async def scenario() -> list[Request]:
        async with logged_in(app, fake) as h:
            await cortex(h)
            await h.slash("say", ANA, text="Still here.")
            return h.discord.requests

    posts = hook_posts(run(scenario()))
    assert [p.status for p in posts] == [429, 429, 200]
    landed = [m for m in fake.messages.values() if m.get("webhook_id")]
    assert len(landed) == 1


def test_a_post_in_a_thread_goes_through_the_parents_webhook_into_the_thread(app: App) -> None:
    thread = CHANNEL + 50

    async def scenario() -> list[Request]:
        async with logged_in(app) as h:
            for command, who, values in (
                ("game new", GM, {"system": "cortex", "name": "T"}),
                ("game join", ANA, {}),
                ("char new", ANA, {"name": "Ada"}),
            ):
                payload = h.command_payload(command, who, values, channel=thread, parent=CHANNEL)
                await h.dispatch(payload)
            mark = len(h.discord.requests)
            said = {"text": "In the side room."}
            await h.dispatch(h.command_payload("say", ANA, said, channel=thread, parent=CHANNEL))
            return h.discord.since(mark)

    (post,) = hook_posts(run(scenario()))
    assert str(post.params.get("thread_id")) == str(thread)
    assert post.path.startswith("/webhooks/")  # the parent channel's webhook


def test_a_post_the_webhook_refuses_is_the_bots_own_reply(app: App) -> None:
    fake = FakeDiscord()
    fake.forbidden.append(r"/webhooks/\d+/hook-\d+.*")

    async def scenario() -> Request:
        async with logged_in(app, fake) as h:
            await cortex(h)
            return await h.slash("say", ANA, text="Still here.")

    answer = run(scenario())
    assert [p.status for p in hook_posts(fake.requests)] == [403]
    assert not answer.ephemeral
    assert "Ada (post #" in answer.text()
    assert "Still here." in answer.text()


def test_the_narrators_post_and_a_roll_of_several_lines_kept_for_its_edit(app: App) -> None:
    async def scenario() -> tuple[list[Request], list[Request], str]:
        async with logged_in(app) as h:
            await cortex(h)
            values = {"character": "Ada", "trait": "Agility", "die": "d8", "set": "Attributes"}
            await h.slash("char set", ANA, **values)
            mark = len(h.discord.requests)
            answer = await h.slash("say", GM, text="Rain falls.", narrator=True)
            narrated = hook_posts(h.discord.since(mark))
            mark = len(h.discord.requests)
            said = await h.slash("say", ANA, text="Up! [[Agility]]")
            post = int(said.text().split("#", 1)[1].split(")", 1)[0])
            await h.slash("post edit", ANA, post=post, text="Up, fast! [[Agility]]")
            return narrated, hook_posts(h.discord.since(mark)), answer.text()

    narrated, rolled, answer = run(scenario())
    (post,) = narrated
    assert post.json["username"] == "Narrator"
    assert answer.startswith("Posted as the narrator (post #")
    first, edit = rolled
    words, rolls = first.json["content"].split("\n", 1)
    assert words == "Up! [[Agility]]"
    assert len(rolls.split("\n")) >= 2  # Cortex: the roll, then its total and effect die
    assert edit.json["content"] == f"Up, fast! [[Agility]]\n{rolls}"


def test_a_speakers_name_is_cut_to_what_discord_takes(app: App) -> None:
    name = "Captain " + "x" * 90  # a game without sheets: a GM speaks as any name

    async def scenario() -> list[Request]:
        async with logged_in(app) as h:
            await setup(h, ("game new", GM, {"system": "generic", "name": "G"}))
            mark = len(h.discord.requests)
            await h.slash("say", GM, text="Halt.", character=name)
            return hook_posts(h.discord.since(mark))

    (post,) = run(scenario())
    assert post.json["username"] == name[:80]


def test_an_edit_and_a_delete_of_a_post_in_a_thread_go_into_the_thread(app: App) -> None:
    thread = CHANNEL + 50

    async def scenario() -> list[Request]:
        async with logged_in(app) as h:
            for command, who, values in (
                ("game new", GM, {"system": "cortex", "name": "T"}),
                ("game join", ANA, {}),
                ("char new", ANA, {"name": "Ada"}),
            ):
                await h.dispatch(
                    h.command_payload(command, who, values, channel=thread, parent=CHANNEL)
                )
            said = {"text": "In the side room."}
            answer = await h.dispatch(
                h.command_payload("say", ANA, said, channel=thread, parent=CHANNEL)
            )
            post = int(h.one(answer).text().split("#", 1)[1].split(")", 1)[0])
            mark = len(h.discord.requests)
            edit = {"post": post, "text": "In the cellar."}
            await h.dispatch(
                h.command_payload("post edit", ANA, edit, channel=thread, parent=CHANNEL)
            )
            await h.dispatch(
                h.command_payload(
                    "post delete", ANA, {"post": post}, channel=thread, parent=CHANNEL
                )
            )
            return h.discord.since(mark)

    edit, delete = hook_posts(run(scenario()))
    assert (edit.method, delete.method) == ("PATCH", "DELETE")
    assert str(edit.params.get("thread_id")) == str(thread)
    assert str(delete.params.get("thread_id")) == str(thread)


def test_a_channel_without_manage_webhooks_is_logged_for_the_operator(
    app: App, caplog: pytest.LogCaptureFixture
) -> None:
    fake = FakeDiscord()
    fake.forbidden.append(HOOKS)

    async def scenario() -> None:
        async with logged_in(app, fake) as h:
            await cortex(h)
            await h.slash("say", ANA, text="Quietly.")
            await h.slash("say", ANA, text="Again.")  # known by now: not asked, not logged

    with caplog.at_level(logging.WARNING, logger="scenekeeper.adapters.discord.posting"):
        run(scenario())
    assert [r.getMessage() for r in caplog.records if r.name.endswith("posting")] == [
        f"channel {CHANNEL}: no Manage Webhooks permission; posts go out as the bot's own "
        "replies (scenekeeper discord --check lists the permissions)"
    ]


def test_a_webhook_that_cannot_be_read_is_logged_and_asked_for_again(
    app: App, caplog: pytest.LogCaptureFixture
) -> None:
    fake = FakeDiscord()
    fake.throttled[HOOKS] = 6  # discord.py gives up after five tries

    async def scenario() -> Request:
        async with logged_in(app, fake) as h:
            await cortex(h)
            await h.slash("say", ANA, text="Quietly.")
            return await h.slash("say", ANA, text="Now.")

    with caplog.at_level(logging.WARNING, logger="scenekeeper.adapters.discord.posting"):
        answer = run(scenario())
    logged = [r.getMessage() for r in caplog.records if r.name.endswith("posting")]
    assert len(logged) == 1
    assert logged[0].startswith(f"channel {CHANNEL}: its webhook could not be read (429 ")
    assert answer.ephemeral  # asked again: the second post went through the webhook
    assert len(hook_posts(fake.requests)) == 1


def test_another_webhook_of_the_channel_is_left_alone(app: App) -> None:
    fake = FakeDiscord()
    other = {
        "id": "777",
        "type": 1,
        "channel_id": str(CHANNEL),
        "name": "Someone else's",
        "avatar": None,
        "token": "hook-777",
    }
    theirs_unusable = {**other, "id": "778", "name": "Scenekeeper", "token": None}
    fake.webhooks[str(CHANNEL)] = [other, theirs_unusable]

    async def scenario() -> list[Request]:
        async with logged_in(app, fake) as h:
            await cortex(h)
            mark = len(h.discord.requests)
            await h.slash("say", ANA, text="Mine.")
            return hook_posts(h.discord.since(mark))

    (post,) = run(scenario())
    assert not post.path.startswith("/webhooks/777/")
    assert [h["name"] for h in fake.webhooks[str(CHANNEL)]][-1] == "Scenekeeper"
    assert len(fake.webhooks[str(CHANNEL)]) == 3  # its own, made


def test_a_post_the_webhook_refuses_is_logged_for_the_operator(
    app: App, caplog: pytest.LogCaptureFixture
) -> None:
    fake = FakeDiscord()
    fake.forbidden.append(r"/webhooks/\d+/hook-\d+.*")

    async def scenario() -> None:
        async with logged_in(app, fake) as h:
            await cortex(h)
            await h.slash("say", ANA, text="Still here.")

    with caplog.at_level(logging.WARNING, logger="scenekeeper.adapters.discord.posting"):
        run(scenario())
    (logged,) = [r.getMessage() for r in caplog.records if r.name.endswith("posting")]
    assert logged.startswith(f"channel {CHANNEL}: a post could not go through its webhook (403 ")
