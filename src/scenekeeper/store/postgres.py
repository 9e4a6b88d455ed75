"""The server event store: PostgreSQL through psycopg 3 and a small connection pool.

Importing this module imports psycopg, so ``scenekeeper.store`` only imports it when a
PostgreSQL store is opened (see ``open.py``).

Every table lives in one schema (default ``scenekeeper``), so several deployments or test runs
can share a database. An append is one transaction: read the head, compare, insert the batch.
Two writers racing at the same head both pass the check, but the (table_id, seq) primary key
makes the second insert wait for the first commit and then fail with a unique violation, which
becomes ``AppendConflict``; the loser's transaction rolls back, so no batch is half-written.

Messages and logs name the server with ``redact_url``: the password never leaves this module.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, cast

import psycopg
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict, make_conninfo
from psycopg_pool import ConnectionPool, PoolClosed, PoolTimeout

from scenekeeper import __version__
from scenekeeper.store.base import (
    AppendConflict,
    EventRecord,
    Opened,
    Snapshot,
    StoreError,
    StoreUnavailable,
    check_batch,
    check_snapshot,
    now_iso,
    redact_url,
)
from scenekeeper.store.chain import GENESIS, EventRow, Heads, encode, event_rows, verified
from scenekeeper.store.memory import KEEP_SNAPSHOTS
from scenekeeper.store.migrations import POSTGRES_MIGRATIONS, run_migrations
from scenekeeper.store.postgres_sql import Statements, lock_key

DEFAULT_SCHEMA = "scenekeeper"
#: How long a command waits for a connection (seconds): with the server gone, it is told so
#: within this, not left waiting (issue 33: a short, loud outage).
WAIT = 3.0
#: How long the pool keeps retrying a lost connection in the background before it leaves that
#: to the next command.
RECONNECT = 8.0
#: How long an append that lost its connection waits to ask whether its insert landed.
LANDED_WAIT = 1.0

# Plain identifiers only: the name is quoted anyway, but a schema called "a; b" is a mistake.
_SCHEMA_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,62}")


_Connection = psycopg.Connection[tuple[Any, ...]]


def check_schema_name(schema: str) -> str:
    """``schema`` if it is a plain PostgreSQL identifier, else ``StoreError``."""
    if not isinstance(schema, str) or not _SCHEMA_NAME.fullmatch(schema):
        raise StoreError(
            f"PostgreSQL schema name {schema!r} must be letters, digits and underscores "
            "(not starting with a digit), at most 63 characters"
        )
    return schema


class PostgresStore:
    """Event streams in the ``schema`` of the PostgreSQL database at ``url``.

    ``url`` is a libpq URL (``postgresql://user:password@host:port/database?sslmode=...``) or
    key=value string. The schema and its tables are created if missing. The pool keeps
    ``min_size`` to ``max_size`` connections; ``connect_timeout`` (seconds) bounds each attempt
    to reach the server, so an unreachable server fails fast with ``StoreError``.
    """

    def __init__(
        self,
        url: str,
        schema: str = DEFAULT_SCHEMA,
        *,
        min_size: int = 1,
        max_size: int = 4,
        connect_timeout: int = 5,
        wait: float = WAIT,
    ) -> None:
        self._schema = check_schema_name(schema)
        self._where = redact_url(url)
        self._closed = False
        try:
            params = conninfo_to_dict(url)
        except psycopg.Error:
            # libpq's parse error quotes the text it choked on, which may be part of the
            # password, so it is not repeated.
            raise StoreError(
                f"invalid PostgreSQL URL {self._where}: "
                "expected postgresql://user:password@host:port/database"
            ) from None
        password = params.get("password")
        self._secret = str(password) if password else ""
        params.setdefault("connect_timeout", connect_timeout)
        conninfo = make_conninfo("", **params)
        self._sql = Statements(schema)
        # Each table's head as last seen here: an append after it is one statement
        # (``Statements.append``).
        self._heads = Heads()

        # Migrate on one dedicated connection before starting the pool: if the server is
        # unreachable or refuses us, this fails at once with libpq's own explanation, where a
        # pool would only report a timeout.
        try:
            with psycopg.connect(conninfo, autocommit=True) as conn:
                run_migrations(POSTGRES_MIGRATIONS, lambda: self._migration_transaction(conn))
                now = now_iso()
                conn.execute(self._sql.record_opened, (__version__, now, now))
        except psycopg.Error as error:
            raise self._error("open", error) from None

        self._pool: ConnectionPool[_Connection] = ConnectionPool(
            conninfo,
            min_size=min_size,
            max_size=max_size,
            kwargs={"autocommit": True},
            # No health check per checkout (it costs a round trip on every command, issue 24):
            # a connection a server restart broke fails its first statement, psycopg marks it
            # broken, the pool drops it, and ``append`` finds out whether its insert landed.
            timeout=wait,
            # A lost server is tried again soon after it went (backing off 1, 2, 4 s), then by
            # each command that waits, so it is back within a command of its return -- never
            # a backoff of minutes (the pool's own default).
            reconnect_timeout=RECONNECT,
            name=f"scenekeeper-{schema}",
            open=False,
        )
        try:
            self._pool.open(wait=True, timeout=2.0 * connect_timeout)
        except PoolTimeout:
            self._pool.close()
            raise StoreError(
                f"cannot open the PostgreSQL store at {self._where}: "
                "the connection pool did not start in time"
            ) from None

    @property
    def schema(self) -> str:
        """The schema holding this store's tables."""
        return self._schema

    def head(self, table_id: str) -> int:
        with self._connection() as conn:
            return self._head(conn, table_id)

    def read(self, table_id: str, after: int = 0, upto: int | None = None) -> list[EventRecord]:
        with self._connection() as conn:
            if upto is None:
                cursor = conn.execute(self._sql.read_after, (table_id, after))
            else:
                cursor = conn.execute(self._sql.read_range, (table_id, after, upto))
            rows = cursor.fetchall()
        records = verified(table_id, rows, max(after, 0), json.loads)
        if records:
            self._heads.saw(table_id, records[-1].seq, records[-1].hash)
        return records

    def append(self, table_id: str, expected_seq: int, events: Sequence[EventRecord]) -> None:
        if not events:
            return
        check_batch(table_id, expected_seq, events)
        # Encoded by the same function as every backend, then cast to json (kept as written).
        batch = encode(events)
        prev = self._heads.get(table_id, expected_seq)
        if prev is not None:
            rows = event_rows(table_id, batch, prev)
            if self._append_after(table_id, expected_seq, prev, rows):
                return
        # The head's hash is not known here (or another writer moved the head): read it and
        # insert in one transaction, as before (two round trips more).
        with self._connection() as conn:
            try:
                with conn.transaction():
                    row = conn.execute(self._sql.head_and_hash, (table_id,)).fetchone()
                    head, prev = (int(row[0]), str(row[1])) if row else (0, GENESIS)
                    if head != expected_seq:
                        raise AppendConflict(table_id, expected_seq, head)
                    rows = event_rows(table_id, batch, prev)
                    with conn.cursor() as cursor:
                        cursor.executemany(self._sql.insert_event, rows)
            except psycopg.errors.UniqueViolation:
                # Another writer committed the same seqs while we were inserting.
                raise AppendConflict(table_id, expected_seq, self._head(conn, table_id)) from None
        self._heads.saw(table_id, rows[-1][1], rows[-1][8])

    def _append_after(
        self, table_id: str, expected_seq: int, prev: str, rows: Sequence[EventRow]
    ) -> bool:
        """One statement, one round trip: insert ``rows`` only if the table's head is still
        ``expected_seq`` and its stored hash is ``prev`` (the chain link checked by the server).
        False when nothing was inserted (the head moved, or its hash is not ``prev``)."""
        params: list[object] = [value for row in rows for value in row]
        params += [table_id, expected_seq, expected_seq, table_id, expected_seq, prev]
        raced = False
        try:
            with self._connection() as conn:
                try:
                    inserted = conn.execute(self._sql.append(len(rows)), params).rowcount
                except psycopg.errors.UniqueViolation:
                    raced, inserted = True, 0
        except StoreUnavailable as error:
            # The connection failed under the insert (a server restart): did it land before
            # it did? The chain hash of our last row says so, since it covers every byte of
            # the batch. (No connection at all: nothing was sent.)
            if error.unsure and self._landed(table_id, rows):
                self._heads.saw(table_id, rows[-1][1], rows[-1][8])
                return True
            raise
        if raced:
            # Another writer inserted the same seqs between our check and our insert.
            raise AppendConflict(table_id, expected_seq, self.head(table_id))
        if inserted != len(rows):
            return False
        self._heads.saw(table_id, rows[-1][1], rows[-1][8])
        return True

    def _landed(self, table_id: str, rows: Sequence[EventRow]) -> bool:
        try:
            # A server that just restarted answers at once; one that is down is not waited
            # for twice in one command.
            with self._connection(wait=LANDED_WAIT) as conn:
                found = conn.execute(self._sql.hash_at, (table_id, rows[-1][1])).fetchone()
        except StoreError:
            return False
        return found is not None and str(found[0]) == rows[-1][8]

    def save_snapshot(self, snapshot: Snapshot) -> None:
        state = check_snapshot(snapshot)
        with self._connection() as conn, conn.transaction():
            conn.execute(
                self._sql.upsert_snapshot,
                (snapshot.table_id, snapshot.seq, snapshot.version, state),
            )
            conn.execute(
                self._sql.prune_snapshots, (snapshot.table_id, snapshot.table_id, KEEP_SNAPSHOTS)
            )

    def latest_snapshot(self, table_id: str) -> Snapshot | None:
        with self._connection() as conn:
            row = conn.execute(self._sql.latest_snapshot, (table_id,)).fetchone()
        if row is None:
            return None
        seq, version, state = row
        return Snapshot(table_id=table_id, seq=seq, version=version, state=state)

    def tables(self) -> list[str]:
        with self._connection() as conn:
            rows = conn.execute(self._sql.tables).fetchall()
        # Sorted here, not by SQL: the server's collation may order ids differently from
        # the other backends (code point order).
        return sorted(str(row[0]) for row in rows)

    def opened_by(self) -> list[Opened]:
        with self._connection() as conn:
            rows = conn.execute(self._sql.opened_by).fetchall()
        return [Opened(*map(str, row)) for row in rows]

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._pool.close()

    # --- internals

    @contextmanager
    def _connection(self, wait: float | None = None) -> Iterator[_Connection]:
        """A pooled connection (waiting at most ``wait`` seconds, else the pool's own); a
        server that does not answer is ``StoreUnavailable`` (``unsure`` once a statement was
        under way), other database and pool failures ``StoreError``."""
        if self._closed:
            raise StoreError(f"the PostgreSQL store at {self._where} is closed")
        try:
            with self._pool.connection(timeout=wait) as conn:
                yield conn
        except PoolClosed:
            raise StoreError(f"the PostgreSQL store at {self._where} is closed") from None
        except PoolTimeout:
            raise StoreUnavailable(
                f"cannot reach the PostgreSQL store at {self._where}: "
                "no connection became available in time"
            ) from None
        except psycopg.OperationalError as error:
            # The server went away under a statement (stopped, restarted, the network).
            unavailable = self._error("use", error)
            raise StoreUnavailable(str(unavailable), unsure=True) from None
        except psycopg.Error as error:
            raise self._error("use", error) from None

    def _head(self, conn: _Connection, table_id: str) -> int:
        row = conn.execute(self._sql.head, (table_id,)).fetchone()
        return int(row[0]) if row else 0

    @contextmanager
    def _migration_transaction(self, conn: _Connection) -> Iterator[_PostgresMigrationTransaction]:
        with conn.transaction():
            # Serialises migrations of this schema across processes; released at commit.
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (lock_key(self._schema),))
            # Only CREATE SCHEMA when missing: a role without CREATE on the database can still
            # use a schema an administrator made for it.
            if not conn.execute(
                "SELECT 1 FROM pg_namespace WHERE nspname = %s", (self._schema,)
            ).fetchone():
                conn.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(self._schema)))
            conn.execute(self._sql.create_migrations)
            yield _PostgresMigrationTransaction(conn, self._schema, self._sql)

    def _error(self, action: str, error: psycopg.Error) -> StoreError:
        message = str(error).strip()
        # libpq does not echo passwords, but a message is no place to find out it once did.
        if self._secret:
            message = message.replace(self._secret, "***")
        return StoreError(f"cannot {action} the PostgreSQL store at {self._where}: {message}")


