"""An event's data is encoded once, by pydantic (``Event.to_text``), and the store keeps that
text as it is (``JsonObject``): it must be the very text the store makes of ``to_data()``, so a
history hashes and exports as it did when the store encoded every event itself (issue 36)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scenekeeper.app.records import envelope_from_record, record_from_envelope
from scenekeeper.engine.core.events import DiceRolled, RolledDie
from scenekeeper.engine.events import Envelope
from scenekeeper.store.base import EventRecord, JsonObject, StoreError, dump_json
from scenekeeper.store.memory import MemoryStore
from tests.test_transcripts import TRANSCRIPTS, played_app


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_every_event_of_every_transcript_is_the_text_the_store_made(path: Path) -> None:
    app = played_app(path)
    checked = 0
    for table_id in app.store.tables():
        for record in app.store.read(table_id):
            event = envelope_from_record(record).event
            text = event.to_text()
            assert text == dump_json(event.to_data(), "data")
            assert JsonObject(text) == record.data
            # What the engine made without validating (``Frozen.trusted``) is what validating
            # its text makes: every value was already of its field's type.
            again = type(event).model_validate_json(text)
            assert again == event
            assert again.to_text() == text
            checked += 1
    assert checked


def _rolled(secret: bool) -> Envelope:
    event = _dice(secret=secret)
    return Envelope(seq=1, event=event, actor="gm", time="2026-11-29T10:00:00Z", command_seq=1)


def test_a_field_added_later_is_written_only_when_it_differs_from_its_default() -> None:
    assert '"secret"' not in (_rolled(False).event.to_text() or "")
    assert '"secret":true' in (_rolled(True).event.to_text() or "")
    stored = record_from_envelope("t", _rolled(True))
    assert isinstance(stored.data, JsonObject)
    assert stored.data == _rolled(True).event.to_data()


def test_the_store_keeps_the_text_it_was_given_and_reads_it_back() -> None:
    store = MemoryStore()
    text = '{"b":1,"a":"é"}'
    store.append("t", 0, [_record(JsonObject(text))])
    (back,) = store.read("t")
    assert back.data == {"b": 1, "a": "é"}
    assert list(back.data) == ["b", "a"]
    assert back.hash == store.read("t")[0].hash


def test_given_text_is_checked_like_any_data() -> None:
    store = MemoryStore()
    with pytest.raises(StoreError, match="NUL"):
        store.append("t", 0, [_record(JsonObject('{"a":"x\\u0000"}'))])
    with pytest.raises(StoreError, match="not storable"):
        store.append("t", 0, [_record(JsonObject('{"a":"\ud800"}'))])
    assert store.read("t") == []


def test_an_event_pydantic_cannot_encode_is_refused_by_the_store_in_its_words() -> None:
    event = _dice(label="x\ud800")
    assert event.to_text() is None
    envelope = Envelope(seq=1, event=event, actor="gm", time="t", command_seq=1)
    with pytest.raises(StoreError, match="not storable as JSON"):
        MemoryStore().append("t", 0, [record_from_envelope("t", envelope)])


def test_the_mapping_is_decoded_only_when_read() -> None:
    given = JsonObject('{"a":[1,2]}')
    assert given._decoded is None
    assert given["a"] == [1, 2]
    assert len(given) == 1
    assert given == {"a": [1, 2]}
    assert "JsonObject" in repr(given)


def _dice(*, secret: bool = False, label: str = "") -> DiceRolled:
    die = RolledDie(sides=6, face=4)
    return DiceRolled(expression="d6", dice=(die,), total=4, by="gm", label=label, secret=secret)


def _record(data: JsonObject) -> EventRecord:
    return EventRecord(
        table_id="t", seq=1, type="x.y@1", data=data, actor="a", time="t", command_seq=1
    )
