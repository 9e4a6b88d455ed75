"""``engine.quick.quick_init``: a frozen dataclass built in one step is the instance its own
``__init__`` builds (issue 36), and a class it cannot build the same is refused."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from scenekeeper.engine.quick import quick_init


@dataclasses.dataclass(frozen=True)
class Plain:
    name: str
    count: int = 0
    tags: tuple[str, ...] = ()
    note: str = dataclasses.field(default="", kw_only=True)


def _quick() -> Any:
    """The class ``Plain`` is, made quick -- in the test itself, never at import: a class made
    once when the module is read would hide from the mutation tool what quick_init does."""
    return quick_init(
        dataclasses.make_dataclass(
            "Quick",
            [
                ("name", str),
                ("count", int, dataclasses.field(default=0)),
                ("tags", tuple[str, ...], dataclasses.field(default=())),
                ("note", str, dataclasses.field(default="", kw_only=True)),
            ],
            frozen=True,
        )
    )


def test_an_instance_is_the_one_the_dataclass_makes() -> None:
    Quick = _quick()
    cases: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        (("Ada",), {}),
        (("Ada", 3), {"note": "n"}),
        ((), {"name": "Bo", "tags": ("a",), "count": 2}),
    ]
    for args, kwargs in cases:
        plain, quick = Plain(*args, **kwargs), Quick(*args, **kwargs)
        assert vars(quick) == vars(plain)
        assert list(vars(quick)) == ["name", "count", "tags", "note"]
    one = Quick("Ada", 3)
    assert one == Quick("Ada", 3)
    assert hash(one) == hash(Quick("Ada", 3))
    assert repr(one) == "Quick(name='Ada', count=3, tags=(), note='')"
    assert dataclasses.replace(one, count=4) == Quick("Ada", 4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.count = 5
    with pytest.raises(TypeError):
        Quick("Ada", 1, (), "n")  # note is keyword-only, as in the dataclass's own
    assert Quick.__init__.__qualname__ == "Quick.__init__"
    with pytest.raises(TypeError):
        Quick()  # name has no default


def test_a_class_with_no_keyword_only_field_takes_its_fields_in_order() -> None:
    Pair: Any = quick_init(
        dataclasses.make_dataclass(
            "Pair", [("a", int), ("b", int, dataclasses.field(default=2))], frozen=True
        )
    )
    assert vars(Pair(1)) == {"a": 1, "b": 2}
    assert vars(Pair(1, 3)) == {"a": 1, "b": 3}


def test_the_engines_quick_classes_build_what_their_fields_say() -> None:
    from scenekeeper.app.outcome import Outcome  # noqa: PLC0415
    from scenekeeper.engine.reply import Reply  # noqa: PLC0415

    outcome = Outcome(True, Reply.say("hi"), command="roll", secret=True)
    assert vars(outcome) == {f.name: getattr(outcome, f.name) for f in dataclasses.fields(Outcome)}
    assert (outcome.error, outcome.text, outcome.events, outcome.mentions) == (None, None, (), ())


def test_what_it_cannot_build_the_same_is_refused() -> None:
    @dataclasses.dataclass
    class Open:
        name: str

    @dataclasses.dataclass(frozen=True)
    class Checked:
        name: str

        def __post_init__(self) -> None:
            pass

    @dataclasses.dataclass(frozen=True)
    class Listed:
        names: list[str] = dataclasses.field(default_factory=list)

    @dataclasses.dataclass(frozen=True, slots=True)
    class Slotted:
        name: str

    @dataclasses.dataclass(frozen=True)
    class Derived:
        name: str
        size: int = dataclasses.field(default=0, init=False)

    for cls, words in [
        (Open, "for frozen dataclasses"),
        (Checked, "__post_init__"),
        (Slotted, "slots"),
        (Listed, "Listed.names: quick_init needs plain fields"),
        (Derived, "Derived.size: quick_init needs plain fields"),
    ]:
        with pytest.raises(TypeError, match=words):
            quick_init(cls)
