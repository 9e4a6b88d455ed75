"""Commands per second and latency through ``App.handle``, on durable SQLite and in memory.

Run with ``make bench`` (never part of the test suite). Each run plays the same 10,000-command
script -- rolls, seat changes, undo/redo, read-only commands -- through the full path (parse,
authorise, decide, evolve, append, reply) on a fresh table, timing every command.
Target: >= 1,000 durable commands/s on one process, p99 < 10 ms; issue 24: >= 60% of the raw
ceiling, measured in the same run -- the store's own transaction shape (BEGIN IMMEDIATE, read the
head and its hash, insert one event row, COMMIT) done with bare sqlite3 at the same durability
(WAL, synchronous=FULL: acknowledged means on disk). Since then a lone append after a known head
is one statement; that shape done raw is measured too ("raw one statement").

Then where a durable command's time goes (issue 36): the wall clock and this thread's CPU time
of every command, of its append and of a raw commit, so the report says how much of a durable
command is the CPU (the command's own Python, and SQLite's and the kernel's work for the commit,
which on a virtual machine is much of a raw commit too) and how much is waiting for the disk.
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry, settle_collector
from scenekeeper.dice import SeededDice
from scenekeeper.engine.state import Person
from scenekeeper.store.base import EventStore
from scenekeeper.store.memory import MemoryStore
from scenekeeper.store.sqlite import SqliteStore

GM = Person("gm", "GM")
PEOPLE = [Person(f"p{i}", f"Player {i}") for i in range(6)]


def script(count: int) -> list[tuple[Person, str]]:
    lines: list[tuple[Person, str]] = [(GM, '/game new system:generic name:"Bench"')]
    lines += [(p, "/game join") for p in PEOPLE]
    cycle: list[Callable[[int], tuple[Person, str]]] = [
        lambda i: (PEOPLE[i % 6], f"/roll dice:4d6kh3+{i % 5}"),
        lambda i: (PEOPLE[i % 6], "/roll dice:d20 label:attack"),
        lambda i: (GM, "/roll dice:2d10+3"),
        lambda i: (GM, "/undo"),
        lambda i: (GM, "/redo"),
        lambda i: (PEOPLE[i % 6], '/roll dice:2d6 results:"3 4"'),
        lambda i: (GM, "/game show"),
        lambda i: (PEOPLE[i % 6], "/roll dice:(d8+1)*2"),
        lambda i: (GM, "/history count:5"),
        lambda i: (PEOPLE[i % 6], "/roll dice:3d6"),
    ]
    while len(lines) < count:
        i = len(lines)
        lines.append(cycle[i % len(cycle)](i))
    return lines


def run(store: EventStore, lines: list[tuple[Person, str]]) -> list[float]:
    # As the bot runs it (bootstrap): snapshots are saved off the command path.
    app = App(
        store=store, dice=SeededDice(1), registry=build_registry(), snapshots_in_background=True
    )
    timings = []
    for actor, line in lines:
        start = time.perf_counter()
        outcome = app.handle("bench", actor, line)
        timings.append(time.perf_counter() - start)
        if not outcome.ok:
            raise SystemExit(f"benchmark command refused: {line!r}: {outcome.error}")
    app.close()
    return timings


#: One raw event's data, about the size of a roll's.
RAW_DATA = '{"expression":"4d6kh3+1","dice":[{"sides":6,"face":3}],"total":12}'


def _raw_store(path: Path) -> sqlite3.Connection:
    """A bare sqlite3 events table at the store's durability (WAL, synchronous=FULL)."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute(
        "CREATE TABLE events (table_id TEXT, seq INTEGER, data TEXT, hash TEXT, "
        "PRIMARY KEY (table_id, seq))"
    )
    return conn


def raw_ceiling(path: Path, count: int) -> list[float]:
    """Seconds per raw append in the store's transaction shape, with nothing else around it."""
    conn = _raw_store(path)
    timings = []
    for seq in range(1, count + 1):
        start = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        conn.execute(
            "SELECT seq, hash FROM events WHERE table_id = ? ORDER BY seq DESC LIMIT 1", ("b",)
        ).fetchone()
        conn.execute("INSERT INTO events VALUES (?, ?, ?, ?)", ("b", seq, RAW_DATA, "h" * 64))
        conn.execute("COMMIT")
        timings.append(time.perf_counter() - start)
    conn.close()
    return timings


