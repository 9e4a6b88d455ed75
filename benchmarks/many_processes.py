"""Many processes on one PostgreSQL (issue 24): durable commands/s with 1, 2 and 4 processes.

Run with ``make bench`` or ``python -m benchmarks.many_processes --postgres URL`` (default: the
test server, ``$SCENEKEEPER_TEST_POSTGRES`` or ``postgresql://postgres@127.0.0.1:5432/test``);
never part of the test suite. Each process is a real OS process (``multiprocessing``, spawned)
run as the bot runs one: it owns a range of ``--shards`` Discord shards
(``adapters.discord.shards``: ``(guild_id >> 22) % count``), picks the tables of the servers
on its shards out of one list every process is given (a table is its channel, ``tables.py``),
and hands their commands to the Discord adapter's own ``Tables`` runner (``--workers`` threads,
one command per table at a time, each an ``App.handle`` on its own ``PostgresStore``). All the
processes start their commands together (a barrier). Reported per case: commands/s from the
first start to the last finish, p50 and p99 of a command's time in ``App.handle``; median
(min-max) over ``--runs``; and how busy the machine's cores were over that span (``/proc/stat``,
where there is one): the share the bot's processes used (their own CPU time) and the rest
(PostgreSQL, and whatever else runs here) -- throughput can grow with processes only while the
cores have room. Each run is checked afterwards: every acknowledged command's events
stored, nothing else stored.

The same driver starts the processes for ``tests/store/test_many_processes.py``, which checks
what was stored event by event.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import multiprocessing
import os
import queue
import secrets
import statistics
import threading
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.synchronize import Barrier

from scenekeeper.adapters.discord.shards import Shards, shard_ranges
from scenekeeper.adapters.discord.tables import Tables
from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.engine.state import Person
from scenekeeper.store.base import redact_url

GM = Person("gm", "GM")
DEFAULT_POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"
#: How long a run may take before its processes are stopped and the run fails (seconds).
DEADLINE = 600.0


@dataclass(frozen=True)
class Server:
    """One Discord server and one channel (a table) in it."""

    guild: int
    channel: int

    @property
    def table_id(self) -> str:
        return str(self.channel)  # a channel's first table is named by the channel (tables.py)


def servers(tables: int) -> list[Server]:
    """``tables`` channels, two to a server; server ids spread over the shards as Discord's
    snowflakes do (the shard is the bits above the low 22)."""
    return [
        Server(guild=((7_000 + n // 2) << 22) | (n // 2), channel=((9_000_000 + n) << 22) | n)
        for n in range(tables)
    ]


def table_script(tag: str, count: int) -> list[str]:
    """One table's commands: a new game, then rolls each labelled ``tag`` and its number (so
    every stored command can be told from every other), an undo every fifth."""
    lines = ["/game new system:generic name:Procs"]
    while len(lines) < count:
        n = len(lines)
        lines.append("/undo" if n % 5 == 4 else f"/roll dice:2d6+{n % 4} label:{tag}-{n}")
    return lines[:count]


@dataclass(frozen=True)
class Plan:
    """What one process is told: where the database is, its shards, the whole list of tables
    (it keeps its own), and how many commands to send each of them."""

    name: str
    url: str
    schema: str
    shard_count: int | None
    shard_ids: tuple[int, ...] | None
    servers: tuple[Server, ...]
    commands: int
    workers: int = 8
    seed: int = 1


@dataclass
class Report:
    """What one process did: every command acknowledged (table id, its command_seq, how many
    events, the command as typed), every command refused, the append conflicts it met."""

    name: str
    tables: list[str] = field(default_factory=list)
    acked: list[tuple[str, int, int, str]] = field(default_factory=list)
    refused: list[tuple[str, str, str]] = field(default_factory=list)
    conflicts: int = 0
    started: float = 0.0
    finished: float = 0.0
    latencies: list[float] = field(default_factory=list)
    error: str | None = None
    #: The process's own CPU seconds from its start to its finish.
    cpu: float = 0.0
    #: The machine's (busy, total) CPU ticks at its start and at its finish (``machine_ticks``).
    ticks_started: tuple[int, int] | None = None
    ticks_finished: tuple[int, int] | None = None


def machine_ticks() -> tuple[int, int] | None:
    """The machine's CPU ticks so far, (busy, total) over every core, from ``/proc/stat``
    (busy: not idle and not waiting for I/O); None where there is no such file."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            fields = [int(n) for n in stat.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    total = sum(fields[:8])  # user nice system idle iowait irq softirq steal (guest: in user)
    return total - fields[3] - fields[4], total


