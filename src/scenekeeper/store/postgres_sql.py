"""The PostgreSQL store's SQL: every statement with the schema name quoted in, composed once
per store, and the advisory lock key its migrations take."""

from __future__ import annotations

import hashlib

from psycopg import sql

_EVENT_COLUMNS = "seq, type, data, actor, time, command_seq, command, hash"
#: Read back with ``data::text``: the JSON text exactly as stored (a json column keeps it),
#: which the chain's hash is made of (``store.chain.stored_hash``).
_READ_COLUMNS = "seq, type, data::text, actor, time, command_seq, command, hash"


def lock_key(schema: str) -> int:
    """A stable signed 64-bit advisory lock key for migrating ``schema``."""
    digest = hashlib.blake2b(f"scenekeeper.migrations:{schema}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big", signed=True)


class Statements:
    """The store's SQL with the schema name quoted in, composed once per store."""

    def __init__(self, schema: str) -> None:
        def compose(template: str) -> sql.Composed:
            return sql.SQL(template).format(schema=sql.Identifier(schema))

        self.head = compose("SELECT COALESCE(MAX(seq), 0) FROM {schema}.events WHERE table_id = %s")
        self.head_and_hash = compose(
            "SELECT seq, hash FROM {schema}.events WHERE table_id = %s ORDER BY seq DESC LIMIT 1"
        )
        # From the event at ``after`` itself: its hash is what the next one chains from.
        select = f"SELECT {_READ_COLUMNS} FROM {{schema}}.events WHERE table_id = %s AND seq >= %s"
        self.read_after = compose(select + " ORDER BY seq")
        self.read_range = compose(select + " AND seq <= %s ORDER BY seq")
        self._append: dict[int, sql.Composed] = {}
        self._schema = schema
        self.hash_at = compose("SELECT hash FROM {schema}.events WHERE table_id = %s AND seq = %s")
        self.insert_event = compose(
            f"INSERT INTO {{schema}}.events (table_id, {_EVENT_COLUMNS}) "
            "VALUES (%s, %s, %s, %s::json, %s, %s, %s, %s, %s)"
        )
        self.upsert_snapshot = compose(
            "INSERT INTO {schema}.snapshots (table_id, seq, version, state) "
            "VALUES (%s, %s, %s, %s::json) ON CONFLICT (table_id, seq) "
            "DO UPDATE SET version = EXCLUDED.version, state = EXCLUDED.state"
        )
        self.prune_snapshots = compose(
            "DELETE FROM {schema}.snapshots WHERE table_id = %s AND seq NOT IN "
            "(SELECT seq FROM {schema}.snapshots WHERE table_id = %s ORDER BY seq DESC LIMIT %s)"
        )
        self.latest_snapshot = compose(
            "SELECT seq, version, state FROM {schema}.snapshots WHERE table_id = %s "
            "ORDER BY seq DESC LIMIT 1"
        )
        self.tables = compose("SELECT DISTINCT table_id FROM {schema}.events")
        self.create_migrations = compose(
            "CREATE TABLE IF NOT EXISTS {schema}.schema_migrations ("
            "version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
        )
        self.record_migration = compose(
            "INSERT INTO {schema}.schema_migrations (version) VALUES (%s)"
        )
        self.applied_migrations = compose("SELECT version FROM {schema}.schema_migrations")
        self.record_opened = compose(
            "INSERT INTO {schema}.opened_by (version, first_opened, last_opened) "
            "VALUES (%s, %s, %s) ON CONFLICT (version) "
            "DO UPDATE SET last_opened = EXCLUDED.last_opened"
        )
        self.opened_by = compose(
            "SELECT version, first_opened, last_opened FROM {schema}.opened_by "
            "ORDER BY first_opened"
        )

    def append(self, count: int) -> sql.Composed:
        """Insert ``count`` event rows only after the expected head, in one statement: nothing
        after it, and the head (unless the table is new) stored with the hash chained from.
        Two writers that both pass the check are told apart by the primary key."""
        statement = self._append.get(count)
        if statement is None:
            row = (
                "(%s::text, %s::bigint, %s::text, %s::json, %s::text, %s::text, %s::bigint, "
                "%s::text, %s::text)"
            )
            statement = sql.SQL(
                f"INSERT INTO {{schema}}.events (table_id, {_EVENT_COLUMNS}) "
                f"SELECT * FROM (VALUES {', '.join([row] * count)}) AS batch "
                "WHERE NOT EXISTS (SELECT 1 FROM {schema}.events WHERE table_id = %s AND seq > %s) "
                "AND (%s::bigint = 0 OR EXISTS (SELECT 1 FROM {schema}.events "
                "WHERE table_id = %s AND seq = %s AND hash = %s))"
            ).format(schema=sql.Identifier(self._schema))
            self._append[count] = statement
        return statement