def raw_one_statement(path: Path, count: int) -> list[float]:
    """Seconds per raw append in the store's lone-append shape since issue 24 (one ``INSERT ...
    SELECT`` that checks the head and its hash, in its own transaction): the ceiling of that
    shape, beside the one above (the issue's reference)."""
    conn = _raw_store(path)
    insert = (
        "INSERT INTO events SELECT * FROM (VALUES (?, ?, ?, ?)) "
        "WHERE NOT EXISTS (SELECT 1 FROM events WHERE table_id = ? AND seq > ?) "
        "AND (? = 0 OR EXISTS (SELECT 1 FROM events WHERE table_id = ? AND seq = ? AND hash = ?))"
    )
    timings = []
    for seq in range(1, count + 1):
        start = time.perf_counter()
        conn.execute(
            insert, ("b", seq, RAW_DATA, "h" * 64, "b", seq - 1, seq - 1, "b", seq - 1, "h" * 64)
        )
        timings.append(time.perf_counter() - start)
    conn.close()
    return timings


@dataclass
class Split:
    """Microseconds a command of one durable run, as the wall clock and as this thread's CPU
    time: the whole command, its append (the store's Python, SQLite and the commit), and a raw
    commit of the same run (``raw_ceiling``'s shape) beside them."""

    wall: float
    cpu: float
    append_wall: float
    append_cpu: float
    raw_wall: float
    raw_cpu: float
    appends: int


def time_split(path: Path, lines: list[tuple[Person, str]]) -> Split:
    """One durable run of ``lines`` on a fresh store at ``path`` (and raw commits beside it),
    its time split as ``Split`` says."""
    store = SqliteStore(path)
    spent = [0, 0, 0]  # the appends' wall ns, CPU ns, count
    append = store.append

    def timed(*args: Any) -> None:
        wall, cpu = time.perf_counter_ns(), time.thread_time_ns()
        try:
            append(*args)
        finally:
            spent[0] += time.perf_counter_ns() - wall
            spent[1] += time.thread_time_ns() - cpu
            spent[2] += 1

    store.append = timed  # type: ignore[method-assign]
    app = App(
        store=store, dice=SeededDice(1), registry=build_registry(), snapshots_in_background=True
    )
    wall, cpu = time.perf_counter_ns(), time.thread_time_ns()
    for actor, line in lines:
        app.handle("bench", actor, line)
    wall, cpu = time.perf_counter_ns() - wall, time.thread_time_ns() - cpu
    app.close()
    raw = path.with_name(path.name + ".raw")
    raw_wall, raw_cpu = time.perf_counter_ns(), time.thread_time_ns()
    commits = len(raw_ceiling(raw, len(lines)))
    raw_wall, raw_cpu = time.perf_counter_ns() - raw_wall, time.thread_time_ns() - raw_cpu
    count, appends = len(lines), max(spent[2], 1)
    return Split(
        wall=wall / count / 1000,
        cpu=cpu / count / 1000,
        append_wall=spent[0] / appends / 1000,
        append_cpu=spent[1] / appends / 1000,
        raw_wall=raw_wall / commits / 1000,
        raw_cpu=raw_cpu / commits / 1000,
        appends=spent[2],
    )


