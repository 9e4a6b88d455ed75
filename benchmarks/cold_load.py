"""Loading a long table cold (``make bench``): a fresh app's first look at a table of
``--events`` events on SQLite, from its newest snapshot plus the events after it.

Target (issue 24): a 10,000-event table in <= 25 ms. The chain before the snapshot is not
read (that is ``scenekeeper check``'s job); its snapshot's link and the tail after it are.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.command_path import script

from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.engine.commands import CommandRegistry
from scenekeeper.store.sqlite import SqliteStore


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--loads", type=int, default=30)
    args = parser.parse_args()
    registry = build_registry()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "cold.sqlite3"
        lines = iter(script(args.events * 2))
        # Right after a snapshot, then with the longest tail of events after one.
        for target in (args.events, args.events + 190):
            app = App(SqliteStore(path), SeededDice(1), registry)
            while app.store.head("bench") < target:
                actor, line = next(lines)
                outcome = app.handle("bench", actor, line)
                if not outcome.ok:
                    raise SystemExit(f"benchmark command refused: {line!r}: {outcome.error}")
            app.store.close()
            report(path, registry, args.loads)


def report(path: Path, registry: CommandRegistry, loads: int) -> None:
    timings = []
    for _ in range(loads):
        store = SqliteStore(path)
        head = store.head("bench")
        snapshot = store.latest_snapshot("bench")
        fresh = App(store, SeededDice(1), registry)
        started = time.perf_counter()
        table = fresh.table("bench")
        timings.append((time.perf_counter() - started) * 1000)
        store.close()
        assert table.seq == head
    ordered = sorted(timings)
    print(
        f"cold load of a {head:,}-event table (snapshot at #{snapshot.seq if snapshot else 0}), "
        f"{loads} loads: median {statistics.median(timings):.1f} ms "
        f"(min {ordered[0]:.1f}, p90 {ordered[int(len(ordered) * 0.9)]:.1f}, "
        f"max {ordered[-1]:.1f})"
    )


if __name__ == "__main__":
    main()
