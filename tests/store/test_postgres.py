"""The contract suite against the PostgreSQL store, plus its connection and schema handling."""

from __future__ import annotations

import logging
from collections.abc import Generator, Iterator
from typing import Any

import psycopg
import pytest

from scenekeeper.store import EventStore, PostgresStore, StoreError, open_store
from scenekeeper.store.base import AppendConflict
from scenekeeper.store.chain import DamagedTable, stored_hash
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
        cast = "::json" if column == "data" else ""
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
    store.append("t", 0, [event("t", 1, data={"where": "json", "b": 1, "a": 2})])
    rows = query(
        postgres_url,
        f"SELECT json_typeof(data), data->>'where', data::text FROM \"{postgres_schema}\".events",
    )
    # Kept as written: json, its keys in their order (jsonb would sort them).
    assert rows == [("object", "json", '{"where":"json","b":1,"a":2}')]
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


def _round_trips(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts exchanges with the server: every statement, BEGIN, COMMIT and health check is a
    generator run by ``Connection.wait``, and one that yields is waiting on the network (a
    commit with no transaction open returns at once and is not counted)."""
    count = [0]
    wait = psycopg.Connection.wait

    def watched(gen: Generator[Any, Any, Any]) -> Generator[Any, Any, Any]:
        try:
            value = next(gen)
        except StopIteration as done:
            return done.value
        count[0] += 1
        while True:
            try:
                value = gen.send((yield value))
            except StopIteration as done:
                return done.value

    def counted(self: psycopg.Connection[Any], gen: Any, **kwargs: Any) -> Any:
        return wait(self, watched(gen), **kwargs)

    monkeypatch.setattr(psycopg.Connection, "wait", counted)
    return count


@pytest.mark.postgres
def test_an_append_after_the_head_it_knows_is_one_round_trip(
    postgres_url: str, postgres_schema: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 24: no pool health check per checkout, no head read; one statement that inserts
    # only after the expected head and its chain hash.
    store = PostgresStore(postgres_url, postgres_schema)
    try:
        count = _round_trips(monkeypatch)
        store.append("t", 0, [event("t", 1)])
        store.append("t", 1, [event("t", 2), event("t", 3)])
        assert count[0] == 2
        # Another writer moves the head: the stale append is refused, nothing of it written.
        other = PostgresStore(postgres_url, postgres_schema)
        other.read("t")
        other.append("t", 3, [event("t", 4)])
        other.close()
        with pytest.raises(AppendConflict):
            store.append("t", 3, [event("t", 4, actor="someone-else")])
        # Its chain hash read again, the next append goes on from the real head.
        store.append("t", 4, [event("t", 5)])
        records = store.read("t")
        assert [r.seq for r in records] == [1, 2, 3, 4, 5]
        assert records[3].actor == "user-1"
    finally:
        store.close()


@pytest.mark.postgres
def test_an_append_whose_head_hash_is_stale_is_checked_by_the_server(
    postgres_url: str, postgres_schema: str
) -> None:
    # The store's remembered hash of the head no longer matches what is stored (the head was
    # damaged behind its back): the one-statement insert does not chain onto it.
    store = PostgresStore(postgres_url, postgres_schema)
    try:
        store.append("t", 0, [event("t", 1)])
        query(
            postgres_url,
            f'UPDATE "{postgres_schema}".events SET hash = %s WHERE table_id = %s',
            "x",
            "t",
        )
        store.append("t", 1, [event("t", 2)])
        # It chained from what is stored, as an append always did; reads report the damage.
        (stored,) = query(
            postgres_url,
            f'SELECT hash FROM "{postgres_schema}".events WHERE table_id = %s AND seq = 2',
            "t",
        )
        assert stored[0] == stored_hash("x", event("t", 2), '{"n":2}')
        with pytest.raises(DamagedTable):
            store.read("t")
    finally:
        store.close()
