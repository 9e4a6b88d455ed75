"""Event base type, the registry of stored type names, and decoding with upcasting.

Stored type names are explicit versioned strings (``"table.created@1"``), never Python import
paths, so classes can move and be renamed without touching stored history. An event whose
shape changes gets a new version; an upcaster turns the old stored data into the new shape on
read (old history is never rewritten).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import pydantic

from scenekeeper.engine.errors import CorruptHistory
from scenekeeper.engine.frozen import Frozen

if TYPE_CHECKING:
    from scenekeeper.engine.state import TableMeta

_TYPE_NAME = re.compile(r"[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+@[1-9][0-9]*")
_RESERVED_FIELDS = frozenset({"type", "seq"})


class Event(Frozen):
    """Something that happened at a table, in the past tense, with every fact needed to replay
    it (including every die face), so replay never rolls or asks anything again."""

    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    type_name: ClassVar[str] = ""
    #: ``False`` for events that start a history afresh (a table created): undo stops there.
    undoable: ClassVar[bool] = True
    #: Fields added after histories could hold the event, written only when they differ from
    #: their default: an event that does not use them reads, hashes and exports as it always did.
    added_fields: ClassVar[frozenset[str]] = frozenset()
    #: The fields a sealed choice keeps (a NoDice commit's card and bid): an export withholds
    #: them where the choice was never revealed (``engine.withheld``). Empty: nothing withheld.
    secret_fields: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Abstract intermediates leave type_name empty; concrete events register themselves.
        if cls.__dict__.get("type_name"):
            _register(cls)

    def describe(self) -> str:
        """One line for /history."""
        return self.type_name

    def sealed(self) -> bool:
        """Whether the event holds something not everyone at the table may see (a GM's secret
        roll, a sealed bid): its data then goes only where ``visible_to`` allows."""
        return False

    def visible_to(self, meta: TableMeta, viewer: str, actor: str) -> bool:
        """Whether ``viewer`` may read what the event holds (``actor`` made it). A sealed event
        is its maker's alone unless the event says otherwise (a GM's secret roll: GMs too)."""
        del meta
        return not self.sealed() or viewer == actor

    def describe_sealed(self) -> str:
        """What the table reads of a sealed event (its /history line for everyone else)."""
        return "something was sealed"

    def to_data(self) -> dict[str, Any]:
        data = self.model_dump(mode="json")
        for name in self.added_fields:
            if name in data and data[name] == type(self).model_fields[name].default:
                del data[name]
        return data

    def to_text(self) -> str | None:
        """``to_data()`` as compact JSON text, made in one step by pydantic's own encoder (the
        same text the store makes of ``to_data()``, in a third of the time: issue 36); None
        when it cannot be encoded (a lone surrogate), so the store refuses the data in its own
        words."""
        dropped = None
        added = _ADDED_DEFAULTS.get(type(self))
        if added is None:
            added = _added_defaults(type(self))
        if added:
            values = self.__dict__
            dropped = {name for name, default in added if values[name] == default} or None
        try:
            return self.model_dump_json(exclude=dropped)
        except ValueError:  # pydantic_core's PydanticSerializationError
            return None


#: An event class's added fields with their defaults (``Event.added_fields``), by class: read
#: for every event stored (issue 36: looked up field by field, they cost half the encoding).
_ADDED_DEFAULTS: dict[type[Event], tuple[tuple[str, Any], ...]] = {}


def _added_defaults(cls: type[Event]) -> tuple[tuple[str, Any], ...]:
    fields = cls.model_fields
    added = _ADDED_DEFAULTS[cls] = tuple(
        (name, fields[name].default) for name in sorted(cls.added_fields)
    )
    return added


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


#: Called with a type name nobody registered; True if it loaded something that might have
#: (``engine.systems`` imports the game the name's prefix names).
_LOAD_UNKNOWN: list[Callable[[str], bool]] = []


def on_unknown_type(load: Callable[[str], bool]) -> None:
    _LOAD_UNKNOWN[:] = [load]


def event_types() -> Mapping[str, type[Event]]:
    return dict(_EVENTS)


def decode_event(type_name: str, data: Mapping[str, Any], *, strict: bool = False) -> Event:
    """Rebuild an event from its stored type name and data, upgrading old versions first.

    ``strict`` (for files from outside, /game import) takes every value as JSON gives it, with
    no conversion: ``"2"``, ``2.0`` or ``true`` is not the integer 2."""
    if type_name not in _EVENTS and type_name not in _UPCASTERS:
        for load in _LOAD_UNKNOWN:
            load(type_name)
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
        if strict:
            return cls.model_validate_json(json.dumps(dict(data)), strict=True)
        return cls.model_validate(dict(data))
    except (TypeError, ValueError) as error:
        if not isinstance(error, pydantic.ValidationError):
            raise CorruptHistory(f"invalid {type_name} data: it is not JSON") from None
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


_ENVELOPE_FIELDS = {
    "seq": int,
    "type": str,
    "data": dict,
    "actor": str,
    "time": str,
    "command_seq": int,
    "command": str,
}
#: The longest an actor id or a time may be (Discord ids are 20 digits; an ISO time is 30).
_MAX_ID = 100


def envelope_from_json(data: object) -> Envelope:
    """Rebuild an envelope from ``envelope_to_json`` output, taking nothing on trust: every field
    present with exactly its JSON type (CorruptHistory naming the first that is not)."""
    if not isinstance(data, Mapping):
        raise CorruptHistory(f"an event record must be an object, not {type(data).__name__}")
    where = f"event #{data['seq']}" if type(data.get("seq")) is int else "an event record"
    for name, kind in _ENVELOPE_FIELDS.items():
        value = data.get(name)
        # bool is an int to Python, never to JSON: true is not a seq.
        if type(value) is not kind:
            shown = "missing" if name not in data else f"{type(value).__name__} {value!r:.40}"
            raise CorruptHistory(f"{where}: {name} must be {_JSON_KIND[kind]}, not {shown}")
    unknown = set(data) - set(_ENVELOPE_FIELDS)
    if unknown:
        raise CorruptHistory(f"{where}: unknown field {sorted(unknown)[0]!r}")
    actor, time = data["actor"], data["time"]
    if not actor.strip() or len(actor) > _MAX_ID:
        raise CorruptHistory(f"{where}: actor {actor!r:.40} is not a person's id")
    if len(time) > _MAX_ID:
        raise CorruptHistory(f"{where}: time is not a time")
    return Envelope(
        seq=data["seq"],
        event=decode_event(data["type"], data["data"], strict=True),
        actor=actor,
        time=time,
        command_seq=data["command_seq"],
        command=data["command"],
    )


_JSON_KIND = {int: "a whole number", str: "text", dict: "an object"}
