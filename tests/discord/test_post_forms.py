"""/say's form and a post's message menu through discord.py's own objects (issue 34): /say
without text asks for it in a form whose submission posts; Edit post (the message menu) asks
with the post's words as they stand and edits the post and its message; Delete post deletes
them; a message that is no post is refused saying what to type instead; the menu is sent to
Discord with the every-table commands."""

from __future__ import annotations

from typing import Any

from scenekeeper.adapters.discord.tree import MESSAGE_MENUS
from scenekeeper.app import App
from tests.discord.fakes import run
from tests.discord.gateway import (
    ANA,
    BEN,
    CHANNEL,
    GM,
    FakeDiscord,
    Harness,
    logged_in,
    snowflake,
)
from tests.discord.test_posting import cortex, hook_posts


def menu_payload(h: Harness, name: str, message: dict[str, Any], user: Any) -> dict[str, Any]:
    """A message menu entry chosen on ``message``, as Discord sends it."""
    data = {
        "id": snowflake(),
        "name": name,
        "type": 3,
        "target_id": message["id"],
        "resolved": {"messages": {message["id"]: message}},
    }
    return h.payload(2, user, data, channel=int(message["channel_id"]))


def hook_message(h: Harness) -> dict[str, Any]:
    (message,) = [m for m in h.discord.messages.values() if m.get("webhook_id")]
    return message


def test_say_without_text_asks_in_a_form_and_its_submission_posts(app: App) -> None:
    async def scenario() -> tuple[Any, Any, list[Any]]:
        async with logged_in(app) as h:
            await cortex(h)
            asked = await h.slash("say", ANA)
            form = asked.json["data"]
            mark = len(h.discord.requests)
            words = "A long night.\nThe lamps gutter; Ada keeps watch. [[d8 d6]]"
            fields = {"text": words, "character": ""}
            components = [
                {"type": 18, "component": {"type": 4, "custom_id": k, "value": v}}
                for k, v in fields.items()
            ]
            data = {"custom_id": form["custom_id"], "components": components}
            payload = h.payload(5, ANA, data)
            answer = h.one(await h.dispatch(payload))
            return asked, answer, hook_posts(h.discord.since(mark))

    asked, answer, posts = run(scenario())
    assert asked.kind == 9  # a form
    assert asked.json["data"]["custom_id"] == "sk:say:c"
    assert answer.ephemeral
    assert answer.text().startswith("Posted as Ada (post #")
    (post,) = posts
    assert post.json["username"] == "Ada"
    assert post.json["content"].startswith("A long night.\nThe lamps gutter; Ada keeps watch.")
    assert "[[d8 d6]] Ada rolls #1" in post.json["content"]


def test_edit_post_asks_with_the_words_as_they_stand_and_edits_the_message(app: App) -> None:
    async def scenario() -> tuple[Any, Any, list[Any], str]:
        async with logged_in(app) as h:
            await cortex(h)
            await h.slash("say", ANA, text="I wait. [[d8 d6]]")
            message = hook_message(h)
            asked = await h.dispatch(menu_payload(h, "Edit post", message, ANA))
            form = h.one(asked)
            custom_id = form.json["data"]["custom_id"]
            fields = {"text": "I wait, patient. [[d8 d6]]"}
            mark = len(h.discord.requests)
            answer = h.one(await h.dispatch(h.modal_payload(custom_id, fields, ANA, message)))
            return form, answer, h.discord.since(mark), str(hook_message(h)["content"])

    form, answer, requests, content = run(scenario())
    assert form.kind == 9
    shown = form.json["data"]["components"][0]["component"]
    assert shown["value"] == "I wait. [[d8 d6]]"  # the words, not the roll's lines
    assert answer.ephemeral
    assert "now says: I wait, patient." in answer.text()
    assert [r.method for r in hook_posts(requests)] == ["PATCH"]
    assert content.startswith("I wait, patient. [[d8 d6]]\n[[d8 d6]] Ada rolls #1")


def test_delete_post_is_the_authors_or_a_gms_and_a_message_that_is_no_post_is_refused(
    app: App,
) -> None:
    async def scenario() -> tuple[str, str, str, bool]:
        async with logged_in(app) as h:
            await cortex(h)
            await h.slash("game join", BEN)
            await h.slash("say", ANA, text="Gone soon.")
            message = hook_message(h)
            not_his = h.one(await h.dispatch(menu_payload(h, "Delete post", message, BEN)))
            plain = await h.slash("history", GM)
            no_post = h.one(await h.dispatch(menu_payload(h, "Edit post", h.stored(plain), ANA)))
            gone = h.one(await h.dispatch(menu_payload(h, "Delete post", message, GM)))
            return not_his.text(), no_post.text(), gone.text(), message["id"] in h.discord.messages

    not_his, no_post, gone, still_there = run(scenario())
    assert "is Ana's: only they or a GM change it." in not_his
    assert no_post.startswith("That message is not one of this table's posts")
    assert "is deleted" in gone
    assert not still_there


def test_the_message_menu_is_sent_with_the_every_table_commands(app: App) -> None:
    async def scenario() -> list[dict[str, Any]]:
        async with logged_in(app, sent_before=False) as h:
            await h.settle()
            return [c for c in h.discord.commands.get(None, []) if c.get("type") == 3]

    menus = run(scenario())
    assert [m["name"] for m in menus] == list(MESSAGE_MENUS)
    assert all(m["contexts"] == [0] for m in menus)


def test_a_gm_saying_as_the_narrator_is_asked_for_the_text_alone(app: App) -> None:
    async def scenario() -> tuple[Any, Any]:
        async with logged_in(app) as h:
            await cortex(h)
            asked = await h.slash("say", GM, narrator=True)
            data = {
                "custom_id": asked.json["data"]["custom_id"],
                "components": [
                    {"type": 18, "component": {"type": 4, "custom_id": "text", "value": "Rain."}}
                ],
            }
            mark = len(h.discord.requests)
            await h.dispatch(h.payload(5, GM, data))
            return asked, hook_posts(h.discord.since(mark))

    asked, posts = run(scenario())
    form = asked.json["data"]
    assert form["custom_id"] == "sk:say:n"
    assert [c["component"]["custom_id"] for c in form["components"]] == ["text"]
    (post,) = posts
    assert post.json["username"] == "Narrator"
    assert post.json["content"] == "Rain."


def test_a_post_the_bot_sent_as_its_own_reply_is_found_by_its_number(app: App) -> None:
    fake = FakeDiscord()
    fake.forbidden.append(rf"/channels/{CHANNEL}/webhooks")  # no Manage Webhooks

    async def scenario() -> tuple[Any, str]:
        async with logged_in(app, fake) as h:
            await cortex(h)
            reply = await h.slash("say", ANA, text="Quietly.\nVery quietly. [[d8 d6]]")
            message = h.stored(reply)
            asked = h.one(await h.dispatch(menu_payload(h, "Edit post", message, ANA)))
            said = message["content"] or message["embeds"][0]["description"]  # a reply's embed
            return asked, str(said)

    asked, content = run(scenario())
    assert content.startswith("Ada (post #")
    assert asked.kind == 9
    post = content.split("(post #", 1)[1].split(")", 1)[0]
    assert asked.json["data"]["custom_id"] == f"sk:pe:{post}"
    shown = asked.json["data"]["components"][0]["component"]
    # The words alone, every line of them: not the name, not the roll's lines.
    assert shown["value"] == "Quietly.\nVery quietly. [[d8 d6]]"
