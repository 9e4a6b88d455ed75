"""Discord adapter tests: discord.py is imported here first, with the one warning it raises on
import under Python 3.11-3.12 ('audioop' is deprecated, from its voice support, which the bot
never uses) silenced; every other warning stays an error."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.filterwarnings(
        "ignore", message=".*audioop.* is deprecated", category=DeprecationWarning
    )
    import discord  # noqa: F401  # imported for its side effect: the warning above, once

from scenekeeper.app import App
from tests.discord.fakes import make_app


@pytest.fixture
def app() -> Iterator[App]:
    made = make_app()
    yield made
    made.store.close()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tables.sqlite3"
