"""A NoDice table played from a script of (person, line), every line accepted: for the NoDice
tests."""

from __future__ import annotations

from collections.abc import Iterable

from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.engine.state import Person
from scenekeeper.store.memory import MemoryStore


def played(script: Iterable[tuple[Person, str]], app: App | None = None) -> App:
    """``app`` (a fresh in-memory table, seeded dice, by default) after ``script`` at table
    "t"; a line refused fails the test, naming it."""
    if app is None:
        app = App(store=MemoryStore(), dice=SeededDice(7), registry=build_registry())
    for who, line in script:
        outcome = app.handle("t", who, line)
        assert outcome.ok, (line, outcome.error)
    return app
