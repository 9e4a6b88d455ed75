"""The live board (/board pin): a pinned message in the channel, brought up to date after each
change by commands and buttons alike, rate-limited, found again after a restart, retired by
/board unpin and /game end. Driven by raw payloads with Discord's HTTP API recorded."""

from __future__ import annotations

import asyncio
import logging

import pytest

from scenekeeper.app import App
from tests.discord.fakes import run
from tests.discord.gateway import ANA, CHANNEL, GM, FakeDiscord, Harness, Request, logged_in
from tests.discord.test_buttons import button, cortex_table


def edits(h: Harness, mark: int) -> list[Request]:
    return [r for r in h.discord.in_channels(mark) if r.method == "PATCH"]


async def pinned(h: Harness) -> tuple[Request, str]:
    """/board pin at a Cortex table: the reply, and the board message's id."""
    await cortex_table(h)
    mark = await h.dispatch(h.command_payload("board pin", GM, {}))
    reply = h.one(mark)
    (posted,) = [r for r in h.discord.in_channels(mark) if r.method == "POST"]
    assert posted.made is not None
    return reply, posted.made


def test_pinning_posts_the_board_and_pins_it(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            reply, board = await pinned(h)
            assert not reply.ephemeral
            assert "pinned in this channel and kept up to date" in reply.text()
            assert h.discord.pins[str(CHANNEL)] == [board]
            shown = h.discord.messages[board]
            (embed,) = shown["embeds"]
            assert embed["title"] == "Board of 'Friday' (Cortex Prime)"
            assert embed["footer"]["text"].startswith("Live board")
            fields = {f["name"]: f["value"] for f in embed["fields"]}
            assert fields["Ada (Ana)"] == "1 plot point.\nAssets: Sword d10 (scene)."
            assert fields["GMCs"] == "Thug."

    run(scenario())


def test_a_command_and_a_button_bring_the_board_up_to_date(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            _, board = await pinned(h)
            mark = await h.dispatch(
                h.command_payload(
                    "stress add", GM, {"character": "Ada", "type": "Physical", "die": "d8"}
                )
            )
            (by_command,) = edits(h, mark)
            assert by_command.path == f"/channels/{CHANNEL}/messages/{board}"
            assert "Stress: Physical d8." in by_command.text()
            rolled = await h.slash("roll", ANA, pool="Fighting Sword d6", results="5 4 3")
            mark = len(h.discord.requests)
            await h.click(rolled, button(rolled, "+1 die in total"), ANA)
            (by_button,) = edits(h, mark)
            assert "Ada (Ana): 0 plot points." in by_button.text()
            assert by_button.path == f"/channels/{CHANNEL}/messages/{board}"
            # A command that changes nothing leaves the board alone.
            mark = await h.dispatch(h.command_payload("board show", ANA, {}))
            assert edits(h, mark) == []

    run(scenario())


def test_the_board_is_found_again_in_the_pins_after_a_restart(app: App) -> None:
    fake = FakeDiscord()

    async def before() -> str:
        async with logged_in(app, fake) as h:
            return (await pinned(h))[1]

    async def after() -> list[Request]:
        app._cache.clear()  # a new process: nothing remembered but the store and Discord
        async with logged_in(app, fake) as h:
            mark = await h.dispatch(
                h.command_payload("complication add", GM, {"character": "Ada", "name": "Dazed"})
            )
            return h.discord.in_channels(mark)

    board = run(before())
    found = run(after())
    assert [r.method for r in found] == ["GET", "PATCH"]  # the pins once, then the edit
    assert found[1].path == f"/channels/{CHANNEL}/messages/{board}"
    assert "Complications: Dazed d6." in found[1].text()


def test_edits_are_rate_limited_and_a_burst_becomes_one_edit(app: App) -> None:
    now = [100.0]
    slept: list[float] = []
    gate = asyncio.Event()

    async def sleep(delay: float) -> None:
        slept.append(delay)
        await gate.wait()
        now[0] += delay

    async def scenario() -> list[Request]:
        async with logged_in(app, board_interval=5.0) as h:
            keeper = h.bot.runner.boards
            assert keeper is not None
            keeper._clock, keeper._sleep = (lambda: now[0]), sleep
            await pinned(h)  # the board was just posted: the next edit waits 5 seconds
            now[0] += 1.0
            mark = len(h.discord.requests)
            first = h.start(
                h.command_payload(
                    "stress add", GM, {"character": "Ada", "type": "Mental", "die": "d6"}
                )
            )
            await asyncio.wait(first)
            while not slept:  # the board's update is waiting its turn
                await asyncio.sleep(0)
            second = h.start(
                h.command_payload(
                    "asset add", GM, {"character": "Ada", "name": "Rope", "die": "d6"}
                )
            )
            await asyncio.wait(second)
            assert edits(h, mark) == []  # nothing edited while it waits
            gate.set()
            await h.settle()
            return edits(h, mark)

    (edit,) = run(scenario())
    assert slept == [4.0]  # 5 seconds after the last edit, 1 of them gone already
    text = edit.text()
    assert "Stress: Mental d6." in text
    assert "Rope d6 (scene)." in text  # both changes in the one edit


def test_unpinning_and_ending_the_game_retire_the_board(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            _, board = await pinned(h)
            mark = await h.dispatch(h.command_payload("board unpin", GM, {}))
            assert "no longer kept up to date" in h.one(mark).text()
            assert h.discord.pins[str(CHANNEL)] == []
            assert (
                "no longer kept up to date"
                in h.discord.messages[board]["embeds"][0]["footer"]["text"]
            )
            mark = await h.dispatch(
                h.command_payload(
                    "stress add", GM, {"character": "Ada", "type": "Social", "die": "d6"}
                )
            )
            assert edits(h, mark) == []  # no board to keep now
            mark = await h.dispatch(h.command_payload("board pin", GM, {}))
            (posted,) = [r for r in h.discord.in_channels(mark) if r.method == "POST"]
            mark = await h.dispatch(h.command_payload("game end", GM, {"confirm": True}))
            assert posted.made is not None
            assert h.discord.pins[str(CHANNEL)] == []
            final = h.discord.messages[posted.made]["embeds"][0]
            assert (
                final["footer"]["text"]
                == "The game has ended; this board is no longer kept up to date."
            )
            assert final["title"] == "Board of 'Friday' (Cortex Prime)"  # the last board stays

    run(scenario())


def test_without_the_pin_permission_the_board_still_runs_and_the_gm_is_told(app: App) -> None:
    fake = FakeDiscord()
    fake.forbidden.append(rf"/channels/{CHANNEL}/messages/pins/\d+")

    async def scenario() -> Request:
        async with logged_in(app, fake) as h:
            reply, _ = await pinned(h)
            return reply

    reply = run(scenario())
    assert "could not be pinned: give the bot the Pin Messages permission" in reply.text()


def test_the_board_reads_as_plain_text_when_the_table_asked_for_it(app: App) -> None:
    async def scenario() -> str:
        async with logged_in(app) as h:
            await cortex_table(h)
            await h.slash("game output", GM, mode="plain", everyone=True)
            mark = await h.dispatch(h.command_payload("board pin", GM, {}))
            (posted,) = [r for r in h.discord.in_channels(mark) if r.method == "POST"]
            assert posted.message["embeds"] == []
            return str(posted.message["content"])

    content = run(scenario())
    assert content.startswith("Live board.")
    assert "\nAda (Ana):\n  1 plot point.\n  Assets: Sword d10 (scene).\n" in content


def test_the_board_never_says_pinned_when_it_was_not(app: App) -> None:
    fake = FakeDiscord()
    fake.forbidden.append(rf"/channels/{CHANNEL}/messages$")  # no Send Messages here

    async def scenario() -> Request:
        async with logged_in(app, fake) as h:
            await cortex_table(h)
            return h.one(await h.dispatch(h.command_payload("board pin", GM, {})))

    reply = run(scenario())
    assert "could not be posted in this channel" in reply.text()
    assert "is pinned" not in reply.text()
    assert "is posted" not in reply.text()


def test_a_long_section_goes_on_in_more_fields_and_never_loses_lines_unsaid(app: App) -> None:
    async def scenario() -> Request:
        async with logged_in(app) as h:
            await cortex_table(h)
            for n in range(40):
                await h.slash("char new", GM, name=f"Henchman number {n:02}", gmc=True)
            mark = await h.dispatch(h.command_payload("board pin", GM, {}))
            (posted,) = [r for r in h.discord.in_channels(mark) if r.method == "POST"]
            return posted

    posted = run(scenario())
    (embed,) = posted.message["embeds"]
    assert all(len(f["value"]) <= 1024 for f in embed["fields"])
    text = posted.text()
    shown = [n for n in range(40) if f"Henchman number {n:02}" in text]
    if len(shown) < 40:  # what does not fit is said, with where to read it all
        assert "/board show has the whole board" in text
    assert len(shown) > 13  # more than one field's worth


def test_unpinning_while_an_edit_waits_its_turn_logs_no_error(
    app: App, caplog: pytest.LogCaptureFixture
) -> None:
    gate = asyncio.Event()
    waiting = asyncio.Event()

    async def sleep(_delay: float) -> None:
        waiting.set()
        await gate.wait()

    async def scenario() -> None:
        async with logged_in(app, board_interval=5.0) as h:
            keeper = h.bot.runner.boards
            assert keeper is not None
            keeper._sleep = sleep
            await pinned(h)
            h.start(
                h.command_payload(
                    "stress add", GM, {"character": "Ada", "type": "Mental", "die": "d6"}
                )
            )
            await waiting.wait()  # the board's edit waits its turn
            unpinned = h.start(h.command_payload("board unpin", GM, {}))
            await asyncio.wait(unpinned)
            while h.discord.pins.get(str(CHANNEL)):
                await asyncio.sleep(0)
            gate.set()
            await h.settle()

    with caplog.at_level(logging.WARNING):
        run(scenario())
    assert "could not be updated" not in caplog.text
    assert "KeyError" not in caplog.text
