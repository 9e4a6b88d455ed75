"""Wires the pieces together in one place: store, dice, clock, commands -> App."""

from __future__ import annotations

import gc
import logging
import os
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

from scenekeeper import __version__
from scenekeeper.app import App
from scenekeeper.app.handle import Clock
from scenekeeper.dice import DiceSource, FairDice, SeededDice
from scenekeeper.engine.commands import CommandRegistry
from scenekeeper.engine.core import COMMAND_SETS
from scenekeeper.engine.names import warm as warm_names
from scenekeeper.store.base import redact_url
from scenekeeper.store.open import open_store
from scenekeeper.systems import command_names, commands_of

DATABASE_ENV = "SCENEKEEPER_DATABASE_URL"
#: Allocations between two collections of the youngest generation (CPython's default: 700). A
#: Cortex roll allocates a few thousand short-lived objects, nearly none of them in a cycle, so
#: the default collects several times a command for next to nothing (issue 36).
YOUNG_COLLECTION_EVERY = 10_000
log = logging.getLogger(__name__)


def data_dir() -> Path:
    """Where Scenekeeper keeps its files for this user (e.g. ~/.local/share/scenekeeper)."""
    return Path(platformdirs.user_data_dir("scenekeeper", appauthor=False))


def default_database() -> str:
    """``SCENEKEEPER_DATABASE_URL`` if set, else the embedded SQLite file in the data dir."""
    return os.environ.get(DATABASE_ENV) or str(data_dir() / "tables.sqlite3")


def build_registry(*, every_game: bool = True) -> CommandRegistry:
    """Every command. ``every_game=False``: a game's commands (and its package) load when a
    table playing it is first asked about -- for the console, whose first line should not
    wait for games its table does not play (docs/performance.md, start-up)."""
    registry = CommandRegistry(games=command_names(), load=commands_of)
    for commands in COMMAND_SETS:
        registry.include(commands)
    if every_game:
        registry.load_all()
    return registry


def build_app(
    database: str | None = None,
    seed: int | None = None,
    *,
    every_game: bool = True,
    clock: Clock | None = None,
) -> App:
    """The app on ``database`` (URL or path); seeded dice when ``seed`` is given, else fair.
    ``every_game``: as for ``build_registry``."""
    dice: DiceSource = SeededDice(seed) if seed is not None else FairDice()
    url = database or default_database()
    store = open_store(url)
    log.info("Scenekeeper %s, tables in %s", __version__, redact_url(url))
    warm_names()  # Unicode's confusables table loads once, not in someone's first command
    registry = build_registry(every_game=every_game)
    return App(
        store=store,
        dice=dice,
        registry=registry,
        clock=clock or (lambda: datetime.now(UTC)),
        snapshots_in_background=True,
    )


def settle_collector() -> None:
    """For a process that serves for hours (the bot, the board pages, the console): what was
    built at start (modules, every command, pydantic's schemas) is kept out of every later
    garbage collection (``gc.freeze``), and the youngest generation is collected less often.
    Measured on the Cortex rolls mix: the collector's share of a command's CPU 10% -> 2%
    (docs/performance.md, issue 36). What was frozen is never collected, so a second call
    (a test starting the board twice in one process) does nothing."""
    if _SETTLED:
        return
    _SETTLED.append(True)
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_EVERY)  # the older generations' thresholds are kept


_SETTLED: list[bool] = []