class _PostgresMigrationTransaction:
    """The runner's view of one migration transaction (see migrations.MigrationTransaction)."""

    def __init__(self, conn: _Connection, schema: str, statements: Statements) -> None:
        self._conn = conn
        self._schema = schema
        self._sql = statements

    def applied_versions(self) -> set[int]:
        rows = self._conn.execute(self._sql.applied_migrations).fetchall()
        return {int(row[0]) for row in rows}

    def execute(self, statement: str) -> None:
        query = sql.SQL(statement).format(schema=sql.Identifier(self._schema))
        self._conn.execute(query)

    def record(self, version: int) -> None:
        self._conn.execute(self._sql.record_migration, (version,))

    def events(self) -> Iterator[tuple[str, int, str, Any, str, str, int, str]]:
        query = sql.SQL(
            "SELECT table_id, seq, type, data, actor, time, command_seq, command "
            "FROM {schema}.events ORDER BY table_id, seq"
        ).format(schema=sql.Identifier(self._schema))
        for row in self._conn.execute(query).fetchall():
            yield cast("tuple[str, int, str, Any, str, str, int, str]", tuple(row))

    def set_hashes(self, updates: Sequence[tuple[str, str, int]]) -> None:
        query = sql.SQL(
            "UPDATE {schema}.events SET hash = %s WHERE table_id = %s AND seq = %s"
        ).format(schema=sql.Identifier(self._schema))
        with self._conn.cursor() as cursor:
            cursor.executemany(query, list(updates))
