"""Field types for game state models: step dice stored and exported as ``"d4".."d12"``."""

from __future__ import annotations

from typing import Annotated, Any

import pydantic

from scenekeeper.dice import DiceError, Die


def _die(value: Any) -> Die:
    if isinstance(value, Die):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Die.of(value)
    if isinstance(value, str):
        try:
            return Die.parse(value)
        except DiceError as error:
            raise ValueError(str(error)) from None
    raise ValueError(f"{value!r} is not a step die; use d4, d6, d8, d10 or d12")


#: A step die in a state model: reads "d8" (or 8), writes "d8".
DieField = Annotated[
    Die,
    pydantic.BeforeValidator(_die),
    pydantic.PlainSerializer(str, return_type=str),
]
