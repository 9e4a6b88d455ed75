"""Memory per live table, and how fast undo answers anywhere in its window (``make bench``).

A live table is what the app keeps in its cache: the folded state plus the undo window. Each
game plays a short session (about 50 events: seats, sheets, rolls, undo and redo) on a few
seeds; then, in a fresh process, ``--tables`` copies are loaded from their stored records (each
decoded on its own, as a cold load does) and kept, and the growth of the process's resident
memory (RSS) is divided by their number: all kept as objects ("all hot", on a tenth as many
tables), and kept as the app keeps them (app/cache.py: the newest 256 as objects, the rest
compact). "MB for all" scales the figure to ``--tables``; "back from compact" is the median
time to bring a compact table back (``app.cache.inflate``), beside its compact form's bytes. A
table past the undo window (150 commands) is measured the same way. Undo is timed through
``App.handle``: every command of a full window undone in a row, newest first, then redone.

Targets (issue 24): 10,000 tables of ~50 events in <= 250 MB (25 KB a table), a table past
100 commands <= 25 KB, undo p99 < 5 ms anywhere in the window.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence

from scenekeeper.app import App
from scenekeeper.app.cache import HOT, TableCache, compact, inflate
from scenekeeper.app.records import envelope_from_record
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.engine.aggregate import Table, replay
from scenekeeper.engine.names import warm
from scenekeeper.engine.state import Person
from scenekeeper.store.base import EventRecord
from scenekeeper.store.memory import MemoryStore

GM = Person("gm", "GM")
ANA = Person("ana", "Ana")
BO = Person("bo", "Bo")
Script = tuple[tuple[Person, str], ...]

CORTEX_SET_UP: Script = (
    (GM, "/game new system:cortex name:Campaign"),
    (ANA, "/game join"),
    (ANA, "/char new name:Ada"),
    (ANA, "/char set character:Ada trait:Agility die:d8 set:Attributes"),
    (ANA, "/char set character:Ada trait:Fighting die:d10 set:Skills"),
    (GM, "/char new name:Thug gmc:true"),
    (GM, "/scene start type:action"),
)
CORTEX_CYCLE: Script = (
    (ANA, '/roll pool:"Agility Fighting" vs:hard'),
    (GM, '/pp give character:Ada reason:"a good scene"'),
    (ANA, '/pp spend on:other what:"a flashback"'),
    (GM, "/stress add character:Ada type:Physical die:d6"),
    (GM, "/stress remove character:Ada type:Physical"),
    (GM, "/complication add character:Thug name:Winded die:d6"),
    (GM, "/complication remove character:Thug name:Winded"),
    (GM, "/undo"),
    (GM, "/redo"),
)
METTLE_SET_UP: Script = (
    (GM, "/game new system:mettle name:Heist"),
    (ANA, "/game join"),
    (BO, "/game join"),
    (ANA, "/char new name:Viktor concept:4 frame:3 motive:4 nature:3 poise:2"),
    (BO, "/char new name:Kirin concept:4 frame:2 motive:3 nature:3 poise:5"),
    (ANA, '/char gear character:Viktor item:"Kevlar vest"'),
    (GM, "/char new name:Thug gmc:true npc_pool:3 frame:5"),
    (GM, "/char gear character:Thug item:Pistol"),
    (GM, '/scene start name:"The bank"'),
)
METTLE_CYCLE: Script = (
    (ANA, "/act action:attack target:Thug"),
    (GM, "/check character:Thug pool:poise vs:3"),
    (BO, "/check character:Kirin pool:nature vs:2"),
    (GM, "/undo"),
    (GM, "/redo"),
)
CYBERGOD_SET_UP: Script = (
    (GM, "/game new system:cybergod name:Run"),
    (ANA, "/game join"),
    (ANA, "/char new name:Marko"),
    (ANA, "/char set character:Marko trait:Reflex die:d10"),
    (ANA, "/char set character:Marko trait:engrams value:2"),
    (GM, "/char new name:Thug gmc:true"),
)
CYBERGOD_CYCLE: Script = (
    (GM, "/test character:Thug pool:3d8"),
    (ANA, "/test character:Marko pool:3d10 vs:moderate"),
    (GM, '/test pool:4d10 vs:moderate complications:"Alarm 2, Trace 1" overcome:Trace'),
    (GM, "/undo"),
    (GM, "/redo"),
)
NODICE_SET_UP: Script = (
    (GM, "/game new system:nodice name:Market"),
    (ANA, "/game join"),
    (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2 INT 2"'),
    (
        GM,
        '/char new name:Brute gmc:true traits:"REA 2 KNO 2 QUI 2 STR 8 FIT 7 AGI - WIL 3 '
        'PRE 3 INT 3"',
    ),
)
NODICE_CYCLE: Script = (
    (GM, '/conflict start sides:"Ada | Brute"'),
    (ANA, "/hand ante aspect:Mind ante:WIL"),
    (GM, "/hand ante character:Brute aspect:Body ante:STR"),
    (ANA, '/hand assign tokens:"QUI 2"'),
    (ANA, "/hand bid action:QUI bid:2"),
    (GM, "/hand bid character:Brute action:STR bid:1"),
    (GM, "/conflict end"),
    (GM, "/undo"),
    (GM, "/redo"),
)
GAMES: dict[str, tuple[Script, Script]] = {
    "cortex": (CORTEX_SET_UP, CORTEX_CYCLE),
    "mettle": (METTLE_SET_UP, METTLE_CYCLE),
    "cybergod": (CYBERGOD_SET_UP, CYBERGOD_CYCLE),
    "nodice": (NODICE_SET_UP, NODICE_CYCLE),
}
SEEDS = 8


def play(game: str, commands: int, seed: int) -> App:
    """A table of ``game`` after its set-up and ``commands`` commands of its cycle."""
    set_up, cycle = GAMES[game]
    app = App(MemoryStore(), SeededDice(seed), build_registry())
    for i, (who, line) in enumerate((*set_up, *(cycle * (commands // len(cycle) + 1)))):
        if i >= len(set_up) + commands:
            break
        outcome = app.handle("t", who, line)
        if not outcome.ok:
            raise SystemExit(f"{game}: benchmark command refused: {line!r}: {outcome.error}")
    return app


def stored(game: str, commands: int) -> list[str]:
    """Each seed's table as its stored records, as JSON text (decoded afresh per copy)."""
    texts = []
    for seed in range(SEEDS):
        records = play(game, commands, seed).store.read("t")
        texts.append(json.dumps([_row(r) for r in records]))
    return texts


