"""A database outage under a running bot is short and loud: with the real PostgreSQL stopped, a
command is refused within about three seconds, saying the table is safe and to try again; when
the server is back the bot answers again by itself; and nothing acknowledged before is lost."""

from __future__ import annotations

import time

import pytest

from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.store.base import MAYBE_SAVED, NOT_SAVED
from scenekeeper.store.postgres import PostgresStore
from tests.discord.fake_discord import CHANNEL
from tests.discord.fakes import run
from tests.discord.gateway import ANA, GM, logged_in
from tests.store.own_postgres import OwnPostgres, own_postgres

__all__ = ["own_postgres"]

#: The refusal must come within about 3 s (issue 33); the slack is the machine's, not ours.
WITHIN = 4.5


def stored(url: str) -> list[str]:
    store = PostgresStore(url, "outage", max_size=1)
    try:
        return [record.command for record in store.read(str(CHANNEL))]
    finally:
        store.close()


@pytest.mark.postgres
@pytest.mark.slow
def test_a_stopped_database_is_refused_fast_and_the_bot_recovers(
    own_postgres: OwnPostgres,
) -> None:
    store = PostgresStore(own_postgres.url, "outage", max_size=2)
    app = App(store=store, dice=SeededDice(3), registry=build_registry())
    took: list[float] = []

    async def scenario() -> None:
        async with logged_in(app) as h:
            await h.slash("game new", GM, system="generic", name="Outage")
            await h.slash("game join", ANA)
            acknowledged = await h.slash("roll", ANA, dice="2d6", label="before")
            assert "before" in acknowledged.text()

            own_postgres.stop()
            said = []
            for label in ("during", "again"):
                started = time.monotonic()
                refused = await h.slash("roll", ANA, dice="2d6", label=label)
                took.append(time.monotonic() - started)
                assert refused.ephemeral
                said.append(refused.text())
            # The first may have lost its connection mid-write; either way the table is safe.
            assert said[0] in (NOT_SAVED, MAYBE_SAVED)
            assert said[1] == NOT_SAVED

            own_postgres.start()
            back = await h.slash("roll", ANA, dice="2d6", label="after")
            assert "after" in back.text(), back.text()
            history = await h.slash("history", ANA)
            assert "before" in history.text()
            assert "after" in history.text()

    run(scenario())
    store.close()
    assert all(seconds < WITHIN for seconds in took), took
    commands = stored(own_postgres.url)
    assert any("label:before" in c for c in commands)
    assert any("label:after" in c for c in commands)
    assert not any("label:again" in c for c in commands)
