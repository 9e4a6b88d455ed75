"""A Cybergod table's part of ``/game export`` (docs/export-format.md, "Cybergod: Reborn"):
the state with dice written ``"d8"`` as everywhere else, and each test's reading beside it."""

from __future__ import annotations

from typing import Any

from scenekeeper.systems.cybergod.reading import ep_holder, read, their_successes
from scenekeeper.systems.cybergod.state import CybergodState, TestRecord


def _die(size: int | None) -> str | None:
    return None if size is None else f"d{size}"


def export_state(game: CybergodState) -> dict[str, Any]:
    data = game.model_dump(mode="json")
    for sheet in data["characters"].values():
        sheet["attributes"] = {a: _die(size) for a, size in sheet["attributes"].items()}
        for weapon in sheet["weapons"].values():
            weapon["die"] = _die(weapon["die"])
    for roll, exported in zip(game.rolls, data["rolls"], strict=True):
        exported["die"] = _die(roll.die)
        if isinstance(roll, TestRecord):
            reading = read(roll, their_successes(roll, game))
            exported["reading"] = {
                "successes": reading.successes,
                "outcome": reading.outcome,
                "ep": reading.ep,
                "ep_holder": ep_holder(roll, reading),
                "overcome": list(reading.overcome),
                "margin": reading.margin,
            }
    return data
