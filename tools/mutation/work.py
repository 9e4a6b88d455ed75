"""The copy mutmut runs in (``.mutation/tree``), kept in step with the working tree.

mutmut works in the folder it is started in: it reads ``[tool.mutmut]`` from that folder's
``pyproject.toml`` and writes ``mutants/`` there. Running it in a copy leaves the checkout
untouched and lets each run choose its files (``only_mutate``) without editing the project's
own ``pyproject.toml``. The copy and its ``mutants/`` outlive a run, so the next run tests only
what changed (mutmut keeps each function's verdicts until its text changes).

mutmut copies a file it does not mutate into ``mutants/`` once and never again, so a file
edited since, or no longer in the tree, would be tested stale; ``refresh`` removes every such
copy (mutmut copies it afresh) before each run.
"""

from __future__ import annotations

import filecmp
import hashlib
import os
import re
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORK = ROOT / ".mutation"
TREE = WORK / "tree"

#: mutmut's own files in ``mutants/``, never copies of the tree.
_MUTMUT_FILES = (".meta", ".spans")
_MUTMUT_NAMES = {"mutmut-stats.json", "mutmut-cicd-stats.json", "mutmut-debug.log"}


def listed(root: Path = ROOT) -> list[str]:
    """The tree as git knows it: tracked files as they are now, and new files not ignored."""
    out = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=root,
        check=True,
        capture_output=True,
    ).stdout
    return sorted(
        name for name in (raw.decode() for raw in out.split(b"\0")) if (root / name).is_file()
    )


def changed_since(base: str, root: Path = ROOT) -> list[str]:
    """Source files (``src/**.py``) that differ from ``base``: committed since, edited, or new."""
    diff = subprocess.run(
        ["git", "diff", "--name-only", "--diff-filter=AMR", base, "--", "src"],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    new = subprocess.run(
        ["git", "ls-files", "--others", "--exclude-standard", "--", "src"],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return sorted({name for name in [*diff, *new] if name.endswith(".py")})


def sync(files: Iterable[str]) -> None:
    """Make ``TREE`` hold exactly these files of the working tree, as they are now."""
    wanted = set(files)
    TREE.mkdir(parents=True, exist_ok=True)
    for name in wanted:
        source, target = ROOT / name, TREE / name
        if target.exists() and filecmp.cmp(source, target, shallow=False):
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        # A fresh time on every copy: mutmut mutates a file again only when it is newer than
        # the mutants it made of it.
        shutil.copy(source, target)
    for path in _files(TREE, skip=("mutants", ".venv")):
        if path.relative_to(TREE).as_posix() not in wanted:
            path.unlink()


def refresh(scope: set[str]) -> None:
    """Drop every copy in ``mutants/`` that mutmut would keep stale; forget mutants of gone files.

    A file mutmut mutates (in ``scope``) it regenerates itself when it changed; any other copy
    is removed unless it equals the tree's file, and mutmut copies it again.
    """
    mutants = TREE / "mutants"
    if not mutants.exists():
        return
    for path in _files(mutants, skip=()):
        relative = path.relative_to(mutants).as_posix()
        if relative in _MUTMUT_NAMES:
            continue
        if relative.endswith(_MUTMUT_FILES):
            if not (TREE / relative.rsplit(".", 1)[0]).exists():
                path.unlink()
            continue
        original = TREE / relative
        if not original.exists():
            path.unlink()
        elif relative in scope:
            # Copied plainly by an earlier run that did not mutate it: mutmut would take the
            # copy (newer than the file) for mutants already made, and make none.
            meta = path.with_name(path.name + ".meta")
            if not meta.exists() or "__mutmut_" not in path.read_text(encoding="utf-8"):
                path.unlink()
                meta.unlink(missing_ok=True)
        elif not filecmp.cmp(original, path, shallow=False):
            path.unlink()


def configure(scope: Iterable[str], tests: Iterable[str] = ()) -> None:
    """The copy's ``pyproject.toml`` with ``only_mutate`` set to these files.

    ``tests`` (test files or folders) narrows the tests mutmut runs to those: a mutant none of
    them catches counts as a survivor even where another test would catch it, so a focused
    score is a lower bound of the whole suite's -- reached in a fraction of the time where
    nearly every test reaches the files (``aggregate.py``, ``secrets.py``)."""
    pyproject = TREE / "pyproject.toml"
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    if "[tool.mutmut]" not in text:
        raise SystemExit("pyproject.toml has no [tool.mutmut] section for the mutation run")
    globs = ", ".join(f'"{name}"' for name in sorted(scope))
    settings = f"only_mutate = [{globs}]\n"
    chosen = sorted(set(tests))
    for name in chosen:
        if not (ROOT / name).exists():
            raise SystemExit(f"no test file or folder {name!r}: name one under tests/")
    if chosen:
        listed_tests = ", ".join(f'"{name}"' for name in chosen)
        settings += f"pytest_add_cli_args_test_selection = [{listed_tests}]\n"
    text = re.sub(r"(?m)^\[tool\.mutmut\]\n", f"[tool.mutmut]\n{settings}", text)
    pyproject.write_text(text, encoding="utf-8")


def fingerprint() -> str:
    """What every verdict depends on besides the code: the pinned packages and the test setup."""
    digest = hashlib.sha256()
    for name in ("requirements.lock", "tests/conftest.py"):
        path = ROOT / name
        digest.update(path.read_bytes() if path.exists() else b"")
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    digest.update(text.encode())
    return digest.hexdigest()


def forget_stats_if_scope_changed(scope: Iterable[str], tests: Iterable[str] = ()) -> bool:
    """mutmut learns which tests reach which function once (``mutmut-stats.json``), for the
    functions it mutates then, and only adds what new tests reach: a run over other files
    would find no test for any of theirs ("no tests"). So the stats go when the scope does."""
    chosen = "\n".join(sorted(scope))
    if tests:
        chosen += "\ntests: " + " ".join(sorted(set(tests)))
    stamp = WORK / "scope"
    changed = stamp.exists() and stamp.read_text(encoding="utf-8") != chosen
    if changed:
        (TREE / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
    WORK.mkdir(parents=True, exist_ok=True)
    stamp.write_text(chosen, encoding="utf-8")
    return changed


def forget_if_stale() -> bool:
    """Start afresh when the packages or the test setup changed since the last run."""
    stamp = WORK / "fingerprint"
    now = fingerprint()
    stale = stamp.exists() and stamp.read_text(encoding="utf-8") != now
    if stale or not stamp.exists():
        shutil.rmtree(TREE / "mutants", ignore_errors=True)
    WORK.mkdir(parents=True, exist_ok=True)
    stamp.write_text(now, encoding="utf-8")
    return stale


def _files(root: Path, skip: tuple[str, ...]) -> list[Path]:
    found = []
    for folder, dirs, names in os.walk(root):
        if Path(folder) == root:
            dirs[:] = [d for d in dirs if d not in skip]
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        found += [Path(folder) / name for name in names]
    return found
