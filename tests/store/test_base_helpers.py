"""The helpers every backend shares: JSON encoding and password redaction."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from types import MappingProxyType

import pytest

from scenekeeper.store import StoreError
from scenekeeper.store.base import (
    AppendConflict,
    EventRecord,
    Snapshot,
    check_batch,
    check_snapshot,
    dump_json,
    now_iso,
    redact_url,
)
from scenekeeper.store.memory import MemoryStore


def test_dump_json_is_compact_and_keeps_unicode() -> None:
    assert dump_json({"a": [1, "é"], "b": MappingProxyType({"c": None})}, "x") == (
        '{"a":[1,"é"],"b":{"c":null}}'
    )


@pytest.mark.parametrize("text", ["\\u0000", "a\\\\u0000", 'say "\\u0000"'])
def test_escaped_backslashes_are_not_mistaken_for_nul(text: str) -> None:
    # The Python strings hold a literal backslash followed by "u0000": storable text.
    assert dump_json({"t": text}, "x")


@pytest.mark.parametrize(
    "value", [{"t": "\x00"}, {"t": "\\\x00"}, {"k": [{"deep": "x\x00"}]}, {"x\x00": 1}]
)
def test_nul_characters_are_refused(value: dict[str, object]) -> None:
    with pytest.raises(StoreError, match="NUL"):
        dump_json(value, "x")


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://u:secret@h:5432/db", "postgresql://u:***@h:5432/db"),
        ("postgresql://u@h/db", "postgresql://u@h/db"),
        ("postgres://:secret@h/db", "postgres://:***@h/db"),
        ("postgresql://u:p%40ss@h/db?sslmode=require", "postgresql://u:***@h/db?sslmode=require"),
        ("postgresql://h/db?user=u&password=secret", "postgresql://h/db?user=u&password=***"),
        ("host=h password=secret dbname=db", "host=h password=*** dbname=db"),
        ("host=h password = 'sec ret' dbname=db", "host=h password = *** dbname=db"),
        ("host=h password=sec ret dbname=db", "host=h password=*** dbname=db"),
        ("host=h password=sec ret", "host=h password=***"),
        # An unescaped @ or : in the password: all of it is hidden, and the host kept.
        ("postgresql://u:p@ss@h/db", "postgresql://u:***@h/db"),
        ("postgresql://u:pa:ss@h/db", "postgresql://u:***@h/db"),
        # Empty parameters stay as they were.
        ("postgresql://h/db?sslmode=&password=x", "postgresql://h/db?sslmode=&password=***"),
        # A URL that cannot be read is not shown at all (it may hold a password).
        ("postgresql://u:secret@[::1/db", "<unparsable URL>"),
    ],
)
def test_redact_url_hides_the_password(url: str, shown: str) -> None:
    assert redact_url(url) == shown


def test_the_chain_hashes_are_the_documented_definitions() -> None:
    """docs/store.md: sha256(previous hash, a newline, then the event as stored -- its fields
    around its data's text as written); before 0.3, the same over its canonical JSON."""
    import hashlib  # noqa: PLC0415 -- only this test

    from scenekeeper.store.base import EventRecord  # noqa: PLC0415
    from scenekeeper.store.chain import GENESIS, event_hash, stored_hash  # noqa: PLC0415

    record = EventRecord("t", 1, "x.y@1", {"b": 1, "a": "é"}, "ana", "T", 1, "/c")
    text = '{"b":1,"a":"é"}'
    as_stored = f'[1,"x.y@1",{text},"ana","T",1,"/c"]'
    assert (
        stored_hash(GENESIS, record, text) == hashlib.sha256(b"\n" + as_stored.encode()).hexdigest()
    )
    canonical = '[1,"x.y@1",{"a":"é","b":1},"ana","T",1,"/c"]'
    assert event_hash("abc", record) == hashlib.sha256(b"abc\n" + canonical.encode()).hexdigest()


def record(**change: object) -> EventRecord:
    fields: dict[str, object] = {
        "table_id": "t",
        "seq": 1,
        "type": "x.y@1",
        "data": {},
        "actor": "ana",
        "time": "T",
        "command_seq": 1,
    }
    return EventRecord(**{**fields, **change})  # type: ignore[arg-type]


def batch_refusal(table_id: object, expected_seq: object, *events: EventRecord) -> str:
    with pytest.raises(StoreError) as raised:
        check_batch(table_id, expected_seq, events)  # type: ignore[arg-type]
    return str(raised.value)


def test_a_batch_refused_says_what_is_wrong() -> None:
    assert batch_refusal(7, 0) == "table id must be a string, not int"
    assert batch_refusal("t\x00", 0) == (
        "table id contains a NUL character, which the store cannot keep"
    )
    assert batch_refusal("t", "0") == "expected_seq must be an integer >= 0, not '0'"
    assert batch_refusal("t", 0, record(table_id="u")) == (
        "event 1 of the batch is for table 'u', not 't'"
    )
    assert batch_refusal("t", 0, record(), record(seq=3)) == (
        "table 't': event 2 of the batch has seq 3, expected 2 (seqs follow on from "
        "expected_seq with no gaps)"
    )
    assert batch_refusal("t", 4, record(seq=5, command_seq="5")) == (
        "event seq 5: command_seq must be an integer"
    )
    assert batch_refusal("t", 0, record(type=7)) == "event seq 1: type must be a string, not int"
    assert batch_refusal("t", 0, record(actor="a\x00")) == (
        "event seq 1: actor contains a NUL character, which the store cannot keep"
    )


@pytest.mark.parametrize("command_seq", [-(2**63), -127, 2**63 - 1])
def test_a_seq_is_any_signed_64_bit_integer(command_seq: int) -> None:
    check_batch("t", 0, [record(command_seq=command_seq)])


@pytest.mark.parametrize("command_seq", [-(2**63) - 1, 2**63, True])
def test_a_seq_past_64_bits_is_refused(command_seq: int) -> None:
    assert batch_refusal("t", 0, record(command_seq=command_seq)) == (
        "event seq 1: command_seq must be an integer"
    )


def snapshot_refusal(snapshot: Snapshot) -> str:
    with pytest.raises(StoreError) as raised:
        check_snapshot(snapshot)
    return str(raised.value)


def test_a_snapshot_refused_says_what_is_wrong() -> None:
    assert check_snapshot(Snapshot("t", 0, "v1", {"a": 1})) == '{"a":1}'
    assert snapshot_refusal(Snapshot(7, 1, "v1")) == (  # type: ignore[arg-type]
        "snapshot table id must be a string, not int"
    )
    assert snapshot_refusal(Snapshot("t", 1, "v\x00")) == (
        "snapshot version contains a NUL character, which the store cannot keep"
    )
    assert snapshot_refusal(Snapshot("t", -1, "v1")) == (
        "snapshot seq must be an integer >= 0, not -1"
    )
    assert snapshot_refusal(Snapshot("t", 1.0, "v1")) == (  # type: ignore[arg-type]
        "snapshot seq must be an integer >= 0, not 1.0"
    )
    assert snapshot_refusal(Snapshot("t", 1, "v1", {"x": object()})) == (
        "snapshot state of table 't' is not storable as JSON: object is not JSON serializable"
    )


def test_data_that_is_not_an_object_is_refused_by_name() -> None:
    with pytest.raises(StoreError) as raised:
        dump_json([1], "event data")  # type: ignore[arg-type]
    assert str(raised.value) == "event data must be a JSON object (a mapping), not list"


def test_a_stale_append_names_the_table_and_both_heads() -> None:
    store = MemoryStore()
    store.append("t", 0, [record(), record(seq=2)])
    with pytest.raises(AppendConflict) as raised:
        store.append("t", 1, [record(seq=2)])
    assert str(raised.value) == "table 't': expected head 1, found 2"


def test_openings_are_recorded_in_utc_whatever_the_machines_zone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TZ", "Asia/Kathmandu")  # UTC+05:45: never the same wall clock
    time.tzset()
    try:
        before = datetime.now(UTC).replace(microsecond=0, tzinfo=None)
        now = datetime.strptime(now_iso(), "%Y-%m-%dT%H:%M:%SZ")
        assert before <= now <= before + timedelta(seconds=2)
    finally:
        monkeypatch.undo()
        time.tzset()
