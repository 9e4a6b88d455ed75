"""Run the mutant catalogues against the test suite (see ``tools/mutants/__init__.py``).

    python -m tools.mutants                     every catalogue, the whole suite for survivors
    python -m tools.mutants --only aggregate.   the changes whose id starts so
    python -m tools.mutants --quick             the focused tests only (a survivor is "not
                                                caught by its tests", not proof of a gap)
    python -m tools.mutants --list              what each change is, without running anything
    python -m tools.mutants --only X --tests T  only the tests T (does T catch X?)

Exit status 0 when the suite catches every change run, 1 when some survive, 2 on a stale
catalogue (a change whose text no longer occurs exactly once).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from tools.mutants import issue20, moves, scale
from tools.mutants.mutant import Mutant

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES: dict[str, tuple[Mutant, ...]] = {
    "issue20": issue20.MUTANTS,
    "moves": moves.MUTANTS,
    "scale": scale.MUTANTS,
}


@dataclass(frozen=True)
class Result:
    mutant: Mutant
    caught: bool
    by: str  # the first failing test, "focused"/"suite" stage, or why not run
    seconds: float


def copy_tree(into: Path) -> None:
    """The working tree as git knows it (tracked files, as they are now, edits included)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.split(b"\0")
    for raw in listed:
        if not raw:
            continue
        name = raw.decode()
        source = ROOT / name
        if not source.is_file():
            continue
        target = into / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)


def pytest(tree: Path, args: list[str]) -> tuple[int, str]:
    env = dict(os.environ)
    # The copy's code, never the editable install's; no stale bytecode between two changes of
    # the same file made within one second.
    env["PYTHONPATH"] = str(tree / "src") + os.pathsep + str(tree)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    # The catalogues' own check fails for every change made (its text is no longer there):
    # it would catch them all, so it is no judge of them.
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider"]
    command += ["--ignore", "tests/test_mutant_catalogues.py", *args]
    done = subprocess.run(command, check=False, cwd=tree, env=env, capture_output=True, text=True)
    return done.returncode, done.stdout + done.stderr


def first_failure(output: str) -> str:
    for line in output.splitlines():
        if line.startswith(("FAILED tests/", "ERROR tests/")):
            return line.split(" ", 1)[1].split(" - ", 1)[0]
    return "an error before any test ran"


def run_one(tree: Path, mutant: Mutant, quick: bool, tests: list[str]) -> Result:
    started = time.monotonic()
    path = tree / "src" / "scenekeeper" / mutant.path
    original = path.read_text(encoding="utf-8")
    path.write_text(mutant.apply(original), encoding="utf-8")
    try:
        focused = tests or list(mutant.tests)
        stages = [("focused", focused)] if focused else []
        if not quick and not tests:
            stages.append(("suite", []))
        for stage, args in stages:
            code, output = pytest(tree, args)
            if code not in (0, 5):
                return Result(mutant, True, f"{stage}: {first_failure(output)}", _since(started))
        return Result(mutant, False, "survived", _since(started))
    finally:
        path.write_text(original, encoding="utf-8")


def _since(started: float) -> float:
    return round(time.monotonic() - started, 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.mutants", description=__doc__)
    parser.add_argument("--catalogue", choices=[*CATALOGUES, "all"], default="all")
    parser.add_argument("--only", nargs="+", default=[], help="ids starting with these")
    parser.add_argument("--quick", action="store_true", help="the focused tests only")
    parser.add_argument("--list", action="store_true", help="list the changes and stop")
    parser.add_argument("--tests", nargs="+", default=[], help="run only these tests")
    parser.add_argument("--json", type=Path, help="write the results here")
    args = parser.parse_args(argv)

    chosen = [
        m
        for name, mutants in CATALOGUES.items()
        if args.catalogue in (name, "all")
        for m in mutants
        if not args.only or any(m.id.startswith(prefix) for prefix in args.only)
    ]
    stale = []
    for mutant in chosen:
        try:
            mutant.apply((ROOT / "src" / "scenekeeper" / mutant.path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            stale.append(str(error))
    if stale:
        print("stale catalogue:\n  " + "\n  ".join(stale))
        return 2
    if args.list:
        for mutant in chosen:
            print(f"{mutant.id:42} {mutant.path}\n{'':42} {mutant.bug}")
        return 0

    results = []
    with tempfile.TemporaryDirectory(prefix="sk-mutants-") as scratch:
        tree = Path(scratch)
        copy_tree(tree)
        code, output = pytest(tree, ["tests/test_layering.py"])
        if code != 0:
            print("the unchanged copy fails its tests:\n" + output[-2000:])
            return 2
        clean: set[str] = set()
        for number, mutant in enumerate(chosen, 1):
            result = run_one(tree, mutant, args.quick, args.tests)
            failed = result.by.split(": ", 1)[-1]
            if result.caught and failed.startswith("tests/") and failed not in clean:
                # A catch counts only if the test passes on the unchanged tree.
                code, output = pytest(tree, [failed])
                if code != 0:
                    print(f"the unchanged tree fails {failed}; fix it first:\n{output[-2000:]}")
                    return 2
                clean.add(failed)
            results.append(result)
            mark = "caught  " if result.caught else "SURVIVED"
            print(f"[{number}/{len(chosen)}] {mark} {mutant.id}  ({result.by}, {result.seconds} s)")
            sys.stdout.flush()
    caught = sum(r.caught for r in results)
    print(f"\n{caught} of {len(results)} changes caught.")
    for result in results:
        if not result.caught:
            print(f"  survived: {result.mutant.id}: {result.mutant.bug}")
    if args.json:
        args.json.write_text(
            json.dumps(
                [
                    {"id": r.mutant.id, "caught": r.caught, "by": r.by, "seconds": r.seconds}
                    for r in results
                ],
                indent=1,
            )
            + "\n",
            encoding="utf-8",
        )
    return 0 if caught == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
