"""Make the compatibility corpus of one earlier version: its exports and its databases.

    python -m tools.compat_corpus --commit f282d30 --label v0.1-2026-11-25-f282d30

Takes the source and transcripts of ``--commit`` out of git (``git archive``; the checkout is
untouched), and plays that version's own transcripts, each at its own table, with that version's
code -- the transcripts are what that version was known to play, so every table is one a real
table could have had: characters, undo, scenes and each game's signature procedure. Each table
ends with ``/game export``. What it writes under ``tests/compat/<label>/``:

- ``tables.sqlite3``: the SQLite database, every table in it, as that version left it;
- ``postgres.sql``: the same tables written by that version into a PostgreSQL schema, dumped
  with ``pg_dump --inserts`` (when a server answers at ``--postgres``; else left out);
- ``exports/<table>.json``: each table's ``/game export``;
- ``corpus.json``: the commit, its date, and each table: its game, transcript and last seq.

``tests/compat/test_corpus.py`` opens, imports, plays, undoes and exports every one with today's
code. The corpus is committed: a later change that breaks a table of an earlier version fails
CI, and a deliberate break needs an upgrade step (``engine/upgrades.py``, CHANGELOG.md).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "compat"
DEFAULT_POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"
SCHEMA = "sk_corpus"

#: The transcripts played, by game (paths under tests/transcripts/); one a version lacks is
#: left out of its corpus. Chosen to hold every game's signature procedure.
TRANSCRIPTS = (
    "core/characters.txt",
    "core/seats-and-roles.txt",
    "core/session-log.txt",
    "core/undo-and-redo.txt",
    "cortex/a-sheet-import.txt",
    "cortex/b-contests.txt",
    "cortex/c-doom-and-crisis.txt",
    "cortex/c-stress.txt",
    "cortex/e-action-order.txt",
    "cortex/e-timed-tests.txt",
    "cortex/f-after-roll-spends.txt",
    "evening/today.txt",
    "scions/scions-doom-pool.txt",
    "scions/scions-legend.txt",
    "scions/scions-stress-and-trauma.txt",
    "mettle/a-characters.txt",
    "mettle/c-damage.txt",
    "mettle/d-initiative.txt",
    "mettle/e-actions.txt",
    "mettle/g-downtime.txt",
    "cybergod/a-sheets.txt",
    "cybergod/e-opposed.txt",
    "cybergod/g-saves.txt",
    "cybergod/i-wounds-and-scenes.txt",
    "nodice/a-sheets.txt",
    "nodice/b-ties-jackpot-wildcard.txt",
    "nodice/c-three-actors.txt",
    "nodice/e-undo-and-reveal.txt",
)
#: Scripts beside the transcripts (tools/compat_scripts/<game>/*.txt, in their form) for what
#: an earlier version did that no transcript of it shows -- each an upgrade step's case.
EXTRAS = ROOT / "tools" / "compat_scripts"
_SEED = re.compile(r"#\s*seed:\s*(\d+)")


def extract(commit: str, into: Path) -> None:
    """``src/`` and ``tests/transcripts/`` of ``commit``, as git holds them."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", commit, "src", "tests/transcripts"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")


def table_id(transcript: str) -> str:
    return transcript.removesuffix(".txt").replace("/", "-")


def script_of(path: Path) -> tuple[list[str], int]:
    """A transcript's command lines, and its seed."""
    lines = path.read_text(encoding="utf-8").splitlines()
    seed = next((int(m.group(1)) for line in lines if (m := _SEED.fullmatch(line.strip()))), 1)
    return [line[2:] for line in lines if line.startswith("> ")], seed