class _Conflicts(logging.Handler):
    """Counts ``App.handle``'s append-conflict log lines (another writer got there first)."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        if "append conflict" in record.getMessage():
            self.count += 1


def serve(plan: Plan, barrier: Barrier, reports: multiprocessing.Queue[Report]) -> None:
    """One process's life (run in a child process): its tables' commands, then its report."""
    report = Report(plan.name)
    try:
        _serve(plan, barrier, report)
    except BaseException:  # the parent must hear of it, not wait for a report forever
        report.error = traceback.format_exc()
        barrier.abort()
    reports.put(report)


def _serve(plan: Plan, barrier: Barrier, report: Report) -> None:
    from scenekeeper.store.postgres import PostgresStore  # noqa: PLC0415  # psycopg: only here

    counter = _Conflicts()
    handle_log = logging.getLogger("scenekeeper.app.handle")
    handle_log.addHandler(counter)
    handle_log.setLevel(logging.INFO)
    handle_log.propagate = False
    shards = Shards.of(plan.shard_count, plan.shard_ids)
    mine = [s for s in plan.servers if shards.owns(s.guild)]
    report.tables = [s.table_id for s in mine]
    store = PostgresStore(plan.url, plan.schema, max_size=plan.workers)
    app = App(store, SeededDice(plan.seed), build_registry(), snapshots_in_background=True)
    lock = threading.Lock()

    def work(table_id: str, line: str) -> None:
        start = time.perf_counter()
        outcome = app.handle(table_id, GM, line)
        took = time.perf_counter() - start
        with lock:
            report.latencies.append(took)
            if outcome.ok:
                first = outcome.events[0].seq if outcome.events else 0
                report.acked.append((table_id, first, len(outcome.events), line))
            else:
                report.refused.append((table_id, line, outcome.error or ""))

    async def drive() -> None:
        runner = Tables(app, workers=plan.workers)
        scripts = {
            s.table_id: table_script(f"{plan.name}.{s.table_id}", plan.commands) for s in mine
        }
        # Round-robin over the tables, so every table has work waiting from the start; a
        # table's gate keeps its own commands in order.
        await asyncio.gather(
            *(
                runner.run(table_id, lambda t=table_id, x=lines[i]: work(t, x))
                for i in range(plan.commands)
                for table_id, lines in scripts.items()
            )
        )
        runner.close()

    try:
        barrier.wait(timeout=DEADLINE)
        report.ticks_started, cpu = machine_ticks(), time.process_time()
        report.started = time.time()
        asyncio.run(drive())
        report.finished = time.time()
        report.cpu, report.ticks_finished = time.process_time() - cpu, machine_ticks()
    finally:
        app.close()
    report.conflicts = counter.count


def run_processes(plans: Sequence[Plan]) -> list[Report]:
    """Start one spawned OS process a plan, together; their reports, in the plans' order.
    Raises ``RuntimeError`` if a process failed or the run passed ``DEADLINE``."""
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(len(plans))
    reports: multiprocessing.Queue[Report] = context.Queue()
    processes = [
        context.Process(
            target=serve, args=(plan, barrier, reports), name=f"scenekeeper-{plan.name}"
        )
        for plan in plans
    ]
    for process in processes:
        process.start()
    got: dict[str, Report] = {}
    deadline = time.monotonic() + DEADLINE
    try:
        while len(got) < len(plans):
            try:
                report = reports.get(timeout=1.0)
            except queue.Empty:
                dead = [p for p in processes if p.exitcode not in (None, 0)]
                if dead or time.monotonic() > deadline:
                    names = ", ".join(f"{p.name} (exit {p.exitcode})" for p in dead)
                    raise RuntimeError(
                        f"the processes did not all report: {names or 'timeout'}"
                    ) from None
                continue
            got[report.name] = report
        for process in processes:
            process.join(timeout=60)
    finally:
        for process in processes:
            if process.is_alive():
                process.terminate()
                process.join(timeout=10)
    failed = [r for r in got.values() if r.error]
    if failed:
        raise RuntimeError(f"process {failed[0].name} failed:\n{failed[0].error}")
    return [got[plan.name] for plan in plans]


def sharded_plans(
    url: str,
    schema: str,
    processes: int,
    tables: int,
    commands: int,
    *,
    shard_count: int = 8,
    workers: int = 8,
) -> list[Plan]:
    """``processes`` plans, each owning one contiguous range of ``shard_count`` shards."""
    every = tuple(servers(tables))
    return [
        Plan(f"p{n}", url, schema, shard_count, tuple(ids), every, commands, workers, seed=n + 1)
        for n, ids in enumerate(shard_ranges(shard_count, processes))
    ]


def throughput(reports: Sequence[Report]) -> float:
    """Commands/s over the run: every command sent, from the first start to the last finish."""
    sent = sum(len(r.latencies) for r in reports)
    span = max(r.finished for r in reports) - min(r.started for r in reports)
    return sent / span


def cores_used(reports: Sequence[Report]) -> tuple[float, float] | None:
    """The share of every core the machine was busy over the run, and the share the bot's
    processes used themselves (None without ``/proc/stat``)."""
    started = [r.ticks_started for r in reports]
    finished = [r.ticks_finished for r in reports]
    if None in started or None in finished:
        return None
    first = min(t for t in started if t is not None)
    last = max(t for t in finished if t is not None)
    busy, total = last[0] - first[0], last[1] - first[1]
    if total <= 0:
        return None
    span = max(r.finished for r in reports) - min(r.started for r in reports)
    ours = sum(r.cpu for r in reports) / (span * (os.cpu_count() or 1))
    return busy / total, ours


def percentile(reports: Sequence[Report], fraction: float) -> float:
    """The ``fraction`` percentile of a command's time in ``App.handle``, in ms."""
    ordered = sorted(t for r in reports for t in r.latencies)
    return ordered[min(int(len(ordered) * fraction), len(ordered) - 1)] * 1000


