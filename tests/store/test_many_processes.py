"""Many processes on one PostgreSQL (issue 24): real OS processes, each owning a range of
Discord shards, drive commands at hundreds of tables; afterwards every acknowledged command is
stored exactly once, nothing else is stored, every table's seqs run 1..n without a gap and its
hash chain holds. Two processes that wrongly claim the same tables lose nothing either: the
append check refuses the second writer, and ``App.handle`` decides again or says so.

The processes are started by the many-process benchmark's driver
(``benchmarks/many_processes.py``); what they stored is checked here, from the database. No
timing is asserted (the benchmark measures throughput).
"""

from __future__ import annotations

from collections import Counter

import pytest
from benchmarks.many_processes import (
    Plan,
    Report,
    run_processes,
    servers,
    sharded_plans,
    throughput,
)

from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.store.base import dump_json
from scenekeeper.store.chain import GENESIS, stored_hash
from scenekeeper.store.postgres import PostgresStore

pytestmark = pytest.mark.postgres

TABLES = 300
SHARDS = 8
CONTESTED = 6
Said = tuple[int, str]


def check_stored(url: str, schema: str, reports: list[Report]) -> dict[tuple[str, int], Said]:
    """Every acknowledged command stored exactly once and nothing else; gapless seqs and a
    sound hash chain at every table (each replayed whole, as ``scenekeeper check`` does). What
    is stored: (table id, command_seq) -> (how many events, the command as typed)."""
    acked_list = [
        (table, seq, (count, text)) for r in reports for table, seq, count, text in r.acked
    ]
    acked = {(table, seq): said for table, seq, said in acked_list if said[0]}
    assert len(acked) == len([a for a in acked_list if a[2][0]]), "a command acknowledged twice"
    stored: dict[tuple[str, int], Said] = {}
    store = PostgresStore(url, schema)
    app = App(store, SeededDice(0), build_registry())
    try:
        for table_id in store.tables():
            records = store.read(table_id)  # the store checks the chain as it reads
            assert [r.seq for r in records] == list(range(1, len(records) + 1)), table_id
            prev = GENESIS
            for record in records:
                text = dump_json(record.data, "data")  # as stored: a json column keeps it
                assert record.hash == stored_hash(prev, record, text), (table_id, record.seq)
                prev = record.hash
                count, text = stored.get((table_id, record.command_seq), (0, record.command))
                assert text == record.command
                stored[(table_id, record.command_seq)] = (count + 1, text)
            assert app.check(table_id).ok, app.check(table_id).line()
    finally:
        app.close()
    lost = sorted(set(acked) - set(stored))
    unacknowledged = sorted(set(stored) - set(acked))
    assert not lost, f"acknowledged but not stored: {lost[:5]}"
    assert not unacknowledged, f"stored but never acknowledged: {unacknowledged[:5]}"
    assert stored == acked  # the same commands, each with the same number of events
    labelled = Counter(text for _count, text in stored.values() if "label:" in text)
    assert all(n == 1 for n in labelled.values()), "a command stored twice"
    return stored


@pytest.mark.parametrize("processes", [2, 4])
def test_processes_owning_shard_ranges_lose_nothing(
    postgres_url: str, postgres_schema: str, processes: int
) -> None:
    PostgresStore(postgres_url, postgres_schema).close()  # the schema, made before they start
    plans = sharded_plans(
        postgres_url, postgres_schema, processes, TABLES, commands=3, shard_count=SHARDS, workers=4
    )
    reports = run_processes(plans)

    every = {s.table_id: s.guild for s in servers(TABLES)}
    claimed = [t for r in reports for t in r.tables]
    assert sorted(claimed) == sorted(every), "every table claimed by exactly one process"
    for plan, report in zip(plans, reports, strict=True):
        assert plan.shard_ids is not None
        assert report.tables, f"{plan.name} owns no table"
        assert all((every[t] >> 22) % SHARDS in plan.shard_ids for t in report.tables)
    assert [r.refused for r in reports] == [[]] * processes
    assert sum(r.conflicts for r in reports) == 0  # no two writers at one table
    assert sum(len(r.acked) for r in reports) == TABLES * 3
    stored = check_stored(postgres_url, postgres_schema, reports)
    assert sum(count for count, _text in stored.values()) == TABLES * 3
    print(f"{processes} processes: {throughput(reports):,.0f} commands/s (not asserted)")


def test_two_processes_claiming_the_same_tables_lose_nothing(
    postgres_url: str, postgres_schema: str
) -> None:
    PostgresStore(postgres_url, postgres_schema).close()
    contested = tuple(servers(CONTESTED))
    # Both run every shard (no shard settings): both write every table, at the same moments.
    plans = [
        Plan(f"w{n}", postgres_url, postgres_schema, None, None, contested, 30, 3, seed=n + 1)
        for n in range(2)
    ]
    reports = run_processes(plans)

    assert all(sorted(r.tables) == sorted(s.table_id for s in contested) for r in reports)
    assert sum(r.conflicts for r in reports) > 0, "the two processes never raced"
    for report in reports:
        for _table, line, error in report.refused:
            # The other's game is there already, its undo came first, or the race was lost
            # twice and the person told to send it again.
            assert line.startswith(("/game new", "/undo")) or "at the same moment" in error
    stored = check_stored(postgres_url, postgres_schema, reports)
    refused = {line for r in reports for _t, line, _e in r.refused if "label:" in line}
    assert not refused & {text for _count, text in stored.values()}, "a refused roll stored"
    acked = sum(len(r.acked) for r in reports)
    print(
        f"contested: {acked} acknowledged, {sum(len(r.refused) for r in reports)} refused, "
        f"{sum(r.conflicts for r in reports)} append conflicts"
    )
