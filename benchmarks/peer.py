"""Scenekeeper next to the peer Cortex bot's state layer, measured in the same run (issue 24).

How to run (never part of the test suite)::

    git clone https://github.com/dbisdorf/cortex-discord-2 /tmp/cortexpal   # outside this repo
    .venv/bin/python -m benchmarks.peer --peer /tmp/cortexpal
    .venv/bin/python -m benchmarks.peer        # ours only; says how to get the peer, exits 0
    make bench PEER=/tmp/cortexpal             # the same, last of the whole bench

Options: ``--commands`` (a shape's commands in a run, default 1,100), ``--runs`` (3, median and
range), ``--tables`` (64) and ``--workers`` (8) for the many-tables shape. No code of the peer
is kept in this repository: ``--peer`` names a checkout made by whoever runs this.

**The peer** is CortexPal2000 (cortex-discord-2): a WSGI app answering Discord interactions,
every channel's game in one SQLite file (tables GAME, GAME_OPTIONS, DICE_COLLECTION, DIE,
RESOURCE, TALLY; primary keys only, no other index). Its ``Default.POST`` opens a new
``sqlite3`` connection for every interaction (Python's defaults: a deferred transaction begun
before each write, a 5 s busy timeout), loads the channel's game (``CortexGame``: the GAME row
by server and channel, its options, then every collection and its dice, a SELECT each), stamps
the game's ACTIVITY and commits, then each change commits on its own (a die inserted, a
quantity updated, a row deleted: ``db.commit()`` after every statement); every die rolled
updates the shared TALLY table and commits. So one command is several transactions (the run
prints how many), and a command cut short leaves its earlier ones in place. Its SQLite file
is as SQLite makes it: rollback journal (``journal_mode=delete``) at ``synchronous=FULL``
(each commit waits for the disk: journal, database file, journal deleted); the run prints the
settings read back from a connection opened as the peer opens it. Under concurrent commands
its deferred transactions can deadlock on the lock upgrade, and one of them then fails with
``database is locked``.

**Ours** is ``App.handle`` on the durable SQLite store as the bot runs it (WAL,
``synchronous=FULL``, group commit: a command is answered once its events are on disk, in one
transaction, shared with the commands ready at the same moment), snapshots off the command
path.

**The workload**: the same Cortex table commands at both, one cycle of eleven (the mapping
is ``CYCLE`` below and is printed): a die added to the doom pool, stepped up, the pool
rolled, stepped down, spent; a plot point given and spent; a complication added and removed;
a three-die roll; the table shown. Before the clock starts each table is set up (ours: a new
Cortex game, the doom-pool mod on, a character; the peer: its game row, made by one /info).

**The shapes**: (a) one table, its commands one after another; (b) ``--tables`` tables driven
by ``--workers`` threads through the Discord adapter's own ``Tables`` runner, as
``many_tables`` does: every command handed over at once, one at a time per table. Reported:
commands/s over the whole shape, p99 of a command's time (peer: connection to close; ours:
``App.handle``), and the ratio ours/peer of commands/s, median (min-max) over the runs (each
run's ratio from the two sides measured back to back); the peer's commands that failed (e.g.
``database is locked``: the peer answers those with its "software error" reply) are counted
and left out of its rate. Each run also measures our command path alone at the many tables
(``ours_alone``: the in-memory store, one thread, no runner; the most one process could
answer whatever its store and threads) and sets 80x the peer (issue 24's target) beside it.
Each run also times the raw SQLite commit (``raw_ceiling`` of
``command_path``): the shared disk's speed varies a lot from one minute to the next, and the
ratios are only meaningful within a run.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import importlib.util
import os
import runpy
import sqlite3
import sys
import tempfile
import threading
import time
import types
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from benchmarks.command_path import raw_ceiling
from benchmarks.many_tables import GM, Counted, spread

from scenekeeper.adapters.discord.tables import Tables
from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.store.base import EventStore
from scenekeeper.store.memory import MemoryStore

PEER_URL = "https://github.com/dbisdorf/cortex-discord-2"

#: Ours before the clock starts, at every table.
SET_UP = [
    '/game new system:cortex name:"Bench"',
    "/game mods set mod:doom-pool enabled:true",
    '/char new name:"Ada Lark"',
]


def option(sub: str, /, **values: str) -> dict[str, Any]:
    """A subcommand as a Discord interaction carries it (the peer's ``options``)."""
    return {"name": sub, "options": [{"name": k, "value": v} for k, v in values.items()]}


#: One cycle: our command, and the peer's (its command name and interaction options).
CYCLE: list[tuple[str, str, list[dict[str, Any]]]] = [
    ("/doom add dice:d6", "pool", [option("add", name="doom", dice="6")]),
    ('/pp give character:"Ada Lark"', "pp", [option("add", who="ada lark")]),
    (
        '/complication add character:"Ada Lark" name:"Sprained Ankle" die:d6',
        "comp",
        [option("add", who="ada lark", what="sprained ankle", die="6")],
    ),
    ('/roll pool:"d8 d8 d6"', "roll", [{"name": "dice", "value": "8 8 6"}]),
    ("/doom stepup die:d6", "pool", [option("stepup", name="doom", die="6")]),
    ("/doom roll", "pool", [option("roll", name="doom")]),
    (
        '/complication remove character:"Ada Lark" name:"Sprained Ankle"',
        "comp",
        [option("remove", who="ada lark", what="sprained ankle")],
    ),
    ("/doom stepdown die:d8", "pool", [option("stepdown", name="doom", die="8")]),
    ("/doom spend die:d6 on:interrupt", "pool", [option("remove", name="doom", dice="6")]),
    (
        '/pp spend on:other character:"Ada Lark" what:"a clue"',
        "pp",
        [option("remove", who="ada lark")],
    ),
    ("/game show", "info", []),
]


def cycle(count: int) -> list[int]:
    """A table's commands, as indices into ``CYCLE``."""
    return [i % len(CYCLE) for i in range(count)]


def peer_text(name: str, options: list[dict[str, Any]]) -> str:
    """The peer's command as a player would type it."""
    words = [f"/{name}"]
    for given in options:
        if "options" in given:
            words.append(given["name"])
            words += [f"{o['name']}:{o['value']}" for o in given["options"]]
        else:
            words.append(f"{given['name']}:{given['value']}")
    return " ".join(words)


# -- the peer ---------------------------------------------------------------------------------


def _stub(name: str, **attributes: Any) -> None:
    """A module the peer imports for its Discord and HTTP parts, when it is not installed."""
    if importlib.util.find_spec(name) is None:
        module = types.ModuleType(name)
        module.__dict__.update(attributes)
        sys.modules[name] = module


def _no_network(*_args: Any, **_kwargs: Any) -> None:
    raise RuntimeError("the benchmark makes no HTTP calls (pinned messages are not used)")


class _AccessDenied(Exception):
    pass


def _write_config(workdir: Path, database: Path) -> None:
    # The peer reads cortexpal.ini from the working directory when imported.
    (workdir / "cortexpal.ini").write_text(
        f"[discord]\ntoken = unused\npublic_key = unused\n[database]\nfile = {database}\n"
    )


class Peer:
    """The peer's state layer, driven as its ``Default.POST`` drives it, minus the Discord
    request and response around it."""

    def __init__(self, checkout: Path, workdir: Path) -> None:
        self.checkout = checkout.resolve()
        self.workdir = workdir
        _stub("endpoints", Controller=object, AccessDenied=_AccessDenied)
        _stub(
            "discord_interactions",
            verify_key=lambda *_args: False,
            InteractionType=types.SimpleNamespace(PING=1, APPLICATION_COMMAND=2),
            InteractionResponseType=types.SimpleNamespace(PONG=1, CHANNEL_MESSAGE_WITH_SOURCE=4),
        )
        http = dict.fromkeys(("get", "post", "put", "patch", "delete"), _no_network)
        _stub("requests", **http)
        _write_config(workdir, workdir / "unused.sqlite3")
        sys.path.insert(0, str(self.checkout))
        here = Path.cwd()
        os.chdir(workdir)
        try:
            self.module = importlib.import_module("CortexPal")
        finally:
            os.chdir(here)
        self.database = workdir / "unused.sqlite3"

    def fresh(self, database: Path) -> None:
        """A new database file, its schema made by the peer's own CortexPalDatabase.py."""
        _write_config(self.workdir, database)
        here = Path.cwd()
        os.chdir(self.workdir)
        try:
            made = runpy.run_path(str(self.checkout / "CortexPalDatabase.py"))
        finally:
            os.chdir(here)
        made["db"].close()
        self.database = database

    def settings(self) -> str:
        """The durability a connection opened as the peer opens one has."""
        conn = sqlite3.connect(self.database)
        try:
            journal = conn.execute("PRAGMA journal_mode").fetchone()[0]
            level = conn.execute("PRAGMA synchronous").fetchone()[0]
        finally:
            conn.close()
        names = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}
        return f"journal_mode={journal}, synchronous={names.get(level, level)}"

    def command(
        self,
        channel: int,
        name: str,
        options: list[dict[str, Any]],
        trace: Callable[[str], None] | None = None,
    ) -> str:
        """One interaction's state work: a connection of its own, the game loaded, the
        command's handler, as ``Default.POST`` does (which never closes it; we do)."""
        handler = self.module.Default()
        handler.db = sqlite3.connect(self.database)
        handler.db.row_factory = sqlite3.Row
        if trace is not None:
            handler.db.set_trace_callback(trace)
        try:
            handler.roller = self.module.Roller(handler.db)
            game = handler.get_game_info(1, channel)
            if name == "info":
                return str(handler.info(game, channel))
            return str(getattr(handler, name)(game, options))
        finally:
            handler.db.close()

    def transactions(self) -> tuple[float, float]:
        """Statements and commits per command over one cycle at a table of its own."""
        statements: list[str] = []
        for _, name, options in CYCLE:
            self.command(999_999, name, options, statements.append)
        commits = sum(1 for s in statements if s.strip().upper() == "COMMIT")
        return len(statements) / len(CYCLE), commits / len(CYCLE)