def stored_events(url: str, schema: str) -> int:
    import psycopg  # noqa: PLC0415

    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(f'SELECT count(*) FROM "{schema}".events').fetchone()
    return int(row[0]) if row else 0


def reachable(url: str) -> bool:
    import psycopg  # noqa: PLC0415

    try:
        psycopg.connect(url, connect_timeout=3).close()
    except psycopg.Error:
        return False
    return True


def drop_schema(url: str, schema: str) -> None:
    import psycopg  # noqa: PLC0415

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


def one_run(url: str, processes: int, tables: int, commands: int, workers: int) -> list[float]:
    """commands/s, p50 ms, p99 ms of one run in a fresh schema (dropped afterwards)."""
    schema = f"sk_bench_{secrets.token_hex(5)}"
    try:
        plans = sharded_plans(url, schema, processes, tables, commands, workers=workers)
        reports = run_processes(plans)
        acked = sum(n for r in reports for _t, _s, n, _x in r.acked)
        refused = [x for r in reports for x in r.refused]
        if refused or acked != stored_events(url, schema):
            raise SystemExit(f"{processes} processes: refused {refused[:3]}, or events lost")
        used = cores_used(reports) or (float("nan"), float("nan"))
        return [throughput(reports), percentile(reports, 0.5), percentile(reports, 0.99), *used]
    finally:
        drop_schema(url, schema)


def spread(values: list[float], fmt: str) -> str:
    return f"{statistics.median(values):{fmt}} ({min(values):{fmt}}-{max(values):{fmt}})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--postgres",
        metavar="URL",
        default=os.environ.get("SCENEKEEPER_TEST_POSTGRES", DEFAULT_POSTGRES),
    )
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--tables", type=int, default=400)
    parser.add_argument("--commands", type=int, default=10, help="commands a table")
    parser.add_argument("--workers", type=int, default=8, help="threads a process")
    parser.add_argument("--runs", type=int, default=3, help="runs per case (median and range)")
    args = parser.parse_args()
    if not reachable(args.postgres):
        print(f"many_processes: skipped, no PostgreSQL at {redact_url(args.postgres)} (--postgres)")
        return
    results: dict[int, list[list[float]]] = {}
    for _run in range(args.runs):
        for processes in args.processes:  # interleaved: every case sees the same neighbours
            outcome = one_run(args.postgres, processes, args.tables, args.commands, args.workers)
            results.setdefault(processes, []).append(outcome)
    print(
        f"{args.tables} tables x {args.commands} commands a run, {args.workers} threads a "
        f"process, {os.cpu_count()} CPUs, PostgreSQL on this machine; median (min-max) over "
        f"{args.runs} runs"
    )
    print(
        f"{'processes':>9} {'commands/s':>24} {'p50 ms':>20} {'p99 ms':>20} "
        f"{'cores busy':>12} {'ours':>6} {'rest':>6}"
    )
    for processes, outcomes in results.items():
        rate, p50, p99, busy, ours = ([o[i] for o in outcomes] for i in range(5))
        mid_busy, mid_ours = statistics.median(busy), statistics.median(ours)
        print(
            f"{processes:>9} {spread(rate, ',.0f'):>24} {spread(p50, '.1f'):>20} "
            f"{spread(p99, '.1f'):>20} {mid_busy:>12.0%} {mid_ours:>6.0%} "
            f"{mid_busy - mid_ours:>6.0%}"
        )
    print(
        "cores busy: every core's share busy over the run (/proc/stat); ours: the bot's "
        "processes' own CPU; rest: PostgreSQL and anything else on the machine"
    )


if __name__ == "__main__":
    main()
