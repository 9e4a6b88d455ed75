"""``scenekeeper board``: serve the board pages of the tables in a database, for tables played
at the console (``scenekeeper play`` on the same database gives the links: ``/board web``).
Changes made by the other process reach the open pages within a poll (``serve.POLL``), as
they do on the bot's."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import logging
import signal
import sys
from collections.abc import Sequence

from scenekeeper.adapters.web.answer import DEFAULT_PORT, WebSettings, record_server, served_url
from scenekeeper.adapters.web.serve import WebBoard
from scenekeeper.bootstrap import build_app, settle_collector
from scenekeeper.store.base import StoreError


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="scenekeeper board",
        description="Serve the live board pages (/board web gives a table's link).",
    )
    parser.add_argument("--db", help="database path or URL (default: as for play)")
    parser.add_argument("--host", default="127.0.0.1", help="where to listen (default: 127.0.0.1)")
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port (default: {DEFAULT_PORT})"
    )
    args = parser.parse_args(list(argv))
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        app = build_app(args.db, seed=0)  # the pages roll no dice
        settle_collector()
    except StoreError as error:
        print(f"scenekeeper: cannot open the database: {error}", file=sys.stderr)
        return 2
    # The address is known once the port is (``--port 0``: any free one): see _serve.
    settings = WebSettings(url="", host=args.host, port=args.port)
    try:
        asyncio.run(_serve(WebBoard(app, settings)))
    except OSError as error:
        print(f"scenekeeper board: cannot listen on {args.host}:{args.port}: {error}")
        return 2
    finally:
        app.store.close()
    return 0


async def _serve(board: WebBoard) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # Windows: Ctrl+C still interrupts
            loop.add_signal_handler(sig, stop.set)
    port = await board.start()
    url = served_url(board.settings.host, port)
    board.settings = dataclasses.replace(board.settings, url=url)
    # The console's /board web reads it from the database: its links open here.
    await asyncio.to_thread(record_server, board.app.store, url)
    print(
        f"Serving board pages on {board.settings.host}:{port} "
        f"(links: {url}/b/...; /board web at the console gives one). Ctrl+C stops.",
        flush=True,
    )
    try:
        await stop.wait()
    finally:
        await board.stop()
