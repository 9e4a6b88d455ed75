"""Start-up of ``scenekeeper play`` (``make bench``): from starting a fresh process to its
first line, median of several runs, and where the import time goes.

Target (issue 24): the first line in under 300 ms. Each run starts ``scenekeeper play`` on a
fresh SQLite file (a new table) and:

- **pty**: at a terminal (a pseudo-terminal, as a person sees it): the time to its first line
  (the greeting) and to its prompt, then Ctrl-D;
- **pipe**: with ``/help`` piped to it: the time to its first line (the echoed command) and to
  the end of its answer;
- **cortex table**: piped ``/game show`` at a table that already plays Cortex (made before the
  run, so this session loads the table and the game's package): the time to its answer.

Then ``python -X importtime`` of the console's imports, summed by package.
"""

from __future__ import annotations

import argparse
import os
import pty
import re
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path


def command() -> list[str]:
    """``scenekeeper`` as installed beside this Python (else the module's entry point)."""
    script = Path(sys.executable).with_name("scenekeeper")
    if script.exists():
        return [str(script)]
    found = shutil.which("scenekeeper")
    if found:
        return [found]
    return [sys.executable, "-c", "import sys; from scenekeeper.cli import main; sys.exit(main())"]


def _env(db: Path) -> dict[str, str]:
    # The console's history file stays out of the user's data directory, beside the database.
    env = dict(os.environ)
    env["XDG_DATA_HOME"] = str(db.parent / "data")
    return env


def at_a_terminal(db: Path) -> tuple[float, float]:
    """(ms to the first line, ms to the prompt) of an interactive console on a pty."""
    main, sub = pty.openpty()
    started = time.perf_counter()
    process = subprocess.Popen(
        [*command(), "play", "--db", str(db)],
        stdin=sub,
        stdout=sub,
        stderr=sub,
        env=_env(db),
        close_fds=True,
    )
    os.close(sub)
    seen, first, prompt = b"", 0.0, 0.0
    try:
        while not prompt:
            ready, _, _ = select.select([main], [], [], 30)
            if not ready:
                raise SystemExit(f"no prompt after 30 s; saw {seen[-200:]!r}")
            seen += os.read(main, 4096)
            now = (time.perf_counter() - started) * 1000
            if not first and b"\n" in seen:
                first = now
            if b"console> " in seen:
                prompt = now
        os.write(main, b"\x04")
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(main)
    return first, prompt


def piped(db: Path, line: str) -> tuple[float, float]:
    """(ms to the first line, ms to the last) of ``line`` piped to ``scenekeeper play``."""
    started = time.perf_counter()
    process = subprocess.Popen(
        [*command(), "play", "--db", str(db)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=_env(db),
    )
    assert process.stdin is not None
    assert process.stdout is not None
    process.stdin.write(line.encode() + b"\n")
    process.stdin.close()
    process.stdout.readline()
    first = (time.perf_counter() - started) * 1000
    process.stdout.read()
    last = (time.perf_counter() - started) * 1000
    process.stdout.close()
    if process.wait(timeout=30) != 0:
        raise SystemExit(f"scenekeeper play failed on {line!r}")
    return first, last


def cortex_table(tmp: Path) -> Path:
    db = tmp / "cortex.sqlite3"
    lines = '/game new system:cortex name:"Bench"\n/char new name:Ada\n/roll d8 d6 d6\n'
    subprocess.run(
        [*command(), "play", "--db", str(db), "--script", "-"],
        input=lines.encode(),
        stdout=subprocess.DEVNULL,
        env=_env(db),
        check=True,
    )
    return db


def summary(values: list[float]) -> str:
    return f"median {statistics.median(values):6.0f} ms ({min(values):.0f}-{max(values):.0f})"


def import_breakdown() -> None:
    """Cumulative import time of the console's modules, by package (one ``-X importtime``)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import scenekeeper.cli"],
        capture_output=True,
        text=True,
        check=True,
    )
    row = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")
    by_group: dict[str, int] = defaultdict(int)
    total = 0
    for line in done.stderr.splitlines():
        match = row.match(line)
        if match is None:
            continue
        own, name = int(match.group(1)), match.group(4)
        total += own
        parts = name.split(".")
        group = ".".join(parts[:3]) if parts[0] == "scenekeeper" else parts[0]
        by_group[group] += own
    print(f"imports of `scenekeeper.cli` (-X importtime, own time summed): {total / 1000:.0f} ms")
    for group, micros in sorted(by_group.items(), key=lambda kv: -kv[1])[:15]:
        print(f"  {group:40} {micros / 1000:6.1f} ms")
    heavy = ("discord", "matplotlib", "psycopg", "icepool", "numpy", "aiohttp")
    loaded = sorted(g for g in by_group if g in heavy or g.startswith("scenekeeper.systems."))
    print(f"  games and heavy libraries imported: {', '.join(loaded) or 'none'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    results: dict[str, list[float]] = defaultdict(list)
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        cortex = cortex_table(tmp)
        runs: list[tuple[str, Callable[[Path], tuple[float, float]]]] = [
            ("pty", at_a_terminal),
            ("pipe", lambda db: piped(db, "/help")),
        ]
        for run in range(args.runs):
            for label, measure in runs:
                first, last = measure(tmp / f"{label}-{run}.sqlite3")
                results[f"{label}: first line"].append(first)
                results[f"{label}: {'prompt' if label == 'pty' else 'answer done'}"].append(last)
            _, done = piped(cortex, "/game show")
            results["cortex table: /game show answered"].append(done)
    print(f"`scenekeeper play` start-up, {args.runs} runs each (target: first line < 300 ms)")
    for label, values in results.items():
        print(f"  {label:36} {summary(values)}")
    import_breakdown()


if __name__ == "__main__":
    main()
