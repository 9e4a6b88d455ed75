"""The board page in a real browser (Debian's headless chromium, driven over the DevTools
protocol by tools/chromium.py): it loads, follows a command without a reload, and stops when
its link is revoked. Skipped, saying how to install chromium, when it is absent -- except in
CI (``SCENEKEEPER_REQUIRE_CHROMIUM``, set by .ci/run), where a missing browser fails."""

from __future__ import annotations

import asyncio
import os

import aiohttp
import pytest
from tools.chromium import INSTALL, Page, chromium, find_chromium

from scenekeeper.adapters.web import links
from scenekeeper.adapters.web.answer import WebSettings
from scenekeeper.adapters.web.serve import WebBoard
from scenekeeper.app import App
from scenekeeper.engine.commands import Attachment
from tests.engine.test_pictures import picture_file
from tests.support import make_app, person
from tests.web.scenes import CORTEX, FULL, GM, METTLE, play

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def browser_path() -> str:
    path = find_chromium()
    if path is None:
        if os.environ.get("SCENEKEEPER_REQUIRE_CHROMIUM"):
            pytest.fail(f"CI requires chromium for the board page's tests: {INSTALL}")
        pytest.skip(f"no chromium installed for the board page's browser tests: {INSTALL}")
    return path


async def _serve(app: App) -> tuple[WebBoard, str]:
    board = WebBoard(app, WebSettings(url="http://127.0.0.1", port=0))
    port = await board.start()
    return board, f"http://127.0.0.1:{port}"


async def _viewers(board: WebBoard, table_id: str, count: int) -> None:
    async with asyncio.timeout(20):
        while True:
            feed = board.hub.feed_of(table_id)
            if (feed.viewers if feed is not None else 0) == count:
                return
            await asyncio.sleep(0.05)


async def _text(page: Page) -> str:
    return str(await page.evaluate("document.getElementById('board').innerText"))


def test_the_page_follows_a_command_without_a_reload_and_stops_when_revoked(
    browser_path: str,
) -> None:
    async def scenario() -> None:
        app = make_app()
        await asyncio.to_thread(play, app, "docks", CORTEX)
        token = links.issue(app.store, "docks").token
        board, base = await _serve(app)
        try:
            async with chromium(browser_path) as browser:
                page = await browser.new_page()
                await page.goto(f"{base}/b/{token}")
                assert "The Burning Docks" in await page.evaluate("document.title")
                text = await _text(page)
                for fact in ("Ada Lark", "Doom pool", "Twisted Ankle", "Mental d6"):
                    assert fact in text
                await _viewers(board, "docks", 1)  # its event stream is open
                # A mark on the window: a reload would wipe it.
                await page.evaluate("window.notReloaded = true")
                line = '/complication add character:Brick name:"Smoke in the Lungs" die:d6'
                outcome = await asyncio.to_thread(app.handle, "docks", GM, line)
                assert outcome.ok, outcome.error
                await page.wait_for(
                    "document.getElementById('board').innerText.includes('Smoke in the Lungs')"
                )
                assert await page.evaluate("window.notReloaded") is True
                assert "Updated after" in await page.evaluate(
                    "document.getElementById('live').textContent"
                )
                # Nothing comes from anywhere but this server (no CDN).
                same_origin = await page.evaluate(
                    "[...document.querySelectorAll('script[src], link[href]')]"
                    ".every(e => (e.src || e.href).startsWith(location.origin + '/static/'))"
                )
                assert same_origin is True
                # A plain reload shows the table as it stands, and follows it again.
                await page.goto(f"{base}/b/{token}")
                assert "Smoke in the Lungs" in await _text(page)
                await _viewers(board, "docks", 1)
                await asyncio.to_thread(play, app, "docks", ["/doom add dice:d12"])
                await page.wait_for("document.getElementById('board').innerText.includes('d12')")
                # The GM revokes the link: the open page is told and its stream ends.
                revoke = await asyncio.to_thread(app.handle, "docks", GM, "/board web revoke")
                await board.answer(revoke, "docks")
                await page.wait_for("document.body.classList.contains('stopped')")
                await _viewers(board, "docks", 0)
                async with aiohttp.ClientSession() as http:
                    async with http.get(f"{base}/b/{token}") as response:
                        assert response.status == 404
                    async with http.get(f"{base}/b/{token}/events") as response:
                        assert response.status == 404
                # A command after the revoke reaches nothing on the old page.
                await asyncio.to_thread(play, app, "docks", ["/doom add dice:d4"])
                await asyncio.sleep(0.5)  # room for an update that must not come
                assert "d4" not in (await _text(page)).split("Doom pool")[1].split("\n")[0]
        finally:
            await board.stop()

    asyncio.run(scenario())