def report_split(splits: list[Split], commands: int) -> None:
    """Where a durable command's time goes: the run with the median wall clock."""
    split = sorted(splits, key=lambda s: s.wall)[len(splits) // 2]
    share = split.appends / commands
    print(
        f"a durable command (median run, us): wall {split.wall:.0f} = CPU {split.cpu:.0f} "
        f"+ waiting {split.wall - split.cpu:.0f}; an append ({share:.0%} of commands): wall "
        f"{split.append_wall:.0f}, CPU {split.append_cpu:.0f}; the rest of a command: CPU "
        f"{split.cpu - share * split.append_cpu:.0f}; a raw commit: wall {split.raw_wall:.0f}, "
        f"CPU {split.raw_cpu:.0f}"
    )


def report(name: str, runs: list[list[float]]) -> None:
    rates, p50s, p99s, maxes = [], [], [], []
    for timings in runs:
        ordered = sorted(timings)
        rates.append(len(timings) / sum(timings))
        p50s.append(ordered[len(ordered) // 2] * 1000)
        p99s.append(ordered[int(len(ordered) * 0.99)] * 1000)
        maxes.append(ordered[-1] * 1000)

    def spread(values: list[float], fmt: str) -> str:
        mid = statistics.median(values)
        return f"{mid:{fmt}} ({min(values):{fmt}}-{max(values):{fmt}})"

    print(
        f"{name:<16} {spread(rates, ',.0f'):>26} {spread(p50s, '.3f'):>24} "
        f"{spread(p99s, '.3f'):>24} {spread(maxes, '.1f'):>22}"
    )


def postgres_runs(url: str, lines: list[tuple[Person, str]], runs: int) -> None:
    """The same script on PostgreSQL (each run in a fresh schema), with the exchanges with the
    server counted per command: statements, BEGIN/COMMIT and pool health checks alike."""
    import secrets  # noqa: PLC0415 -- only when PostgreSQL is asked for

    import psycopg  # noqa: PLC0415

    from scenekeeper.store.postgres import PostgresStore  # noqa: PLC0415

    count = [0]
    wait = psycopg.Connection.wait

    def watched(gen: Generator[Any, Any, Any]) -> Generator[Any, Any, Any]:
        try:
            value = next(gen)
        except StopIteration as done:
            return done.value
        count[0] += 1  # it waits on the network: one exchange with the server
        while True:
            try:
                value = gen.send((yield value))
            except StopIteration as done:
                return done.value

    def counted(self: psycopg.Connection[Any], gen: Any, **kwargs: Any) -> Any:
        return wait(self, watched(gen), **kwargs)

    psycopg.Connection.wait = counted  # type: ignore[method-assign]
    results, trips = [], []
    for _ in range(runs):
        schema = f"bench_{secrets.token_hex(4)}"
        store = PostgresStore(url, schema)
        count[0] = 0
        results.append(run(store, lines))
        trips.append(count[0] / len(lines))
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
    report("postgres", results)
    print(f"postgres round trips per command: {statistics.median(trips):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--commands", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3, help="runs per backend (median and range)")
    parser.add_argument("--postgres", metavar="URL", help="also run on this PostgreSQL database")
    parser.add_argument(
        "--default-collector",
        action="store_true",
        help="keep CPython's collector settings (the bot settles them: bootstrap.settle_collector)",
    )
    args = parser.parse_args()
    build_registry()  # every game imported, as in the bot before it settles
    if not args.default_collector:
        settle_collector()
    lines = script(args.commands)
    print(f"{len(lines):,} commands per run, {args.runs} runs per backend; median (min-max)")
    print(f"{'backend':<16} {'commands/s':>26} {'p50 ms':>24} {'p99 ms':>24} {'max ms':>22}")
    with tempfile.TemporaryDirectory() as tmp:
        # Interleaved, so both see the same disk and the same neighbours.
        sqlite_runs, raw_runs, one_runs = [], [], []
        for n in range(args.runs):
            sqlite_runs.append(run(SqliteStore(Path(tmp) / f"bench-{n}.sqlite3"), lines))
            raw_runs.append(raw_ceiling(Path(tmp) / f"raw-{n}.sqlite3", len(lines)))
            one_runs.append(raw_one_statement(Path(tmp) / f"one-{n}.sqlite3", len(lines)))
    report("sqlite (FULL)", sqlite_runs)
    report("raw sqlite FULL", raw_runs)
    report("raw one statement", one_runs)
    for name, ceiling in (("raw ceiling", raw_runs), ("raw one statement", one_runs)):
        ratios = [
            len(a) / sum(a) / (len(r) / sum(r)) for a, r in zip(sqlite_runs, ceiling, strict=True)
        ]
        low, mid, high = min(ratios), statistics.median(ratios), max(ratios)
        print(f"app / {name}: {mid:.0%} ({low:.0%}-{high:.0%})")
    report("memory", [run(MemoryStore(), lines) for _ in range(args.runs)])
    with tempfile.TemporaryDirectory() as tmp:
        splits = [time_split(Path(tmp) / f"split-{n}.sqlite3", lines) for n in range(args.runs)]
    report_split(splits, len(lines))
    if args.postgres:
        postgres_runs(args.postgres, lines, args.runs)


if __name__ == "__main__":
    main()
