"""Shards and processes (issue 24): which shard a server belongs to, and a process handed an
interaction for a server outside its shards refuses to write, saying so plainly."""

from __future__ import annotations

import logging

import pytest

from scenekeeper.adapters.discord.bot import Scenekeeper
from scenekeeper.adapters.discord.shards import Shards, shard_of, shard_ranges
from scenekeeper.app import App
from tests.discord import fakes

OTHER_GUILD = (5 << 22) | 12345  # shard 1 of 2 (5 % 2), shard 1 of 4


def test_shard_of_is_discords_formula() -> None:
    assert shard_of(OTHER_GUILD, 2) == 1
    assert shard_of(OTHER_GUILD, 4) == 1
    assert shard_of(OTHER_GUILD, 5) == 0
    assert shard_of(81384788765712384, 4) == (81384788765712384 >> 22) % 4
    assert shard_of((1 << 22) - 1, 7) == 0  # the low 22 bits do not count
    assert shard_of(None, 16) == 0  # direct messages go to shard 0
    with pytest.raises(ValueError, match="at least 1"):
        shard_of(1, 0)


def test_shard_ranges_split_every_shard_once() -> None:
    assert shard_ranges(8, 1) == [list(range(8))]
    assert shard_ranges(8, 4) == [[0, 1], [2, 3], [4, 5], [6, 7]]
    assert shard_ranges(5, 2) == [[0, 1], [2, 3, 4]]
    for count in range(1, 12):
        for processes in range(1, count + 1):
            ranges = shard_ranges(count, processes)
            assert sorted(i for r in ranges for i in r) == list(range(count))
            assert all(ranges)
    with pytest.raises(ValueError, match="cannot split"):
        shard_ranges(2, 3)


def test_a_process_owns_only_its_shards_guilds() -> None:
    everything = Shards()
    assert everything.owns(OTHER_GUILD)
    assert everything.owns(None)
    assert everything.refusal(OTHER_GUILD) is None
    first = Shards.of(2, [0])
    second = Shards.of(2, [1])
    for guild in (fakes.GUILD, OTHER_GUILD, *(n << 22 for n in range(10))):
        assert first.owns(guild) != second.owns(guild)
    assert second.owns(OTHER_GUILD)
    assert first.owns(None)  # shard 0
    with pytest.raises(ValueError, match="need a shard count"):
        Shards.of(None, [0])
    with pytest.raises(ValueError, match="from 0 to 1"):
        Shards.of(2, [2])


def test_an_interaction_for_another_process_s_server_writes_nothing(
    app: App, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> tuple[fakes.Interaction, fakes.Interaction]:
        bot = Scenekeeper(app, shard_count=2, shard_ids=[0], quick_reply=30.0)
        ours = fakes.Interaction(bot, fakes.GM, guild_id=fakes.GUILD)
        await fakes.call(bot, ours, "game new", system="generic", name="Ours")
        theirs = fakes.Interaction(
            bot, fakes.GM, channel_id=fakes.CHANNEL + 1, guild_id=OTHER_GUILD
        )
        await fakes.call(bot, theirs, "game new", system="generic", name="Theirs")
        return ours, theirs

    with caplog.at_level(logging.WARNING, logger="scenekeeper.adapters.discord.shards"):
        ours, theirs = fakes.run(scenario())
    assert "Ours" in ours.one().text()
    answer = theirs.one()
    assert answer.ephemeral
    assert "kept by another Scenekeeper process (shard 1 of 2)" in answer.text()
    assert "changed nothing" in answer.text()
    assert app.store.tables() == [str(fakes.CHANNEL)]  # nothing at the other server's channel
    assert any(f"guild {OTHER_GUILD}" in r.getMessage() for r in caplog.records)


def test_one_process_with_a_count_but_no_ids_runs_every_shard(app: App) -> None:
    async def scenario() -> fakes.Interaction:
        bot = Scenekeeper(app, shard_count=2, quick_reply=30.0)
        theirs = fakes.Interaction(bot, fakes.GM, guild_id=OTHER_GUILD)
        await fakes.call(bot, theirs, "game new", system="generic", name="All")
        return theirs

    assert "All" in fakes.run(scenario()).one().text()
