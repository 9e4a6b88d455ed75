"""Screenshots of the board page for docs/: a Cortex, a METTLE and a NoDice table
(tests/web/scenes.py) at 1920x1080 and at phone width (390 wide, the whole page), and a full
Cortex table (five characters, three rolls) in overlay mode at 1920x1080 (a transparent PNG, as
stream software gets it), in Debian's headless chromium.

    .venv/bin/python -m tools.board_screenshots [--out docs]
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from tests.support import make_app
from tests.web.scenes import CORTEX, FULL, METTLE, NODICE, play
from tools.chromium import chromium

from scenekeeper.adapters.web import links
from scenekeeper.adapters.web.answer import WebSettings
from scenekeeper.adapters.web.serve import WebBoard

SIZES = {"1920": (1920, 1080, False, False), "phone": (390, 844, True, True)}


async def shoot(out: Path) -> list[Path]:
    app = make_app(seed=7)
    play(app, "cortex", CORTEX)
    play(app, "mettle", METTLE)
    play(app, "nodice", NODICE)
    play(app, "full", FULL)
    board = WebBoard(app, WebSettings(url="http://127.0.0.1", port=0))
    port = await board.start()
    made = []
    try:
        async with chromium() as browser:
            for game in ("cortex", "mettle", "nodice"):
                token = links.issue(app.store, game).token
                for name, (width, height, mobile, full) in SIZES.items():
                    page = await browser.new_page()
                    await page.size(width, height, mobile=mobile)
                    await page.goto(f"http://127.0.0.1:{port}/b/{token}")
                    path = out / f"board-{game}-{name}.png"
                    await page.screenshot(path, full_page=full)
                    await page.close()
                    made.append(path)
            page = await browser.new_page(transparent=True)
            await page.size(1920, 1080)
            token = links.issue(app.store, "full").token
            await page.goto(f"http://127.0.0.1:{port}/b/{token}?overlay=1")
            path = out / "board-cortex-overlay.png"
            await page.screenshot(path)
            made.append(path)
    finally:
        await board.stop()
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("docs"))
    args = parser.parse_args()
    for path in asyncio.run(shoot(args.out)):
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