def test_overlay_mode_is_transparent_and_a_mettle_board_reads_in_order(
    browser_path: str,
) -> None:
    async def scenario() -> None:
        app = make_app()
        await asyncio.to_thread(play, app, "bank", METTLE)
        token = links.issue(app.store, "bank").token
        board, base = await _serve(app)
        try:
            async with chromium(browser_path) as browser:
                page = await browser.new_page(transparent=True)
                await page.goto(f"{base}/b/{token}?overlay=1")
                background = await page.evaluate("getComputedStyle(document.body).backgroundColor")
                assert background == "rgba(0, 0, 0, 0)"
                # What a screen reader meets: one h1, a heading per section, lists of facts.
                headings = await page.evaluate(
                    "[...document.querySelectorAll('h1, h2')].map(h => h.textContent)"
                )
                assert headings[0] == "Baltimore 1904"
                assert {"Initiative", "Characters", "Waiting for", "Last rolls"} <= set(headings)
                labelled = await page.evaluate(
                    "[...document.querySelectorAll('section')].every(s => "
                    "document.getElementById(s.getAttribute('aria-labelledby')))"
                )
                assert labelled is True
                assert "Mettle 8/11" in await _text(page)
        finally:
            await board.stop()

    asyncio.run(scenario())


def test_an_overlay_fits_a_1080_frame_and_leaves_out_gm_hints(browser_path: str) -> None:
    """Five characters and three rolls: the overlay fits a 1920x1080 frame (it was 1,301 px
    tall), shows one roll unless asked, reads no GM hint, and takes parts, a corner, a width."""

    async def scenario() -> None:
        app = make_app()
        await asyncio.to_thread(play, app, "full", FULL)
        token = links.issue(app.store, "full").token
        board, base = await _serve(app)
        fits = "document.getElementById('board').getBoundingClientRect().bottom <= innerHeight"
        try:
            async with chromium(browser_path) as browser:
                page = await browser.new_page(transparent=True)
                await page.size(1920, 1080)
                await page.goto(f"{base}/b/{token}?overlay=1")
                assert await page.evaluate(fits) is True
                text = await _text(page)
                assert "Ada Lark's turn" in text
                assert "a GM can" not in text
                shown = "[...document.querySelectorAll('.rolls li')].filter(e => !e.hidden).length"
                assert await page.evaluate(shown) == 1
                assert "People" not in text
                # Chosen parts, in a corner, at a width: the frame of a stream layout.
                await page.goto(
                    f"{base}/b/{token}?overlay=1&parts=waiting,rolls&rolls=2&corner=br&width=520"
                )
                assert await page.evaluate(shown) == 2
                text = await _text(page)
                assert "Doom pool" not in text
                box = "document.getElementById('board').getBoundingClientRect()"
                assert await page.evaluate(f"{box}.right") == 1920
                assert await page.evaluate(f"{box}.width") <= 520
                assert await page.evaluate(fits) is True
                # The same page on a second screen keeps the GM's hints.
                page = await browser.new_page()
                await page.goto(f"{base}/b/{token}")
                assert "a GM can" in await _text(page)
        finally:
            await board.stop()

    asyncio.run(scenario())


def test_a_posts_picture_loads_on_the_page_under_its_security_policy(browser_path: str) -> None:
    async def scenario() -> tuple[int, str]:
        app = make_app()
        await asyncio.to_thread(play, app, "docks", CORTEX)
        content = picture_file((120, 90))
        set_picture = await asyncio.to_thread(
            app.handle,
            "docks",
            person("ana"),
            "/post picture image:ada.png",
            lambda _p: Attachment("ada.png", content),
        )
        assert set_picture.ok, set_picture.error
        said = await asyncio.to_thread(app.handle, "docks", person("ana"), '/say text:"Hi."')
        assert said.ok, said.error
        token = links.issue(app.store, "docks").token
        board, base = await _serve(app)
        try:
            async with chromium(browser_path) as browser:
                page = await browser.new_page()
                await page.goto(f"{base}/b/{token}")
                found = "document.querySelector('.post img.avatar')"
                await page.wait_for(f"{found} && {found}.complete && {found}.naturalWidth > 0")
                width = int(await page.evaluate(f"{found}.naturalWidth"))
                src = str(await page.evaluate(f"{found}.getAttribute('src')"))
                return width, src
        finally:
            await board.stop()

    width, src = asyncio.run(scenario())
    assert width == 120  # the picture made small was served, and the page's policy let it in
    assert src.startswith("/pictures/")
