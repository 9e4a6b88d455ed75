"""Transcripts: console sessions with the replies expected, read like play at the table.

Each ``tests/transcripts/**/*.txt`` file holds command lines (``> /roll dice:2d6``, optionally
``> @bob /game join``) each followed by the reply the console prints. ``# `` lines are notes
for the reader; ``# seed: N`` sets the dice. The file is run through a real console session on a
fresh in-memory table and the output must match line for line. ``# restart`` stops the bot and
starts it again on the same database (then a real SQLite file), as a restarted bot would.
``# shared screen`` makes the console the interactive one everybody sees, and ``# hidden: ...``
gives the next command options typed at its prompt without echo.
"""

from __future__ import annotations

import difflib
import io
import re
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from scenekeeper.adapters.console.session import ConsoleSession
from scenekeeper.app import App
from scenekeeper.app.clock import MovableClock
from scenekeeper.engine.state import Person
from scenekeeper.store.base import EventStore
from scenekeeper.store.memory import MemoryStore
from scenekeeper.store.sqlite import SqliteStore
from tests.support import make_app

TRANSCRIPTS = sorted((Path(__file__).parent / "transcripts").rglob("*.txt"))
_SEED = re.compile(r"#\s*seed:\s*(\d+)")
_SNAPSHOT_EVERY = re.compile(r"#\s*snapshot-every:\s*(\d+)")
#: A note line where the bot stops and starts again: a new process on the same database file.
RESTART = "# restart"
#: A note line from which the console is a shared screen (the interactive console: private
#: answers and reasons that may name a sealed choice are withheld).
SHARED = "# shared screen"
#: A note line giving the next command's options typed at the console's hidden prompt (never
#: echoed): ``# hidden: aspect:Mind ante:QUI``.
HIDDEN = "# hidden:"
#: When every transcript's clock starts.
START = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def _is_note(line: str) -> bool:
    # "# note" is for the reader; "#12 ana: ..." is /history output.
    return line == "#" or line.startswith("# ")


def _setting(pattern: re.Pattern[str], lines: list[str], default: int) -> int:
    found = (m for line in lines if (m := pattern.fullmatch(line.strip())))
    return next((int(m.group(1)) for m in found), default)


class Bot:
    """The console table a transcript plays at. ``# seed: N`` sets the dice and
    ``# snapshot-every: N`` how often the state is kept; a transcript with ``# restart`` lines
    keeps its tables in a real SQLite file, and each restart opens it afresh (snapshot and
    replay), as a restarted bot does."""

    def __init__(self, path: Path, lines: list[str], files: Path, out: io.StringIO) -> None:
        self.table_id = path.stem
        self.seed = _setting(_SEED, lines, 1)
        self.snapshot_every = _setting(_SNAPSHOT_EVERY, lines, 200)
        restarts = any(line.strip() == RESTART for line in lines)
        self.database = files / "database" / "tables.sqlite3" if restarts else None
        self.files = files
        self.out = out
        self.starts = 0
        # Every transcript starts at the same moment, which only "# later:" moves on: the
        # times a paced table shows read the same every run (and through restarts).
        self.clock = MovableClock(START)
        self.session = self._start()

    def _start(self) -> ConsoleSession:
        store: EventStore = SqliteStore(self.database) if self.database else MemoryStore()
        # A restarted bot's dice are not the ones it would have rolled next.
        # As ``scenekeeper play``: a game's commands load when its table is first asked about.
        app = make_app(
            store,
            seed=self.seed + self.starts,
            snapshot_every=self.snapshot_every,
            every_game=False,
            clock=self.clock.now,
        )
        self.starts += 1
        return ConsoleSession(
            app=app,
            table_id=self.table_id,
            out=self.out,
            actor=Person("gm", "gm"),
            echo=True,
            files_dir=self.files,
            clock=self.clock,
        )

    def restart(self) -> None:
        self.session.app.store.close()
        self.session = self._start()

    def close(self) -> None:
        self.session.app.store.close()


def play(path: Path, each: Callable[[int, str], None] | None = None) -> tuple[list[str], str]:
    """Run a transcript's command lines: its lines, and what the console printed (``each`` is
    told of every line, with the output so far)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out = io.StringIO()
    with tempfile.TemporaryDirectory() as scratch:
        files = Path(scratch) / "files"
        files.mkdir()
        bot = Bot(path, lines, files, out)
        hidden = ""
        try:
            for number, line in enumerate(lines, start=1):
                if line.strip() == RESTART:
                    bot.restart()
                elif line.strip() == SHARED:
                    bot.session.shared = True
                elif line.startswith(HIDDEN):
                    hidden = line[len(HIDDEN) :].strip()
                elif line.startswith("> "):
                    bot.session.run_line(number, line[2:], hidden)
                    hidden = ""
                if each is not None:
                    each(number, out.getvalue().replace(str(files), "<files>"))
        finally:
            bot.close()
        # Where files are saved differs each run: read it as <files>.
        return lines, out.getvalue().replace(str(files), "<files>")


def played_app(path: Path) -> App:
    """A fresh app (in memory) after every command line of ``path`` ran at one console, with
    its ``# seed:``: for tests that read the tables and histories a transcript leaves."""
    lines = path.read_text(encoding="utf-8").splitlines()
    app = make_app(seed=_setting(_SEED, lines, 1))
    with tempfile.TemporaryDirectory() as files:
        session = ConsoleSession(
            app=app,
            table_id=path.stem,
            out=io.StringIO(),
            actor=Person("gm", "gm"),
            files_dir=Path(files),
        )
        session.run_lines(line[2:] for line in lines if line.startswith("> "))
    return app


def run_transcript(path: Path) -> tuple[list[str], list[str]]:
    lines, printed = play(path)
    expected = [line for line in lines if line.strip() and not _is_note(line)]
    return expected, printed.splitlines()


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_transcript(path: Path) -> None:
    expected, actual = run_transcript(path)
    if actual != expected:
        diff = "\n".join(difflib.unified_diff(expected, actual, "expected", "actual", lineterm=""))
        pytest.fail(f"{path.name} differs from the console's output:\n{diff}")


def test_there_are_transcripts() -> None:
    assert len(TRANSCRIPTS) >= 3


def fill_transcript(path: Path) -> str:
    """The transcript with every reply written after its command (keeps ``#`` notes in place).

    For authoring: ``python -m tests.test_transcripts FILE...`` rewrites the files; read the
    replies before committing -- a transcript is only as right as the person who checked it.
    """
    written: list[str] = []
    seen = 0

    def each(number: int, printed: str) -> None:
        nonlocal seen
        line = lines[number - 1]
        if line.startswith("> "):
            # The console echoes the command itself: keep what followed it.
            written.append(line)
            written.extend(printed[seen:].splitlines()[1:])
        elif _is_note(line) or not line.strip():
            written.append(line)
        seen = len(printed)

    lines = path.read_text(encoding="utf-8").splitlines()
    play(path, each)
    return "\n".join(written) + "\n"


if __name__ == "__main__":
    import sys

    for name in sys.argv[1:]:
        target = Path(name)
        target.write_text(fill_transcript(target), encoding="utf-8")
        print(f"filled {target}")
