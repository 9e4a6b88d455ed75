"""Many tables at once (issue 24): durable commands at 1, 8, 64 and 512 tables, run as the Discord
adapter runs them, with group commit and without.

Run with ``make bench`` or ``python -m benchmarks.many_tables`` (never part of the test suite).
4,000 commands are spread over the tables (each table's own script in order: a new game, then
rolls, undo and redo, read-only commands) and all handed at once to the adapter's own
``Tables`` runner: a bounded pool of worker threads (8, and 32), one command per table at a
time, each ``App.handle`` on one SQLite store at ``synchronous=FULL`` (a command is answered
once its events are on disk). Each case is run on

* ``group``: the store as it is, appends ready at the same moment sharing one commit;
* ``one each``: the same store with every append committed on its own (as before group commit);

* ``memory``: the in-memory store, no disk at all: what the CPU alone allows;

next to the raw SQLite single-commit ceiling measured in the same run (``command_path``: the
store's transaction shape done with bare sqlite3, one append per fsync). Reported per case:
commands/s over the whole run, p99 of a command's time in ``App.handle`` (from its worker
picking it up to its answer), appends per commit, and the process's CPU time a command (every
thread's: what the cores spent on each command, the store's work and the runner's hand-overs
included). Median (min-max) over ``--runs``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks.command_path import raw_ceiling

from scenekeeper.adapters.discord.tables import Tables
from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry, settle_collector
from scenekeeper.dice import SeededDice
from scenekeeper.engine.commands import CommandRegistry
from scenekeeper.engine.state import Person
from scenekeeper.store.base import EventRecord, EventStore, check_batch
from scenekeeper.store.chain import encode
from scenekeeper.store.group import Pending
from scenekeeper.store.memory import MemoryStore
from scenekeeper.store.sqlite import SqliteStore

GM = Person("gm", "GM")
CYCLE = [
    "/roll dice:4d6kh3+2",
    "/roll dice:d20 label:attack",
    "/roll dice:2d10+3",
    "/undo",
    "/redo",
    '/roll dice:2d6 results:"3 4"',
    "/game show",
    "/roll dice:(d8+1)*2",
    "/history count:5",
    "/roll dice:3d6",
]


def table_script(count: int) -> list[str]:
    """One table's commands: a new game, then the cycle."""
    lines = ['/game new system:generic name:"Bench"']
    while len(lines) < count:
        lines.append(CYCLE[(len(lines) - 1) % len(CYCLE)])
    return lines[:count]


class Counted(SqliteStore):
    """The store as it is, counting its commits and the appends they carried."""

    commits = 0
    appends = 0

    def _write_group(self, group: list[Pending]) -> None:
        self.commits += 1
        self.appends += len(group)
        super()._write_group(group)


class OneEach(Counted):
    """Every append in a transaction and a commit of its own, queued on the store's lock: the
    store before group commit (the same checks, encoding and statements)."""

    def append(self, table_id: str, expected_seq: int, events: Sequence[EventRecord]) -> None:
        if not events:
            return
        check_batch(table_id, expected_seq, events)
        pending = Pending(table_id, expected_seq, encode(events))
        with self._lock:
            self._write_group([pending])
        if pending.error is not None:
            raise pending.error


async def drive(app: App, tables: int, commands: int, workers: int) -> list[float]:
    """Every command handed to the adapter's runner at once; each command's time in handle."""
    runner = Tables(app, workers=workers)
    scripts = {
        f"channel-{n}": table_script(commands // tables + (n < commands % tables))
        for n in range(tables)
    }
    timings: list[float] = []

    def work(table: str, line: str) -> None:
        start = time.perf_counter()
        outcome = app.handle(table, GM, line)
        timings.append(time.perf_counter() - start)
        if not outcome.ok:
            raise SystemExit(f"benchmark command refused at {table}: {line!r}: {outcome.error}")

    longest = max(len(lines) for lines in scripts.values())
    # Round-robin over the tables, so every table has work waiting from the start; a table's
    # gate keeps its own commands in order.
    order = [
        (table, lines[i])
        for i in range(longest)
        for table, lines in scripts.items()
        if i < len(lines)
    ]
    await asyncio.gather(
        *(runner.run(table, lambda t=table, x=line: work(t, x)) for table, line in order)
    )
    runner.close()
    return timings


def one_run(
    store: EventStore, registry: CommandRegistry, tables: int, commands: int, workers: int
) -> tuple[float, float, float, float]:
    """commands/s, p99 ms, appends per commit, the process's CPU a command (us: every thread,
    the event loop's too, SQLite's and the kernel's work for the process included)."""
    app = App(store, SeededDice(1), registry, snapshots_in_background=True)
    start, cpu = time.perf_counter(), time.process_time()
    timings = asyncio.run(drive(app, tables, commands, workers))
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    app.close()
    ordered = sorted(timings)
    p99 = ordered[int(len(ordered) * 0.99)] * 1000
    per_commit = store.appends / max(store.commits, 1) if isinstance(store, Counted) else 0.0
    return len(timings) / elapsed, p99, per_commit, cpu / len(timings) * 1e6


def spread(values: list[float], fmt: str) -> str:
    return f"{statistics.median(values):{fmt}} ({min(values):{fmt}}-{max(values):{fmt}})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--commands", type=int, default=4_000)
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 8, 64, 512])
    parser.add_argument("--workers", type=int, nargs="+", default=[8, 32])
    parser.add_argument("--runs", type=int, default=3, help="runs per case (median and range)")
    parser.add_argument(
        "--default-collector",
        action="store_true",
        help="keep CPython's collector settings (the bot settles them: bootstrap.settle_collector)",
    )
    args = parser.parse_args()
    registry = build_registry()
    if not args.default_collector:
        settle_collector()
    stores: dict[str, Callable[[Path], EventStore]] = {
        "group": Counted,
        "one each": OneEach,
        "memory": lambda _: MemoryStore(),
    }
    results: dict[tuple[int, int, str], list[tuple[float, float, float, float]]] = {}
    raw: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(args.runs):
            # Interleaved, so every case sees the same disk and the same neighbours.
            timings = raw_ceiling(Path(tmp) / f"raw-{run}.sqlite3", args.commands)
            raw.append(len(timings) / sum(timings))
            for workers in args.workers:
                for tables in args.tables:
                    for name, kind in stores.items():
                        path = Path(tmp) / f"{name}-{workers}-{tables}-{run}.sqlite3".replace(
                            " ", ""
                        )
                        outcome = one_run(kind(path), registry, tables, args.commands, workers)
                        results.setdefault((workers, tables, name), []).append(outcome)
    print(
        f"{args.commands:,} commands a run, {args.runs} runs a case, SQLite synchronous=FULL; "
        "median (min-max)"
    )
    print(f"raw SQLite ceiling, one append a commit: {spread(raw, ',.0f')} commits/s")
    print(
        f"{'workers':>7} {'tables':>6} {'store':<9} {'commands/s':>24} {'p99 ms':>22} "
        f"{'appends/commit':>18} {'CPU us a command':>18}"
    )
    for (workers, tables, name), outcomes in results.items():
        rates, p99s, per, cpu = ([o[i] for o in outcomes] for i in range(4))
        print(
            f"{workers:>7} {tables:>6} {name:<9} {spread(rates, ',.0f'):>24} "
            f"{spread(p99s, '.1f'):>22} {spread(per, '.1f') if name != 'memory' else '-':>18} "
            f"{spread(cpu, '.0f'):>18}"
        )


if __name__ == "__main__":
    main()
