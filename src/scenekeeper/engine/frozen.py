"""``Frozen``: the base of every model a table keeps (events, states, sheets, rolls).

Pydantic gives each instance its own ``__pydantic_fields_set__`` (which fields were given
rather than defaulted): a set of up to a few dozen names, 200 B to 2 KB an instance, about
half of what a live table held (issue 24). Those sets are values -- the instances of a class
have only a handful of distinct ones -- and nothing here reads them, so one shared set per
distinct value is kept instead. It is safe because the models are frozen: pydantic only ever
changes a fields-set on assignment (refused) or in ``model_copy``, which copies it first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

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


#: A class's fields in order, and the default of each that has a plain one (a factory's is made
#: for each instance): what ``Frozen.trusted`` fills in.
_LAYOUTS: dict[type[pydantic.BaseModel], tuple[tuple[str, ...], dict[str, Any]]] = {}
#: (class, the names given) -> the shared fields-set of a trusted instance.
_GIVEN: dict[tuple[type[pydantic.BaseModel], tuple[str, ...]], set[str]] = {}


def _layout(cls: type[pydantic.BaseModel]) -> tuple[tuple[str, ...], dict[str, Any]]:
    layout = _LAYOUTS.get(cls)
    if layout is None:
        fields = cls.model_fields
        plain = {
            name: field.default
            for name, field in fields.items()
            if not field.is_required() and field.default_factory is None
        }
        layout = _LAYOUTS[cls] = (tuple(fields), plain)
    return layout


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
        names, plain = _layout(cls)
        data: dict[str, Any] = {}
        used = 0
        for name in names:
            if name in values:
                data[name] = values[name]
                used += 1
            elif name in plain:
                data[name] = plain[name]
            else:
                field = cls.model_fields[name]
                if field.is_required():
                    raise TypeError(f"{cls.__name__} needs {name}")
                data[name] = field.get_default(call_default_factory=True)
        if used < len(values):
            unknown = sorted(set(values) - set(names))
            raise TypeError(f"{cls.__name__} has no field {', '.join(unknown)}")
        key = (cls, tuple(values))
        given = _GIVEN.get(key)
        if given is None:
            given = _GIVEN[key] = _shared(frozenset(values))
        model = cls.__new__(cls)
        _set(model, "__dict__", data)
        _set(model, "__pydantic_fields_set__", given)
        _set(model, "__pydantic_extra__", None)
        _set(model, "__pydantic_private__", None)
        return model
