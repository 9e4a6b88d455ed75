"""The event registry (``engine.events``): how a game's events declare their stored type names,
how old stored versions are upcast on read, how stored data is decoded (and refused, in words
naming where), and what a sealed event shows to whom."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import pydantic
import pytest

from scenekeeper.engine import events
from scenekeeper.engine.errors import CorruptHistory
from scenekeeper.engine.events import Event, decode_event, upcaster
from scenekeeper.engine.state import TableMeta


@pytest.fixture(autouse=True)
def own_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test registers its own event types in a copy of the registry, gone after it."""
    monkeypatch.setattr(events, "_EVENTS", dict(events._EVENTS))
    monkeypatch.setattr(events, "_UPCASTERS", dict(events._UPCASTERS))
    monkeypatch.setattr(events, "_LOAD_UNKNOWN", [])


def test_a_type_name_must_be_versioned_and_dotted() -> None:
    with pytest.raises(TypeError) as raised:

        class Bad(Event):
            type_name: ClassVar[str] = "thing_done"

    assert str(raised.value) == "Bad: type name 'thing_done' must look like 'game.thing_done@1'"


def test_a_well_formed_type_name_registers_the_class() -> None:
    class Done(Event):
        type_name: ClassVar[str] = "test.thing_done@1"
        n: int

    assert events.event_types()["test.thing_done@1"] is Done
    assert decode_event("test.thing_done@1", {"n": 3}) == Done(n=3)


def test_two_classes_may_not_share_a_type_name() -> None:
    class First(Event):
        type_name: ClassVar[str] = "test.shared@1"

    with pytest.raises(TypeError) as raised:

        class Second(Event):
            type_name: ClassVar[str] = "test.shared@1"

    assert str(raised.value) == "Second: type name 'test.shared@1' is already First"
    assert events.event_types()["test.shared@1"] is First


def test_envelope_field_names_are_reserved() -> None:
    with pytest.raises(TypeError) as raised:

        class Clashing(Event):
            type_name: ClassVar[str] = "test.clashing@1"
            seq: int
            type: str
            name: str

    assert str(raised.value) == ("Clashing: field names ['seq', 'type'] are reserved for envelopes")
    assert "test.clashing@1" not in events.event_types()


class Counted(Event):
    """A stand-in for a game's event, registered only while a test runs (``fresh``)."""

    n: int
    items: tuple[int, ...] = ()


def fresh(name: str, *, sealed: bool = False) -> type[Counted]:
    """A new ``Counted`` event type named ``name``; a sealed one says only that it is."""
    body: dict[str, Any] = {"type_name": name, "__annotations__": {}}
    if sealed:
        body["sealed"] = lambda self: True
    return type("Fresh", (Counted,), body)


