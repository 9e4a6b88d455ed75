"""How the pieces are wired (``bootstrap``): where a person's tables are kept when no
database is named, and the app the bot, the board and the console run on."""

from __future__ import annotations

import logging
from datetime import UTC
from pathlib import Path

import pytest

from scenekeeper import __version__, bootstrap
from scenekeeper.dice import FairDice, SeededDice
from scenekeeper.store.memory import MemoryStore


def test_tables_are_kept_in_the_users_data_folder_unless_a_database_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv(bootstrap.DATABASE_ENV, raising=False)
    assert bootstrap.data_dir() == tmp_path / "scenekeeper"
    assert bootstrap.default_database() == str(tmp_path / "scenekeeper" / "tables.sqlite3")
    monkeypatch.setenv(bootstrap.DATABASE_ENV, "postgresql://bot@db/tables")
    assert bootstrap.default_database() == "postgresql://bot@db/tables"
    monkeypatch.setenv(bootstrap.DATABASE_ENV, "")
    assert bootstrap.default_database() == str(tmp_path / "scenekeeper" / "tables.sqlite3")


def test_the_app_rolls_seeded_dice_only_when_given_a_seed_and_says_where_its_tables_are(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    database = tmp_path / "tables.sqlite3"
    with caplog.at_level(logging.INFO, logger="scenekeeper.bootstrap"):
        seeded = bootstrap.build_app(str(database), seed=4)
    fair = bootstrap.build_app(str(tmp_path / "other.sqlite3"))
    try:
        assert isinstance(seeded.dice, SeededDice)
        assert isinstance(fair.dice, FairDice)
        assert caplog.messages == [f"Scenekeeper {__version__}, tables in {database}"]
        assert seeded.now().tzinfo is UTC
        assert seeded._snapshots is not None  # snapshots are saved off the command path
        assert seeded.registry.find("hand bid", "nodice") is not None
    finally:
        seeded.close()
        fair.close()


def test_a_database_url_is_logged_without_its_password(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []

    def open_store(url: str) -> MemoryStore:
        opened.append(url)
        return MemoryStore()

    monkeypatch.setattr(bootstrap, "open_store", open_store)
    with caplog.at_level(logging.INFO, logger="scenekeeper.bootstrap"):
        bootstrap.build_app("postgresql://bot:hunter2@db/tables").close()
    assert opened == ["postgresql://bot:hunter2@db/tables"]
    assert caplog.messages == [
        f"Scenekeeper {__version__}, tables in postgresql://bot:***@db/tables"
    ]


def test_the_console_loads_a_games_commands_when_its_table_first_asks(tmp_path: Path) -> None:
    app = bootstrap.build_app(str(tmp_path / "t.sqlite3"), every_game=False)
    try:
        assert app.registry.games_of("hand bid") == ["nodice"]
        assert "nodice" in app.registry._lazy
    finally:
        app.close()
    eager = bootstrap.build_app(str(tmp_path / "u.sqlite3"))
    try:
        assert not eager.registry._lazy
    finally:
        eager.close()
