"""Models share their fields-sets (engine/frozen.py) without changing what they hold."""

from __future__ import annotations

import pydantic
import pytest

from scenekeeper.bootstrap import build_registry
from scenekeeper.engine import frozen
from scenekeeper.engine.frozen import Frozen
from scenekeeper.engine.turns import TurnOrder


def _all_models(cls: type[pydantic.BaseModel]) -> list[type[pydantic.BaseModel]]:
    found = []
    for sub in cls.__subclasses__():
        found.append(sub)
        found.extend(_all_models(sub))
    return found


def test_every_model_a_table_keeps_is_frozen_and_shares_its_fields_set() -> None:
    build_registry()  # every game imported
    # What a table holds is defined in engine and the games (settings models live elsewhere).
    kept = ("scenekeeper.engine.", "scenekeeper.systems.")
    ours = [m for m in _all_models(pydantic.BaseModel) if m.__module__.startswith(kept)]
    assert ours, "no models found"
    stray = [m.__qualname__ for m in ours if not issubclass(m, Frozen)]
    assert stray == [], "models the tables keep derive engine.frozen.Frozen"
    # Frozen.model_copy copies __dict__ and the fields-set alone: no model may have more.
    private = [m.__qualname__ for m in ours if m.__private_attributes__]
    assert private == [], "a Frozen model with private attributes needs pydantic's own copy"
    extra = [m.__qualname__ for m in ours if m.model_config.get("extra") == "allow"]
    assert extra == []


def test_a_copy_is_the_model_with_the_update_and_the_original_is_untouched() -> None:
    one = TurnOrder(participants=("a", "b"), kind="fixed")
    moved = one.model_copy(update={"participants": ("b",)})
    assert moved == TurnOrder(participants=("b",), kind="fixed")
    assert one == TurnOrder(participants=("a", "b"), kind="fixed")
    assert moved.model_dump() == {**one.model_dump(), "participants": ("b",)}
    assert type(moved) is TurnOrder
    same = one.model_copy()
    assert same == one
    assert same is not one


def test_equal_fields_sets_are_one_object_and_copies_keep_their_own_value() -> None:
    one = TurnOrder(participants=("a",))
    two = TurnOrder(participants=("b",))
    assert one.model_fields_set is two.model_fields_set
    moved = one.model_copy(update={"kind": "fixed"})
    assert moved.model_fields_set == {"participants", "kind"}
    # The copy's update did not leak into the shared set of the others.
    assert one.model_fields_set == {"participants"}
    assert two.model_fields_set == {"participants"}
    assert moved == TurnOrder(participants=("a",), kind="fixed")
    assert moved.model_fields_set is TurnOrder(kind="fixed", participants=("z",)).model_fields_set


def test_copies_made_with_the_same_update_share_the_fields_set_of_the_update() -> None:
    one = TurnOrder(participants=("a",))
    first = one.model_copy(update={"kind": "fixed"})
    second = TurnOrder(participants=("b",)).model_copy(update={"kind": "fixed"})
    assert first.model_fields_set is second.model_fields_set
    assert first.model_fields_set == {"participants", "kind"}
    # Another update, or the same names from another fields-set, is its own.
    other = one.model_copy(update={"current": 0})
    assert other.model_fields_set == {"participants", "current"}
    again = first.model_copy(update={"current": "a"})
    assert again.model_fields_set == {"participants", "kind", "current"}
    assert again == TurnOrder(participants=("a",), kind="fixed", current="a")
    assert one.model_copy().model_fields_set is one.model_fields_set
    # The same names from another fields-set: the one shared set of those names.
    given = TurnOrder(participants=("c",), kind="handoff")
    assert given.model_copy(update={"kind": "fixed"}).model_fields_set is first.model_fields_set


def test_a_deep_copy_takes_the_update_too() -> None:
    one = TurnOrder(participants=("a", "b"))
    deep = one.model_copy(update={"kind": "fixed"}, deep=True)
    assert deep == TurnOrder(participants=("a", "b"), kind="fixed")
    assert deep.model_fields_set == {"participants", "kind"}


class _Kept(Frozen):
    name: str
    tags: tuple[str, ...] = ()
    count: int = 0
    notes: dict[str, str] = pydantic.Field(default_factory=dict)


@pytest.fixture(autouse=True)
def _no_plans() -> None:
    """Each test plans afresh: a plan kept from an earlier run would hide ``_plan``."""
    frozen._PLANS.clear()


def test_a_trusted_model_is_the_validated_one_in_its_fields_order() -> None:
    trusted = _Kept.trusted(count=2, name="Ada")  # given out of order
    validated = _Kept(count=2, name="Ada")
    assert trusted == validated
    assert list(trusted.__dict__) == ["name", "tags", "count", "notes"]
    assert trusted.model_dump_json() == validated.model_dump_json()
    assert trusted.model_fields_set == {"name", "count"}
    assert trusted.model_fields_set is _Kept.trusted(count=5, name="Bo").model_fields_set
    # A factory's default is made for each instance, never shared.
    assert trusted.notes == {}
    assert trusted.notes is not _Kept.trusted(name="Bo").notes
    later = _Kept.trusted(notes={"a": "b"}, name="Cy")  # a field after the given ones
    assert list(later.__dict__) == ["name", "tags", "count", "notes"]
    assert (later.tags, later.count) == ((), 0)
    copied = trusted.model_copy(update={"count": 3})
    assert copied == _Kept(name="Ada", count=3)


def test_a_trusted_model_refuses_a_field_it_lacks_or_misses_a_required_one() -> None:
    with pytest.raises(TypeError, match="_Kept has no field colour, size"):
        _Kept.trusted(name="Ada", size=1, colour="red")
    with pytest.raises(TypeError, match="_Kept needs name"):
        _Kept.trusted(count=1)
