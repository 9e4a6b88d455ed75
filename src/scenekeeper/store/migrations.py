"""Schema migrations for the SQL backends, and the runner both use.

Each backend has an ordered list of migrations, numbered 1, 2, 3, ... A database records the
versions it has in ``schema_migrations(version, applied_at)``. On open, the backend applies the
missing ones in order, each in its own transaction that first takes a lock every other opener
also takes (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: ``pg_advisory_xact_lock``), then re-reads the
applied versions under that lock. Two processes opening the same fresh database therefore apply
each migration exactly once, and a crash mid-migration leaves the previous version intact.

To change the schema later, append ``Migration(2, ...)`` to both lists; never edit an applied one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from scenekeeper.store.base import EventRecord, StoreError
from scenekeeper.store.chain import GENESIS, event_hash


@dataclass(frozen=True)
class Migration:
    """One schema step: ``statements`` run in order inside one transaction, then ``backfill``
    (data the statements cannot compute, such as hashes), in the same transaction."""

    version: int
    description: str
    statements: tuple[str, ...]
    backfill: Callable[[MigrationTransaction], None] | None = None


def backfill_hashes(tx: MigrationTransaction) -> None:
    """Chain every stored event (``store.chain``), table by table, in seq order. An event
    whose data cannot be read keeps an empty hash, and so does the rest of its table: reading
    it then reports the table damaged from there, as it is."""
    updates: list[tuple[str, str, int]] = []
    current, prev, broken = None, GENESIS, False
    for table_id, seq, type_, data, actor, time, command_seq, command in tx.events():
        if table_id != current:
            current, prev, broken = table_id, GENESIS, False
        if broken:
            continue
        try:
            record = EventRecord(table_id, seq, type_, data, actor, time, command_seq, command)
            prev = event_hash(prev, record)
        except (TypeError, ValueError):
            broken = True
            continue
        updates.append((prev, table_id, seq))
    tx.set_hashes(updates)


# SQLite: WITHOUT ROWID keeps each table clustered on its primary key, which is exactly the
# (table_id, seq) order every read walks.
SQLITE_MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "events and snapshots",
        (
            """
            CREATE TABLE events (
                table_id    TEXT    NOT NULL,
                seq         INTEGER NOT NULL,
                type        TEXT    NOT NULL,
                data        TEXT    NOT NULL,
                actor       TEXT    NOT NULL,
                time        TEXT    NOT NULL,
                command_seq INTEGER NOT NULL,
                command     TEXT    NOT NULL DEFAULT '',
                PRIMARY KEY (table_id, seq)
            ) WITHOUT ROWID
            """,
            """
            CREATE TABLE snapshots (
                table_id TEXT    NOT NULL,
                seq      INTEGER NOT NULL,
                version  TEXT    NOT NULL,
                state    TEXT    NOT NULL,
                PRIMARY KEY (table_id, seq)
            ) WITHOUT ROWID
            """,
        ),
    ),
    Migration(
        2,
        "a hash chain over every table's events",
        ("ALTER TABLE events ADD COLUMN hash TEXT NOT NULL DEFAULT ''",),
        backfill_hashes,
    ),
    Migration(
        3,
        "the Scenekeeper versions that opened the store",
        (
            """
            CREATE TABLE opened_by (
                version      TEXT NOT NULL PRIMARY KEY,
                first_opened TEXT NOT NULL,
                last_opened  TEXT NOT NULL
            ) WITHOUT ROWID
            """,
        ),
    ),
    # PostgreSQL's 4 keeps data as written; SQLite's TEXT always has: nothing to change.
    Migration(4, "events' data and snapshots' state kept as written (already: TEXT)", ()),
)

# PostgreSQL: ``{schema}`` is replaced by the quoted schema identifier (psycopg.sql), never by
# string formatting of user input. ``time`` stays text so the ISO string round-trips exactly.
POSTGRES_MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "events and snapshots",
        (
            """
            CREATE TABLE {schema}.events (
                table_id    text   NOT NULL,
                seq         bigint NOT NULL,
                type        text   NOT NULL,
                data        jsonb  NOT NULL,
                actor       text   NOT NULL,
                time        text   NOT NULL,
                command_seq bigint NOT NULL,
                command     text   NOT NULL DEFAULT '',
                PRIMARY KEY (table_id, seq)
            )
            """,
            """
            CREATE TABLE {schema}.snapshots (
                table_id text   NOT NULL,
                seq      bigint NOT NULL,
                version  text   NOT NULL,
                state    jsonb  NOT NULL,
                PRIMARY KEY (table_id, seq)
            )
            """,
        ),
    ),
    Migration(
        2,
        "a hash chain over every table's events",
        ("ALTER TABLE {schema}.events ADD COLUMN hash text NOT NULL DEFAULT ''",),
        backfill_hashes,
    ),
    Migration(
        3,
        "the Scenekeeper versions that opened the store",
        (
            """
            CREATE TABLE {schema}.opened_by (
                version      text NOT NULL PRIMARY KEY,
                first_opened text NOT NULL,
                last_opened  text NOT NULL
            )
            """,
        ),
    ),
    Migration(
        4,
        "events' data and snapshots' state kept as written (json, not jsonb: jsonb sorts an "
        "object's keys, so a sheet's traits or a table's characters read back in another order "
        "than on SQLite; rows written before keep the order jsonb gave them)",
        (
            "ALTER TABLE {schema}.events ALTER COLUMN data TYPE json USING data::json",
            "ALTER TABLE {schema}.snapshots ALTER COLUMN state TYPE json USING state::json",
        ),
    ),
)


class MigrationTransaction(Protocol):
    """What a backend offers the runner inside one locked transaction.

    The backend's context manager begins the transaction, takes the migration lock and makes
    sure ``schema_migrations`` exists; it commits on a clean exit and rolls back on an error.
    """

    def applied_versions(self) -> set[int]:
        """Versions recorded in ``schema_migrations``, read under the lock."""
        ...

    def execute(self, statement: str) -> None:
        """Run one statement of a migration."""
        ...

    def record(self, version: int) -> None:
        """Add ``version`` to ``schema_migrations``."""
        ...

    def events(self) -> Iterator[tuple[str, int, str, Any, str, str, int, str]]:
        """Every stored event, by table then seq: table_id, seq, type, data (decoded, or
        ``None`` when it is not JSON), actor, time, command_seq, command."""
        ...

    def set_hashes(self, updates: Sequence[tuple[str, str, int]]) -> None:
        """Store each ``(hash, table_id, seq)``."""
        ...


def check_sequence(migrations: Sequence[Migration]) -> None:
    """Refuse a migration list that is not numbered 1, 2, 3, ... (a programming error)."""
    versions = [migration.version for migration in migrations]
    if versions != list(range(1, len(versions) + 1)):
        raise StoreError(f"migrations must be numbered 1, 2, 3, ... in order, not {versions}")


def run_migrations(
    migrations: Sequence[Migration],
    transaction: Callable[[], AbstractContextManager[MigrationTransaction]],
) -> list[int]:
    """Apply the migrations the database lacks, one locked transaction each.

    Returns the versions this call applied (empty when another opener, or an earlier run, got
    there first). Refuses a database whose schema is newer than ``migrations`` knows: an older
    Scenekeeper must not write into a layout it does not understand.
    """
    check_sequence(migrations)
    newest_known = len(migrations)
    applied_now: list[int] = []
    while True:
        with transaction() as tx:
            applied = tx.applied_versions()
            newest = max(applied, default=0)
            if newest > newest_known:
                raise StoreError(
                    f"the database has schema version {newest}, but this Scenekeeper only "
                    f"knows versions up to {newest_known}: upgrade Scenekeeper to open it"
                )
            pending = [m for m in migrations if m.version not in applied]
            if not pending:
                return applied_now
            migration = pending[0]
            for statement in migration.statements:
                tx.execute(statement)
            if migration.backfill is not None:
                migration.backfill(tx)
            tx.record(migration.version)
        applied_now.append(migration.version)
