"""A table's stored records and the engine's envelopes, one to the other (the store keeps
records: plain fields and the event's data; the engine folds envelopes: typed events)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenekeeper.engine.events import Envelope, Event, decode_event
from scenekeeper.store.base import EventRecord, JsonObject


def record_from_envelope(table_id: str, envelope: Envelope) -> EventRecord:
    return EventRecord(
        table_id=table_id,
        seq=envelope.seq,
        type=envelope.event.type_name,
        data=_data(envelope.event),
        actor=envelope.actor,
        time=envelope.time,
        command_seq=envelope.command_seq,
        command=envelope.command,
    )


def envelope_from_record(record: EventRecord) -> Envelope:
    return Envelope(
        seq=record.seq,
        event=decode_event(record.type, record.data),
        actor=record.actor,
        time=record.time,
        command_seq=record.command_seq,
        command=record.command,
    )


def _data(event: Event) -> Mapping[str, Any]:
    """The event's data for the store: its JSON text made once (kept as is), or the mapping
    when pydantic cannot encode it (the store then refuses it in its own words)."""
    text = event.to_text()
    return event.to_data() if text is None else JsonObject(text)
