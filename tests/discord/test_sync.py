"""Which commands reach Discord, and where: the every-table ones globally (on --sync), each
server's games' own to that server when its games change, everything to a development server.
Driven through discord.py's own dispatch and HTTP client, against the fake Discord's routes
(``PUT /applications/{app}/commands`` and ``.../guilds/{guild}/commands``)."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from typing import Any

import pytest

from scenekeeper.adapters.discord import guild_record
from scenekeeper.adapters.discord.command_sets import CommandSets
from scenekeeper.app import App
from tests.discord import fakes
from tests.discord.fake_discord import APP_ID, GUILD
from tests.discord.fakes import make_bot, run
from tests.discord.gateway import ANA, CHANNEL, GM, FakeDiscord, Harness, Request, logged_in

GUILD_PATH = rf"/applications/{APP_ID}/guilds/{GUILD}/commands"
EVERY_TABLE = {"board", "game", "help", "history", "post", "recap", "redo", "say", "undo"}
#: Sent with them: a post's message menu (type 3 commands).
EVERY_TABLE |= {"Edit post", "Delete post"}
METTLE = {"act", "char", "check", "mettle", "odds", "order", "scene", "status", "team", "twist"}
METTLE |= {"mods", "results", "roll", "voucher", "xp"}
ADDING = "Commands for METTLE Core are being added to this server; they show in a moment."


def names(request: Request) -> set[str]:
    return {str(c["name"]) for c in request.json}  # type: ignore[attr-defined]


def sets(app: App) -> CommandSets:
    async def build() -> CommandSets:
        return make_bot(app).command_sets

    return run(build())


async def new_game(h: Harness, system: str, channel: int = CHANNEL) -> Request:
    return await h.slash("game new", GM, channel=channel, system=system, name=system.title())


def test_sync_sends_only_the_every_table_commands_globally(app: App) -> None:
    async def scenario() -> FakeDiscord:
        async with logged_in(app, sync=True) as h:
            return h.discord

    fake = run(scenario())
    (synced,) = fake.syncs()
    assert synced.path == f"/applications/{APP_ID}/commands"
    assert names(synced) == EVERY_TABLE  # a server with no game yet can start one
    assert synced.json == sets(app).every_table()


def test_without_sync_the_every_table_commands_are_sent_only_when_they_changed(
    app: App,
) -> None:
    """An upgrade is stop, pull, start: a version whose every-table commands differ from the
    last sent (a digest in the store) sends them at start; a restart of the same sends none."""

    async def scenario() -> FakeDiscord:
        async with logged_in(app, sent_before=False) as h:
            return h.discord

    (first,) = run(scenario()).syncs()  # nothing recorded yet: sent
    assert first.path == f"/applications/{APP_ID}/commands"
    assert names(first) == EVERY_TABLE
    assert run(scenario()).syncs() == []  # the same again: nothing sent


def test_a_development_server_gets_every_command_and_no_server_is_synced_by_its_games(
    app: App,
) -> None:
    async def scenario() -> tuple[FakeDiscord, Request]:
        async with logged_in(app, sync=True, dev_guild=5555) as h:
            return h.discord, await new_game(h, "mettle")

    fake, reply = run(scenario())
    (synced,) = fake.syncs()
    assert synced.path == f"/applications/{APP_ID}/guilds/5555/commands"
    assert names(synced) >= EVERY_TABLE | METTLE | {"doom", "test", "legend"}
    assert "being added" not in reply.text()


def test_a_server_playing_only_mettle_is_sent_mettles_commands_once(app: App) -> None:
    async def scenario() -> tuple[FakeDiscord, list[Request]]:
        async with logged_in(app) as h:
            replies = [await new_game(h, "mettle")]
            first = len(h.discord.requests)
            replies.append(await new_game(h, "mettle", channel=CHANNEL + 1))
            await h.slash("game join", ANA)
            replies.append(await h.slash("roll", ANA, dice="d6"))
            assert h.discord.syncs(first) == []  # the same games: nothing sent again
            return h.discord, replies

    fake, (started, second, rolled) = run(scenario())
    assert ADDING in started.text()
    assert "being added" not in second.text() + rolled.text()
    (synced,) = fake.syncs()
    assert synced.path == GUILD_PATH
    assert names(synced) == METTLE  # the every-table ones are global; nothing of Cortex's
    assert synced.json == sets(app).for_games({"mettle"})
    char = next(c for c in synced.json if c["name"] == "char")  # type: ignore[index]
    assert {o["name"] for o in char["options"]} == {
        "backstory",
        "delete",
        "gear",
        "import",
        "new",
        "set",
        "show",
    }


def test_a_second_game_adds_its_commands_and_ending_it_takes_them_away(app: App) -> None:
    async def scenario() -> tuple[FakeDiscord, Request, Request]:
        async with logged_in(app) as h:
            await new_game(h, "mettle")
            added = await new_game(h, "cortex", channel=CHANNEL + 1)
            payload = h.command_payload("game end", GM, {"confirm": True}, channel=CHANNEL + 1)
            ended = h.discord.replies(await h.dispatch(payload))[0]
            return h.discord, added, ended

    fake, added, ended = run(scenario())
    assert "Commands for Cortex Prime are being added" in added.text()
    assert "Commands for Cortex Prime leave this server" in ended.text()
    mettle, both, mettle_again = fake.syncs()
    assert both.json == sets(app).for_games({"cortex", "mettle"})
    assert names(both) > METTLE | {"doom", "stress", "pp", "action", "asset"}
    assert names(mettle_again) == names(mettle) == METTLE


def test_a_restarted_bot_knows_each_servers_games(app: App) -> None:
    async def first() -> None:
        async with logged_in(app) as h:
            await new_game(h, "mettle")

    async def again() -> FakeDiscord:
        async with logged_in(app) as h:
            await h.guild_create(GUILD)  # the server comes online
            await h.guild_create(GUILD + 1)  # one with no game: nothing kept
            await h.slash("game show", GM)
            return h.discord

    run(first())
    assert run(again()).syncs() == []  # in step already: nothing sent
    record = guild_record.load(app.store, GUILD)
    assert record.tables == {str(CHANNEL): "mettle"}
    assert record.synced == {"mettle"}
    assert app.store.latest_snapshot(guild_record.record_id(GUILD + 1)) is None
    assert app.store.tables() == [str(CHANNEL)]  # a record is not a table


def test_a_table_from_before_the_records_teaches_its_server_at_its_next_command(
    app: App,
) -> None:
    async def before_records() -> None:
        async with logged_in(app, dev_guild=5555) as h:  # no server records kept
            await new_game(h, "mettle")

    async def now() -> tuple[FakeDiscord, Request]:
        async with logged_in(app) as h:
            return h.discord, await h.slash("game show", GM)

    run(before_records())
    fake, shown = run(now())
    assert ADDING in shown.text()
    (synced,) = fake.syncs()
    assert names(synced) == METTLE


def test_sync_again_sends_a_server_what_this_version_would_send_differently(app: App) -> None:
    async def first() -> None:
        async with logged_in(app) as h:
            await new_game(h, "mettle")

    async def restart(sync: bool) -> FakeDiscord:
        async with logged_in(app, sync=sync) as h:
            await h.guild_create(GUILD)
            return h.discord

    run(first())
    old = guild_record.load(app.store, GUILD)
    guild_record.save(app.store, dataclasses.replace(old, digest="made by an older version"))
    assert run(restart(sync=False)).syncs() == []  # its games did not change
    resent = run(restart(sync=True)).syncs()
    assert [r.path for r in resent] == [f"/applications/{APP_ID}/commands", GUILD_PATH]
    assert run(restart(sync=True)).syncs()[1:] == []  # now in step


def test_a_server_the_bot_joins_again_is_sent_its_games(app: App) -> None:
    """Discord may have dropped a server's commands while the bot was away from it."""

    async def scenario() -> list[Request]:
        async with logged_in(app) as h:
            await new_game(h, "mettle")
            mark = len(h.discord.requests)
            await h.guild_create(GUILD, joined=True)
            return h.discord.syncs(mark)

    (again,) = run(scenario())
    assert names(again) == METTLE


