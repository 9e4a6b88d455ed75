"""Exact METTLE and Cybergod odds: Scenekeeper against icepool, the same questions in one process.

Run with ``.venv/bin/python -m benchmarks.odds_games`` (never part of the test suite). Medians:

* METTLE, for pools of 4 to 20 d6: ``joint`` -- the (Score, Edge) distribution, cold (a new
  Check, nothing kept); ``answer`` -- what ``/odds pool:N twist:true`` works out (the ladder with
  a Twist on each failure, the Edge spread, Edge on success against Formidable), cold; ``warm`` --
  the same answer asked again (the kept Check); ``icepool`` -- icepool's joint of the same dice
  (faces 1-3 add to the Score, 4-6 count one Edge), a new die each run.
* Cybergod, 10 dice of each size: ``joint`` -- the success distribution, cold;
  ``opposed`` -- 10 dice against 10 of the same size with a complication, cold; ``warm`` -- the
  pool asked again; ``icepool`` -- icepool's success distribution of the same dice.

Both answers are compared with icepool's before any time counts. Targets (issue 24): the 10-dice
joint >= 20x faster than icepool's in both games; a warm answer <= 0.1 ms.
"""

from __future__ import annotations

import argparse
import platform
import sys

import icepool
from benchmarks.odds import median_ms

from scenekeeper.odds.cybergod import SIZES, cybergod_opposed, cybergod_pool, success_pool
from scenekeeper.odds.mettle import MettleCheck, clear_checks, mettle_check

METTLE_POOLS = (4, 6, 10, 15, 20)
LADDER = (1, 3, 6, 10, 15)
FORMIDABLE = 10
#: An Edge die counts here in icepool's single number: Score + EDGE * Edge.
EDGE = 64


def ice_mettle(dice: int) -> dict[tuple[int, int], int]:
    die = icepool.Die([1, 2, 3, EDGE, EDGE, EDGE])
    total = dice @ die if dice else icepool.Die([0])
    return {(int(o) % EDGE, int(o) // EDGE): int(w) for o, w in total.items()}


def ice_successes(dice: int, size: int) -> tuple[int, ...]:
    die = icepool.Die([0 if f < 5 else 1 if f < 10 else 2 for f in range(1, size + 1)])
    total = dice @ die
    return tuple(int(total.quantity(s)) for s in range(int(total.max_outcome()) + 1))


def mettle_answer(dice: int) -> None:
    check = mettle_check(dice)
    for number in LADDER:
        check.p_success(number, twist=True)
    _ = check.edge
    check.edge_on_success(FORMIDABLE, twist=True)


def mettle_rows(repeat: int, ice_repeat: int) -> list[str]:
    failures = []
    print(f"{'METTLE d6':<14}{'joint':>9}{'answer':>9}{'warm':>9}{'icepool':>10}{'ratio':>8}")
    for dice in METTLE_POOLS:
        if ice_mettle(dice) != dict(MettleCheck(dice).joint):
            raise SystemExit(f"METTLE {dice} dice: Scenekeeper and icepool disagree")
        joint = median_ms(lambda d=dice: MettleCheck(d).joint, repeat)
        answer = median_ms(lambda d=dice: mettle_answer(d), repeat, clear_checks)
        mettle_answer(dice)
        warm = median_ms(lambda d=dice: mettle_answer(d), repeat * 5)
        ice = median_ms(lambda d=dice: ice_mettle(d), ice_repeat)
        ratio = ice / joint
        print(
            f"{dice:>3} dice{'':<6}{joint:>9.3f}{answer:>9.3f}{warm:>9.4f}"
            f"{ice:>10.2f}{ratio:>7.0f}x"
        )
        if dice == 10 and ratio < 20:
            failures.append(f"METTLE 10 dice: only {ratio:.0f}x icepool")
        if warm > 0.1:
            failures.append(f"METTLE {dice} dice: warm {warm:.4f} ms > 0.1")
    return failures


def cybergod_rows(repeat: int, ice_repeat: int) -> list[str]:
    failures = []
    print(f"{'Cybergod 10':<14}{'joint':>9}{'opposed':>9}{'warm':>9}{'icepool':>10}{'ratio':>8}")
    for size in SIZES:
        if ice_successes(10, size) != success_pool(10, size).counts:
            raise SystemExit(f"Cybergod 10D{size}: Scenekeeper and icepool disagree")
        joint = median_ms(lambda s=size: success_pool(10, s), repeat)
        opposed = median_ms(
            lambda s=size: cybergod_opposed(success_pool(10, s), success_pool(10, s), ratings=(1,)),
            repeat,
        )
        warm = median_ms(lambda s=size: cybergod_pool(10, s), repeat * 5)
        ice = median_ms(lambda s=size: ice_successes(10, s), ice_repeat)
        ratio = ice / joint
        print(f"10D{size:<11}{joint:>9.3f}{opposed:>9.3f}{warm:>9.4f}{ice:>10.2f}{ratio:>7.0f}x")
        if ratio < 20:
            failures.append(f"Cybergod 10D{size}: only {ratio:.0f}x icepool")
        if warm > 0.1:
            failures.append(f"Cybergod 10D{size}: warm {warm:.4f} ms > 0.1")
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=51, help="runs per Scenekeeper timing")
    parser.add_argument("--ice-repeat", type=int, default=11, help="runs per icepool timing")
    args = parser.parse_args(argv)
    print(
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"icepool {icepool.__version__}; medians in ms; ratio = icepool joint / ours"
    )
    failures = mettle_rows(args.repeat, args.ice_repeat)
    failures += cybergod_rows(args.repeat, args.ice_repeat)
    print("targets: " + ("all met" if not failures else "MISSED: " + "; ".join(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
