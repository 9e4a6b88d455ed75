"""The board page under load: how long a command takes to reach every open page, and what the
open pages cost the process that serves them. Run with ``make bench-board`` (never part of the
test suite).

The server is a process of its own, as the bot is: an ``App`` on durable SQLite with
``WebBoard`` serving the pages (``adapters/web``). This process opens the pages' event streams
(aiohttp clients) and asks the server to run commands; the latency of one page is from just
before ``App.handle`` starts to the moment the page's stream delivers the new board
(``time.monotonic``, one clock for both processes on Linux), so it includes the command itself.

1. one table, ``--viewers`` pages open (500), ``--commands`` commands a few tenths apart;
2. ``--tables`` tables (100), ``--per-table`` pages each, commands round the tables.

Memory: the server's resident size with the tables loaded and no page open, then with every
page open (after the updates): the difference is what the pages cost.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import statistics
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support import make_app
from tests.web.scenes import CORTEX, GM, play

from scenekeeper.adapters.web import links
from scenekeeper.adapters.web.answer import WebSettings
from scenekeeper.adapters.web.serve import WebBoard
from scenekeeper.store.sqlite import SqliteStore


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


# -- the server process --------------------------------------------------------------------------


def server(conn: Connection, tables: int, folder: str) -> None:
    asyncio.run(_server(conn, tables, folder))


async def _server(conn: Connection, tables: int, folder: str) -> None:
    app = make_app(SqliteStore(Path(folder) / "tables.sqlite3"))
    tokens = {}
    for n in range(tables):
        table_id = f"t{n}"
        play(app, table_id, CORTEX)
        tokens[table_id] = links.issue(app.store, table_id).token
    board = WebBoard(app, WebSettings(url="http://bench", port=0))
    port = await board.start()
    conn.send((port, tokens))
    loop = asyncio.get_running_loop()
    added: set[str] = set()
    while True:
        ask = await loop.run_in_executor(None, conn.recv)
        if ask == "stop":
            break
        if ask == "rss":
            conn.send((rss_mb(), board.hub.renders))
            continue
        # A die into the doom pool, then taken back: every command changes the board.
        line = "/undo" if ask in added else "/doom add dice:d6"
        added ^= {ask}
        started = time.monotonic()
        outcome = await asyncio.to_thread(app.handle, ask, GM, line)
        took = time.monotonic() - started
        conn.send((started, took, outcome.ok, app.table(ask).seq))
    await board.stop()
    app.store.close()


# -- the pages (this process) --------------------------------------------------------------------


class Pages:
    def __init__(self) -> None:
        self.arrivals: dict[tuple[str, int], list[float]] = {}  # (table, seq) -> arrival times
        self.tasks: list[asyncio.Task[None]] = []
        self.open = 0

    async def follow(self, http: aiohttp.ClientSession, url: str, table_id: str) -> None:
        async with http.get(url, timeout=aiohttp.ClientTimeout(total=None)) as response:
            self.open += 1
            seq = None
            async for raw in response.content:
                line = raw.decode()
                if line.startswith("id: "):
                    seq = int(line[4:])
                elif line.startswith("data: ") and seq is not None:
                    self.arrivals.setdefault((table_id, seq), []).append(time.monotonic())
                    seq = None


async def scenario(
    conn: Connection,
    port: int,
    tokens: dict[str, str],
    *,
    per_table: int,
    commands: int,
    gap: float,
) -> dict[str, float]:
    pages = Pages()
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:
        conn.send("rss")
        rss_before, _ = conn.recv()
        for table_id, token in tokens.items():
            for _ in range(per_table):
                url = f"http://127.0.0.1:{port}/b/{token}/events"
                pages.tasks.append(asyncio.create_task(pages.follow(http, url, table_id)))
        viewers = len(tokens) * per_table
        while pages.open < viewers or len(pages.arrivals) < len(tokens):
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)
        sent: list[tuple[str, int, float, float]] = []
        names = list(tokens)
        for n in range(commands):
            table_id = names[n % len(names)]
            conn.send(table_id)
            started, took, ok, seq = await asyncio.get_running_loop().run_in_executor(
                None, conn.recv
            )
            assert ok
            sent.append((table_id, seq, started, took))
            await asyncio.sleep(gap)
        await asyncio.sleep(1.0)
        conn.send("rss")
        rss_after, renders = conn.recv()
        for task in pages.tasks:
            task.cancel()
    latencies = []
    missing = 0
    for table_id, seq, started, _ in sent:
        arrived = pages.arrivals.get((table_id, seq), [])
        latencies += [a - started for a in arrived]
        missing += per_table - len(arrived)
    latencies.sort()
    return {
        "viewers": viewers,
        "commands": commands,
        "samples": len(latencies),
        "missing": missing,
        "p50_ms": 1000 * statistics.median(latencies),
        "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))],
        "max_ms": 1000 * latencies[-1],
        "command_p50_ms": 1000 * statistics.median(took for *_, took in sent),
        "rss_before_mb": rss_before,
        "rss_after_mb": rss_after,
        "extra_mb": rss_after - rss_before,
        "renders": renders,
    }


def run(tables: int, per_table: int, commands: int, gap: float) -> dict[str, float]:
    spawn = multiprocessing.get_context("spawn")
    parent, child = spawn.Pipe()
    with tempfile.TemporaryDirectory() as folder:
        process = spawn.Process(target=server, args=(child, tables, folder))
        process.start()
        port, tokens = parent.recv()
        try:
            return asyncio.run(
                scenario(parent, port, tokens, per_table=per_table, commands=commands, gap=gap)
            )
        finally:
            parent.send("stop")
            process.join(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--viewers", type=int, default=500)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--per-table", type=int, default=5)
    parser.add_argument("--commands", type=int, default=100)
    args = parser.parse_args()
    runs = {
        f"1 table, {args.viewers} pages": run(1, args.viewers, args.commands, 0.2),
        f"{args.tables} tables, {args.per_table} pages each": run(
            args.tables, args.per_table, args.commands * 2, 0.05
        ),
    }
    print(
        "| load | pages | commands | p50 | p99 | max | command alone p50 | RSS before "
        "| RSS with pages | extra | renders |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name, r in runs.items():
        print(
            f"| {name} | {r['viewers']} | {r['commands']} | {r['p50_ms']:.1f} ms "
            f"| {r['p99_ms']:.1f} ms | {r['max_ms']:.1f} ms | {r['command_p50_ms']:.1f} ms "
            f"| {r['rss_before_mb']:.0f} MB | {r['rss_after_mb']:.0f} MB "
            f"| {r['extra_mb']:.1f} MB | {r['renders']} |"
        )
        if r["missing"]:
            print(f"  ({name}: {r['missing']} page updates never arrived)")


if __name__ == "__main__":
    main()
