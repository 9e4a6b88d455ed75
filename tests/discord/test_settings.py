"""``scenekeeper discord``: settings from the environment or .env, a clear message without a
token, the token never in a log line or message, sharding settings, the offline tree check."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest

from scenekeeper.adapters.discord import cli
from scenekeeper.adapters.discord.bot import Scenekeeper
from scenekeeper.adapters.discord.settings import (
    REDACTED,
    TOKEN_ENV,
    DiscordSettings,
    Redact,
    load_settings,
)
from scenekeeper.app import App
from tests.discord.fakes import run

FAKE_TOKEN = "MTIz.not-a-real-token.abc"  # a made-up value: tests never hold a real token
VARIABLES = (
    TOKEN_ENV,
    "SCENEKEEPER_DATABASE_URL",
    "SCENEKEEPER_DISCORD_SHARD_COUNT",
    "SCENEKEEPER_DISCORD_SHARD_IDS",
    "SCENEKEEPER_DISCORD_DEV_GUILD",
    "SCENEKEEPER_DISCORD_SYNC",
)


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no stray .env is read


ROOT = Path(__file__).resolve().parents[2]


def test_without_a_token_it_says_which_variable_to_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([]) == 2
    err = capsys.readouterr().err
    assert TOKEN_ENV in err
    assert "docs/discord.md" in err


def test_the_module_entry_point_exits_cleanly_without_a_token(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in VARIABLES}
    done = subprocess.run(
        [sys.executable, "-m", "scenekeeper.adapters.discord"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert f"Set {TOKEN_ENV}" in done.stderr
    assert "Traceback" not in done.stderr


def test_settings_come_from_a_dotenv_file_and_hide_the_token(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(
        f"{TOKEN_ENV}={FAKE_TOKEN}\nSCENEKEEPER_DATABASE_URL=memory:\nOTHER_TOOL=1\n",
        encoding="utf-8",
    )
    settings = load_settings()
    assert settings.token() == FAKE_TOKEN
    assert settings.database() == "memory:"
    assert FAKE_TOKEN not in repr(settings)
    assert FAKE_TOKEN not in str(settings.model_dump())
    explicit = load_settings(tmp_path / ".env")
    assert explicit.token() == FAKE_TOKEN


def test_the_environment_wins_over_the_dotenv_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".env").write_text(f"{TOKEN_ENV}=from-file\n", encoding="utf-8")
    monkeypatch.setenv(TOKEN_ENV, FAKE_TOKEN)
    assert load_settings().token() == FAKE_TOKEN


def test_bad_shard_settings_are_explained_without_echoing_values(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(TOKEN_ENV, FAKE_TOKEN)
    monkeypatch.setenv("SCENEKEEPER_DISCORD_SHARD_IDS", "0,1")
    assert cli.main([]) == 2
    err = capsys.readouterr().err
    assert "SCENEKEEPER_DISCORD_SHARD_COUNT" in err
    assert FAKE_TOKEN not in err


def test_sharding_settings_reach_the_client(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCENEKEEPER_DISCORD_SHARD_COUNT", "4")
    monkeypatch.setenv("SCENEKEEPER_DISCORD_SHARD_IDS", "2,3")
    settings = DiscordSettings()
    assert settings.shard_ids() == [2, 3]

    async def build() -> Scenekeeper:
        return Scenekeeper(
            app, shard_count=settings.discord_shard_count, shard_ids=settings.shard_ids()
        )

    bot = run(build())
    assert bot.shard_count == 4
    assert bot.shard_ids == [2, 3]
    assert isinstance(bot, discord.AutoShardedClient)
    assert not bot.intents.members  # no privileged intent needed
    assert not bot.intents.message_content


def test_the_token_is_redacted_from_every_log_record() -> None:
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "token %s used", (FAKE_TOKEN,), None)
    assert Redact(FAKE_TOKEN).filter(record)
    assert record.getMessage() == f"token {REDACTED} used"
    try:
        raise RuntimeError(f"refused {FAKE_TOKEN}")
    except RuntimeError:
        failing = logging.LogRecord("x", logging.ERROR, __file__, 1, "boom", None, sys.exc_info())
    Redact(FAKE_TOKEN).filter(failing)
    assert FAKE_TOKEN not in logging.Formatter().format(failing)


def test_a_refused_token_is_a_clear_message_without_the_token(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def refuse(self: Scenekeeper, token: str) -> None:
        raise discord.LoginFailure(f"Improper token has been passed: {token}")

    monkeypatch.setenv(TOKEN_ENV, FAKE_TOKEN)
    monkeypatch.setenv("SCENEKEEPER_DATABASE_URL", "memory:")
    monkeypatch.setattr(Scenekeeper, "login", refuse)
    with caplog.at_level(logging.DEBUG):
        assert cli.main([]) == 1
    err = capsys.readouterr().err
    assert f"Discord refused the token in {TOKEN_ENV}" in err
    assert FAKE_TOKEN not in err
    assert FAKE_TOKEN not in caplog.text


def test_check_builds_the_tree_offline(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SCENEKEEPER_WEB_URL", raising=False)
    assert cli.main(["--check"]) == 0
    out = capsys.readouterr().out
    assert "top-level (Discord allows 100)" in out
    assert "Largest group: /game with 16 subcommands (25 allowed)." in out
    assert (
        "Global (every table): /board, /game, /help, /history, /post, /recap, /redo, /say, /undo."
        in out
    )
    assert "A server playing mettle adds 15 top-level commands of its own." in out
    assert "each combination of games a server may play" in out
    # The permissions it names are the invite link's in docs/discord.md.
    asked = out.split("Permissions the invite asks for (", 1)[1].split(")", 1)[0]
    assert f"permissions={asked}" in (ROOT / "docs" / "discord.md").read_text(encoding="utf-8")
    assert "Manage Webhooks" in out
    assert "Characters' pictures on posts: none, SCENEKEEPER_WEB_URL is not set" in out
    assert "problem" not in out
    monkeypatch.setenv("SCENEKEEPER_WEB_URL", "https://boards.example/")
    assert cli.main(["--check"]) == 0
    assert "served at https://boards.example/pictures/" in capsys.readouterr().out
