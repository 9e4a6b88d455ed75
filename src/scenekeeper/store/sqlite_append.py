"""Appends to the SQLite store in one statement (issue 24), as on PostgreSQL.

Where the store knows each table's head and its hash (from its own last append to it, or its
last read of it), an append is a single ``INSERT ... SELECT`` that inserts only if nothing
follows the expected head and the head is stored with the hash the new events chain from: one
statement, one implicit transaction, one fsync (``synchronous=FULL``), instead of ``BEGIN
IMMEDIATE``, a head read, the insert and ``COMMIT``. An INSERT takes the write lock before it
reads, so the check and the insert are one step for every other writer too.

* ``append_after``: a lone append (one table's command, nothing else ready to share its commit).
* ``group_after``: a group commit's appends to distinct tables, all or nothing: every row carries
  its own table's expected head and hash, and nothing is inserted unless every one of them holds
  (SQLite reads the SELECT whole before it inserts, so the checks see the tables as they stood).
  One statement where the transaction took two to four for each append: a leader that waits on
  the GIL after each statement while other threads decide commands (issue 24) waits once.

When either inserts nothing -- another process wrote first, or a head is not what was known --
the store falls back to its transaction (``SqliteStore._write_group``), which reads each head,
then inserts after it or reports the conflict for that append alone. A known head is a hint.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from scenekeeper.store.base import StoreError
from scenekeeper.store.chain import EventRow, Heads, event_rows
from scenekeeper.store.group import Pending

EVENT_COLUMNS = "seq, type, data, actor, time, command_seq, command, hash"
_ROW = "(?, ?, ?, ?, ?, ?, ?, ?, ?)"
#: A group's row: the event's columns, then its table's expected head and that head's hash.
_CHECKED_ROW = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"

#: The most rows a group or a lone append writes in one statement (SQLite allows 32,766
#: parameters by default, 11 a row in a group's statement, 9 in a lone append's).
MAX_GROUP_ROWS = 2_000
#: One append of a group: its table's expected head, that head's hash, and its rows.
Member = tuple[int, str, Sequence[EventRow]]


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


def group_statement(count: int) -> str:
    """Insert ``count`` checked rows (``_CHECKED_ROW``) only if every row's check holds."""
    # INSERT first, the WITH inside it: sqlite3 counts the rows of a statement only when it
    # starts with INSERT.
    return (
        f"INSERT INTO events (table_id, {EVENT_COLUMNS}) "
        "WITH v (table_id, seq, type, data, actor, time, command_seq, command, hash, "
        f"after, prev) AS (VALUES {', '.join([_CHECKED_ROW] * count)}) "
        f"SELECT table_id, {EVENT_COLUMNS} FROM v WHERE NOT EXISTS (SELECT 1 FROM v AS w WHERE "
        "EXISTS (SELECT 1 FROM events AS e WHERE e.table_id = w.table_id AND e.seq > w.after) "
        "OR (w.after > 0 AND NOT EXISTS (SELECT 1 FROM events AS e "
        "WHERE e.table_id = w.table_id AND e.seq = w.after AND e.hash = w.prev)))"
    )


def group_after(conn: sqlite3.Connection, members: Sequence[Member]) -> bool:
    """Insert every member's rows in one statement (its own transaction) if every member's
    table still has its expected head, stored with its hash; False when it inserted nothing.
    The members' tables must be distinct. Raises what sqlite3 raises."""
    params: list[object] = []
    count = 0
    for expected_seq, prev, rows in members:
        for row in rows:
            params += row
            params += (expected_seq, prev)
        count += len(rows)
    return conn.execute(group_statement(count), params).rowcount == count


def write_known(conn: sqlite3.Connection, heads: Heads, group: Sequence[Pending]) -> bool:
    """Write ``group`` in one statement where every member's head is known (``heads``) and
    settle every member; False (nothing written, nothing settled) when the store's transaction
    must do it: a head unknown or not as known, two members of one table, a group (or a lone
    append) too large for one statement, or a group's statement failing. A lone append's
    failing statement raises its ``sqlite3.Error`` (nothing written) for the store to report."""
    # Too many rows for one statement, a lone append's too: a SQLite built with the default
    # limit (32,766 parameters) refuses the statement of an import of a few thousand events.
    too_many = sum(len(p.batch) for p in group) > MAX_GROUP_ROWS
    if too_many or len({p.table_id for p in group}) < len(group):
        return False
    members: list[Member] = []
    for pending in group:
        prev = heads.get(pending.table_id, pending.expected_seq)
        if prev is None:
            return False
        members.append(
            (pending.expected_seq, prev, event_rows(pending.table_id, pending.batch, prev))
        )
    try:
        if len(group) == 1:
            expected_seq, prev, rows = members[0]
            written = append_after(conn, group[0].table_id, expected_seq, prev, rows)
        else:
            written = group_after(conn, members)
    except sqlite3.Error:
        if len(group) == 1:
            raise
        if conn.in_transaction:  # not left open by a statement that failed, but be sure
            conn.execute("ROLLBACK")
        return False  # nothing was written: the transaction settles each on its own
    except BaseException as error:
        for pending in group:
            pending.fail(StoreError(f"the append was interrupted ({error!r})"))
        raise
    if not written:
        for pending in group:
            heads.forget(pending.table_id)
        return False
    for pending, (_, _, rows) in zip(group, members, strict=True):
        heads.saw(pending.table_id, rows[-1][1], rows[-1][8])
        pending.written()
    return True