def play(source: Path, db: str, table: str, lines: list[str], *, seed: int, files: Path) -> str:
    """Play ``lines`` at ``table`` with the older version's code (run in its tree, where a
    transcript's sheet files are); its console output."""
    env = {**os.environ, "PYTHONPATH": str(source / "src"), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("SCENEKEEPER_DATABASE_URL", None)
    command = [sys.executable, "-m", "scenekeeper", "play", "--db", db, "--table", table]
    command += ["--seed", str(seed), "--script", "-", "--files", str(files)]
    done = subprocess.run(
        command,
        input="\n".join([*lines, "/game export"]) + "\n",
        cwd=source,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    if done.returncode not in (0, 1):
        raise SystemExit(f"{table}: the older version stopped:\n{done.stderr[-3000:]}")
    return done.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.compat_corpus", description=__doc__)
    parser.add_argument("--commit", required=True)
    parser.add_argument("--label", required=True, help="the folder under tests/compat/")
    parser.add_argument("--postgres", default=os.environ.get("SCENEKEEPER_TEST_POSTGRES"))
    args = parser.parse_args(argv)
    postgres = args.postgres or DEFAULT_POSTGRES

    full = subprocess.run(
        ["git", "show", "-s", "--format=%H %cI", args.commit],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    out = CORPUS / args.label
    shutil.rmtree(out, ignore_errors=True)
    (out / "exports").mkdir(parents=True)
    tables = []
    with tempfile.TemporaryDirectory(prefix="sk-corpus-") as scratch:
        source = Path(scratch) / "source"
        extract(args.commit, source)
        pg = _postgres_ready(postgres)
        extras = [(f"extra/{p.relative_to(EXTRAS)}", p) for p in sorted(EXTRAS.rglob("*.txt"))]
        played = [(t, source / "tests" / "transcripts" / t) for t in TRANSCRIPTS] + extras
        for transcript, path in played:
            if not path.exists():
                continue
            lines, seed = script_of(path)
            table = table_id(transcript)
            files = Path(scratch) / "files" / table
            files.mkdir(parents=True)
            database = str(out / "tables.sqlite3")
            printed = play(source, database, table, lines, seed=seed, files=files)
            if pg:
                play(source, _schema_url(postgres), table, lines, seed=seed, files=files / "pg")
            exported = sorted(files.glob("*.json*"))
            if not exported:
                print(f"{table}: no export ({printed.strip().splitlines()[-1:]})")
                continue
            shutil.copy(exported[0], out / "exports" / f"{table}{''.join(exported[0].suffixes)}")
            document = json.loads(exported[0].read_text(encoding="utf-8"))
            tables.append(
                {
                    "table": table,
                    "game": document["table"]["system"],
                    "transcript": transcript,
                    "seq": document["table"]["seq"],
                    "export": f"exports/{table}.json",
                }
            )
            print(f"{table}: {document['table']['system']}, {document['table']['seq']} events")
        if pg:
            _dump(postgres, out / "postgres.sql")
    manifest = {
        "commit": full[0],
        "date": full[1],
        "note": "Made by tools/compat_corpus.py with this commit's own code; do not edit.",
        "postgres": pg,
        "tables": tables,
    }
    (out / "corpus.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return 0


def _postgres_ready(url: str) -> bool:
    if shutil.which("pg_dump") is None:
        print("no pg_dump: the PostgreSQL part of the corpus is left out")
        return False
    try:
        import psycopg  # noqa: PLC0415 (only the generator needs it)

        with psycopg.connect(url, autocommit=True, connect_timeout=3) as conn:
            conn.execute(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE")
    except Exception as error:
        print(f"no PostgreSQL at {url} ({type(error).__name__}): its part is left out")
        return False
    return True


def _schema_url(url: str) -> str:
    return f"{url}{'&' if '?' in url else '?'}schema={SCHEMA}"


def _dump(url: str, into: Path) -> None:
    """The schema as plain SQL with INSERTs (any client can replay it), then dropped."""
    dumped = subprocess.run(
        ["pg_dump", "--inserts", "--no-owner", "--no-privileges", "--schema", SCHEMA, url],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    # Session settings of the dumping server's version and psql's own commands (\\restrict)
    # are not part of the tables: what is left any client runs.
    kept = [
        line
        for line in dumped.splitlines()
        if line.strip()
        and not line.startswith(("--", "SET ", "SELECT pg_catalog.set_config", "\\"))
    ]
    into.write_text("\n".join(kept) + "\n", encoding="utf-8")
    import psycopg  # noqa: PLC0415

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE")


if __name__ == "__main__":
    sys.exit(main())
