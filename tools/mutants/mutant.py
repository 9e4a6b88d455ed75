"""One small change to one source file, and the bug a table would feel if it shipped."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Mutant:
    #: A short stable name (``aggregate.slide-wrong-end``).
    id: str
    #: The file, relative to ``src/scenekeeper``.
    path: str
    #: Text that occurs exactly once in the file, and what it becomes.
    old: str
    new: str
    #: What a table would feel.
    bug: str
    #: Tests to run first (paths or node ids under ``tests/``); the whole suite runs when these
    #: pass.
    tests: tuple[str, ...] = ()

    def apply(self, text: str) -> str:
        count = text.count(self.old)
        if count != 1:
            raise ValueError(f"{self.id}: the text to change occurs {count} times in {self.path}")
        return text.replace(self.old, self.new)
