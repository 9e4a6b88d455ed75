"""A lone append to the SQLite store in one statement (issue 24), as on PostgreSQL.

Most appends arrive alone (one table's command, nothing else ready to share its commit) and
hold one event. Where the store knows the table's head and its hash (from its own last append
to it, or its last read of it), the append is a single ``INSERT ... SELECT`` that inserts only if
nothing follows the expected head and the head is stored with the hash the new events chain
from: one statement, one implicit transaction, one fsync (``synchronous=FULL``), instead of
``BEGIN IMMEDIATE``, a head read, the insert and ``COMMIT``. An INSERT takes the write lock
before it reads, so the check and the insert are one step for every other writer too.

When it inserts nothing -- another process wrote first, or the head is not what was known --
the store falls back to its transaction (``SqliteStore._write_group``), which reads the head,
then either inserts after it or reports the conflict. A known head is only ever a hint.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from scenekeeper.store.chain import EventRow

EVENT_COLUMNS = "seq, type, data, actor, time, command_seq, command, hash"
_ROW = "(?, ?, ?, ?, ?, ?, ?, ?, ?)"


def append_statement(count: int) -> str:
    """Insert ``count`` rows only after the expected head: the parameters are the rows, then
    (table id, expected seq, expected seq, table id, expected seq, its hash)."""
    return (
        f"INSERT INTO events (table_id, {EVENT_COLUMNS}) "
        f"SELECT * FROM (VALUES {', '.join([_ROW] * count)}) "
        "WHERE NOT EXISTS (SELECT 1 FROM events WHERE table_id = ? AND seq > ?) "
        "AND (? = 0 OR EXISTS (SELECT 1 FROM events WHERE table_id = ? AND seq = ? AND hash = ?))"
    )


def append_after(
    conn: sqlite3.Connection, table_id: str, expected_seq: int, prev: str, rows: Sequence[EventRow]
) -> bool:
    """Insert ``rows`` in one statement (its own transaction) if the head is still
    ``expected_seq`` stored with ``prev``; False when it inserted nothing. Raises what sqlite3
    raises (a primary key clash: another writer inserted the same seqs)."""
    params: list[object] = [value for row in rows for value in row]
    params += [table_id, expected_seq, expected_seq, table_id, expected_seq, prev]
    return conn.execute(append_statement(len(rows)), params).rowcount == len(rows)
