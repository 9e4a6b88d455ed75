"""Transcripts: console sessions with the replies expected, read like play at the table.

Each ``tests/transcripts/**/*.txt`` file holds command lines (``> /roll dice:2d6``, optionally
``> @bob /game join``) each followed by the reply the console prints. ``# `` lines are notes
for the reader; ``# seed: N`` sets the dice. The file is run through a real console session on a
fresh in-memory table and the output must match line for line.
"""

from __future__ import annotations

import difflib
import io
import re
import tempfile
from pathlib import Path

import pytest

from scenekeeper.adapters.console.session import ConsoleSession
from scenekeeper.engine.state import Person
from tests.support import make_app

TRANSCRIPTS = sorted((Path(__file__).parent / "transcripts").rglob("*.txt"))
_SEED = re.compile(r"#\s*seed:\s*(\d+)")


def _is_note(line: str) -> bool:
    # "# note" is for the reader; "#12 ana: ..." is /history output.
    return line == "#" or line.startswith("# ")


def run_transcript(path: Path) -> tuple[list[str], list[str]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    seed = next((int(m.group(1)) for line in lines if (m := _SEED.fullmatch(line.strip()))), 1)
    expected = [line for line in lines if line.strip() and not _is_note(line)]
    commands = [line[2:] for line in expected if line.startswith("> ")]
    out = io.StringIO()
    with tempfile.TemporaryDirectory() as files:
        # Files the bot sends (exports) go to a scratch folder, never the working tree.
        session = ConsoleSession(
            app=make_app(seed=seed),
            table_id=path.stem,
            out=out,
            actor=Person("gm", "gm"),
            echo=True,
            files_dir=Path(files),
        )
        session.run_lines(commands)
        # Where files are saved differs each run: read it as <files>.
        return expected, out.getvalue().replace(files, "<files>").splitlines()


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
    lines = path.read_text(encoding="utf-8").splitlines()
    seed = next((int(m.group(1)) for line in lines if (m := _SEED.fullmatch(line.strip()))), 1)
    out = io.StringIO()
    scratch = tempfile.TemporaryDirectory()
    session = ConsoleSession(
        app=make_app(seed=seed),
        table_id=path.stem,
        out=out,
        actor=Person("gm", "gm"),
        files_dir=Path(scratch.name),
    )
    written: list[str] = []
    for number, line in enumerate(lines, start=1):
        if line.startswith("> "):
            written.append(line)
            out.seek(0)
            out.truncate()
            session.run_line(number, line[2:])
            written.extend(out.getvalue().replace(scratch.name, "<files>").splitlines())
        elif _is_note(line) or not line.strip():
            written.append(line)
    scratch.cleanup()
    return "\n".join(written) + "\n"


if __name__ == "__main__":
    import sys

    for name in sys.argv[1:]:
        target = Path(name)
        target.write_text(fill_transcript(target), encoding="utf-8")
        print(f"filled {target}")
