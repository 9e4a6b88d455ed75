"""``/history`` from the events this process just stored (app/recent.py): the same answer as
read from the store, without the read, and a read whenever the kept events do not reach."""

from __future__ import annotations

from collections.abc import Sequence

from scenekeeper.app.recent import RecentEvents
from scenekeeper.engine.aggregate import Undone
from scenekeeper.engine.events import Envelope
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


def test_a_table_keeps_its_newest_48_events_and_no_more() -> None:
    store = CountingStore()
    driver = TableDriver(app=make_app(store))
    driver.do("/game new system:generic name:Count")  # event #1
    for n in range(47):
        driver.do(f'/roll dice:d6 results:"{n % 6 + 1}" label:r{n}')
    assert driver.app.table("t1").seq == 48
    reads = store.reads
    driver.do("/history count:30")  # from the first event: all 48 kept
    assert store.reads == reads
    driver.do('/roll dice:d6 results:"6" label:last')  # #49: #1 is let go
    driver.do("/history count:30")
    assert store.reads > reads


def test_a_history_read_from_the_store_is_kept_for_the_next_look() -> None:
    store = CountingStore()
    _played(TableDriver(app=make_app(store)))
    restarted = TableDriver(app=make_app(store))  # a new process: nothing kept
    reads = store.reads
    first = restarted.do("/history count:10")
    assert store.reads > reads  # read once ...
    reads = store.reads
    again = restarted.do("/history count:10")
    assert store.reads == reads  # ... and kept: the second look reads nothing
    assert again.reply.text == first.reply.text
    restarted.do('/roll dice:d6 results:"3" label:after', "ana")
    newest = restarted.do("/history count:2")
    assert store.reads == reads  # what it stored since follows on from what it read
    assert "label:after" in newest.reply.text[-1]


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


def _envelopes(first: int, last: int) -> list[Envelope]:
    return [
        Envelope(
            seq=seq,
            event=Undone(target_seq=1, command=f"/roll dice:d{seq}"),
            actor="gm",
            time="2026-01-01T00:00:00.000Z",
            command_seq=seq,
        )
        for seq in range(first, last + 1)
    ]


def test_the_kept_events_answer_exactly_the_span_they_hold() -> None:
    recent = RecentEvents(tables=1, events=5)
    events = _envelopes(1, 8)
    recent.stored("t", [])  # nothing stored: nothing kept
    assert recent.after("t", 0, 0) is None
    recent.stored("t", events[:3])
    recent.stored("t", events[3:8])  # follows on: #4-#8 kept, #1-#3 let go (five a table)
    assert recent.after("t", 3, 8) == events[3:8]  # from just after #3: #4 on, all kept
    assert recent.after("t", 2, 8) is None  # #3 is not kept
    assert recent.after("t", 7, 8) == events[7:8]
    assert recent.after("t", 8, 8) == []  # nothing after the head
    assert recent.after("t", 3, 7) is None  # the head is #8: a span ending before it is read
    assert recent.after("u", 0, 1) is None
    recent.forget("t")
    assert recent.after("t", 7, 8) is None
    recent.forget("w")  # never kept: nothing to forget, and no error


def test_events_that_do_not_follow_on_start_the_kept_span_again() -> None:
    recent = RecentEvents(tables=1, events=10)
    events = _envelopes(1, 6)
    recent.stored("t", events[:3])
    recent.stored("t", events[2:4])  # #3 again (loaded since): only #3 and #4 are kept
    assert recent.after("t", 2, 4) == events[2:4]
    assert recent.after("t", 1, 4) is None
    recent.stored("t", events[4:6])
    assert recent.after("t", 2, 6) == events[2:6]


def test_at_least_one_table_keeps_its_events_and_only_the_most_recent_ones() -> None:
    recent = RecentEvents(tables=0)
    events = _envelopes(1, 2)
    recent.stored("a", events)
    assert recent.after("a", 0, 2) == events
    recent.stored("b", events)
    assert recent.after("a", 0, 2) is None
    assert recent.after("b", 0, 2) == events
    two = RecentEvents(tables=2)
    two.stored("a", events[:1])
    two.stored("b", events[:1])
    two.stored("a", events[1:])  # "a" written again: "b" is now the one written longest ago
    two.stored("c", events[:1])
    assert two.after("a", 0, 2) == events
    assert two.after("c", 0, 1) == events[:1]
    assert two.after("b", 0, 1) is None
