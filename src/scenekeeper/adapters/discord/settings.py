"""The bot's settings: from the environment or a ``.env`` file, never from committed files.

The token is a ``SecretStr``: it never shows in a repr, a log line or an error message
(``Redact`` scrubs it from every log record as a second guard).
"""

from __future__ import annotations

import logging
from pathlib import Path

import pydantic
from pydantic_settings import BaseSettings, SettingsConfigDict

from scenekeeper.bootstrap import DATABASE_ENV, default_database

TOKEN_ENV = "SCENEKEEPER_DISCORD_TOKEN"
REDACTED = "[token redacted]"


class DiscordSettings(BaseSettings):
    """``SCENEKEEPER_*`` variables (see docs/discord.md)."""

    model_config = SettingsConfigDict(
        env_prefix="SCENEKEEPER_",
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
    )

    discord_token: pydantic.SecretStr | None = None
    #: A SQLite path or URL, or ``postgresql://...``; default: the user data file.
    database_url: str | None = None
    #: Sync commands to this guild only (instant; for development) instead of globally.
    discord_dev_guild: int | None = None
    #: Sync the command tree with Discord when the bot starts.
    discord_sync: bool = False
    #: Shards: how many in all (None: as many as Discord recommends), and which of them this
    #: process runs (comma-separated ids; None: all of them).
    discord_shard_count: int | None = pydantic.Field(default=None, ge=1)
    discord_shard_ids: str | None = None
    #: Threads for the tables' blocking work (store I/O); a slow table holds at most one.
    discord_workers: int = pydantic.Field(default=8, ge=1, le=64)

    @pydantic.field_validator("discord_shard_ids")
    @classmethod
    def _shard_ids_are_numbers(cls, value: str | None) -> str | None:
        if value is not None and not all(p.strip().isdigit() for p in value.split(",")):
            raise ValueError("give shard ids as numbers separated by commas, like 0,1")
        return value

    @pydantic.model_validator(mode="after")
    def _shard_ids_need_a_count(self) -> DiscordSettings:
        if self.discord_shard_ids and self.discord_shard_count is None:
            raise ValueError(
                "SCENEKEEPER_DISCORD_SHARD_IDS needs SCENEKEEPER_DISCORD_SHARD_COUNT as well"
            )
        ids = self.shard_ids() or []
        if self.discord_shard_count is not None and any(i >= self.discord_shard_count for i in ids):
            raise ValueError("every shard id must be below SCENEKEEPER_DISCORD_SHARD_COUNT")
        return self

    def shard_ids(self) -> list[int] | None:
        if not self.discord_shard_ids:
            return None
        return [int(p) for p in self.discord_shard_ids.split(",")]

    def token(self) -> str | None:
        if self.discord_token is None:
            return None
        return self.discord_token.get_secret_value().strip() or None

    def database(self) -> str:
        return self.database_url or default_database()


def load_settings(env_file: Path | None = None) -> DiscordSettings:
    """Settings from the environment, then ``env_file`` (default ``./.env`` if it exists)."""
    if env_file is None:
        return DiscordSettings()
    return DiscordSettings(_env_file=env_file)


def missing_token_message() -> str:
    return (
        f"scenekeeper discord: no bot token. Set {TOKEN_ENV} in the environment or in a .env "
        "file (the token is on the Discord developer portal, your application's Bot page; "
        f"see docs/discord.md). The database is ${DATABASE_ENV} (default: a SQLite file)."
    )


class Redact(logging.Filter):
    """Replaces the token wherever it would appear in a log record."""

    def __init__(self, secret: str) -> None:
        super().__init__()
        self._secret = secret

    def filter(self, record: logging.LogRecord) -> bool:
        if not self._secret:
            return True
        message = record.getMessage()
        if self._secret in message:
            record.msg = message.replace(self._secret, REDACTED)
            record.args = None
        if record.exc_info and record.exc_info[1] is not None:
            text = logging.Formatter().formatException(record.exc_info)
            if self._secret in text:
                record.exc_text = text.replace(self._secret, REDACTED)
                record.exc_info = None
        return True


def redact(text: str, secret: str | None) -> str:
    return text.replace(secret, REDACTED) if secret else text
