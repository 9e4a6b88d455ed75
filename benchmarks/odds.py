"""Exact Cortex odds: Scenekeeper against icepool, the same pools in one process.

Run with ``.venv/bin/python benchmarks/odds.py`` (never part of the test suite). For each pool
and keep it times, as medians:

* ``joint``: the full joint (total, effect die, hitches), cold (a new object, no cache);
* ``summary``: the full summary a player sees -- the chance to beat every difficulty, beating 11
  with heroic steps and the effect die, the player's-choice chances, hitch, botch, mean effect
  die -- cold (both caches emptied first);
* ``contest``: the same against an opposing pool of the same dice, cold;
* ``cached``: the summary asked again (from the bounded cache);
* ``icepool``: icepool's joint of the same reading (a multiset evaluator, new each run);

and prints icepool / Scenekeeper for the joint. Targets: summary <= 5 ms keeping 2 and
<= 10 ms keeping 3 for pools up to 15 dice; contest <= 15 ms; cached <= 0.1 ms; the 10-dice
pool's joint >= 20x faster than icepool's.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import icepool

from scenekeeper.odds import cortex, summarise
from scenekeeper.odds.cortex_odds import CortexOdds, clear_cache
from scenekeeper.odds.summary import clear_summaries

POOLS: list[tuple[str, tuple[int, ...]]] = [
    ("d8 d8", (8, 8)),
    ("d6 d8 d10", (6, 8, 10)),
    ("d4 d6 d8 d10 d12", (4, 6, 8, 10, 12)),
    ("8 mixed", (4, 6, 6, 8, 8, 10, 10, 12)),
    ("10 mixed", (4, 6, 6, 8, 8, 8, 10, 10, 12, 12)),
    ("12 mixed", (4, 4, 6, 6, 8, 8, 8, 10, 10, 12, 12, 12)),
    ("15 mixed", (4, 4, 6, 6, 6, 8, 8, 8, 8, 10, 10, 10, 12, 12, 12)),
    ("20 d12", (12,) * 20),
]
KEEPS = (2, 3)
DIFFICULTY = 11


class BestReading(icepool.MultisetEvaluator[int, tuple[int, int, int]]):
    """The table's reading in icepool: a die of size s showing f is the outcome
    f * 16 + (16 - s), so descending order sees higher faces first and, among equal faces,
    smaller dice first (they go in the total). State: kept, total, effect, hitches."""

    def __init__(self, keep: int) -> None:
        self.keep = keep

    def initial_state(self, order: Any, outcomes: Any, /, *sizes: Any, **kwargs: Any) -> Any:
        if order != icepool.Order.Descending:
            raise icepool.UnsupportedOrder()
        return (0, 0, 4, 0)

    def next_state(self, state: Any, order: Any, outcome: int, count: int, /) -> Any:
        kept, total, effect, hitches = state
        face, size = outcome >> 4, 16 - (outcome & 15)
        if face == 1:
            return (kept, total, effect, hitches + count)
        taken = min(count, self.keep - kept)
        if count > taken:
            effect = max(effect, size)
        return (kept + taken, total + face * taken, effect, hitches)

    def final_outcome(self, state: Any, order: Any, outcomes: Any, /, *a: Any, **k: Any) -> Any:
        return (state[1], state[2], state[3])


def icepool_joint(pool: tuple[int, ...], keep: int) -> dict[tuple[int, int, int], int]:
    dice = [icepool.Die([f * 16 + 16 - s for f in range(1, s + 1)]) for s in pool]
    result = BestReading(keep).evaluate(icepool.Pool(dice))
    return {key: int(q) for key, q in result.items()}


def median_ms(
    run: Callable[[], object], repeat: int, before: Callable[[], None] | None = None
) -> float:
    times = []
    for _ in range(repeat):
        if before is not None:
            before()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def cold() -> None:
    clear_cache()
    clear_summaries()


def bench(
    name: str, pool: tuple[int, ...], keep: int, repeat: int, ice_repeat: int
) -> dict[str, float]:
    key = tuple(sorted(pool))
    joint = median_ms(lambda: CortexOdds(key, keep).joint, repeat)
    summary = median_ms(lambda: summarise(pool, keep, DIFFICULTY), repeat, cold)
    contest = median_ms(lambda: summarise(pool, keep, pool), repeat, cold)
    summarise(pool, keep, DIFFICULTY)
    cached = median_ms(lambda: summarise(pool, keep, DIFFICULTY), repeat * 10)
    ice = median_ms(lambda: icepool_joint(pool, keep), ice_repeat)
    # Same answer, or the comparison means nothing.
    if icepool_joint(pool, keep) != dict(cortex(pool, keep).joint):
        raise SystemExit(f"{name} keep {keep}: Scenekeeper and icepool disagree")
    return {
        "joint": joint,
        "summary": summary,
        "contest": contest,
        "cached": cached,
        "icepool": ice,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=21, help="runs per Scenekeeper timing")
    parser.add_argument("--ice-repeat", type=int, default=3, help="runs per icepool timing")
    args = parser.parse_args(argv)
    print(
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"icepool {icepool.__version__}; medians in ms; ratio = icepool joint / ours"
    )
    header = (
        f"{'pool':<18}{'keep':>5}{'joint':>9}{'summary':>9}{'contest':>9}"
        f"{'cached':>9}{'icepool':>10}{'ratio':>8}"
    )
    print(header)
    print("-" * len(header))
    failures = []
    for name, pool in POOLS:
        for keep in KEEPS:
            r = bench(name, pool, keep, args.repeat, args.ice_repeat)
            ratio = r["icepool"] / r["joint"]
            print(
                f"{name:<18}{keep:>5}{r['joint']:>9.2f}{r['summary']:>9.2f}{r['contest']:>9.2f}"
                f"{r['cached']:>9.4f}{r['icepool']:>10.1f}{ratio:>7.0f}x",
                flush=True,
            )
            limit = 5.0 if keep == 2 else 10.0
            if len(pool) <= 15 and r["summary"] > limit:
                failures.append(f"{name} keep {keep}: summary {r['summary']:.2f} ms > {limit}")
            if r["contest"] > 15.0:
                failures.append(f"{name} keep {keep}: contest {r['contest']:.2f} ms > 15")
            if r["cached"] > 0.1:
                failures.append(f"{name} keep {keep}: cached {r['cached']:.4f} ms > 0.1")
            if name == "10 mixed" and ratio < 20:
                failures.append(f"{name} keep {keep}: only {ratio:.0f}x icepool")
    print("targets: " + ("all met" if not failures else "MISSED: " + "; ".join(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
