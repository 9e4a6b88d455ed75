"""CPU per command, in memory, one thread: per game, per mix and per stage (issue 36).

No store to wait for (``MemoryStore``), no other thread: what is measured is the work a command
does -- parse, authorise, decide, evolve, encode and hash (the append), whose turn (told), the
reply -- on a live table. Mixes: ``command_path`` (the generic mix ``command_path.py`` plays),
``cortex-state`` (stress, assets, complications, plot points) and ``cortex-rolls`` (rolls read
for their total, effect die and every alternative), and each game's cycle of ``memory.py``
(``cortex``, ``mettle``, ``cybergod``, ``nodice``). Each mix is played ``--rounds`` times on a
fresh table after its set-up; the median microseconds a command is printed with its range over
the rounds. Then one instrumented pass splits the time by stage (the stages' own functions timed
where ``App.handle`` calls them; "the rest" is the path around them: locks, cache, envelopes).
Instrumenting costs a little: the stages' shares are what to read there, the totals above.

Time is the thread's own CPU time (``time.thread_time_ns``), not the wall clock: on a machine
busy with other work, a command's share of the CPU is what it costs, and a wall clock would add
whatever else ran meanwhile. (On a quiet machine the two agree within a few per cent.)

Targets (issue 36): the command_path mix <= 70 us; Cortex state commands <= 120 us; Cortex
rolls <= 250 us.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import statistics
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from benchmarks.command_path import script
from benchmarks.memory import GAMES, Script

from scenekeeper.app import App
from scenekeeper.app import handle as handle_module
from scenekeeper.app import outcome as outcome_module
from scenekeeper.bootstrap import build_registry, settle_collector
from scenekeeper.dice import SeededDice
from scenekeeper.engine.commands import CommandRegistry
from scenekeeper.engine.state import Person
from scenekeeper.store.memory import MemoryStore

#: The clock: this thread's CPU time.
_now = time.thread_time_ns
TARGETS = {"command_path": 70.0, "cortex-state": 120.0, "cortex-rolls": 250.0}
#: The functions ``App.handle`` calls for each stage, as named in ``app/handle.py``.
STAGES = {
    "parse": ("parse_line",),
    "authorise": ("authorise_public",),
    "evolve": ("replay", "with_waits_noted"),
    "told": ("told",),
    "read back": ("readable_envelope", "shown", "is_secret"),
}


def mixes() -> dict[str, tuple[Script, Script]]:
    """Each mix: its set-up (not timed) and the cycle of commands timed."""
    generic = tuple(script(1_000))
    set_up, cycle = GAMES["cortex"]
    found = {"command_path": (generic[:7], generic[7:])}
    found["cortex-state"] = (set_up, tuple(c for c in cycle if not c[1].startswith("/roll")))
    found["cortex-rolls"] = (set_up, tuple(c for c in cycle if c[1].startswith("/roll")))
    found.update(GAMES)
    return found


def play(registry: CommandRegistry, mix: tuple[Script, Script], commands: int) -> list[float]:
    """Microseconds a command of the cycle, on a fresh table after the set-up."""
    set_up, cycle = mix
    app = App(MemoryStore(), SeededDice(7), registry, snapshots_in_background=True)
    for who, line in set_up:
        _do(app, who, line)
    timings = []
    for i in range(commands):
        who, line = cycle[i % len(cycle)]
        start = _now()
        _do(app, who, line)
        timings.append((_now() - start) / 1000)
    app.close()
    return timings


def _do(app: App, who: Person, line: str) -> None:
    outcome = app.handle("t", who, line)
    if not outcome.ok:
        raise SystemExit(f"benchmark command refused: {line!r}: {outcome.error}")


@contextmanager
def timed_stages(spent: dict[str, float]) -> Iterator[None]:
    """Every stage's function (and deciding, and the append) timed into ``spent`` (us)."""
    saved: list[tuple[Any, str, Any]] = []

    def wrap(owner: Any, name: str, stage: str) -> None:
        original = getattr(owner, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            start = _now()
            try:
                return original(*args, **kwargs)
            finally:
                spent[stage] += (_now() - start) / 1000

        saved.append((owner, name, original))
        setattr(owner, name, timed)

    for stage, names in STAGES.items():
        for name in names:
            # Looked up where the command path calls it: App.handle's module, or the outcome's
            # (a success's line read back).
            for owner in (handle_module, outcome_module):
                if hasattr(owner, name):
                    wrap(owner, name, stage)
    wrap(App, "_decide", "decide")
    wrap(MemoryStore, "append", "append (encode, hash)")
    try:
        yield
    finally:
        for owner, name, original in reversed(saved):
            setattr(owner, name, original)


def stages(
    registry: CommandRegistry, mix: tuple[Script, Script], commands: int
) -> dict[str, float]:
    """Microseconds a command spends in each stage (one instrumented pass)."""
    spent: dict[str, float] = defaultdict(float)
    with timed_stages(spent):
        total = sum(play(registry, mix, commands))
    shares = {stage: value / commands for stage, value in spent.items()}
    shares["the rest"] = total / commands - sum(shares.values())
    return shares


def calls(registry: CommandRegistry, mix: tuple[Script, Script], commands: int) -> float:
    """Python function calls a command (``cProfile``'s count): the same on any machine and
    however busy it is, where the CPU time is not -- what to compare two versions by when the
    machine's neighbours make the microseconds swing."""
    profile = cProfile.Profile()
    profile.enable()
    try:
        play(registry, mix, commands)
    finally:
        profile.disable()
    return pstats.Stats(profile, stream=io.StringIO()).total_calls / commands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--commands", type=int, default=2_000, help="timed commands a round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--mix", action="append", help="only these mixes (default: all)")
    parser.add_argument(
        "--calls",
        action="store_true",
        help="also count Python function calls a command (a figure no busy machine moves)",
    )
    parser.add_argument(
        "--default-collector",
        action="store_true",
        help="keep CPython's collector settings (the bot settles them: bootstrap.settle_collector)",
    )
    args = parser.parse_args()
    registry = build_registry()
    registry.load_all()
    if not args.default_collector:
        settle_collector()
    chosen = {k: v for k, v in mixes().items() if not args.mix or k in args.mix}
    print(f"CPU per command, in memory, one thread ({args.commands} commands x {args.rounds}):")
    missed = []
    for name, mix in chosen.items():
        play(registry, mix, min(200, args.commands))  # warm: imports, caches
        medians = [
            statistics.median(play(registry, mix, args.commands)) for _ in range(args.rounds)
        ]
        middle = statistics.median(medians)
        target = TARGETS.get(name)
        verdict = ""
        if target is not None:
            verdict = f"  target <= {target:.0f} us: {'met' if middle <= target else 'MISSED'}"
            if middle > target:
                missed.append(name)
        print(f"  {name:13} {middle:7.1f} us  ({min(medians):.1f}-{max(medians):.1f}){verdict}")
        if args.calls:
            print(f"      Python calls a command: {calls(registry, mix, args.commands):.1f}")
        split = stages(registry, mix, args.commands)
        print(
            "      mean us by stage: "
            + ", ".join(f"{stage} {value:.1f}" for stage, value in sorted(split.items(), key=_big))
        )
    if missed:
        print(f"MISSED: {', '.join(missed)}")


def _big(item: tuple[str, float]) -> float:
    return -item[1]


if __name__ == "__main__":
    main()
