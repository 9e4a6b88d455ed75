"""Event base type, the registry of stored type names, and decoding with upcasting.

Stored type names are explicit versioned strings (``"table.created@1"``), never Python import
paths, so classes can move and be renamed without touching stored history. An event whose
shape changes gets a new version; an upcaster turns the old stored data into the new shape on
read (old history is never rewritten).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import pydantic

from scenekeeper.engine.errors import CorruptHistory

_TYPE_NAME = re.compile(r"[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+@[1-9][0-9]*")
_RESERVED_FIELDS = frozenset({"type", "seq"})


class Event(pydantic.BaseModel):
    """Something that happened at a table, in the past tense, with every fact needed to replay
    it (including every die face), so replay never rolls or asks anything again."""

    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    type_name: ClassVar[str] = ""
    #: ``False`` for events that start a history afresh (a table created): undo stops there.
    undoable: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Abstract intermediates leave type_name empty; concrete events register themselves.
        if cls.__dict__.get("type_name"):
            _register(cls)

    def describe(self) -> str:
        """One line for /history."""
        return self.type_name

    def to_data(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


_EVENTS: dict[str, type[Event]] = {}
_UPCASTERS: dict[str, Callable[[Mapping[str, Any]], tuple[str, dict[str, Any]]]] = {}


def _register(cls: type[Event]) -> None:
    name = cls.type_name
    if not _TYPE_NAME.fullmatch(name):
        raise TypeError(f"{cls.__name__}: type name {name!r} must look like 'game.thing_done@1'")
    if name in _EVENTS and _EVENTS[name] is not cls:
        raise TypeError(f"{cls.__name__}: type name {name!r} is already {_EVENTS[name].__name__}")
    clash = _RESERVED_FIELDS & set(cls.__annotations__)
    if clash:
        raise TypeError(f"{cls.__name__}: field names {sorted(clash)} are reserved for envelopes")
    _EVENTS[name] = cls


def upcaster(
    old_type: str,
) -> Callable[
    [Callable[[Mapping[str, Any]], tuple[str, dict[str, Any]]]],
    Callable[[Mapping[str, Any]], tuple[str, dict[str, Any]]],
]:
    """Register a function turning stored ``old_type`` data into ``(newer_type, data)``."""

    def register(
        fn: Callable[[Mapping[str, Any]], tuple[str, dict[str, Any]]],
    ) -> Callable[[Mapping[str, Any]], tuple[str, dict[str, Any]]]:
        if old_type in _UPCASTERS:
            raise TypeError(f"an upcaster for {old_type!r} is already registered")
        _UPCASTERS[old_type] = fn
        return fn

    return register


def event_types() -> Mapping[str, type[Event]]:
    return dict(_EVENTS)


def decode_event(type_name: str, data: Mapping[str, Any]) -> Event:
    """Rebuild an event from its stored type name and data, upgrading old versions first."""
    seen = set()
    while type_name not in _EVENTS and type_name in _UPCASTERS:
        if type_name in seen:
            raise CorruptHistory(f"upcasters for {type_name!r} loop")
        seen.add(type_name)
        type_name, data = _UPCASTERS[type_name](data)
    cls = _EVENTS.get(type_name)
    if cls is None:
        raise CorruptHistory(f"unknown event type {type_name!r}")
    try:
        return cls.model_validate(dict(data))
    except pydantic.ValidationError as error:
        raise CorruptHistory(f"invalid {type_name} data: {_first_error(error)}") from None


def _first_error(error: pydantic.ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "(event)"
    return f"{where}: {first['msg']}"


@dataclass(frozen=True)
class Envelope:
    """An event as stored: its place in the table's history and who caused it."""

    seq: int
    event: Event
    actor: str
    time: str
    command_seq: int
    command: str = ""

    @property
    def starts_command(self) -> bool:
        return self.seq == self.command_seq


def envelope_to_json(envelope: Envelope) -> dict[str, Any]:
    return {
        "seq": envelope.seq,
        "type": envelope.event.type_name,
        "data": envelope.event.to_data(),
        "actor": envelope.actor,
        "time": envelope.time,
        "command_seq": envelope.command_seq,
        "command": envelope.command,
    }


def envelope_from_json(data: Mapping[str, Any]) -> Envelope:
    """Rebuild an envelope from ``envelope_to_json`` output (CorruptHistory if malformed)."""
    try:
        seq, actor, time = int(data["seq"]), str(data["actor"]), str(data["time"])
        command_seq, command = int(data["command_seq"]), str(data.get("command", ""))
        type_name, payload = str(data["type"]), data["data"]
    except (KeyError, TypeError, ValueError) as error:
        raise CorruptHistory(f"malformed event record ({error})") from None
    if not isinstance(payload, Mapping):
        raise CorruptHistory(f"event #{seq}: data must be an object")
    return Envelope(
        seq=seq,
        event=decode_event(type_name, payload),
        actor=actor,
        time=time,
        command_seq=command_seq,
        command=command,
    )
