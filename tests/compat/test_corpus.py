"""Tables of earlier versions open, import, play on, undo across the upgrade and export again.

``tests/compat/<label>/`` holds what an earlier version of main made with its own code
(``tools/compat_corpus.py``): its ``/game export`` of each table, its SQLite database and the
same tables in a PostgreSQL schema. Today's code must take every one of them as a table that
plays on. A change that breaks one fails here; a deliberate break needs an upgrade step
(``engine/upgrades.py``) and a CHANGELOG.md note.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest

from scenekeeper import __version__
from scenekeeper.engine.state import Person
from scenekeeper.store.base import EventStore
from scenekeeper.store.postgres import PostgresStore
from scenekeeper.store.sqlite import SqliteStore
from tests.engine.test_transfer import export, import_into
from tests.support import GM, TableDriver, make_app

CORPUS = Path(__file__).parent


@dataclass(frozen=True)
class Case:
    label: str
    table: str
    game: str
    seq: int
    export: Path

    def __str__(self) -> str:
        return f"{self.label}/{self.table}"


def labels() -> list[Path]:
    return sorted(p.parent for p in CORPUS.glob("*/corpus.json"))


def cases() -> list[Case]:
    found = []
    for folder in labels():
        manifest = json.loads((folder / "corpus.json").read_text(encoding="utf-8"))
        for entry in manifest["tables"]:
            found.append(
                Case(
                    folder.name,
                    entry["table"],
                    entry["game"],
                    entry["seq"],
                    folder / entry["export"],
                )
            )
    return found


CASES = cases()

#: A command every table of the game takes whatever its state (it changes the state, so it can
#: be undone), in today's words.
PLAY_ON = {
    "generic": '/roll dice:2d6 results:"3 4" label:"after the upgrade"',
    "cortex": '/roll pool:"d8 d6" results:"3 5" label:"after the upgrade"',
    "scions": '/roll pool:"d8 d6" results:"3 5" label:"after the upgrade"',
    "mettle": '/roll dice:3d6 results:"1 2 3" label:"after the upgrade"',
    "cybergod": '/roll dice:2d10 results:"3 4" label:"after the upgrade"',
    "nodice": "/game output mode:plain everyone:true",
}


def test_the_corpus_holds_every_game_of_each_version() -> None:
    assert {folder.name for folder in labels()} >= {"v0.1-f282d30", "v0.1-3242f5f"}
    games = {case.game for case in CASES if case.label == "v0.1-3242f5f"}
    assert games == set(PLAY_ON)


#: What an imported table says when an undo would bring back a sealed choice its export
#: withheld (never revealed): documented in docs/export-format.md, and not a break.
WITHHELD = "That would bring back a sealed choice this table was imported without"


def plays_on(driver: TableDriver, game: str, *, withheld: bool = False) -> None:
    """A command today, its undo, and an undo of the table's last earlier command by whoever
    made it: the undo window reaches back across the upgrade (``withheld``: the table came
    from an export that withheld sealed choices, which that undo may need)."""
    seq = driver.app.table(driver.table_id).seq
    driver.do(PLAY_ON[game])
    assert driver.app.table(driver.table_id).seq > seq
    undone = driver.do("/undo")
    assert "after the upgrade" in " ".join(undone.reply.text) or game == "nodice"
    window = driver.app.table(driver.table_id).window
    earlier = [r for r in window if not r.undone_by]
    if earlier:
        last = earlier[-1]
        actor = _name_of(driver, last.actor)
        outcome = driver.try_("/undo", actor)
        if not outcome.ok:
            # A GM takes back what a player cannot (a GM's own command, a ruling).
            actor = GM
            outcome = driver.try_("/undo", actor)
        if withheld and not outcome.ok and WITHHELD in str(outcome.error):
            return
        assert outcome.ok, f"/undo of {last.command!r} after the upgrade: {outcome.error}"
        driver.do("/redo", actor)


def _name_of(driver: TableDriver, actor: str) -> Person:
    state = driver.app.table(driver.table_id).state
    assert state is not None
    return Person(actor, state.meta.name_of(actor))


def moves_on(driver: TableDriver) -> None:
    """Today's export of the table imports into a fresh table, whole."""
    doc = export(driver)
    fresh = TableDriver()
    outcome = import_into(fresh, "moved", doc)
    assert outcome.ok, outcome.error
    assert fresh.app.table("moved").state == driver.app.table(driver.table_id).state


@pytest.mark.parametrize("case", CASES, ids=str)
def test_an_earlier_versions_export_imports_plays_on_and_moves_again(case: Case) -> None:
    doc = json.loads(case.export.read_text(encoding="utf-8"))
    driver = TableDriver(table_id=case.table)
    outcome = import_into(driver, case.table, doc)
    assert outcome.ok, outcome.error
    assert driver.app.table(case.table).seq == case.seq
    plays_on(driver, case.game, withheld="withheld" in doc)
    moves_on(driver)


def every_table_plays_on(store: EventStore, label: str) -> None:
    """Each table of the database holds (replayed from its first event), plays on, undoes
    across the upgrade and moves by export and import."""
    app = make_app(store)
    assert __version__ in [opened.version for opened in store.opened_by()]
    checked = [app.check(table_id) for table_id in store.tables()]
    assert checked, "the database holds no table"
    assert all(c.ok for c in checked), [c.line() for c in checked if not c.ok]
    for case in database_cases(label):
        driver = TableDriver(app=app, table_id=case.table)
        assert driver.app.table(case.table).seq == case.seq
        plays_on(driver, case.game)
        moves_on(driver)


def database_cases(label: str) -> Iterator[Case]:
    return (case for case in CASES if case.label == label)


@pytest.mark.parametrize("label", [p.name for p in labels()])
def test_an_earlier_versions_sqlite_database_opens_and_every_table_plays_on(
    label: str, tmp_path: Path
) -> None:
    target = tmp_path / "tables.sqlite3"
    shutil.copy(CORPUS / label / "tables.sqlite3", target)
    store = SqliteStore(target)
    try:
        every_table_plays_on(store, label)
    finally:
        store.close()


@pytest.mark.postgres
@pytest.mark.parametrize("label", [p.name for p in labels()])
def test_an_earlier_versions_postgresql_schema_opens_and_every_table_plays_on(
    label: str, postgres_url: str, postgres_schema: str
) -> None:
    """The schema that version wrote (``pg_dump --inserts``), restored under a fresh name:
    today's store migrates it on open, and every table plays on."""
    dump = (CORPUS / label / "postgres.sql").read_text(encoding="utf-8")
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(
            dump.replace("sk_corpus.", f"{postgres_schema}.")
            .replace("CREATE SCHEMA sk_corpus;", f"CREATE SCHEMA {postgres_schema};")
            .encode()
        )
    store = PostgresStore(postgres_url, postgres_schema, max_size=2)
    try:
        every_table_plays_on(store, label)
    finally:
        store.close()
