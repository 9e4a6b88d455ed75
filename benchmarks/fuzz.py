"""The whole fuzz run of issue 11 (``make fuzz``; never part of the test suite): 100,000 lines
made from the command schema -- mutated, huge, Unicode and injection-like values, random bytes
-- at a Cortex, a Scions and a NoDice table on durable SQLite. It fails (exit 1) on any
internal error, any refused line that changed the table, or any line slower than a second.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.engine.names import warm as warm_names
from scenekeeper.fuzzing import fuzz, set_up
from scenekeeper.odds.chart import warm as warm_charts
from scenekeeper.store.sqlite import SqliteStore


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lines", type=int, default=100_000, help="lines in all (default 100,000)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    # What the bot loads once as it starts (the confusables table, matplotlib) is loaded
    # first, so a line's time is the line's own.
    warm_names()
    warm_charts()
    failed = False
    with tempfile.TemporaryDirectory() as scratch:
        games = ("cortex", "scions", "nodice")
        for offset, system in enumerate(games):
            store = SqliteStore(Path(scratch) / f"{system}.sqlite3")
            app = App(store, SeededDice(args.seed + offset), build_registry())
            set_up(app, "fuzz", system)
            started = time.perf_counter()
            found = fuzz(app, "fuzz", system, args.lines // len(games), seed=args.seed + offset)
            spent = time.perf_counter() - started
            print(
                f"{system}: {found.lines:,} lines in {spent:.1f} s, {store.head('fuzz'):,} "
                f"events stored; internal errors {len(found.internal_errors)}, refused but "
                f"changed {len(found.refused_but_changed)}, over 1 s {len(found.slow)}, "
                f"slowest {found.slowest * 1000:.0f} ms"
            )
            for line in [*found.internal_errors, *found.refused_but_changed][:20]:
                print("  ", line)
            for spent_on, line in found.slow[:20]:
                print(f"   {spent_on:.2f} s: {line}")
            failed = failed or not found.clean
            store.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
