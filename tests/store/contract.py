"""The event store contract as one test suite, subclassed once per backend.

A backend's test module subclasses ``EventStoreContract`` and provides the ``make_store``
fixture: a factory that opens a handle on one fresh database per test (calling it again opens
another handle on the same database, as a second process would). The hooks at the end let a
backend expose what the protocol does not (kept snapshots, applied migrations).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from types import MappingProxyType
from typing import Any, ClassVar

import pytest

from scenekeeper import __version__
from scenekeeper.store import AppendConflict, EventRecord, EventStore, Snapshot, StoreError
from scenekeeper.store.base import Opened, dump_json
from scenekeeper.store.chain import GENESIS, DamagedTable, event_hash, stored_hash

StoreFactory = Callable[[], EventStore]


def event(table_id: str, seq: int, **fields: Any) -> EventRecord:
    """An event with plausible defaults for the fields a test does not care about."""
    values: dict[str, Any] = {
        "type": "test.happened@1",
        "data": {"n": seq},
        "actor": "user-1",
        "time": f"2024-05-01T12:00:{seq % 60:02d}Z",
        "command_seq": seq,
        "command": "",
    }
    values.update(fields)
    return EventRecord(table_id=table_id, seq=seq, **values)


def batch(table_id: str, first: int, count: int, **fields: Any) -> list[EventRecord]:
    return [event(table_id, seq, **fields) for seq in range(first, first + count)]


class EventStoreContract:
    """Every behaviour ``EventStore`` promises; run against each backend."""

    # Durable backends keep data across close/reopen and run schema migrations.
    durable: ClassVar[bool] = False

    @pytest.fixture
    def make_store(self) -> Iterator[StoreFactory]:
        raise NotImplementedError("a backend's test class provides make_store")

    @pytest.fixture
    def store(self, make_store: StoreFactory) -> EventStore:
        return make_store()

    def second_handle(self, store: EventStore, make_store: StoreFactory) -> EventStore:
        """Another writer on the same data: a new handle if the backend has a shared database."""
        return make_store() if self.durable else store

    # --- reading and writing

    def test_empty_store(self, store: EventStore) -> None:
        assert store.head("nowhere") == 0
        assert store.read("nowhere") == []
        assert store.tables() == []
        assert store.latest_snapshot("nowhere") is None

    def test_round_trip_keeps_every_field(self, store: EventStore) -> None:
        table = "täble-🐉 \"quoted\" 'single'"
        events = [
            EventRecord(
                table_id=table,
                seq=1,
                type="table.created@1",
                data={"name": "Shadows ☂ över Ærø", "gm": {"id": "u-1", "tags": ["a", "β"]}},
                actor="ユーザー-7",
                time="2024-05-01T12:00:00.123456Z",
                command_seq=1,
                command="/table create “Shadows” — 🎲",
            ),
            EventRecord(
                table_id=table,
                seq=2,
                type="dice.rolled@2",
                data={"rolls": [[1, 6], [2, 3]], "nested": {"deep": {"deeper": [None, True]}}},
                actor="user-2",
                time="2024-05-01T12:00:01Z",
                command_seq=1,
            ),
        ]
        store.append(table, 0, events)
        assert store.head(table) == 2
        assert store.read(table) == events
        assert store.tables() == [table]

    def test_json_values_keep_their_types(self, store: EventStore) -> None:
        data = {
            "int": -(2**62),
            "float": -0.25,
            "true": True,
            "false": False,
            "null": None,
            "empty": {"list": [], "object": {}, "string": ""},
            "escapes": 'back\\slash "quote" \n\t /',
        }
        store.append("t", 0, [event("t", 1, data=data)])
        got = store.read("t")[0].data
        assert got == data
        assert [type(got[key]) for key in data] == [type(value) for value in data.values()]

    def test_large_data(self, store: EventStore) -> None:
        data = {"text": "ab€" * 200_000, "numbers": list(range(20_000))}
        store.append("big", 0, [event("big", 1, data=data)])
        assert store.read("big")[0].data == data

    def test_read_after_and_upto(self, store: EventStore) -> None:
        store.append("t", 0, batch("t", 1, 10))

        def seqs(**bounds: Any) -> list[int]:
            return [record.seq for record in store.read("t", **bounds)]

        assert seqs() == list(range(1, 11))
        assert seqs(after=3) == list(range(4, 11))
        assert seqs(after=3, upto=6) == [4, 5, 6]
        assert seqs(upto=2) == [1, 2]
        assert seqs(upto=0) == []
        assert seqs(after=10) == []
        assert seqs(after=8, upto=99) == [9, 10]
        assert seqs(after=6, upto=3) == []

    def test_appends_follow_on(self, store: EventStore) -> None:
        store.append("t", 0, batch("t", 1, 2))
        store.append("t", 2, batch("t", 3, 3))
        assert [record.seq for record in store.read("t")] == [1, 2, 3, 4, 5]

    def test_empty_batch_is_a_no_op(self, store: EventStore) -> None:
        store.append("t", 0, [])
        store.append("t", 7, [])
        assert store.head("t") == 0
        assert store.tables() == []

    @pytest.mark.parametrize(
        ("expected_seq", "events"),
        [
            pytest.param(2, batch("t", 4, 2), id="starts-after-a-gap"),
            pytest.param(2, batch("t", 2, 2), id="starts-at-the-head"),
            pytest.param(2, [event("t", 3), event("t", 5)], id="gap-inside"),
            pytest.param(2, [event("t", 3), event("t", 3)], id="repeated-seq"),
            pytest.param(2, [event("t", 4), event("t", 3)], id="out-of-order"),
            pytest.param(2, [event("t", 3), event("other", 4)], id="wrong-table"),
            pytest.param(-1, batch("t", 0, 1), id="negative-expected"),
        ],
    )
    def test_batch_that_does_not_follow_on_is_refused(
        self, store: EventStore, expected_seq: int, events: list[EventRecord]
    ) -> None:
        store.append("t", 0, batch("t", 1, 2))
        with pytest.raises(StoreError) as raised:
            store.append("t", expected_seq, events)
        assert not isinstance(raised.value, AppendConflict)
        assert [record.seq for record in store.read("t")] == [1, 2]
        assert store.tables() == ["t"]

    @pytest.mark.parametrize(
        "bad",
        [
            pytest.param({"data": {"x": object()}}, id="not-json"),
            pytest.param({"data": {"x": float("nan")}}, id="nan"),
            pytest.param({"data": ["not", "an", "object"]}, id="data-not-object"),
            pytest.param({"data": {"x": "nul\x00here"}}, id="nul-in-data"),
            pytest.param({"data": {"x": "\ud800"}}, id="lone-surrogate"),
            pytest.param({"actor": "nul\x00"}, id="nul-in-actor"),
            pytest.param({"type": 7}, id="type-not-text"),
            pytest.param({"command_seq": "1"}, id="command-seq-not-int"),
            pytest.param({"command_seq": 2**63}, id="command-seq-too-big"),
        ],
    )
    def test_bad_record_fails_the_whole_batch(self, store: EventStore, bad: dict[str, Any]) -> None:
        events = [*batch("t", 1, 3), event("t", 4, **bad)]
        with pytest.raises(StoreError):
            store.append("t", 0, events)
        assert store.head("t") == 0
        assert store.read("t") == []
        assert store.tables() == []

    def test_failure_inside_the_database_writes_nothing(self, store: EventStore) -> None:
        self.fail_inserts_at(store, seq=3)
        with pytest.raises(StoreError) as raised:
            store.append("t", 0, batch("t", 1, 5))
        assert not isinstance(raised.value, AppendConflict)
        assert store.head("t") == 0
        assert store.read("t") == []

    @pytest.mark.parametrize("expected_seq", [0, 1, 3, 9])
    def test_stale_expected_seq_conflicts(self, store: EventStore, expected_seq: int) -> None:
        first = batch("t", 1, 2)
        store.append("t", 0, first)
        with pytest.raises(AppendConflict) as raised:
            store.append("t", expected_seq, batch("t", expected_seq + 1, 2, actor="late"))
        conflict = raised.value
        assert (conflict.table_id, conflict.expected_seq, conflict.actual_seq) == (
            "t",
            expected_seq,
            2,
        )
        assert store.read("t") == first

    def test_tables_do_not_conflict(self, store: EventStore) -> None:
        store.append("a", 0, batch("a", 1, 2))
        store.append("b", 0, batch("b", 1, 1))
        store.append("a", 2, batch("a", 3, 1))
        assert (store.head("a"), store.head("b"), store.head("c")) == (3, 1, 0)
        assert [record.table_id for record in store.read("b")] == ["b"]

    def test_tables_lists_only_tables_with_events_sorted(self, store: EventStore) -> None:
        for table in ["zeta", "Alpha", "beta", "émile"]:
            store.append(table, 0, [event(table, 1)])
        store.save_snapshot(Snapshot("snapshot-only", 0, "v1", {}))
        assert store.tables() == sorted(["zeta", "Alpha", "beta", "émile"])

    # --- concurrency

    def test_two_writers_race_and_exactly_one_wins(
        self, store: EventStore, make_store: StoreFactory
    ) -> None:
        writers = [store, self.second_handle(store, make_store)]
        for round_ in range(5):
            head = store.head("race")
            barrier = threading.Barrier(len(writers), timeout=10)

            def write(index: int, head: int = head, barrier: threading.Barrier = barrier) -> str:
                barrier.wait()
                try:
                    writers[index].append(
                        "race", head, batch("race", head + 1, 3, actor=f"w{index}")
                    )
                except AppendConflict:
                    return "conflict"
                return "won"

            with ThreadPoolExecutor(len(writers)) as pool:
                outcomes = list(pool.map(write, range(len(writers))))
            assert sorted(outcomes) == ["conflict", "won"], f"round {round_}"
            winner = f"w{outcomes.index('won')}"
            added = store.read("race", after=head)
            assert [record.seq for record in added] == [head + 1, head + 2, head + 3]
            assert {record.actor for record in added} == {winner}

    def test_writers_retrying_on_conflict_all_land(
        self, store: EventStore, make_store: StoreFactory
    ) -> None:
        handles = [store, self.second_handle(store, make_store)]
        threads, appends = 6, 8

        def write(worker: int) -> None:
            target = handles[worker % len(handles)]
            for n in range(appends):
                while True:
                    head = target.head("busy")
                    try:
                        target.append(
                            "busy", head, batch("busy", head + 1, 2, data={"w": worker, "n": n})
                        )
                        break
                    except AppendConflict:
                        continue

        with ThreadPoolExecutor(threads) as pool:
            list(pool.map(write, range(threads)))
        records = store.read("busy")
        assert [record.seq for record in records] == list(range(1, threads * appends * 2 + 1))
        for worker in range(threads):
            mine = [record.data["n"] for record in records if record.data["w"] == worker]
            assert mine == [n for n in range(appends) for _ in range(2)]

    def test_threads_on_different_tables_never_conflict(self, store: EventStore) -> None:
        def write(table: str) -> None:
            for seq in range(1, 6):
                store.append(table, seq - 1, [event(table, seq)])

        tables = [f"table-{n}" for n in range(6)]
        with ThreadPoolExecutor(len(tables)) as pool:
            list(pool.map(write, tables))
        assert store.tables() == tables
        assert all(store.head(table) == 5 for table in tables)

    # --- snapshots

    def test_snapshot_round_trip_and_latest(self, store: EventStore) -> None:
        state = {"scene": "Ærø", "clocks": [{"name": "doom", "ticks": 3}], "ok": True}
        store.save_snapshot(Snapshot("t", 4, "table-state@1", state))
        store.save_snapshot(Snapshot("t", 9, "table-state@1", {"later": 1}))
        store.save_snapshot(Snapshot("t", 6, "table-state@1", {"middle": 1}))
        assert store.latest_snapshot("t") == Snapshot("t", 9, "table-state@1", {"later": 1})
        assert store.latest_snapshot("other") is None
        assert self.kept_snapshot_seqs(store, "t") == [4, 6, 9]

    def test_a_snapshot_keeps_its_keys_in_the_order_written(self, store: EventStore) -> None:
        # A table's characters, in the order they joined, as a snapshot gives them back.
        state = {"characters": {"Zed": {"b": 1, "a": 2}, "Ada": {}}, "rolls": []}
        store.save_snapshot(Snapshot("t", 1, "table-state@1", state))
        kept = store.latest_snapshot("t")
        assert kept is not None
        assert list(kept.state["characters"]) == ["Zed", "Ada"]
        assert list(kept.state["characters"]["Zed"]) == ["b", "a"]

    def test_snapshot_at_the_same_seq_replaces(self, store: EventStore) -> None:
        store.save_snapshot(Snapshot("t", 5, "v1", {"old": True}))
        store.save_snapshot(Snapshot("t", 5, "v2", {"new": True}))
        assert store.latest_snapshot("t") == Snapshot("t", 5, "v2", {"new": True})
        assert self.kept_snapshot_seqs(store, "t") == [5]

    def test_only_the_newest_three_snapshots_are_kept(self, store: EventStore) -> None:
        for seq in [10, 20, 30, 40, 50]:
            store.save_snapshot(Snapshot("t", seq, "v1", {"seq": seq}))
        store.save_snapshot(Snapshot("t", 5, "v1", {"seq": 5}))  # older than all kept: dropped
        store.save_snapshot(Snapshot("u", 1, "v1", {}))
        assert self.kept_snapshot_seqs(store, "t") == [30, 40, 50]
        assert self.kept_snapshot_seqs(store, "u") == [1]
        latest = store.latest_snapshot("t")
        assert latest is not None
        assert latest.state == {"seq": 50}

    def test_bad_snapshot_is_refused_and_keeps_the_old(self, store: EventStore) -> None:
        store.save_snapshot(Snapshot("t", 1, "v1", {"good": True}))
        with pytest.raises(StoreError):
            store.save_snapshot(Snapshot("t", 2, "v1", {"bad": float("inf")}))
        assert store.latest_snapshot("t") == Snapshot("t", 1, "v1", {"good": True})

    # --- lifecycle

    def test_closed_store_refuses_use(self, make_store: StoreFactory) -> None:
        store = make_store()
        store.close()
        store.close()  # closing twice is harmless
        with pytest.raises(StoreError):
            store.head("t")
        with pytest.raises(StoreError):
            store.append("t", 0, [event("t", 1)])

    def test_reopening_keeps_everything(self, make_store: StoreFactory) -> None:
        if not self.durable:
            pytest.skip("not a durable backend")
        first = make_store()
        events = batch("t", 1, 4, data={"keep": "me ✓"})
        first.append("t", 0, events)
        first.append("u", 0, batch("u", 1, 1))
        first.save_snapshot(Snapshot("t", 4, "v1", {"folded": [1, 2]}))
        first.close()
        again = make_store()
        assert again.read("t") == events
        assert again.head("u") == 1
        assert again.tables() == ["t", "u"]
        assert again.latest_snapshot("t") == Snapshot("t", 4, "v1", {"folded": [1, 2]})
        again.append("t", 4, [event("t", 5)])
        assert again.head("t") == 5

    def test_migrations_are_idempotent(self, make_store: StoreFactory) -> None:
        if not self.durable:
            pytest.skip("not a durable backend")
        first = make_store()
        first.append("t", 0, batch("t", 1, 2))
        second = make_store()  # migrates again while the first is open
        assert self.applied_migrations(second) == [1, 2, 3, 4]
        assert second.head("t") == 2
        first.close()
        third = make_store()
        assert self.applied_migrations(third) == [1, 2, 3, 4]
        assert [record.seq for record in third.read("t")] == [1, 2]

    def test_it_says_which_scenekeeper_versions_opened_it(self, make_store: StoreFactory) -> None:
        store = make_store()
        (opened,) = [o for o in store.opened_by() if o.version == __version__]
        assert opened.first <= opened.last
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", opened.last)
        if self.durable:
            store.close()
            again = make_store()
            assert [o for o in again.opened_by() if o.version == __version__] == [
                Opened(__version__, opened.first, again.opened_by()[-1].last)
            ]

    def test_concurrent_first_opens_migrate_once(self, make_store: StoreFactory) -> None:
        if not self.durable:
            pytest.skip("not a durable backend")
        barrier = threading.Barrier(4, timeout=10)

        def open_one(_: int) -> EventStore:
            barrier.wait()
            return make_store()

        with ThreadPoolExecutor(4) as pool:
            opened = list(pool.map(open_one, range(4)))
        opened[0].append("t", 0, [event("t", 1)])
        assert all(handle.head("t") == 1 for handle in opened)
        assert self.applied_migrations(opened[-1]) == [1, 2, 3, 4]

    # --- damage is detected (store.chain), never replayed as if it were true

    def test_reads_carry_the_chain(self, store: EventStore) -> None:
        store.append("t", 0, batch("t", 1, 3))
        store.append("t", 3, batch("t", 4, 1))
        hashes = [record.hash for record in store.read("t")]
        assert all(len(h) == 64 for h in hashes)
        assert len(set(hashes)) == 4
        assert [r.hash for r in store.read("t", after=2)] == hashes[2:]

    def test_each_hash_links_to_everything_before_it(self, store: EventStore) -> None:
        # The same events after a different first event chain to different hashes, every one
        # of them: a hash vouches for the whole history up to its event, not the event alone.
        store.append("t", 0, batch("t", 1, 4))
        store.append("u", 0, [event("u", 1, data={"n": 100}), *batch("u", 2, 3)])
        assert [r.data for r in store.read("t")][1:] == [r.data for r in store.read("u")][1:]
        for mine, theirs in zip(store.read("t"), store.read("u"), strict=True):
            assert mine.hash != theirs.hash

    def test_an_event_copied_from_another_table_is_damage(self, store: EventStore) -> None:
        # Two tables of the same shape; #3 of the other table, copied whole (its own hash
        # included) over this table's #3, must not read back as this table's own.
        store.append("t", 0, batch("t", 1, 5))
        store.append("u", 0, batch("u", 1, 5, actor="user-2", data={"n": 7}))
        self.copy_event(store, "u", "t", 3)
        with pytest.raises(DamagedTable) as caught:
            store.read("t")
        assert (caught.value.table_id, caught.value.seq) == ("t", 3)
        assert [r.seq for r in store.read("t", upto=2)] == [1, 2]

    def test_data_that_is_json_but_not_an_object_is_damage(self, store: EventStore) -> None:
        # [["n", 3]] is valid JSON and even turns into {"n": 3} by dict(): it must still read
        # as damage with its seq, never reach the rules as a list.
        store.append("t", 0, batch("t", 1, 4))
        self.tamper(store, "t", 3, "data", '[["n", 3]]')
        with pytest.raises(DamagedTable) as caught:
            store.read("t")
        assert caught.value.seq == 3
        assert "cannot be read" in caught.value.reason

    def test_read_only_and_mixed_key_data_is_stored_as_it_reads_back(
        self, store: EventStore
    ) -> None:
        # Event data may hold read-only mappings and non-string keys (JSON makes them
        # strings): the chain hashes the data as it reads back, so writing and reading agree.
        nested = {"outer": MappingProxyType({"b": 1, "a": MappingProxyType({"c": [1]})})}
        mixed: dict[Any, Any] = {1: "one", "2": "two", "x": {3: True}}
        # Sorted as numbers 9 < 10, as text "10" < "9": the hash must follow the text.
        numbered: dict[Any, Any] = {"z": ({10: "ten", 9: "nine"},), "a": 1}
        store.append("t", 0, [event("t", 1, data=nested), event("t", 2, data=mixed)])
        store.append("t", 2, [*batch("t", 3, 1), event("t", 4, data=numbered)])
        records = store.read("t")
        assert records[0].data == {"outer": {"a": {"c": [1]}, "b": 1}}
        assert records[1].data == {"1": "one", "2": "two", "x": {"3": True}}
        assert records[3].data == {"a": 1, "z": [{"10": "ten", "9": "nine"}]}
        assert [r.seq for r in store.read("t", after=1)] == [2, 3, 4]

    def test_data_reads_back_with_its_keys_in_the_order_written(self, store: EventStore) -> None:
        # A sheet's traits, a hand's cards: the order given is the order shown.
        data = {"traits": {"REA": 2, "KNO": 2, "STR": 8, "FIT": 7}, "b": 1, "a": 2}
        store.append("t", 0, [event("t", 1, data=data)])
        got = store.read("t")[0].data
        assert list(got) == ["traits", "b", "a"]
        assert list(got["traits"]) == ["REA", "KNO", "STR", "FIT"]

    def test_the_hash_is_of_the_event_as_stored_and_an_older_chain_reads_too(
        self, store: EventStore
    ) -> None:
        # Hashed as stored: the data's text as written (keys in their order), no other form.
        data = {"b": [{"y": 2, "x": 1.5}], "a": 'é\u2028"', "c": {"z": None, "m": [True]}}
        store.append("t", 0, [event("t", 1, data=data, actor="émile", command="/say «ça»")])
        store.append("t", 1, batch("t", 2, 2))
        records = store.read("t")
        prev = GENESIS
        for record in records:
            assert record.hash == stored_hash(prev, record, dump_json(record.data, "data"))
            prev = record.hash
        assert records[0].hash != event_hash(GENESIS, records[0])  # keys not sorted: differs
        # As a version before 0.3 stored them: every hash over the event's canonical JSON.
        prev = GENESIS
        for record in records:
            prev = event_hash(prev, record)
            self.tamper(store, "t", record.seq, "hash", prev)
        assert [r.data for r in store.read("t")] == [r.data for r in records]
        assert store.read("t")[-1].hash == prev

    @pytest.mark.parametrize(
        ("column", "value"),
        [
            ("data", '{"n": 99}'),
            ("actor", "mallory"),
            ("time", "2030-01-01T00:00:00Z"),
            ("command", "/pp give amount:99"),
            ("command_seq", "2"),
            ("type", "test.forged@1"),
            ("hash", "0" * 64),
        ],
    )
    def test_a_changed_event_is_reported_with_its_seq(
        self, store: EventStore, column: str, value: str
    ) -> None:
        store.append("t", 0, batch("t", 1, 5))
        store.append("u", 0, batch("u", 1, 2))
        self.tamper(store, "t", 3, column, value)
        with pytest.raises(DamagedTable) as caught:
            store.read("t")
        assert (caught.value.table_id, caught.value.seq) == ("t", 3)
        with pytest.raises(DamagedTable):
            store.read("t", after=2)
        # Before the damage still reads, and so does every other table.
        assert [r.seq for r in store.read("t", upto=2)] == [1, 2]
        assert len(store.read("u")) == 2

    def test_a_missing_event_is_reported(self, store: EventStore) -> None:
        store.append("t", 0, batch("t", 1, 4))
        self.delete_event(store, "t", 2)
        with pytest.raises(DamagedTable, match="#2: the event is missing"):
            store.read("t")

    def test_a_read_that_starts_at_a_missing_event_is_damage(self, store: EventStore) -> None:
        # Reading on from #2 (a snapshot's seq) needs #2 itself: its hash is what #3 chains
        # from. Without it the read must not start at #3 as if the history were whole.
        store.append("t", 0, batch("t", 1, 3))
        self.delete_event(store, "t", 2)
        with pytest.raises(DamagedTable, match="#2: the event is missing"):
            store.read("t", after=2)
        with pytest.raises(DamagedTable, match="#2: the event is missing"):
            store.read("t", after=1)

    def test_appends_chain_on_from_the_head(self, make_store: StoreFactory) -> None:
        first = make_store()
        first.append("t", 0, batch("t", 1, 2))
        other = self.second_handle(first, make_store)
        other.append("t", 2, batch("t", 3, 2))
        assert [r.seq for r in first.read("t")] == [1, 2, 3, 4]

    # --- hooks a backend overrides

    def tamper(self, store: EventStore, table_id: str, seq: int, column: str, value: str) -> None:
        """Change one stored column of one event behind the store's back."""
        raise NotImplementedError

    def delete_event(self, store: EventStore, table_id: str, seq: int) -> None:
        """Remove one stored event behind the store's back."""
        raise NotImplementedError

    def copy_event(self, store: EventStore, source: str, target: str, seq: int) -> None:
        """Overwrite event ``seq`` of ``target`` with every stored column (its hash too) of
        event ``seq`` of ``source``, behind the store's back."""
        raise NotImplementedError

    def fail_inserts_at(self, store: EventStore, seq: int) -> None:
        """Make the database itself refuse inserting ``seq`` (a trigger or a constraint)."""
        pytest.skip("this backend has no database that can fail mid-batch")

    def kept_snapshot_seqs(self, store: EventStore, table_id: str) -> list[int]:
        """The seqs of every snapshot the store still keeps for ``table_id``, ascending."""
        raise NotImplementedError

    def applied_migrations(self, store: EventStore) -> list[int]:
        """The versions recorded in the store's ``schema_migrations``, ascending."""
        raise NotImplementedError
