"""Scenes in threads (issue 34): where threads of the table's channel play the table, /board pin
in a thread pins the board there too; a change anywhere brings every board of the table up to
date (the channel's and each thread's), after a restart too; /board unpin in a thread retires
that thread's board only; /game end retires them all. Raw payloads, Discord's HTTP recorded."""

from __future__ import annotations

from scenekeeper.app import App
from tests.discord.fakes import run
from tests.discord.gateway import CHANNEL, GM, FakeDiscord, Harness, Request, logged_in
from tests.discord.test_buttons import cortex_table

THREAD = CHANNEL + 70
STRESS = {"character": "Ada", "type": "Physical", "die": "d8"}


async def in_thread(h: Harness, command: str, values: dict[str, object] | None = None) -> int:
    return await h.dispatch(
        h.command_payload(command, GM, values or {}, channel=THREAD, parent=CHANNEL)
    )


def posted(h: Harness, mark: int, channel: int) -> str:
    (made,) = [
        r.made
        for r in h.discord.in_channels(mark)
        if r.method == "POST" and r.path == f"/channels/{channel}/messages"
    ]
    assert made is not None
    return made


def edited(requests: list[Request]) -> set[str]:
    return {r.path for r in requests if r.method == "PATCH"}


async def two_boards(h: Harness) -> tuple[str, str]:
    """A table whose threads follow it, its board pinned in the channel and in a thread."""
    await cortex_table(h)
    await h.slash("game threads", GM, follow=True)
    home = posted(h, await h.dispatch(h.command_payload("board pin", GM, {})), CHANNEL)
    mark = await in_thread(h, "board pin")
    assert "pinned in this channel" in h.one(mark).text()
    return home, posted(h, mark, THREAD)


def test_a_thread_has_its_own_pinned_board_and_every_board_follows_a_change(app: App) -> None:
    async def scenario() -> tuple[str, str, set[str], set[str], dict[str, list[str]]]:
        async with logged_in(app) as h:
            home, thread = await two_boards(h)
            in_channel = await h.dispatch(h.command_payload("stress add", GM, STRESS))
            await h.bot.runner.boards.idle()  # type: ignore[union-attr]
            first = edited(h.discord.in_channels(in_channel))
            there = await in_thread(h, "complication add", {"character": "Ada", "name": "Dazed"})
            await h.bot.runner.boards.idle()  # type: ignore[union-attr]
            return home, thread, first, edited(h.discord.in_channels(there)), h.discord.pins

    home, thread, first, second, pins = run(scenario())
    both = {f"/channels/{CHANNEL}/messages/{home}", f"/channels/{THREAD}/messages/{thread}"}
    assert first == both
    assert second == both
    assert pins[str(CHANNEL)] == [home]
    assert pins[str(THREAD)] == [thread]


def test_after_a_restart_a_change_in_the_channel_brings_the_threads_board_up_to_date(
    app: App,
) -> None:
    fake = FakeDiscord()

    async def before() -> str:
        async with logged_in(app, fake) as h:
            return (await two_boards(h))[1]

    async def after() -> set[str]:
        app._cache.clear()  # a new process: nothing remembered but the store and Discord
        async with logged_in(app, fake) as h:
            mark = await h.dispatch(h.command_payload("stress add", GM, STRESS))
            await h.bot.runner.boards.idle()  # type: ignore[union-attr]
            return edited(h.discord.in_channels(mark))

    thread = run(before())
    assert f"/channels/{THREAD}/messages/{thread}" in run(after())


def test_unpinning_in_a_thread_retires_its_board_only_and_game_end_retires_all(app: App) -> None:
    async def scenario() -> tuple[str, set[str], dict[str, list[str]], str]:
        async with logged_in(app) as h:
            home, _ = await two_boards(h)
            said = h.one(await in_thread(h, "board unpin")).text()
            mark = await h.dispatch(h.command_payload("stress add", GM, STRESS))
            await h.bot.runner.boards.idle()  # type: ignore[union-attr]
            after_unpin = edited(h.discord.in_channels(mark))
            await in_thread(h, "board pin")
            await h.dispatch(h.command_payload("game end", GM, {"confirm": True}))
            await h.bot.runner.boards.idle()  # type: ignore[union-attr]
            return said, after_unpin, dict(h.discord.pins), home

    said, after_unpin, pins, home = run(scenario())
    assert "no longer kept up to date" in said
    assert after_unpin == {f"/channels/{CHANNEL}/messages/{home}"}
    assert pins[str(CHANNEL)] == []
    assert pins[str(THREAD)] == []
