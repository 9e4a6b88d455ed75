"""The contract suite against the in-process store."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scenekeeper.store import EventRecord, EventStore, MemoryStore
from tests.store.contract import EventStoreContract, StoreFactory


class TestMemoryStore(EventStoreContract):
    @pytest.fixture
    def make_store(self) -> Iterator[StoreFactory]:
        opened: list[MemoryStore] = []

        def make() -> EventStore:
            opened.append(MemoryStore())
            return opened[-1]

        yield make
        for store in opened:
            store.close()

    def kept_snapshot_seqs(self, store: EventStore, table_id: str) -> list[int]:
        assert isinstance(store, MemoryStore)
        return sorted(store._snapshots.get(table_id, {}))

    def tamper(self, store: EventStore, table_id: str, seq: int, column: str, value: str) -> None:
        assert isinstance(store, MemoryStore)
        rows = store._events[table_id]
        rows[seq - 1] = rows[seq - 1]._replace(**{column: value})

    def delete_event(self, store: EventStore, table_id: str, seq: int) -> None:
        assert isinstance(store, MemoryStore)
        del store._events[table_id][seq - 1]

    def copy_event(self, store: EventStore, source: str, target: str, seq: int) -> None:
        assert isinstance(store, MemoryStore)
        store._events[target][seq - 1] = store._events[source][seq - 1]


def test_mutating_a_record_after_append_or_read_does_not_change_history() -> None:
    store = MemoryStore()
    data = {"hp": [10]}
    store.append("t", 0, [EventRecord("t", 1, "x@1", data, "a", "2024-01-01T00:00:00Z", 1)])
    data["hp"].append(99)
    read = store.read("t")[0].data
    read["hp"].append(42)
    assert store.read("t")[0].data == {"hp": [10]}
    store.close()
