"""/board web on Discord: the GM gets the board page's link privately (the channel's reply
never holds it), the bot's own process serves it, and /board web revoke takes it back at once."""

from __future__ import annotations

import re

import aiohttp

from scenekeeper.adapters.web.answer import WebSettings
from scenekeeper.adapters.web.serve import WebBoard
from scenekeeper.app import App
from tests.discord.fakes import run
from tests.discord.gateway import ANA, GM, logged_in
from tests.discord.test_buttons import cortex_table

LINK = re.compile(r"https://boards\.example/b/([A-Za-z0-9_-]{32})")


def test_board_web_gives_the_gm_a_private_link_the_bot_serves_until_revoked(app: App) -> None:
    async def scenario() -> None:
        web = WebBoard(app, WebSettings(url="https://boards.example", port=0))
        async with logged_in(app, web=web) as h:
            await cortex_table(h)
            refused = await h.slash("board web", ANA)
            assert "Only the GM" in refused.text()
            mark = await h.dispatch(h.command_payload("board web", GM, {}))
            replies = h.discord.replies(mark)
            with_link = [r for r in replies if LINK.search(r.text())]
            assert with_link
            assert all(r.ephemeral for r in with_link)
            token = LINK.search(with_link[0].text()).group(1)  # type: ignore[union-attr]
            page = f"http://127.0.0.1:{web.server.port}/b/{token}"
            async with aiohttp.ClientSession() as http:
                async with http.get(page) as response:
                    assert response.status == 200
                    assert "Friday" in await response.text()
                await h.slash("board web revoke", GM)
                async with http.get(page) as response:
                    assert response.status == 404

    run(scenario())


def test_revoking_a_board_that_has_no_link_says_so_and_claims_nothing(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await cortex_table(h)
            mark = await h.dispatch(h.command_payload("board web revoke", GM, {}))
            said = " ".join(r.text() for r in h.discord.replies(mark))
            assert "has no web page from now on" in said
            assert "It had no link." in said
            assert "revoked" not in said

    run(scenario())
