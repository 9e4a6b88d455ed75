"""A table's stored records and the engine's envelopes, one to the other (the store keeps
records: plain fields and the event's data; the engine folds envelopes: typed events), and the
envelopes a command's decision makes."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from scenekeeper.app.clock import stamp
from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.commands import Decision
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Envelope, Event, decode_event
from scenekeeper.engine.parse import Invocation
from scenekeeper.engine.state import Person
from scenekeeper.store.base import EventRecord, JsonObject


def decision_envelopes(
    table: Table,
    actor: Person,
    invocation: Invocation,
    decision: Decision,
    clock: Callable[[], datetime],
) -> list[Envelope]:
    """The envelopes of what ``decision`` records at ``table``: its events numbered on from
    the table's head and stamped by ``clock`` (read only when there are events), or the
    recorded envelopes an import brings (which must follow on from it)."""
    first = table.seq + 1
    if decision.recorded:
        if [e.seq for e in decision.recorded] != list(range(first, first + len(decision.recorded))):
            raise Refusal("The imported events do not follow on from this table's history.")
        return list(decision.recorded)
    if not decision.events:
        return []
    time = stamp(clock())
    return [
        Envelope(
            seq=first + i,
            event=event,
            actor=actor.id,
            time=time,
            command_seq=first,
            command=invocation.text,
        )
        for i, event in enumerate(decision.events)
    ]


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
