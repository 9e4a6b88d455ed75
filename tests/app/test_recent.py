"""``/history`` from the events this process just stored (app/recent.py): the same answer as
read from the store, without the read, and a read whenever the kept events do not reach."""

from __future__ import annotations

from collections.abc import Sequence

from scenekeeper.app.recent import RecentEvents
from scenekeeper.store.base import EventRecord
from scenekeeper.store.memory import MemoryStore
from tests.support import TableDriver, make_app


class CountingStore(MemoryStore):
    def __init__(self) -> None:
        super().__init__()
        self.reads = 0

    def read(self, table_id: str, after: int = 0, upto: int | None = None) -> Sequence[EventRecord]:
        self.reads += 1
        return super().read(table_id, after=after, upto=upto)


def _played(driver: TableDriver) -> None:
    driver.do("/game new system:cortex name:Recent")
    driver.do("/game join", "ana")
    driver.do("/char new name:Ada owner:ana")
    driver.do("/char set character:Ada trait:Agility die:d8 set:Attributes")
    for n in range(8):
        driver.do("/roll pool:Agility", "ana")
        driver.do(f'/roll dice:2d6 results:"{n % 6 + 1} 2" label:try{n}', "ana")
    driver.do("/undo count:2")
    driver.do("/redo")


def test_history_from_the_kept_events_reads_as_from_the_store() -> None:
    store = CountingStore()
    driver = TableDriver(app=make_app(store))
    _played(driver)
    reads = store.reads
    for count in (1, 5, 10):
        kept = driver.do(f"/history count:{count}")
        assert store.reads == reads  # answered from what this process stored
        # A fresh process on the same store has nothing kept: it reads, and says the same.
        fresh = TableDriver(app=make_app(store)).do(f"/history count:{count}")
        assert store.reads > reads
        reads = store.reads
        assert kept.reply.text == fresh.reply.text
        assert kept.reply.data == fresh.reply.data


def test_history_past_the_kept_events_reads_the_store() -> None:
    store = CountingStore()
    driver = TableDriver(app=make_app(store))
    _played(driver)
    for n in range(30):
        driver.do(f'/roll dice:d6 results:"{n % 6 + 1}" label:more{n}', "ana")
    reads = store.reads
    whole = driver.do("/history count:50")
    assert store.reads > reads  # 48 events kept, 50 commands asked for: read
    fresh = TableDriver(app=make_app(store)).do("/history count:50")
    assert whole.reply.text == fresh.reply.text


def test_another_process_writing_is_read_not_taken_from_the_kept_events() -> None:
    store = MemoryStore()
    here = TableDriver(app=make_app(store))
    _played(here)
    there = TableDriver(app=make_app(store))
    there.do('/roll dice:d6 results:"6" label:elsewhere', "ana")
    # Here the table is behind: its next command meets the other write, catches up and runs.
    here.do('/roll dice:d6 results:"1" label:here', "ana")
    lines = here.do("/history count:3").reply.text
    assert "elsewhere" in " ".join(lines)
    assert "label:here" in lines[-1]


def test_a_gap_starts_the_kept_events_again() -> None:
    recent = RecentEvents(tables=2, events=4)
    driver = TableDriver()
    _played(driver)
    envelopes = list(driver.app._history("t1", 0, driver.app.table("t1").seq))
    recent.stored("t", envelopes[:3])
    assert recent.after("t", 0, 3) == envelopes[:3]
    recent.stored("t", envelopes[4:6])  # #4 never seen here: only #5 and #6 are kept
    assert recent.after("t", 0, 6) is None
    assert recent.after("t", 4, 6) == envelopes[4:6]
    recent.stored("t", envelopes[6:9])
    assert recent.after("t", 5, 9) == envelopes[5:9]  # four kept, the oldest let go
    assert recent.after("t", 4, 9) is None
    recent.stored("u", envelopes[:1])
    recent.stored("v", envelopes[:1])  # two tables kept: "t", written longest ago, goes
    assert recent.after("t", 5, 9) is None


def test_a_table_caught_up_with_another_process_reads_what_it_did_not_store() -> None:
    store = MemoryStore()
    here = TableDriver(app=make_app(store))
    _played(here)
    there = TableDriver(app=make_app(store))
    there.do('/roll dice:d6 results:"6" label:elsewhere', "ana")
    here.app.table("t1")  # a fresh look (as the bot's table lookup does) catches up
    lines = here.do("/history count:2").reply.text
    assert "label:elsewhere" in lines[-1]  # not answered from the events kept here
