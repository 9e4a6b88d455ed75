"""``Frozen``: the base of every model a table keeps (events, states, sheets, rolls).

Pydantic gives each instance its own ``__pydantic_fields_set__`` (which fields were given
rather than defaulted): a set of up to a few dozen names, 200 B to 2 KB an instance, about
half of what a live table held (issue 24). Those sets are values -- the instances of a class
have only a handful of distinct ones -- and nothing here reads them, so one shared set per
distinct value is kept instead. It is safe because the models are frozen: pydantic only ever
changes a fields-set on assignment (refused) or in ``model_copy``, which copies it first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Self, cast

import pydantic

_SHARED: dict[frozenset[str], set[str]] = {}
_set = object.__setattr__


def _shared(key: frozenset[str]) -> set[str]:
    """The one set of these field names every model with them holds."""
    shared = _SHARED.get(key)
    if shared is None:
        shared = _SHARED[key] = set(key)
    return shared


def _share(model: pydantic.BaseModel) -> None:
    own = model.__pydantic_fields_set__
    shared = _shared(frozenset(own))
    if shared is not own:
        object.__setattr__(model, "__pydantic_fields_set__", shared)


#: (a shared fields-set's id, names updated) -> the shared fields-set of a copy: a copy is made
#: again and again with the same update (a roll's ``closed``), and building the set to look it
#: up cost more than the rest of the copy. Only shared sets are keyed, by id: they live as long
#: as the process (in ``_SHARED``), so no other object can ever carry one of their ids.
_UNIONS: dict[tuple[int, tuple[str, ...]], set[str]] = {}


def _union(fields: set[str], names: tuple[str, ...]) -> set[str]:
    key = (id(fields), names)
    shared = _UNIONS.get(key)
    if shared is not None:
        return shared
    shared = _shared(frozenset(fields.union(names)))
    if _SHARED.get(frozenset(fields)) is fields:  # a shared set: its id is its for good
        if len(_UNIONS) >= 4096:
            _UNIONS.clear()  # a bound, whatever updates are made
        _UNIONS[key] = shared
    return shared


_ABSENT: Any = object()


@dataclass(frozen=True)
class _Plan:
    """How ``Frozen.trusted`` makes a class's instance from one set of given names: every field
    in order (a plain default in place, given ones filled over it, keeping their place), the
    defaults to make for each instance, and the shared fields-set."""

    template: dict[str, Any]
    factories: tuple[tuple[str, Callable[[], Any]], ...]
    given: set[str]


#: (class, the names given, in the order given) -> its plan.
_PLANS: dict[tuple[type[pydantic.BaseModel], tuple[str, ...]], _Plan] = {}


def _plan(cls: type[pydantic.BaseModel], names: tuple[str, ...]) -> _Plan:
    fields = cls.model_fields
    unknown = sorted(set(names) - set(fields))
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {', '.join(unknown)}")
    template: dict[str, Any] = {}
    factories: list[tuple[str, Callable[[], Any]]] = []
    for name, field in fields.items():
        template[name] = _ABSENT
        if name in names:
            continue
        if field.is_required():
            raise TypeError(f"{cls.__name__} needs {name}")
        if field.default_factory is not None:
            factories.append((name, cast(Callable[[], Any], field.default_factory)))
        else:
            template[name] = field.default
    plan = _PLANS[(cls, names)] = _Plan(template, tuple(factories), _shared(frozenset(names)))
    return plan


class Frozen(pydantic.BaseModel):
    """A frozen model that refuses unknown fields and shares its fields-set (see above)."""

    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    def model_post_init(self, context: Any, /) -> None:
        _share(self)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """As pydantic's (no validation of ``update``), in one step: a frozen model with no
        extra or private fields is its ``__dict__`` and its fields-set (issue 36: pydantic's
        copy, which copies those and the fields it cannot have, was a tenth of evolving)."""
        if deep:
            copied = super().model_copy(update=update, deep=True)
            _share(copied)
            return copied
        cls = type(self)
        copied = cls.__new__(cls)
        values = dict(self.__dict__)
        fields = self.__pydantic_fields_set__
        if update:
            values.update(update)
            shared = _union(fields, tuple(update))
        else:
            shared = _union(fields, ())
        _set(copied, "__dict__", values)
        _set(copied, "__pydantic_fields_set__", shared)
        _set(copied, "__pydantic_extra__", None)
        _set(copied, "__pydantic_private__", None)
        return copied

    @classmethod
    def trusted(cls, **values: Any) -> Self:
        """The model of ``values`` the engine made itself, each already of its field's type
        (issue 36: validate at the edge, trust inside): no validation, the fields in their
        order (the stored text follows it), defaults for the rest. Never for what a person
        typed or a file held: those are validated (``cls(...)``, ``model_validate``)."""
        names = tuple(values)
        plan = _PLANS.get((cls, names)) or _plan(cls, names)
        data = plan.template.copy()
        data.update(values)  # a key already there keeps its place: the fields' order
        if plan.factories:
            for name, factory in plan.factories:
                data[name] = factory()
        model = cls.__new__(cls)
        _set(model, "__dict__", data)
        _set(model, "__pydantic_fields_set__", plan.given)
        _set(model, "__pydantic_extra__", None)
        _set(model, "__pydantic_private__", None)
        return model