def test_an_old_version_is_upcast_on_read() -> None:
    new = fresh("test.counted@2")

    @upcaster("test.counted@1")
    def _one_to_two(data: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
        return "test.counted@2", {"n": data["count"]}

    assert decode_event("test.counted@1", {"count": 4}) == new(n=4)
    assert decode_event("test.counted@2", {"n": 5}) == new(n=5)


def test_upcasts_chain_through_every_version() -> None:
    new = fresh("test.counted@3")
    upcaster("test.counted@1")(lambda data: ("test.counted@2", {"m": data["c"]}))
    upcaster("test.counted@2")(lambda data: ("test.counted@3", {"n": data["m"] + 1}))
    assert decode_event("test.counted@1", {"c": 1}) == new(n=2)


def test_a_second_upcaster_for_one_version_is_refused() -> None:
    first = upcaster("test.counted@1")(lambda data: ("test.counted@2", dict(data)))
    with pytest.raises(TypeError) as raised:
        upcaster("test.counted@1")(lambda data: ("test.counted@3", dict(data)))
    assert str(raised.value) == "an upcaster for 'test.counted@1' is already registered"
    assert events._UPCASTERS["test.counted@1"] is first


def test_upcasters_that_loop_are_damaged_history_not_a_hang() -> None:
    upcaster("test.a@1")(lambda data: ("test.b@1", dict(data)))
    upcaster("test.b@1")(lambda data: ("test.a@1", dict(data)))
    with pytest.raises(CorruptHistory) as raised:
        decode_event("test.a@1", {})
    assert str(raised.value) == "upcasters for 'test.a@1' loop"


def test_an_unknown_type_is_damaged_history() -> None:
    with pytest.raises(CorruptHistory) as raised:
        decode_event("test.nobody_made@1", {"n": 1})
    assert str(raised.value) == "unknown event type 'test.nobody_made@1'"


def test_an_unknown_type_loads_the_game_it_names_first() -> None:
    asked: list[str] = []

    def load(name: str) -> bool:
        asked.append(name)
        fresh("test.late@1")
        return True

    events.on_unknown_type(load)
    assert decode_event("test.late@1", {"n": 2}).n == 2  # type: ignore[attr-defined]
    assert asked == ["test.late@1"]
    # Known types (and old versions with an upcaster) never ask.
    upcaster("test.late@0")(lambda data: ("test.late@1", dict(data)))
    decode_event("test.late@1", {"n": 3})
    decode_event("test.late@0", {"n": 3})
    assert asked == ["test.late@1"]


def refusal(name: str, data: Mapping[str, Any], *, strict: bool = False) -> str:
    with pytest.raises(CorruptHistory) as raised:
        decode_event(name, data, strict=strict)
    return str(raised.value)


def test_stored_data_refused_names_the_field_and_the_problem() -> None:
    fresh("test.counted@1")
    assert refusal("test.counted@1", {}) == "invalid test.counted@1 data: n: Field required"
    assert refusal("test.counted@1", {"n": 1, "items": [1, "x"]}) == (
        "invalid test.counted@1 data: items.1: Input should be a valid integer, unable to "
        "parse string as an integer"
    )


def test_a_refusal_of_the_whole_event_says_so() -> None:
    class Checked(Event):
        type_name: ClassVar[str] = "test.checked@1"
        low: int
        high: int

        @pydantic.model_validator(mode="after")
        def _ordered(self) -> Checked:
            if self.low > self.high:
                raise ValueError("low is above high")
            return self

    assert refusal("test.checked@1", {"low": 3, "high": 1}) == (
        "invalid test.checked@1 data: (event): Value error, low is above high"
    )


def test_stored_data_is_read_with_conversions_but_files_from_outside_are_not() -> None:
    new = fresh("test.counted@1")
    # History this store wrote is read as pydantic reads it ...
    assert decode_event("test.counted@1", {"n": "2"}) == new(n=2)
    # ... but a file from outside (/game import) is taken exactly as JSON gives it.
    assert refusal("test.counted@1", {"n": "2"}, strict=True) == (
        "invalid test.counted@1 data: n: Input should be a valid integer"
    )
    assert decode_event("test.counted@1", {"n": 2}, strict=True) == new(n=2)


def test_data_that_is_not_json_is_refused_in_strict_reading() -> None:
    fresh("test.counted@1")
    assert refusal("test.counted@1", {"n": object()}, strict=True) == (
        "invalid test.counted@1 data: it is not JSON"
    )


def meta() -> TableMeta:
    return TableMeta(name="T", system="generic", gm="gm", players=("ana", "bob"))


def test_an_ordinary_event_is_everyones_to_read() -> None:
    plain = fresh("test.counted@1")(n=1)
    assert not plain.sealed()
    assert plain.visible_to(meta(), "bob", "ana")
    assert plain.visible_to(meta(), "ana", "ana")


def test_a_sealed_event_is_its_makers_alone_and_others_read_that_it_was_sealed() -> None:
    sealed = fresh("test.counted@1", sealed=True)(n=1)
    assert sealed.visible_to(meta(), "ana", "ana")
    assert not sealed.visible_to(meta(), "bob", "ana")
    assert not sealed.visible_to(meta(), "gm", "ana")  # GMs too, unless the event says so
    assert sealed.describe_sealed() == "something was sealed"
