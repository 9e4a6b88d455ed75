"""/post picture through discord.py's own objects (issue 34): the picture is read from the
attachment's link while it lives, kept with the table, served by the bot's board server under
its own name, and given to the webhook as each post's avatar -- still there once Discord's
link has expired. Without a board server, posts carry the name alone."""

from __future__ import annotations

import aiohttp

from scenekeeper.adapters.web.answer import WebSettings
from scenekeeper.adapters.web.serve import WebBoard
from scenekeeper.app import App
from tests.discord.fakes import run
from tests.discord.gateway import ANA, CHANNEL, Upload, logged_in
from tests.discord.test_posting import cortex, hook_posts
from tests.engine.test_pictures import picture_file

BOARD = "https://boards.example"


def test_a_posts_avatar_is_the_characters_picture_served_by_the_bot_after_the_link_expired(
    app: App,
) -> None:
    async def scenario() -> tuple[str, str, bytes, str]:
        web = WebBoard(app, WebSettings(url=BOARD, port=0))
        async with logged_in(app, web=web) as h:
            await cortex(h)
            upload = Upload("ada.png", picture_file((640, 480)))
            answer = await h.slash("post picture", ANA, image=upload)
            h.discord.cdn.clear()  # Discord's link expires; the picture is ours now
            mark = len(h.discord.requests)
            await h.slash("say", ANA, text="Here I am.")
            (post,) = hook_posts(h.discord.since(mark))
            avatar = str(post.json["avatar_url"])
            served = avatar.replace(BOARD, f"http://127.0.0.1:{web.server.port}")
            async with aiohttp.ClientSession() as http, http.get(served) as response:
                assert response.status == 200
                kind = response.headers["Content-Type"]
                caching = response.headers["Cache-Control"]
                return answer.text(), avatar, await response.read(), f"{kind}; {caching}"

    said, avatar, body, headers = run(scenario())
    assert said.startswith("Ada's posts carry this picture from now on (JPG, 256x192, ")
    name = app.table(str(CHANNEL)).state.meta.pictures["Ada"]  # type: ignore[union-attr]
    assert avatar == f"{BOARD}/pictures/{name}"
    assert body[:3] == b"\xff\xd8\xff"  # the JPEG made small, not the upload
    assert headers == "image/jpeg; public, max-age=31536000, immutable"


def test_without_a_board_server_a_post_carries_the_name_alone(app: App) -> None:
    async def scenario() -> dict[str, object]:
        async with logged_in(app) as h:
            await cortex(h)
            await h.slash("post picture", ANA, image=Upload("ada.png", picture_file()))
            mark = len(h.discord.requests)
            await h.slash("say", ANA, text="Nameless face.")
            (post,) = hook_posts(h.discord.since(mark))
            return post.json

    sent = run(scenario())
    assert sent["username"] == "Ada"
    assert "avatar_url" not in sent


def test_a_picture_whose_link_expired_before_it_was_read_is_refused_saying_why(app: App) -> None:
    async def scenario() -> str:
        async with logged_in(app) as h:
            await cortex(h)
            upload = Upload("ada.png", picture_file())
            payload = h.command_payload("post picture", ANA, {"image": upload})
            h.discord.cdn.clear()  # gone before the bot read it
            return h.one(await h.dispatch(payload)).text()

    said = run(scenario())
    assert "image: Discord did not hand over ada.png" in said
