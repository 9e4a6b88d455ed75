"""``quick_init``: a frozen dataclass's ``__init__`` that sets its fields in one step.

A frozen dataclass's own ``__init__`` sets each field through ``object.__setattr__`` (its
``__setattr__`` refuses), about twice the time of the one ``__dict__`` this writes at once --
and the engine makes tens of them a command (a reading, an outcome, a table, an envelope: issue
36). The instance is the same: the same fields, values and ``__dict__``; equality, hashing,
``repr`` and ``dataclasses.replace`` are the dataclass's own. Only for plain classes: no
``__post_init__``, no default factory, no field left out of ``__init__``, no slots.

Only for what lives for one command (an outcome, a reading, a context) or is kept one at a
time (a ``Table``: one made a command, only the newest kept): an instance given its
``__dict__`` whole has a dict of its own, not CPython's key-sharing one, so what a table keeps
by the hundred (its envelopes, the commands of its undo window) would grow: 58.0 -> 65.1 KB a
Cortex table (``benchmarks/memory.py``) when those had it.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Give the frozen dataclass ``cls`` the one-step ``__init__`` (applied above
    ``@dataclass(frozen=True)``); refuses a class it would not make the same."""
    if not dataclasses.is_dataclass(cls) or not cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__name__}: quick_init is for frozen dataclasses")
    if hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        raise TypeError(f"{cls.__name__}: quick_init cannot run __post_init__ or fill slots")
    fields = dataclasses.fields(cls)
    for f in fields:
        if not f.init or f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: quick_init needs plain fields")
    defaults: dict[str, Any] = {}
    params: list[str] = []
    keywords: list[str] = []
    for f in fields:
        text = f.name
        if f.default is not dataclasses.MISSING:
            defaults[f"_default_{f.name}"] = f.default
            text += f"=_default_{f.name}"
        (keywords if f.kw_only else params).append(text)
    signature = ", ".join(["self", *params, *(["*", *keywords] if keywords else [])])
    body = ", ".join(f"{f.name!r}: {f.name}" for f in fields)
    source = f"def __init__({signature}):\n    _set(self, '__dict__', {{{body}}})\n"
    namespace: dict[str, Any] = {"_set": object.__setattr__, **defaults}
    exec(source, namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]
    return cls