def _row(record: EventRecord) -> list[object]:
    return [
        record.seq,
        record.type,
        dict(record.data),
        record.actor,
        record.time,
        record.command_seq,
        record.command,
    ]


def load(text: str) -> Table:
    records = [EventRecord("t", s, t, d, a, w, c, m) for s, t, d, a, w, c, m in json.loads(text)]
    return replay(envelope_from_record(r) for r in records)


def rss_kb() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise SystemExit("no VmRSS in /proc/self/status (this benchmark needs Linux)")


def measure(game: str, commands: int, tables: int, hot: int) -> None:
    """Child process: print the RSS growth per table, in bytes, and the events per table, for
    ``tables`` kept in the app's cache with ``hot`` of them as objects."""
    # Every game imported before anything else, as when importing the package imported them
    # all: where the import's leftovers sit decides how much of the baseline's heap the tables
    # reuse (5 MB either way; 0.5 KB a table at 10,000), and the figures stay comparable.
    build_registry()
    warm()
    texts = stored(game, commands)
    load(texts[0])  # imports and caches warmed before the baseline
    compact(load(texts[0]))
    cache = TableCache(size=tables, hot=hot)
    gc.collect()
    before = rss_kb()
    started = time.perf_counter()
    for i in range(tables):
        cache.put(f"t{i}", load(texts[i % SEEDS]))
    seconds = time.perf_counter() - started
    kept = [cache.peek("t0")]
    gc.collect()
    after = rss_kb()
    back, packed = back_from_compact(texts)
    print(
        json.dumps(
            {
                "bytes": (after - before) * 1024 / tables,
                "events": kept[0].seq,
                "load_ms": seconds * 1000 / tables,
                "back_ms": back,
                "compact_bytes": packed,
            }
        )
    )