def test_a_rate_limited_sync_backs_off_and_tries_again(
    app: App, caplog: pytest.LogCaptureFixture
) -> None:
    fake = FakeDiscord()
    # discord.py waits and tries five times itself; then the bot backs off and tries again.
    fake.throttled[GUILD_PATH] = 7

    async def scenario() -> Request:
        async with logged_in(app, fake) as h:
            assert h.bot.guild_commands is not None
            h.bot.guild_commands.backoff = (0.01,)
            return await new_game(h, "mettle")

    with caplog.at_level(logging.WARNING):
        started = run(scenario())
    assert ADDING in started.text()
    attempts = [r.status for r in fake.requests if r.path == GUILD_PATH]
    assert attempts == [429] * 7 + [200]
    assert "trying again in" in caplog.text
    assert names(fake.syncs()[0]) == METTLE


def test_no_command_waits_for_a_sync(app: App) -> None:
    async def scenario() -> tuple[list[Request], list[Request]]:
        async with logged_in(app) as h:
            assert h.bot.guild_commands is not None
            gate = asyncio.Event()
            send = h.bot.guild_commands.send

            async def slow(guild: int, payload: list[dict[str, Any]]) -> object:
                await gate.wait()
                return await send(guild, payload)

            h.bot.guild_commands.send = slow
            h.start(h.command_payload("game new", GM, {"system": "mettle"}))
            while not h.discord.replies():
                await asyncio.sleep(0.01)
            replied, synced_meanwhile = h.discord.replies(), h.discord.syncs()
            gate.set()
            await h.settle()
            return replied, synced_meanwhile

    replied, synced_meanwhile = run(scenario())
    assert ADDING in replied[0].text()
    assert synced_meanwhile == []  # answered while the sync still waited


