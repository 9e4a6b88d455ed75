"""The commit pipeline's fallbacks, through ``App.handle`` (issue 36): commands at many tables
are decided while one group's commit is in flight (``store.group``: the writer's lock is held
for the commit, every other table's command is parsed, decided and evolved meanwhile, then
queues for the next group), and each is acknowledged only once its group is durable.

* a failing member: one command of a group fails its own check; the others are acknowledged and
  stored, it is not, and its table goes on from what is stored;
* a failed commit: the group's transaction fails; nobody in it is acknowledged, nothing of it is
  stored, and every table goes on from what is stored (the state the command was decided on,
  kept in the cache, is dropped);
* a crash between decide and commit: a process killed after deciding a command, before its
  commit: every command it acknowledged is stored, the one in flight is not, and the table opens
  and plays on.

A group is lined up without timing, as in ``tests/store/test_sqlite_group.py``: the test holds
the writer's lock, starts the commands (each is decided, then queues), waits until all are
queued, and lets go.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

from scenekeeper.app import App
from scenekeeper.app.outcome import Outcome
from scenekeeper.engine.state import Person
from scenekeeper.store import SqliteStore
from tests.store.test_sqlite import raw
from tests.store.test_sqlite_group import FailingConnection, grouped
from tests.support import make_app

GM = Person("gm", "GM")
TABLES = ("a", "b", "c")


def _opened(path: Path) -> App:
    app = make_app(SqliteStore(path))
    for table in TABLES:
        assert app.handle(table, GM, f'/game new system:generic name:"{table}"').ok
        assert app.handle(table, GM, '/roll dice:d6 results:"1" label:before').ok
    return app


def _grouped(app: App, lines: dict[str, str]) -> dict[str, Outcome]:
    """One command a table, all decided and queued before any is written."""
    store = app.store
    assert isinstance(store, SqliteStore)
    outcomes: dict[str, Outcome] = {}

    def command(table: str) -> Callable[[], None]:
        return lambda: outcomes.__setitem__(table, app.handle(table, GM, lines[table]))

    assert grouped(store, [command(table) for table in lines]) == [None] * len(lines)
    return outcomes


def _labels(path: Path, table: str) -> list[str]:
    """The roll labels stored for ``table``, read by a new store (what is on disk)."""
    store = SqliteStore(path)
    try:
        return [str(r.data.get("label")) for r in store.read(table) if "label" in r.data]
    finally:
        store.close()


def test_a_failing_member_is_refused_alone_and_its_table_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    app = _opened(path)
    conn = raw(path)
    conn.execute(
        "CREATE TRIGGER refuse BEFORE INSERT ON events WHEN NEW.table_id = 'b' "
        "AND NEW.seq = 3 BEGIN SELECT RAISE(ABORT, 'refused by test trigger'); END"
    )
    conn.close()
    lines = {t: f'/roll dice:d6 results:"2" label:group-{t}' for t in TABLES}
    outcomes = _grouped(app, lines)
    assert outcomes["a"].ok
    assert outcomes["c"].ok
    assert not outcomes["b"].ok
    assert "not" in (outcomes["b"].error or "")  # told it was not kept, to send it again
    assert _labels(path, "a") == ["before", "group-a"]
    assert _labels(path, "b") == ["before"]
    assert _labels(path, "c") == ["before", "group-c"]
    # Table b goes on from what is stored: the refused roll is nowhere, not even in its cache.
    conn = raw(path)
    conn.execute("DROP TRIGGER refuse")
    conn.close()
    again = app.handle("b", GM, '/roll dice:d6 results:"3" label:again')
    assert again.ok
    assert app.table("b").seq == 3
    assert _labels(path, "b") == ["before", "again"]
    app.close()


def test_a_failed_commit_acknowledges_nobody_and_every_table_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    app = _opened(path)
    store = app.store
    assert isinstance(store, SqliteStore)
    real = store._conn
    store._conn = FailingConnection(real, commit=True)  # type: ignore[assignment]
    lines = {t: f'/roll dice:d6 results:"2" label:lost-{t}' for t in TABLES}
    outcomes = _grouped(app, lines)
    store._conn = real
    assert [outcomes[t].ok for t in TABLES] == [False, False, False]
    for table in TABLES:
        assert _labels(path, table) == ["before"]  # nothing of the group on disk
        # The state each command was decided on is gone with it: the table reads as stored.
        assert app.table(table).seq == 2
        history = app.handle(table, GM, "/history count:5")
        assert "lost-" not in " ".join(history.reply.text)
        assert app.handle(table, GM, f'/roll dice:d6 results:"4" label:next-{table}').ok
        assert _labels(path, table) == ["before", f"next-{table}"]
    app.close()


_CRASHING = """
import os, sys
from scenekeeper.engine.state import Person
from scenekeeper.store import SqliteStore
from tests.support import make_app

class Crashing(SqliteStore):
    def append(self, table_id, expected_seq, events):
        if any(e.data.get("label") == "crash" for e in events):
            os._exit(9)  # decided and evolved; killed before its commit
        super().append(table_id, expected_seq, events)

app = make_app(Crashing(sys.argv[1]))
gm = Person("gm", "GM")
for line in sys.stdin:
    outcome = app.handle("t", gm, line.strip())
    print("ok" if outcome.ok else "refused", line.strip(), flush=True)
"""


def test_a_crash_between_decide_and_commit_loses_nothing_acknowledged(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    lines = ['/game new system:generic name:"Crash"']
    lines += [f'/roll dice:d6 results:"{n}" label:kept-{n}' for n in range(1, 6)]
    lines += ['/roll dice:d6 results:"6" label:crash', '/roll dice:d6 results:"1" label:never']
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(_CRASHING), str(path)],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        timeout=120,
        check=False,
    )
    assert done.returncode == 9, done.stderr
    acknowledged = [line.split(" ", 1)[1] for line in done.stdout.splitlines() if line[:2] == "ok"]
    assert acknowledged == lines[:6]  # up to the crash, each answered
    labels = _labels(path, "t")
    assert labels == [f"kept-{n}" for n in range(1, 6)]  # every one answered; the rest not
    app = make_app(SqliteStore(path))
    assert app.check("t").ok
    assert app.handle("t", GM, '/roll dice:d6 results:"2" label:after').ok
    assert _labels(path, "t")[-1] == "after"
    app.close()