# -- running a shape ----------------------------------------------------------------------------


Result = tuple[float, float, int]  # commands/s, p99 ms, failed commands


def round_robin(tables: int, commands: int) -> list[tuple[int, int]]:
    """``commands`` (table, step of the cycle) spread over ``tables``, taken round-robin: every
    table has work waiting from the start, each table's steps in order."""
    scripts = [cycle(commands // tables + (n < commands % tables)) for n in range(tables)]
    longest = max(map(len, scripts))
    return [(t, s[i]) for i in range(longest) for t, s in enumerate(scripts) if i < len(s)]


async def _drive(
    tables: int, commands: int, workers: int, work: Callable[[int, int], bool]
) -> tuple[list[float], float]:
    """Every command handed at once to the adapter's ``Tables`` runner, round-robin over the
    tables (its gate keeps a table's commands in order); each command's time, and the
    whole."""
    runner = Tables(cast(App, None), workers=workers)  # its work half needs no app
    timings: list[float] = []
    lock = threading.Lock()

    def timed(table: int, step: int) -> None:
        start = time.perf_counter()
        ok = work(table, step)
        took = time.perf_counter() - start
        if ok:
            with lock:
                timings.append(took)

    order = round_robin(tables, commands)
    start = time.perf_counter()
    await asyncio.gather(*(runner.run(str(t), lambda t=t, s=s: timed(t, s)) for t, s in order))
    elapsed = time.perf_counter() - start
    runner.close()
    return timings, elapsed


def _sequential(commands: int, work: Callable[[int, int], bool]) -> tuple[list[float], float]:
    timings = []
    start = time.perf_counter()
    for step in cycle(commands):
        began = time.perf_counter()
        if work(0, step):
            timings.append(time.perf_counter() - began)
    return timings, time.perf_counter() - start


def _result(timings: list[float], elapsed: float, commands: int) -> Result:
    ordered = sorted(timings) or [0.0]
    return len(timings) / elapsed, ordered[int(len(ordered) * 0.99)] * 1000, commands - len(timings)


def shape(tables: int, commands: int, workers: int, work: Callable[[int, int], bool]) -> Result:
    if tables == 1:
        timings, elapsed = _sequential(commands, work)
    else:
        timings, elapsed = asyncio.run(_drive(tables, commands, workers, work))
    return _result(timings, elapsed, commands)


def ours(path: Path, tables: int, commands: int, workers: int) -> tuple[Result, float]:
    """Our shape on a fresh durable store; and its appends per commit."""
    store = Counted(path)
    result = _ours(store, tables, commands, lambda work: shape(tables, commands, workers, work))
    return result, store.appends / max(store.commits, 1)


def ours_alone(tables: int, commands: int) -> Result:
    """Our command path with nothing around it: the in-memory store (no disk, no encoding
    for one), one thread, the tables taken round-robin with no runner: the most one process
    could answer, whatever its store and its threads."""

    def one_thread(work: Callable[[int, int], bool]) -> Result:
        order = round_robin(tables, commands)
        timings = []
        start = time.perf_counter()
        for table, step in order:
            began = time.perf_counter()
            work(table, step)
            timings.append(time.perf_counter() - began)
        return _result(timings, time.perf_counter() - start, commands)

    return _ours(MemoryStore(), tables, commands, one_thread)


def _ours(
    store: EventStore,
    tables: int,
    commands: int,
    run: Callable[[Callable[[int, int], bool]], Result],
) -> Result:
    """Our commands on ``store``: the tables set up, then ``run`` given the work."""
    app = App(store, SeededDice(1), build_registry(), snapshots_in_background=True)
    for table in range(tables):
        for line in SET_UP:
            outcome = app.handle(f"channel-{table}", GM, line)
            if not outcome.ok:
                raise SystemExit(f"set-up refused: {line!r}: {outcome.error}")
    if isinstance(store, Counted):
        store.commits = store.appends = 0

    def work(table: int, step: int) -> bool:
        line = CYCLE[step][0]
        outcome = app.handle(f"channel-{table}", GM, line)
        if not outcome.ok:
            raise SystemExit(f"benchmark command refused: {line!r}: {outcome.error}")
        return True

    result = run(work)
    app.close()
    return result


def theirs(
    peer: Peer, path: Path, tables: int, commands: int, workers: int
) -> tuple[Result, Counter[str]]:
    """The peer's shape on a fresh database of its own making; why its failed commands
    failed."""
    peer.fresh(path)
    for table in range(tables):
        peer.command(table, "info", [])
    failures: Counter[str] = Counter()
    failed_at: set[int] = set()
    lock = threading.Lock()

    def work(table: int, step: int) -> bool:
        _, name, options = CYCLE[step]
        try:
            peer.command(table, name, options)
        except sqlite3.OperationalError as error:  # the peer answers "a software error"
            reason = str(error)
        except peer.module.CortexError as refused:  # its "you can't do that" answer
            if table not in failed_at:
                raise SystemExit(f"peer refused {peer_text(name, options)!r}: {refused}") from None
            reason = "refused: an earlier command at its table failed"
        else:
            return True
        with lock:
            failures[reason] += 1
            failed_at.add(table)
        return False

    return shape(tables, commands, workers, work), failures


# -- the report ---------------------------------------------------------------------------------


@dataclass
class Runs:
    """Every run's figures, by shape (tables)."""

    shapes: list[int]
    raw: list[float] = field(default_factory=list)
    mine: dict[int, list[Result]] = field(default_factory=lambda: defaultdict(list))
    per_commit: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    peers: dict[int, list[Result]] = field(default_factory=lambda: defaultdict(list))
    why: dict[int, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    #: Our command path alone at the many tables (``ours_alone``): no disk, one thread.
    alone: list[Result] = field(default_factory=list)
    peer_shape: str = ""


def measure(args: argparse.Namespace) -> Runs:
    runs = Runs([1, args.tables])
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        peer = Peer(args.peer, work) if args.peer is not None else None
        for run in range(args.runs):
            # The disk as it is this run: our store's commit shape done with bare sqlite3.
            timings = raw_ceiling(work / f"raw-{run}.sqlite3", args.commands)
            runs.raw.append(len(timings) / sum(timings))
            # Interleaved, so both see the same disk and the same neighbours.
            for tables in runs.shapes:
                if peer is not None:
                    path = work / f"peer-{tables}-{run}.sqlite3"
                    result, failed = theirs(peer, path, tables, args.commands, args.workers)
                    runs.peers[tables].append(result)
                    runs.why[tables].update(failed)
                path = work / f"ours-{tables}-{run}.sqlite3"
                result, appends = ours(path, tables, args.commands, args.workers)
                runs.mine[tables].append(result)
                runs.per_commit[tables].append(appends)
            runs.alone.append(ours_alone(args.tables, args.commands))
        if peer is not None:
            peer.fresh(work / "shape.sqlite3")
            statements, commits = peer.transactions()
            runs.peer_shape = (
                f"CortexPal2000's state layer as it ships: {peer.settings()}, a connection per "
                f"command, {commits:.1f} commits and {statements:.1f} statements a command"
            )
    return runs


def report(args: argparse.Namespace, runs: Runs) -> None:
    print(
        f"{args.commands:,} commands a shape a run, {args.runs} runs, "
        f"{args.workers} worker threads for {args.tables} tables; median (min-max)"
    )
    print("ours: App.handle on the SQLite store, WAL, synchronous=FULL, group commit")
    if runs.peer_shape:
        print(f"peer: {runs.peer_shape}")
    print(f"the disk: raw SQLite WAL commits, one append each: {spread(runs.raw, ',.0f')}/s")
    print("\nthe cycle (ours | the peer's):")
    for line, name, options in CYCLE:
        print(f"  {line:<62} | {peer_text(name, options)}")
    print(
        f"\n{'tables':>6} {'side':<5} {'commands/s':>22} {'p99 ms':>20} {'failed':>7} "
        f"{'appends/commit':>16}"
    )
    for tables in runs.shapes:
        mine, peers = runs.mine[tables], runs.peers[tables]
        for side, outcomes in [("ours", mine), ("peer", peers)] if peers else [("ours", mine)]:
            rates, p99s, failed = ([o[i] for o in outcomes] for i in range(3))
            appends = spread(runs.per_commit[tables], ".1f") if side == "ours" else "-"
            print(
                f"{tables:>6} {side:<5} {spread(rates, ',.0f'):>22} {spread(p99s, '.1f'):>20} "
                f"{int(sum(failed)):>7} {appends:>16}"
            )
        if peers:
            ratios = [m[0] / p[0] for m, p in zip(mine, peers, strict=True)]
            print(f"{tables:>6} ours/peer commands/s: {spread(ratios, '.1f')}x (run by run)")
            for reason, count in runs.why[tables].most_common():
                print(f"{'':>6} peer failed ({count} in all runs): {reason}")
    alone = [result[0] for result in runs.alone]
    print(
        f"\nour command path alone at {args.tables} tables (in memory: no disk, one thread, "
        f"no runner): {spread(alone, ',.0f')} commands/s"
    )
    if runs.peers[args.tables]:
        # Issue 24 asked for 80x the peer here: set beside what no store and no threads allow.
        wanted = [80 * p[0] for p in runs.peers[args.tables]]
        print(
            f"80x the peer at {args.tables} tables: {spread(wanted, ',.0f')} commands/s, "
            f"{spread([w / a for w, a in zip(wanted, alone, strict=True)], '.1f')}x our "
            "command path alone (run by run)"
        )
    if runs.peer_shape:
        print("\nrun by run: raw WAL commits/s; commands/s ours/peer (ratio) at each shape")
        for run, rate in enumerate(runs.raw):
            cells = []
            for n in runs.shapes:
                mine_rate, peer_rate = runs.mine[n][run][0], runs.peers[n][run][0]
                cells.append(f"{mine_rate:,.0f}/{peer_rate:,.0f} ({mine_rate / peer_rate:.1f}x)")
            print(f"  {run + 1:>2}: {rate:>7,.0f}  " + "  ".join(cells))
    else:
        print(
            f"\nThe peer was not measured: clone {PEER_URL} outside this repository "
            "(git clone " + PEER_URL + " /tmp/cortexpal) and pass --peer /tmp/cortexpal."
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--peer", type=Path, help="a checkout of " + PEER_URL)
    parser.add_argument("--commands", type=int, default=1_100, help="a shape's commands a run")
    parser.add_argument("--runs", type=int, default=3, help="runs per shape (median and range)")
    parser.add_argument("--tables", type=int, default=64, help="tables in the many-tables shape")
    parser.add_argument("--workers", type=int, default=8, help="threads for the many tables")
    args = parser.parse_args()
    if args.peer is not None and not (args.peer / "CortexPal.py").is_file():
        parser.error(f"{args.peer} is not a checkout of {PEER_URL} (no CortexPal.py)")
    report(args, measure(args))


if __name__ == "__main__":
    main()
