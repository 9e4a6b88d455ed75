"""Records beside the tables (store/records.py): the newest write is the record, read only in
the format it was written in."""

from __future__ import annotations

from scenekeeper.store.memory import MemoryStore
from scenekeeper.store.records import read_record, write_record


def test_the_newest_write_is_the_record_and_another_format_reads_as_none() -> None:
    store = MemoryStore()
    assert read_record(store, "web:server", "v@1") is None
    write_record(store, "web:server", "v@1", {"url": "http://a"})
    write_record(store, "web:server", "v@1", {"url": "http://b"})
    assert read_record(store, "web:server", "v@1") == {"url": "http://b"}
    assert store.latest_snapshot("web:server").seq == 2  # type: ignore[union-attr]
    assert read_record(store, "web:server", "v@2") is None  # a format this reader does not know
    assert read_record(store, "web:other", "v@1") is None
