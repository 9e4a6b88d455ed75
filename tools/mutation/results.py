"""What mutmut found, read from its work folder: each mutant's verdict and the change it made.

mutmut (``mutants/`` in the copy it ran in) keeps a ``<file>.meta`` JSON per mutated file with
each mutant's exit code, and the mutated file itself holding the original of each function
(``x_name__mutmut_orig``) beside every mutant of it (``x_name__mutmut_<n>``; methods are
``xǁClassǁname__...``). The change a mutant made is the difference of the two functions; its
line in the real source is the original function's line there plus the offset.
"""

from __future__ import annotations

import ast
import difflib
import json
import re
from dataclasses import dataclass
from pathlib import Path

#: mutmut's exit codes (mutmut/stats.py), as the verdicts this report uses.
VERDICTS = {
    1: "killed",
    3: "killed",
    37: "caught by mypy",
    36: "timeout",
    24: "timeout",
    -24: "timeout",
    152: "timeout",
    255: "timeout",
    0: "survived",
    5: "no tests",
    33: "no tests",
    34: "skipped",
}
#: Verdicts that count as caught: a failing test, a type error ``make check`` reports, a hang
#: (the per-test time limit turns it into a failure).
CAUGHT = frozenset({"killed", "caught by mypy", "timeout"})

_NAME = re.compile(r"^(?P<module>.+)\.x(?:ǁ(?P<cls>[^ǁ]+)ǁ|_)(?P<func>.+)__mutmut_(?P<n>\d+)$")


@dataclass(frozen=True)
class Mutant:
    key: str  # mutmut's name for it
    path: str  # src/scenekeeper/...
    function: str  # "shown" or "NewOne.claimed"
    verdict: str
    line: int  # in the real source file (0 when not found)
    removed: tuple[str, ...]  # the lines the change took out, stripped
    added: tuple[str, ...]  # and what it put in

    @property
    def caught(self) -> bool:
        return self.verdict in CAUGHT

    def change(self) -> str:
        taken = [f"- {line}" for line in self.removed]
        return "\n".join([*taken, *(f"+ {line}" for line in self.added)])


def verdict(code: int | None) -> str:
    if code is None:
        return "not run"
    return VERDICTS.get(code, "suspicious")


def read(work: Path, path: str) -> list[Mutant]:
    """Every mutant of one source file (``src/...``), with its verdict; [] if none were made."""
    meta = work / "mutants" / f"{path}.meta"
    mutated = work / "mutants" / path
    if not meta.exists() or not mutated.exists():
        return []
    text = mutated.read_text(encoding="utf-8")
    if "__mutmut_" not in text:
        # A plain copy (a later run over other files put it back): the verdicts in the meta are
        # of mutants no longer here, whose changes cannot be shown -- the file is not measured.
        return []
    codes: dict[str, int | None] = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    functions = _functions(text)
    starts = _starts((work / path).read_text(encoding="utf-8"))
    found = []
    for key, code in sorted(codes.items(), key=lambda item: _order(item[0])):
        match = _NAME.match(key)
        if match is None:
            continue
        cls, func, number = match["cls"], match["func"], match["n"]
        mangled = f"xǁ{cls}ǁ{func}" if cls else f"x_{func}"
        original = functions.get(f"{mangled}__mutmut_orig")
        changed = functions.get(f"{mangled}__mutmut_{number}")
        qualified = f"{cls}.{func}" if cls else func
        removed, added, offset = _difference(original, changed)
        start = starts.get(qualified, 0)
        found.append(
            Mutant(
                key=key,
                path=path,
                function=qualified,
                verdict=verdict(code),
                line=start + offset if start else 0,
                removed=removed,
                added=added,
            )
        )
    return found


def _order(key: str) -> tuple[str, int]:
    head, _, number = key.rpartition("_")
    return head, int(number) if number.isdigit() else 0


def _functions(source: str) -> dict[str, str]:
    """Each function of the mutated file, module level or in a class, by name: its source."""
    tree = ast.parse(source)
    lines = source.splitlines()
    found: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and "__mutmut_" in node.name:
            # Whole lines by number (a ``def`` starts its line): ast.get_source_segment splits
            # the file again for every function, which is quadratic in mutmut's large files.
            found[node.name] = "\n".join(lines[node.lineno - 1 : node.end_lineno])
    return found


def _starts(source: str) -> dict[str, int]:
    """The line of each function's ``def`` (decorators aside) in the real source file."""
    starts: dict[str, int] = {}
    tree = ast.parse(source)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            starts[node.name] = node.lineno
        elif isinstance(node, ast.ClassDef):
            for inner in node.body:
                if isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef):
                    starts[f"{node.name}.{inner.name}"] = inner.lineno
    return starts


def _difference(
    original: str | None, changed: str | None
) -> tuple[tuple[str, ...], tuple[str, ...], int]:
    """The lines one took out and the other put in (the ``def`` line's name aside), and how far
    below the ``def`` the first of them is."""
    if original is None or changed is None:
        return (), (), 0
    before = original.splitlines()[1:]
    after = changed.splitlines()[1:]
    removed: list[str] = []
    added: list[str] = []
    offset = 0
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if not removed and not added:
            offset = i1 + 1
        removed += [line.strip() for line in before[i1:i2]]
        added += [line.strip() for line in after[j1:j2]]
    return tuple(removed), tuple(added), offset