def test_a_server_that_refuses_commands_is_left_and_play_goes_on(
    app: App, caplog: pytest.LogCaptureFixture
) -> None:
    fake = FakeDiscord()
    fake.forbidden.append(GUILD_PATH)

    async def scenario() -> Request:
        async with logged_in(app, fake) as h:
            await new_game(h, "mettle")
            await h.slash("game join", ANA)
            return await h.slash("roll", ANA, dice="d6")

    with caplog.at_level(logging.WARNING):
        rolled = run(scenario())
    assert "d6" in rolled.text()
    assert [r.status for r in fake.requests if r.path == GUILD_PATH] == [403]  # not retried
    assert "Discord refused its commands" in caplog.text
    assert guild_record.load(app.store, GUILD).synced is None


def test_an_imported_table_brings_its_games_commands_to_its_server(app: App) -> None:
    class Upload:
        filename = "warehouse.json"

        def __init__(self, content: bytes) -> None:
            self.content = content
            self.size = len(content)

        async def read(self) -> bytes:
            return self.content

    async def scenario() -> str:
        bot = make_bot(app)
        await fakes.slash(bot, "game new", fakes.GM, system="mettle", name="Warehouse")
        export = await fakes.slash(bot, "game export", fakes.GM)
        exported = export.sent[1].files[0].fp.read()
        elsewhere = fakes.Interaction(bot, fakes.GM, channel_id=CHANNEL + 7, guild_id=8888)
        await fakes.call(bot, elsewhere, "game import", file=Upload(exported))
        return elsewhere.sent[-1].text()

    imported = run(scenario())
    assert "Imported 'Warehouse'" in imported
    assert ADDING in imported
    record = guild_record.load(app.store, 8888)
    assert record.tables == {str(CHANNEL + 7): "mettle"}
    assert record.synced is None  # the bot here never logged in: nothing sent yet
    assert app.store.tables() == sorted([str(fakes.CHANNEL), str(CHANNEL + 7)])


def test_a_server_playing_dice_alone_is_sent_roll_and_results(app: App) -> None:
    """/roll is not global (a NoDice table rolls none): the generic game brings it."""

    async def scenario() -> tuple[FakeDiscord, Request]:
        async with logged_in(app) as h:
            return h.discord, await new_game(h, "generic")

    fake, started = run(scenario())
    assert "Commands for any game (dice only) are being added" in started.text()
    (synced,) = fake.syncs()
    assert names(synced) == {"roll", "results"}
