"""``scenekeeper``: the command line. ``play`` opens a console table; ``discord`` runs the bot;
``board`` serves the board's web pages; ``docs`` writes the command reference."""

from __future__ import annotations

import argparse
import logging
import os
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

from scenekeeper import __version__
from scenekeeper.adapters.console.repl import interact
from scenekeeper.adapters.console.session import ConsoleSession
from scenekeeper.app.clock import MovableClock
from scenekeeper.bootstrap import (
    DATABASE_ENV,
    build_app,
    build_registry,
    data_dir,
    settle_collector,
)
from scenekeeper.docs import commands_markdown
from scenekeeper.engine.commands import MAX_FILE_BYTES
from scenekeeper.engine.core.session_log import session_log
from scenekeeper.engine.core.transfer import read_export
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.recheck import Mismatch
from scenekeeper.engine.state import Person
from scenekeeper.store.base import Opened, StoreError


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:
        # The reader went away (`scenekeeper play ... | head`): what ran is stored; stop
        # quietly, as other tools do, instead of a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["discord"]:
        # Imported only here: the console never loads discord.py.
        from scenekeeper.adapters.discord.cli import main as discord_main  # noqa: PLC0415

        return discord_main(argv[1:])
    if argv[:1] == ["odds"]:
        # Exact odds at the terminal; matplotlib loads only for --chart.
        from scenekeeper.odds_cli import main as odds_main  # noqa: PLC0415

        return odds_main(argv[1:])
    if argv[:1] == ["board"]:
        # The board pages' server (aiohttp), loaded only here.
        from scenekeeper.adapters.web.cli import main as board_main  # noqa: PLC0415

        return board_main(argv[1:])
    parser = argparse.ArgumentParser(prog="scenekeeper", description=__doc__)
    parser.add_argument("--version", action="version", version=f"scenekeeper {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser(
        "discord", help="run the Discord bot (docs/discord.md; scenekeeper discord --help)"
    )
    sub.add_parser(
        "odds",
        help='exact odds: scenekeeper odds pool:"d8 d8 d10" [vs:hard] [--json] '
        "[--game cortex|scions|mettle|cybergod]",
    )

    sub.add_parser(
        "board",
        help="serve the live board pages of console tables (scenekeeper board --db URL "
        "[--host H] [--port P]); /board web gives a table's link",
    )

    play = sub.add_parser("play", help="open a console table (a REPL, or run a script)")
    play.add_argument(
        "--db",
        help=f"database path or URL (default: ${DATABASE_ENV}, else "
        f"{data_dir() / 'tables.sqlite3'})",
    )
    play.add_argument("--table", default="console", help="which table (default: console)")
    play.add_argument("--seed", type=int, help="seed the dice, for reproducible scripts")
    play.add_argument(
        "--script",
        type=Path,
        help="run the commands in FILE, one per line (- or piped input reads standard input)",
    )
    play.add_argument("--json", action="store_true", help="print one JSON object per command")
    play.add_argument(
        "--as",
        dest="actor",
        default="gm",
        help="who you are when a line does not start with @name (default: gm)",
    )
    play.add_argument(
        "--files",
        type=Path,
        default=Path(),
        help="where exported files are written (default: current directory)",
    )

    check = sub.add_parser(
        "check", help="verify every table's stored history; say which are damaged and from where"
    )
    check.add_argument("--db", help="database path or URL (default: as for play)")

    log = sub.add_parser(
        "log", help="turn an export (/game export) into a session log in Markdown (as /game log)"
    )
    log.add_argument("export", type=Path, help="the export file (.json or .json.gz)")
    log.add_argument("-o", "--output", type=Path, help="write the log to FILE (default: print it)")

    docs = sub.add_parser("docs", help="write or check docs/commands.md")
    mode = docs.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", type=Path, metavar="FILE")
    mode.add_argument("--check", type=Path, metavar="FILE")

    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.command == "docs":
        return _docs(args.write, args.check)
    if args.command == "check":
        return _check(args.db)
    if args.command == "log":
        return _log(args.export, args.output)
    return _play(args)


