"""Mutation testing with mutmut over the files a change touches, or over an area.

    make mutants BASE=<commit>          every src/ file changed since the commit (edits included)
    make mutants AREA=sheets            an area (tools/mutation/areas.py); AREA=all for every one
    make mutants AREA=undo TESTS="tests/engine tests/app"    only these tests: a lower bound
    python -m tools.mutation --files src/scenekeeper/engine/names.py
    python -m tools.mutation --area nodice --report-only      the last run's report, no run

mutmut makes small changes to each function (a flipped condition, a wrong constant, a dropped
argument, a changed string), runs the tests that reach the function against each one, and
counts what no test catches. The run is in ``.mutation/tree`` (a copy kept between runs, so a
second run tests only what changed; ``--fresh`` forgets every verdict). The report
(``.mutation/report.md``) lists each survivor with the change it made, and the TOML to paste
into ``tools/mutation/explained/<area>.toml`` when it cannot be caught (with the reason).

Exit status: 0 when every file of an area is at the bar (``areas.BAR``) or above, 1 when one is
under it, 2 when nothing could be run.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

from tools.mutation import explained, report, results, work
from tools.mutation.areas import AREAS, BY_NAME


def scope_of(args: argparse.Namespace, tree_files: list[str]) -> list[str]:
    sources = [name for name in tree_files if name.startswith("src/") and name.endswith(".py")]
    chosen: set[str] = set()
    for name in args.area:
        areas = AREAS if name == "all" else (BY_NAME[name],)
        chosen |= {path for area in areas for path in sources if area.holds(path)}
    if args.base:
        chosen |= set(work.changed_since(args.base)) & set(sources)
    for glob in args.files:
        chosen |= {path for path in sources if fnmatch.fnmatch(path, glob)}
    # A module with nothing to mutate (an __init__ of imports) is no file to score.
    return sorted(path for path in chosen if not path.endswith("__init__.py") or _has_code(path))


def _has_code(path: str) -> bool:
    text = (work.ROOT / path).read_text(encoding="utf-8")
    return "def " in text


def run_mutmut(names: list[str], children: int, log: Path) -> int:
    """``mutmut run`` in the copy; a line of progress every half minute, the rest to ``log``."""
    # mutmut, taught to mutate our registered handlers and evolvers (mutmut_cli).
    command = [sys.executable, "-m", "tools.mutation.mutmut_cli", "run"]
    command += ["--max-children", str(children), *names]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    # The type check (mypy) is the environment's own, as make check runs it.
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env.pop("PYTHONPATH", None)
    with log.open("a", encoding="utf-8") as out:
        out.write(f"\n$ mutmut run ({len(names)} named)\n")
        out.flush()
        process = subprocess.Popen(command, cwd=work.TREE, stdout=out, stderr=out, env=env)
        done = threading.Event()

        def heartbeat() -> None:
            while not done.wait(30):
                print(f"  ... {_last_status(log)}", flush=True)

        threading.Thread(target=heartbeat, daemon=True).start()
        try:
            return process.wait()
        finally:
            done.set()


def _last_status(log: Path) -> str:
    text = log.read_text(encoding="utf-8", errors="replace")[-4000:]
    parts = [p.strip() for p in text.replace("\r", "\n").splitlines() if p.strip()]
    return parts[-1][:120] if parts else "starting"


def read_all(scope: list[str]) -> list[results.Mutant]:
    return [mutant for path in scope for mutant in results.read(work.TREE, path)]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tools.mutation", description=__doc__)
    parser.add_argument("--base", help="mutate the src/ files changed since this commit")
    parser.add_argument(
        "--area", action="append", default=[], choices=[*BY_NAME, "all"], help="an area's files"
    )
    parser.add_argument("--files", action="append", default=[], help="a glob of src/ files")
    parser.add_argument(
        "--tests",
        action="append",
        default=[],
        help="run only these test files or folders (the score is then a lower bound)",
    )
    parser.add_argument("--children", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--fresh", action="store_true", help="forget every earlier verdict")
    parser.add_argument("--report-only", action="store_true", help="report the last run's")
    parser.add_argument("--json", type=Path, help="also write the scores here")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not (args.base or args.area or args.files):
        parser.error("say what to mutate: BASE=<commit>, AREA=<name> (or all), or --files")

    tree_files = work.listed()
    scope = scope_of(args, tree_files)
    if not scope:
        print(f"No src/ file to mutate (nothing changed since {args.base}?).")
        return 0
    print(f"Mutating {len(scope)} files:", *(f"  {name}" for name in scope), sep="\n")
    started = time.monotonic()
    log = work.WORK / "mutmut.log"
    if not args.report_only:
        if args.fresh:
            shutil.rmtree(work.TREE / "mutants", ignore_errors=True)
        if work.forget_if_stale():
            print("The pinned packages or the test setup changed: every verdict is made again.")
        work.sync(tree_files)
        if work.forget_stats_if_scope_changed(scope, args.tests):
            print("Other files than the last run's: which tests reach them is learnt again.")
        work.configure(scope, args.tests)
        work.refresh(set(scope))
        log.write_text("", encoding="utf-8")
        # Survivors of an earlier run are tried again: the tests may have changed since.
        again = [m.key for m in read_all(scope) if not m.caught and m.verdict != "not run"]
        if run_mutmut([], args.children, log) != 0:
            print(f"mutmut stopped; see {log}:\n{_tail(log)}")
            return 2
        if again and run_mutmut(again, args.children, log) != 0:
            print(f"mutmut stopped; see {log}:\n{_tail(log)}")
            return 2
    took = time.monotonic() - started
    mutants = read_all(scope)
    measured = {m.path for m in mutants}
    for path in scope:
        if path not in measured:
            print(f"no mutants kept for {path}: not in the last run (run it to measure it)")
    entries = explained.load()
    focus = report.focus_of(args.tests)
    text = report.markdown(mutants, entries, took, focus)
    work.WORK.mkdir(parents=True, exist_ok=True)
    (work.WORK / "report.md").write_text(text, encoding="utf-8")
    if focus:
        print(focus)
    print(report.summary(mutants, entries))
    print(f"\n{len(mutants)} mutants, {took / 60:.1f} min. Report: {work.WORK / 'report.md'}")
    files = report.by_file(mutants, entries)
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "files": {s.name: _scores(s) for s in files},
                    "areas": {s.name: _scores(s) for s in report.by_area(mutants, entries)},
                },
                indent=1,
            )
            + "\n",
            encoding="utf-8",
        )
    under = report.below_bar(files)
    for s in under:
        print(f"under the bar: {s.name} at {s.share:.1%}")
    return 1 if under else 0


def _scores(s: report.Score) -> dict[str, float | int]:
    return {
        "mutants": s.made,
        "caught": s.caught,
        "explained": s.explained,
        "score": round(s.share, 4),
    }


def _tail(log: Path) -> str:
    text = log.read_text(encoding="utf-8", errors="replace").replace("\r", "\n")
    return "\n".join(line for line in text.splitlines()[-30:] if line.strip())


if __name__ == "__main__":
    sys.exit(main())