def back_from_compact(texts: Sequence[str], rounds: int = 20) -> tuple[float, float]:
    """(median ms to bring a compact table back, mean bytes of its compact form) over every
    seed's table, each brought back ``rounds`` times (``app.cache.inflate``)."""
    forms = [compact(load(text)) for text in texts]
    timings = []
    for _ in range(rounds):
        for form in forms:
            started = time.perf_counter()
            inflate(*form)
            timings.append((time.perf_counter() - started) * 1000)
    return statistics.median(timings), statistics.mean(len(form[-1]) for form in forms)


def undo_times(game: str) -> list[float]:
    """Seconds per /undo (every command of a full window, newest first), then per /redo; each
    by whoever sent the command (NoDice: only its sealer takes back a sealed commit, G2)."""
    app = play(game, 250, 1)
    standing = len(app.table("t").window)
    people = {person.id: person for person in (GM, ANA, BO)}
    timings = []
    for line in ("/undo",) * standing + ("/redo",) * standing:
        table = app.table("t")
        command = table.last_command if line == "/undo" else table.last_undone
        who = people.get(command.actor, GM) if command is not None else GM
        started = time.perf_counter()
        outcome = app.handle("t", who, line)
        timings.append(time.perf_counter() - started)
        if not outcome.ok:
            raise SystemExit(f"{game}: {line} refused: {outcome.error}")
    return timings


def spread(values: Sequence[float], fmt: str) -> str:
    return f"{statistics.median(values):{fmt}} ({min(values):{fmt}}-{max(values):{fmt}})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (median and range)")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--child", nargs=4, metavar=("GAME", "COMMANDS", "TABLES", "HOT"))
    args = parser.parse_args()
    if args.child:
        measure(args.child[0], *(int(a) for a in args.child[1:]))
        return
    games = args.games.split(",")
    print(f"{args.tables:,} tables per run, {args.runs} runs; median (min-max)")
    print(
        f"{'table':<34} {'events':>6} {'KB a table':>22} {'MB for all':>22} {'load ms':>20} "
        f"{'back from compact ms':>22} {'compact B':>9}"
    )
    small = max(args.tables // 10, 100)
    cases = (
        ("all hot", 40, small, small),
        (f"cache, {HOT} hot", 40, args.tables, HOT),
        ("all hot", 150, small, small),
        (f"cache, {HOT} hot", 150, args.tables, HOT),
    )
    for game in games:
        for kind, commands, tables, hot in cases:
            results = [_child(game, commands, tables, hot) for _ in range(args.runs)]
            kb = [r["bytes"] / 1024 for r in results]
            mb = [r["bytes"] * args.tables / 2**20 for r in results]
            print(
                f"{f'{game} {commands} cmds, {kind}':<34} {int(results[0]['events']):>6} "
                f"{spread(kb, '.1f'):>22} {spread(mb, ',.0f'):>22} "
                f"{spread([r['load_ms'] for r in results], '.2f'):>20} "
                f"{spread([r['back_ms'] for r in results], '.2f'):>22} "
                f"{statistics.median(r['compact_bytes'] for r in results):>9,.0f}"
            )
    print(f"\n{'undo/redo, full window':<26} {'p50 ms':>22} {'p99 ms':>22} {'max ms':>20}")
    for game in games:
        runs = [sorted(undo_times(game)) for _ in range(args.runs)]
        print(
            f"{game:<26} {spread([r[len(r) // 2] * 1000 for r in runs], '.2f'):>22} "
            f"{spread([r[int(len(r) * 0.99)] * 1000 for r in runs], '.2f'):>22} "
            f"{spread([r[-1] * 1000 for r in runs], '.2f'):>20}"
        )


def _child(game: str, commands: int, tables: int, hot: int) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, __file__, "--child", game, str(commands), str(tables), str(hot)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return dict(json.loads(out.strip().splitlines()[-1]))


if __name__ == "__main__":
    main()
