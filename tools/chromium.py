"""A small Chrome DevTools Protocol client over aiohttp's websockets (aiohttp comes with
discord.py, pinned in requirements.lock): enough to drive Debian's headless ``chromium`` from
the board page's browser tests and its screenshots -- open a page, evaluate JavaScript, set the
window size, take a PNG.

``find_chromium()`` is None when no browser is installed (the tests then skip, saying how to
install it; CI's ``.ci/run`` installs it).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import os
import shutil
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp

CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
INSTALL = "apt-get install -y chromium (as root; .ci/run does it)"


def find_chromium() -> str | None:
    given = os.environ.get("SCENEKEEPER_CHROMIUM")
    if given:
        return given
    return next((path for name in CANDIDATES if (path := shutil.which(name))), None)


class Page:
    """One tab, attached with its own CDP session."""

    def __init__(self, browser: Browser, session: str, target: str = "") -> None:
        self._browser = browser
        self._session = session
        self._target = target

    async def close(self) -> None:
        """Close the tab (a page's open event stream holds one of the browser's six
        connections to a host: a seventh tab would wait for one)."""
        await self._browser.send("Target.closeTarget", targetId=self._target)

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        return await self._browser.send(method, session=self._session, **params)

    async def goto(self, url: str) -> None:
        await self.send("Page.navigate", url=url)
        await self.wait_for("document.readyState === 'complete'")

    async def evaluate(self, expression: str) -> Any:
        result = await self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression!r} failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    async def wait_for(self, expression: str, within: float = 20.0) -> Any:
        """Poll ``expression`` until it is truthy; ``TimeoutError`` after ``within`` seconds
        (a generous bound for a slow machine, never a measurement)."""
        async with asyncio.timeout(within):
            while True:
                with contextlib.suppress(RuntimeError):
                    value = await self.evaluate(expression)
                    if value:
                        return value
                await asyncio.sleep(0.05)

    async def size(self, width: int, height: int, *, mobile: bool = False) -> None:
        await self.send(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=mobile,
        )

    async def screenshot(self, path: Path, *, full_page: bool = False) -> None:
        params: dict[str, Any] = {"format": "png", "captureBeyondViewport": full_page}
        if full_page:
            metrics = await self.send("Page.getLayoutMetrics")
            content = metrics["cssContentSize"]
            params["clip"] = {
                "x": 0,
                "y": 0,
                "width": content["width"],
                "height": content["height"],
                "scale": 1,
            }
        shot = await self.send("Page.captureScreenshot", **params)
        path.write_bytes(base64.b64decode(shot["data"]))


class Browser:
    """A headless chromium process and its DevTools websocket."""

    def __init__(self, process: asyncio.subprocess.Process, ws: aiohttp.ClientWebSocketResponse):
        self._process = process
        self._ws = ws
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def send(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        message_id = next(self._ids)
        message: dict[str, Any] = {"id": message_id, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        answer = asyncio.get_running_loop().create_future()
        self._waiting[message_id] = answer
        await self._ws.send_str(json.dumps(message))
        return await asyncio.wait_for(answer, 30)

    async def new_page(self, transparent: bool = False) -> Page:
        target = await self.send("Target.createTarget", url="about:blank")
        attached = await self.send(
            "Target.attachToTarget", targetId=target["targetId"], flatten=True
        )
        page = Page(self, attached["sessionId"], target["targetId"])
        await page.send("Page.enable")
        if transparent:
            await page.send(
                "Emulation.setDefaultBackgroundColorOverride",
                color={"r": 0, "g": 0, "b": 0, "a": 0},
            )
        return page

    async def _read(self) -> None:
        async for message in self._ws:
            if message.type is not aiohttp.WSMsgType.TEXT:
                continue
            data = json.loads(message.data)
            answer = self._waiting.pop(data.get("id", -1), None)
            if answer is None or answer.done():
                continue
            if "error" in data:
                answer.set_exception(RuntimeError(f"CDP: {data['error']}"))
            else:
                answer.set_result(data.get("result", {}))


@contextlib.asynccontextmanager
async def chromium(executable: str | None = None) -> AsyncIterator[Browser]:
    """A headless chromium for the block (its own profile, removed afterwards)."""
    path = executable or find_chromium()
    if path is None:
        raise FileNotFoundError(f"no chromium: {INSTALL}")
    with tempfile.TemporaryDirectory(prefix="scenekeeper-chromium-") as profile:
        process = await asyncio.create_subprocess_exec(
            path,
            "--headless=new",
            "--no-sandbox",  # CI runs as root, where chromium's sandbox cannot start
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--no-default-browser-check",
            "--hide-scrollbars",
            "--remote-debugging-port=0",
            f"--user-data-dir={profile}",
            "about:blank",
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE,
        )
        try:
            url = await asyncio.wait_for(_devtools_url(process), 60)
            async with aiohttp.ClientSession() as http, http.ws_connect(url, max_msg_size=0) as ws:
                browser = Browser(process, ws)
                try:
                    yield browser
                finally:
                    browser._reader.cancel()
        finally:
            if process.returncode is None:
                process.terminate()
                try:
                    await asyncio.wait_for(process.wait(), 10)
                except TimeoutError:
                    process.kill()
                    await process.wait()


async def _devtools_url(process: asyncio.subprocess.Process) -> str:
    assert process.stderr is not None
    while True:
        line = (await process.stderr.readline()).decode("utf-8", "replace")
        if not line:
            raise RuntimeError("chromium exited before it was ready")
        if "DevTools listening on " in line:
            return line.split("DevTools listening on ", 1)[1].strip()
