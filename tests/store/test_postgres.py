"""The contract suite against the PostgreSQL store, plus its connection and schema handling."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import psycopg
import pytest

from scenekeeper.store import EventStore, PostgresStore, StoreError, open_store
from tests.store.contract import EventStoreContract, StoreFactory, event


def query(url: str, sql: str, *params: object) -> list[tuple[object, ...]]:
    with psycopg.connect(url, autocommit=True) as conn:
        cursor = conn.execute(sql.encode(), params)
        return cursor.fetchall() if cursor.description else []


@pytest.mark.postgres
class TestPostgresStore(EventStoreContract):
    durable = True

    @pytest.fixture
    def make_store(self, postgres_url: str, postgres_schema: str) -> Iterator[StoreFactory]:
        self.url = postgres_url
        opened: list[PostgresStore] = []

        def make() -> EventStore:
            opened.append(PostgresStore(postgres_url, postgres_schema, max_size=3))
            return opened[-1]

        yield make
        for store in opened:
            store.close()

    def fail_inserts_at(self, store: EventStore, seq: int) -> None:
        assert isinstance(store, PostgresStore)
        query(
            self.url,
            f'ALTER TABLE "{store.schema}".events ADD CONSTRAINT refuse CHECK (seq <> {int(seq)})',
        )

    def kept_snapshot_seqs(self, store: EventStore, table_id: str) -> list[int]:
        assert isinstance(store, PostgresStore)
        rows = query(
            self.url,
            f'SELECT seq FROM "{store.schema}".snapshots WHERE table_id = %s ORDER BY seq',
            table_id,
        )
        return [int(str(row[0])) for row in rows]

    def applied_migrations(self, store: EventStore) -> list[int]:
        assert isinstance(store, PostgresStore)
        rows = query(self.url, f'SELECT version FROM "{store.schema}".schema_migrations')
        return sorted(int(str(row[0])) for row in rows)

    def tamper(self, store: EventStore, table_id: str, seq: int, column: str, value: str) -> None:
        assert isinstance(store, PostgresStore)
        cast = "::jsonb" if column == "data" else ""
        query(
            self.url,
            f'UPDATE "{store.schema}".events SET {column} = %s{cast} '
            "WHERE table_id = %s AND seq = %s",
            value,
            table_id,
            seq,
        )

    def delete_event(self, store: EventStore, table_id: str, seq: int) -> None:
        assert isinstance(store, PostgresStore)
        query(
            self.url,
            f'DELETE FROM "{store.schema}".events WHERE table_id = %s AND seq = %s',
            table_id,
            seq,
        )

    def copy_event(self, store: EventStore, source: str, target: str, seq: int) -> None:
        assert isinstance(store, PostgresStore)
        events = f'"{store.schema}".events'
        query(self.url, f"DELETE FROM {events} WHERE table_id = %s AND seq = %s", target, seq)
        query(
            self.url,
            f"INSERT INTO {events} (table_id, seq, type, data, actor, time, command_seq, "
            "command, hash) SELECT %s, seq, type, data, actor, time, command_seq, command, hash "
            f"FROM {events} WHERE table_id = %s AND seq = %s",
            target,
            source,
            seq,
        )


@pytest.mark.postgres
def test_open_store_url_selects_the_schema(postgres_url: str, postgres_schema: str) -> None:
    separator = "&" if "?" in postgres_url else "?"
    store = open_store(f"{postgres_url}{separator}schema={postgres_schema}")
    assert isinstance(store, PostgresStore)
    assert store.schema == postgres_schema
    store.append("t", 0, [event("t", 1, data={"where": "jsonb"})])
    rows = query(
        postgres_url,
        f"SELECT jsonb_typeof(data), data->>'where' FROM \"{postgres_schema}\".events",
    )
    assert rows == [("object", "jsonb")]
    store.close()


@pytest.mark.postgres
def test_newer_schema_is_refused(postgres_url: str, postgres_schema: str) -> None:
    PostgresStore(postgres_url, postgres_schema).close()
    query(postgres_url, f'INSERT INTO "{postgres_schema}".schema_migrations VALUES (99)')
    with pytest.raises(StoreError, match="schema version 99"):
        PostgresStore(postgres_url, postgres_schema)


def test_unreachable_server_is_a_store_error_without_the_password(
    caplog: pytest.LogCaptureFixture,
) -> None:
    url = "postgresql://keeper:pa55-w0rd-secret@127.0.0.1:1/tables"
    with caplog.at_level(logging.DEBUG), pytest.raises(StoreError) as raised:
        PostgresStore(url, connect_timeout=2)
    message = str(raised.value)
    assert "127.0.0.1:1/tables" in message
    assert "keeper" in message
    assert "pa55-w0rd-secret" not in message
    assert "pa55-w0rd-secret" not in caplog.text
    assert raised.value.__cause__ is None  # the driver's exception (and its text) is not chained


@pytest.mark.parametrize("schema", ["", "1st", "bad;name", 'q"uote', "a" * 64])
def test_bad_schema_name_is_refused_before_connecting(schema: str) -> None:
    with pytest.raises(StoreError, match="schema name"):
        PostgresStore("postgresql://nobody@127.0.0.1:1/none", schema)


@pytest.mark.parametrize(
    "url", ["postgresql://u:pw@h:notaport/db", "host=h password=sec ret-part dbname=d"]
)
def test_bad_url_is_a_store_error_without_the_password(url: str) -> None:
    with pytest.raises(StoreError) as raised:
        PostgresStore(url)
    assert "pw" not in str(raised.value)
    assert "ret-part" not in str(raised.value)