def _log(export: Path, output: Path | None) -> int:
    """``scenekeeper log``: the session log of an export, by the same code as ``/game log``."""
    registry = build_registry()
    try:
        if export.stat().st_size > MAX_FILE_BYTES:
            print(f"scenekeeper: {export} is larger than an export can be.", file=sys.stderr)
            return 2
        content = export.read_bytes()
    except OSError as error:
        print(f"scenekeeper: cannot read {export}: {error.strerror}", file=sys.stderr)
        return 2
    try:
        envelopes, _table = read_export(content, registry, export.name)
        text = session_log(envelopes, registry)
    except (Refusal, Mismatch) as error:
        print(f"scenekeeper: {error}", file=sys.stderr)
        return 2
    if output is None:
        sys.stdout.write(text)
        return 0
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as error:
        print(f"scenekeeper: cannot write {output}: {error.strerror}", file=sys.stderr)
        return 2
    print(f"Saved {output}")
    return 0


def _check(database: str | None) -> int:
    """``scenekeeper check``: 0 when every table holds, 1 when any is damaged, 2 if the
    database cannot be opened."""
    try:
        app = build_app(database, seed=0)
    except StoreError as error:
        print(f"scenekeeper: cannot open the database: {error}", file=sys.stderr)
        return 2
    try:
        results = [app.check(table_id) for table_id in app.store.tables()]
        opened = app.store.opened_by()
    except StoreError as error:
        print(f"scenekeeper: the database stopped answering: {error}", file=sys.stderr)
        return 2
    finally:
        app.close()
    print(opened_line(opened))
    for result in results:
        print(result.line())
    damaged = [r for r in results if not r.ok]
    print(f"{len(results)} tables checked: {len(results) - len(damaged)} ok, {len(damaged)} not.")
    return 1 if damaged else 0


def opened_line(opened: Sequence[Opened]) -> str:
    """Which Scenekeeper versions have opened the database (a store of a version before 0.2.0
    never said: it shows only those since)."""

    def when(o: Opened) -> str:
        first, last = o.first[:10], o.last[:10]
        return first if first == last else f"{first} to {last}"

    return "Opened by Scenekeeper " + ", ".join(f"{o.version} ({when(o)})" for o in opened) + "."


def _play(args: argparse.Namespace) -> int:
    try:
        clock = MovableClock()  # a script's "# later: 13h" moves it on
        app = build_app(args.db, args.seed, every_game=False, clock=clock.now)
        settle_collector()
    except StoreError as error:
        print(f"scenekeeper: cannot open the database: {error}", file=sys.stderr)
        return 2
    # A line the console echoes may hold bytes that are not UTF-8: show them, never crash.
    sys.stdout.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
    session = ConsoleSession(
        app=app,
        table_id=args.table,
        out=sys.stdout,
        actor=Person(id=args.actor, name=args.actor),
        json_mode=args.json,
        files_dir=args.files,
        private_screen=_private_screen(args.db),
        clock=clock,
    )
    try:
        if args.script is not None and str(args.script) != "-":
            try:
                raw = args.script.read_bytes()
            except OSError as error:
                print(f"scenekeeper: cannot read {args.script}: {error.strerror}", file=sys.stderr)
                return 2
            session.echo = True
            # Bytes that are not UTF-8 stay in their line (as lone surrogates), which that line's
            # command refuses with a message; every other line still runs.
            session.run_lines(raw.decode("utf-8", "surrogateescape").splitlines())
        elif args.script is not None or not sys.stdin.isatty():
            session.echo = True
            sys.stdin.reconfigure(errors="surrogateescape")  # type: ignore[union-attr]
            session.run_lines(sys.stdin)
        else:
            interact(session, data_dir() / "console_history")
    finally:
        app.close()
    return 0


def _private_screen(database: str | None) -> str:
    """The command a person runs to read their private answers (the console's own database:
    a path as given; a URL is not printed, as it may hold a password)."""
    if database is None:
        where = ""
    elif "://" in database:
        where = " --db <the same database URL>"
    else:
        where = f" --db {shlex.quote(database)}"
    return f"scenekeeper play{where} --table {{table}} --as {{who}} --script -"


def _docs(write: Path | None, check: Path | None) -> int:
    text = commands_markdown(build_registry())
    if write is not None:
        write.write_text(text, encoding="utf-8")
        print(f"wrote {write}")
        return 0
    assert check is not None
    current = check.read_text(encoding="utf-8") if check.exists() else ""
    if current != text:
        print(f"{check} is out of date with the command schema: run `make docs`.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
