"""The first odds question of a fresh process, against icepool's first in a fresh process.

Run with ``.venv/bin/python -m benchmarks.odds_fresh`` (never part of the test suite; ``make
bench`` runs it). ``benchmarks.odds_games`` times questions in one long process, where whatever
a question leaves behind (a kept Check, a module's tables) helps the next; a bot that has just
started has none of it. Here every timing is a new Python process that imports what it needs
(not timed: a running bot imported it at start, ``benchmarks.startup`` times that) and then
answers one question, timed from the question to the answer:

* Cortex, 10 mixed dice keeping 2: the joint (total, effect die, hitches); icepool: its joint
  of the same reading (``benchmarks.odds``);
* METTLE, 10 d6: the (Score, Edge) joint; icepool: the joint of the same dice (as
  ``odds_games``). Also the whole ``/odds pool:10 twist:true`` answer (a ladder of five
  Difficulties, each failure with Edge Twisted, the Edge spread, Edge on a success), shown
  beside icepool's joint for scale only: icepool has no such answer, and the two are not the
  same work, so it has no target;
* Cybergod, 10D12: the success distribution; and 10D12 against 10D12 with a complication (an
  opposed test); icepool: the success distribution, and the distribution of the difference of
  two such pools.

Medians (min-max) over ``--runs`` processes a side, the sides interleaved so that a busy spell
of the machine falls on both. Target (issue 36): every first question >= 20x faster than
icepool's, at a quiet and at a busy machine.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = 20.0

_TIMED = """
import time
{imports}
start = time.perf_counter()
{question}
print((time.perf_counter() - start) * 1000)
"""

#: Each question: (what it is, our imports and question, icepool's imports and question, whether
#: the two are the same question -- the target holds only there).
_CORTEX_POOL = "(4, 6, 6, 8, 8, 8, 10, 10, 12, 12)"  # benchmarks.odds's "10 mixed"
QUESTIONS: tuple[tuple[str, tuple[str, str], tuple[str, str], bool], ...] = (
    (
        "Cortex 10 dice keep 2",
        (
            "from scenekeeper.odds.cortex_odds import CortexOdds",
            f"CortexOdds({_CORTEX_POOL}, 2).joint",
        ),
        ("from benchmarks.odds import icepool_joint", f"icepool_joint({_CORTEX_POOL}, 2)"),
        True,
    ),
    (
        "METTLE 10d6 joint",
        ("from scenekeeper.odds.mettle import MettleCheck", "MettleCheck(10).joint"),
        ("from benchmarks.odds_games import ice_mettle", "ice_mettle(10)"),
        True,
    ),
    (
        "METTLE 10d6 /odds answer",
        ("from benchmarks.odds_games import mettle_answer", "mettle_answer(10)"),
        ("from benchmarks.odds_games import ice_mettle", "ice_mettle(10)"),
        False,
    ),
    (
        "Cybergod 10D12",
        ("from scenekeeper.odds.cybergod import success_pool", "success_pool(10, 12)"),
        ("from benchmarks.odds_games import ice_successes", "ice_successes(10, 12)"),
        True,
    ),
    (
        "Cybergod 10D12 opposed",
        (
            "from scenekeeper.odds.cybergod import cybergod_opposed, success_pool",
            "cybergod_opposed(success_pool(10, 12), success_pool(10, 12), ratings=(1,))",
        ),
        ("from benchmarks.odds_fresh import ice_opposed", "ice_opposed(10, 12)"),
        True,
    ),
)


def ice_opposed(dice: int, size: int) -> dict[int, int]:
    """icepool: the difference of two pools' successes (what an opposed test reads)."""
    import icepool  # noqa: PLC0415 -- imported in the fresh process that asks

    die = icepool.Die([0 if f < 5 else 1 if f < 10 else 2 for f in range(1, size + 1)])
    pool = dice @ die
    return {int(o): int(w) for o, w in (pool - pool).items()}


def first_answer_ms(imports: str, question: str) -> float:
    """Milliseconds a fresh process takes to answer ``question`` once ``imports`` are done."""
    code = _TIMED.format(imports=imports, question=question)
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return float(done.stdout.strip().splitlines()[-1])


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.3f} ({min(values):.3f}-{max(values):.3f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh processes a side")
    args = parser.parse_args(argv)
    print(f"First question of a fresh process, ms, median (min-max) of {args.runs} each:")
    missed = []
    for name, ours_code, ice_code, same in QUESTIONS:
        ours: list[float] = []
        ice: list[float] = []
        for _ in range(args.runs):
            ours.append(first_answer_ms(*ours_code))
            ice.append(first_answer_ms(*ice_code))
        ratio = statistics.median(ice) / statistics.median(ours)
        mark = "" if ratio >= TARGET else "  MISSED"
        if not same:
            mark = "  (icepool's joint, for scale: no target)"
        print(f"  {name:26} ours {spread(ours)}  icepool {spread(ice)}  {ratio:5.1f}x{mark}")
        if same and ratio < TARGET:
            missed.append(f"{name}: {ratio:.1f}x")
    print(
        f"target >= {TARGET:.0f}x icepool: "
        + ("met" if not missed else "MISSED: " + ", ".join(missed))
    )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
