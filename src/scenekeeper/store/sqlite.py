"""The embedded event store: one SQLite file, shareable by several threads and processes.

Durability and sharing come from SQLite itself, configured on every connection:

* ``journal_mode=WAL`` lets readers run while one writer appends, across processes;
* ``synchronous=FULL`` fsyncs the write-ahead log on every commit, so a committed append
  survives a crash or power loss (``NORMAL`` could lose the last commits on power loss);
* a busy timeout makes a second process wait for the write lock instead of failing with
  "database is locked";
* every write runs in ``BEGIN IMMEDIATE``, which takes the write lock *before* reading the head,
  so no other writer can slip in between the head check and the insert. The (table_id, seq)
  primary key is the last line of defence: a duplicate seq becomes ``AppendConflict``;
* appends from several threads that are ready at the same moment share one transaction and one
  fsync (group commit, ``store.group``): each is checked in a savepoint of its own, so one that
  fails fails alone, and each caller returns only once the commit holding its events returned;
* where every head is known, a lone append or a group is one statement that checks the heads
  itself (``store.sqlite_append``), and the transaction is only the fallback.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from scenekeeper import __version__
from scenekeeper.store.base import (
    AppendConflict,
    EventRecord,
    Opened,
    Snapshot,
    StoreError,
    check_batch,
    check_snapshot,
    now_iso,
)
from scenekeeper.store.chain import (
    GENESIS,
    DamagedSnapshot,
    Heads,
    encode,
    event_rows,
    verified,
)
from scenekeeper.store.group import GroupCommit, Pending
from scenekeeper.store.memory import KEEP_SNAPSHOTS
from scenekeeper.store.migrations import SQLITE_MIGRATIONS, run_migrations
from scenekeeper.store.sqlite_append import EVENT_COLUMNS, write_known
from scenekeeper.store.sqlite_file import (
    SqliteMigrationTransaction,
    refuse_a_foreign_database,
    refuse_what_is_not_a_store,
)

DEFAULT_TIMEOUT = 10.0

_EVENT_COLUMNS = EVENT_COLUMNS


class SqliteStore:
    """Event streams in the SQLite file at ``path`` (parent directories are created).

    One connection serves every thread, guarded by a lock; other processes open their own.
    ``timeout`` is how long (seconds) to wait for another process's write lock.
    """

    def __init__(
        self, path: str | os.PathLike[str], *, timeout: float = DEFAULT_TIMEOUT, _new: bool = False
    ) -> None:
        self._path = Path(path)
        self._lock = threading.Lock()
        self._closed = False
        #: Appends ready at the same moment share a transaction (``store.group``).
        self._group = GroupCommit(self._lock, self._write_group)
        #: Each table's head as last seen here: a lone append is then one statement.
        self._heads = Heads()
        if not _new:
            _create_if_missing(self._path, timeout)
            refuse_what_is_not_a_store(self._path)
        try:
            # isolation_level=None: the sqlite3 module must not open transactions on its own;
            # this class issues BEGIN IMMEDIATE / COMMIT / ROLLBACK itself.
            self._conn = sqlite3.connect(
                self._path, timeout=timeout, isolation_level=None, check_same_thread=False
            )
        except (OSError, sqlite3.Error) as error:
            raise StoreError(
                f"cannot open the SQLite store {str(self._path)!r}: {error}"
            ) from error
        # Damaged UTF-8 must not fail a whole read: it comes back as lone surrogates, which the
        # hash chain then reports as damage at the event that holds it.
        self._conn.text_factory = _text
        try:
            self._conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            refuse_a_foreign_database(self._conn, self._path)
            mode = self._enable_wal(timeout)
            if str(mode).lower() != "wal":
                # WAL is what lets processes share the file safely; refuse rather than degrade.
                raise StoreError(
                    f"the SQLite store {str(self._path)!r} cannot use write-ahead logging "
                    f"(journal mode is {mode!r}); put it on a local disk"
                )
            self._conn.execute("PRAGMA synchronous = FULL")
            run_migrations(SQLITE_MIGRATIONS, self._migration_transaction)
            if not _new:
                now = now_iso()
                self._conn.execute(
                    "INSERT INTO opened_by (version, first_opened, last_opened) VALUES (?, ?, ?) "
                    "ON CONFLICT (version) DO UPDATE SET last_opened = excluded.last_opened",
                    (__version__, now, now),
                )
        except BaseException as error:
            self._conn.close()
            if isinstance(error, sqlite3.Error):
                raise self._error("open", error) from error
            raise

    @property
    def path(self) -> Path:
        """The database file."""
        return self._path

    def head(self, table_id: str) -> int:
        with self._use() as conn:
            return self._head(conn, table_id)

    def read(self, table_id: str, after: int = 0, upto: int | None = None) -> list[EventRecord]:
        # From the event at ``after`` itself: its hash is what the next one chains from.
        query = f"SELECT {_EVENT_COLUMNS} FROM events WHERE table_id = ? AND seq >= ?"
        params: tuple[object, ...] = (table_id, after)
        if upto is not None:
            query += " AND seq <= ?"
            params += (upto,)
        with self._use() as conn:
            rows = conn.execute(query + " ORDER BY seq", params).fetchall()
        records = verified(table_id, rows, max(after, 0), json.loads)
        if upto is None and rows:  # the head as it stood (its hash checked by verified)
            self._heads.saw(table_id, int(rows[-1][0]), str(rows[-1][7]))
        return records

    def append(self, table_id: str, expected_seq: int, events: Sequence[EventRecord]) -> None:
        """Returns once the events are durable (committed with ``synchronous=FULL``), in one
        transaction with whatever other tables' appends were ready at the same moment
        (``store.group``); fails alone if its own check fails."""
        if not events:
            return
        check_batch(table_id, expected_seq, events)
        self._group.submit(Pending(table_id, expected_seq, encode(events)))

    def save_snapshot(self, snapshot: Snapshot) -> None:
        state = check_snapshot(snapshot)
        with self._use() as conn, self._immediate(conn):
            conn.execute(
                "INSERT OR REPLACE INTO snapshots (table_id, seq, version, state) "
                "VALUES (?, ?, ?, ?)",
                (snapshot.table_id, snapshot.seq, snapshot.version, state),
            )
            conn.execute(
                "DELETE FROM snapshots WHERE table_id = ? AND seq NOT IN "
                "(SELECT seq FROM snapshots WHERE table_id = ? ORDER BY seq DESC LIMIT ?)",
                (snapshot.table_id, snapshot.table_id, KEEP_SNAPSHOTS),
            )

    def latest_snapshot(self, table_id: str) -> Snapshot | None:
        with self._use() as conn:
            row = conn.execute(
                "SELECT seq, version, state FROM snapshots WHERE table_id = ? "
                "ORDER BY seq DESC LIMIT 1",
                (table_id,),
            ).fetchone()
        if row is None:
            return None
        seq, version, state = row
        try:
            return Snapshot(table_id=table_id, seq=seq, version=version, state=json.loads(state))
        except ValueError as error:
            raise DamagedSnapshot(table_id, seq, str(error)) from None

    def tables(self) -> list[str]:
        with self._use() as conn:
            rows = conn.execute("SELECT DISTINCT table_id FROM events").fetchall()
        # Sorted here, not by SQL, so every backend orders ids the same way (by code point).
        return sorted(row[0] for row in rows)

    def opened_by(self) -> list[Opened]:
        with self._use() as conn:
            rows = conn.execute(
                "SELECT version, first_opened, last_opened FROM opened_by ORDER BY first_opened"
            ).fetchall()
        return [Opened(*map(str, row)) for row in rows]

    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                self._conn.close()

    # --- internals

    @contextmanager
    def _use(self) -> Iterator[sqlite3.Connection]:
        """The connection, held under the lock; sqlite3 errors become ``StoreError``."""
        with self._lock:
            if self._closed:
                raise StoreError(f"the SQLite store {str(self._path)!r} is closed")
            try:
                yield self._conn
            except sqlite3.Error as error:
                raise self._error("use", error) from error

    def _write_group(self, group: list[Pending]) -> None:
        """Write ``group`` (under the lock) in one transaction and settle every member: written
        only once COMMIT returned; a member failing its own check alone; every member not
        already failed when the transaction itself fails."""
        if self._closed:
            for pending in group:
                pending.fail(StoreError(f"the SQLite store {str(self._path)!r} is closed"))
            return
        conn = self._conn
        try:
            if write_known(conn, self._heads, group):
                return
        except sqlite3.Error as error:  # a lone append's statement failed: nothing written
            if conn.in_transaction:  # not left open by a statement that failed, but be sure
                conn.execute("ROLLBACK")
            group[0].fail(self._append_error(conn, group[0], error))
            return
        # A lone append needs no savepoint: its failure is the transaction's.
        shared = len(group) > 1
        try:
            conn.execute("BEGIN IMMEDIATE")
            for pending in group:
                self._write_one(conn, pending, shared)
            # COMMIT (and its fsync) only if something is left to write.
            conn.execute("COMMIT" if any(not p.done for p in group) else "ROLLBACK")
        except BaseException as error:
            try:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # the connection is gone: nothing of the group was committed
            for pending in group:
                if isinstance(error, sqlite3.Error):
                    pending.fail(self._error("use", error))
                else:
                    pending.fail(StoreError(f"the append was interrupted ({error!r})"))
            if not isinstance(error, Exception):
                raise
            return
        for pending in group:
            if pending.error is None:
                self._heads.saw(pending.table_id, *pending.head)
            pending.written()

    def _write_one(self, conn: sqlite3.Connection, pending: Pending, shared: bool) -> None:
        """One member's head check and insert, inside a savepoint when the group is
        ``shared``: if it fails, it is rolled back and failed alone. A failure that took the
        whole transaction with it (``conn.in_transaction`` gone) is raised: the group's."""
        table_id, expected_seq = pending.table_id, pending.expected_seq
        if shared:
            conn.execute("SAVEPOINT one_append")
        try:
            head, prev = self._head_and_hash(conn, table_id)
            if head != expected_seq:
                raise AppendConflict(table_id, expected_seq, head)
            rows = event_rows(table_id, pending.batch, prev)
            conn.executemany(
                f"INSERT INTO events (table_id, {_EVENT_COLUMNS}) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
            pending.head = (rows[-1][1], rows[-1][8])
        except (AppendConflict, sqlite3.Error) as error:
            if not conn.in_transaction:
                raise
            if shared:
                conn.execute("ROLLBACK TO one_append")
                conn.execute("RELEASE one_append")
            pending.fail(self._append_error(conn, pending, error))
            return
        if shared:
            conn.execute("RELEASE one_append")

    def _append_error(
        self, conn: sqlite3.Connection, pending: Pending, error: AppendConflict | sqlite3.Error
    ) -> StoreError:
        if isinstance(error, AppendConflict):
            return error
        if (
            isinstance(error, sqlite3.IntegrityError)
            and error.sqlite_errorname == "SQLITE_CONSTRAINT_PRIMARYKEY"
        ):
            # The head check runs under the write lock, so this should not happen; if it
            # does, the primary key caught a second writer and the append was rolled back.
            head = self._head(conn, pending.table_id)
            conflict = AppendConflict(pending.table_id, pending.expected_seq, head)
            conflict.__cause__ = error
            return conflict
        failure = self._error("use", error)
        failure.__cause__ = error
        return failure

    @staticmethod
    @contextmanager
    def _immediate(conn: sqlite3.Connection) -> Iterator[None]:
        """One write transaction, holding the database's write lock from its first statement."""
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    @contextmanager
    def _migration_transaction(self) -> Iterator[SqliteMigrationTransaction]:
        with self._immediate(self._conn):
            self._conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                "version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"
            )
            yield SqliteMigrationTransaction(self._conn)

    def _enable_wal(self, timeout: float) -> str:
        """Switch the file to WAL (a no-op once it is), waiting out other openers."""
        deadline = time.monotonic() + timeout
        delay = 0.002
        while True:
            try:
                return str(self._conn.execute("PRAGMA journal_mode = WAL").fetchone()[0])
            except sqlite3.OperationalError as error:
                # Changing the journal mode needs an exclusive lock, and SQLite reports a
                # competing opener of a fresh file at once instead of calling the busy handler
                # (seen when two processes create the same file), so wait here instead.
                busy = error.sqlite_errorcode & 0xFF == sqlite3.SQLITE_BUSY
                if not busy or time.monotonic() >= deadline:
                    raise
            time.sleep(delay)
            delay = min(delay * 2, 0.05)

    @staticmethod
    def _head_and_hash(conn: sqlite3.Connection, table_id: str) -> tuple[int, str]:
        row = conn.execute(
            "SELECT seq, hash FROM events WHERE table_id = ? ORDER BY seq DESC LIMIT 1",
            (table_id,),
        ).fetchone()
        return (0, GENESIS) if row is None else (int(row[0]), str(row[1]))

    @staticmethod
    def _head(conn: sqlite3.Connection, table_id: str) -> int:
        row = conn.execute(
            "SELECT COALESCE(MAX(seq), 0) FROM events WHERE table_id = ?", (table_id,)
        ).fetchone()
        return int(row[0])

    def _error(self, action: str, error: sqlite3.Error) -> StoreError:
        return StoreError(f"cannot {action} the SQLite store {str(self._path)!r}: {error}")


def _create_if_missing(path: Path, timeout: float) -> None:
    """Make a new store file whole before it appears under its name: built beside it, then
    linked into place (which fails if another process got there first). So a store file is
    never seen empty, and an empty file at the path can be refused as damage."""
    if path.exists():
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(f"cannot open the SQLite store {str(path)!r}: {error}") from error
    fresh = path.with_name(f".{path.name}.{secrets.token_hex(6)}.new")
    try:
        SqliteStore(fresh, timeout=timeout, _new=True).close()
        os.link(fresh, path)
    except FileExistsError:
        pass  # another opener made it first; theirs is as good
    except OSError as error:
        raise StoreError(f"cannot create the SQLite store {str(path)!r}: {error}") from error
    finally:
        for leftover in (fresh, Path(f"{fresh}-wal"), Path(f"{fresh}-shm")):
            leftover.unlink(missing_ok=True)


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "surrogateescape")
