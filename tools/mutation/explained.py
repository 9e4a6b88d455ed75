"""Survivors that no test can catch, each with the reason: ``tools/mutation/explained/*.toml``
(a file an area, so two people explaining two areas never edit the same file).

An entry names a mutant by what it changes, never by mutmut's number for it (which moves when
the function gains a line): the file, the function, the lines the change takes out and the
lines it puts in. So an entry keeps naming its mutant until the code it reads is edited, and
then it stops matching and the mutant is reported again -- to be caught or explained anew.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from tools.mutation.results import Mutant

FOLDER = Path(__file__).with_name("explained")


@dataclass(frozen=True)
class Explained:
    path: str
    function: str
    removed: tuple[str, ...]
    added: tuple[str, ...]
    why: str

    def names(self, mutant: Mutant) -> bool:
        return (
            mutant.path == self.path
            and mutant.function == self.function
            and mutant.removed == self.removed
            and mutant.added == self.added
        )


def load(folder: Path = FOLDER) -> list[Explained]:
    return [entry for file in sorted(folder.glob("*.toml")) for entry in read(file)]


def read(file: Path) -> list[Explained]:
    data = tomllib.loads(file.read_text(encoding="utf-8"))
    entries = []
    for number, entry in enumerate(data.get("equivalent", []), 1):
        missing = {"path", "function", "removed", "added", "why"} - set(entry)
        if missing:
            raise ValueError(f"{file.name}: entry {number} lacks {', '.join(sorted(missing))}")
        if not str(entry["why"]).strip():
            raise ValueError(f"{file.name}: entry {number} gives no reason")
        entries.append(
            Explained(
                path=entry["path"],
                function=entry["function"],
                removed=tuple(line.strip() for line in entry["removed"]),
                added=tuple(line.strip() for line in entry["added"]),
                why=" ".join(str(entry["why"]).split()),
            )
        )
    return entries


def reason(mutant: Mutant, entries: list[Explained]) -> str | None:
    return next((entry.why for entry in entries if entry.names(mutant)), None)


def entry_for(mutant: Mutant) -> str:
    """The TOML a person fills in to explain a survivor (the report prints it)."""

    def lines(values: tuple[str, ...]) -> str:
        return "[" + ", ".join(_toml_string(value) for value in values) + "]"

    return "\n".join(
        [
            "[[equivalent]]",
            f"path = {_toml_string(mutant.path)}",
            f"function = {_toml_string(mutant.function)}",
            f"removed = {lines(mutant.removed)}",
            f"added = {lines(mutant.added)}",
            'why = ""',
        ]
    )


def _toml_string(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'
