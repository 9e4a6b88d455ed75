"""Export and import of a large table (``make bench``): file size, time and peak memory.

A Cortex table plays a long campaign's commands (rolls against difficulties, plot points,
stress, complications, undo), then ``/game export`` and ``/game import`` run through the
command path. Import decides every recorded command again (engine/recheck.py), so its time
grows with the history; the size caps in engine/core/transfer.py keep it bounded.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc

from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.engine.commands import Attachment
from scenekeeper.engine.names import warm
from scenekeeper.engine.state import Person
from scenekeeper.store.memory import MemoryStore

GM = Person("gm", "GM")
ANA = Person("ana", "Ana")
SET_UP = (
    (GM, "/game new system:cortex name:Campaign"),
    (ANA, "/game join"),
    (ANA, "/char new name:Ada"),
    (ANA, "/char set character:Ada trait:Agility die:d8 set:Attributes"),
    (ANA, "/char set character:Ada trait:Fighting die:d10 set:Skills"),
    (GM, "/char new name:Thug gmc:true"),
    (GM, "/scene start type:action"),
)
CYCLE = (
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--commands", type=int, default=20_000)
    args = parser.parse_args()
    warm()
    app = App(MemoryStore(), SeededDice(3), build_registry())
    for who, line in SET_UP:
        assert app.handle("t", who, line).ok, line
    for i in range(args.commands):
        who, line = CYCLE[i % len(CYCLE)]
        outcome = app.handle("t", who, line)
        assert outcome.ok, (line, outcome.error)
    events = app.store.head("t")
    started = time.perf_counter()
    exported = app.handle("t", GM, "/game export")
    export_s = time.perf_counter() - started
    (file,) = exported.reply.files

    def bring_in(table_id: str) -> float:
        started = time.perf_counter()
        outcome = app.handle(
            table_id,
            GM,
            f"/game import file:{file.name}",
            lambda _p: Attachment(file.name, file.content),
        )
        assert outcome.ok, outcome.error
        return time.perf_counter() - started

    import_s = bring_in("copy")
    # Memory on a second import: tracemalloc slows Python down, so it is not timed.
    tracemalloc.start()
    bring_in("copy-2")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"{args.commands:,} commands, {events:,} events: export {export_s:.2f} s, "
        f"{file.name} {len(file.content) / 2**20:.2f} MB; import {import_s:.2f} s, "
        f"peak {peak / 2**20:.0f} MB traced, {events / import_s:,.0f} events/s"
    )


if __name__ == "__main__":
    main()
