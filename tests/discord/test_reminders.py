"""Reminders at a paced table through discord.py's own objects (issue 34): whoever holds the
table up a pace gets one message in the table's channel that may ping only them; once, even
when the bot restarts before or after it is due; none from a process that does not own the
server; a person who switched mentions off is named, not pinged."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from scenekeeper.adapters.discord.shards import Shards, shard_of
from scenekeeper.app.clock import MovableClock
from tests.discord.fake_discord import FakeDiscord
from tests.discord.fakes import run
from tests.discord.gateway import ANA, BEN, CHANNEL, GM, GUILD, Harness, Request, logged_in
from tests.discord.test_game_controls import setup
from tests.support import make_app

START = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


async def paced_order(h: Harness) -> None:
    await setup(
        h,
        ("game new", GM, {"system": "cortex", "name": "By post"}),
        ("game join", ANA, {}),
        ("char new", ANA, {"name": "Ada"}),
        ("game join", BEN, {}),
        ("char new", BEN, {"name": "Brick"}),
        ("game pace", GM, {"hours": 12}),
        ("scene start", GM, {"type": "action", "name": "Docks"}),
        ("order start", GM, {"lead": "Ada"}),
    )


def reminders(requests: list[Request]) -> list[Request]:
    return [r for r in requests if "Reminder for" in str(r.json.get("content", ""))]


def test_a_reminder_goes_out_once_a_pace_after_and_pings_only_the_one_reminded() -> None:
    clock = MovableClock(START)
    app = make_app(clock=clock.now)

    async def scenario() -> tuple[int, int, list[Request]]:
        async with logged_in(app) as h:
            await paced_order(h)
            clock.later(timedelta(hours=11))
            early = await h.bot.reminding.tick()
            clock.later(timedelta(hours=2))
            mark = len(h.discord.requests)
            sent = await h.bot.reminding.tick()
            again = await h.bot.reminding.tick()
            return early, sent + again, h.discord.since(mark)

    early, sent, requests = run(scenario())
    assert early == 0
    assert sent == 1
    (reminder,) = reminders(requests)
    assert reminder.path == f"/channels/{CHANNEL}/messages"
    assert reminder.json["content"] == (
        f"Reminder for <@{ANA.id}>: the table has waited for you since Mon 30 Nov 09:00 UTC: "
        "Ada's turn in the action order: act, then /order handoff; a GM can /order end."
    )
    assert reminder.json["allowed_mentions"] == {"parse": [], "users": [ANA.id]}
    app.store.close()


def test_a_reminder_due_while_the_bot_was_down_goes_out_once_after_it_starts() -> None:
    clock = MovableClock(START)
    app = make_app(clock=clock.now)

    async def first_start() -> None:
        async with logged_in(app) as h:
            await paced_order(h)

    async def later_start() -> list[Request]:
        fake = FakeDiscord()
        async with logged_in(app, fake) as h:
            await h.bot.reminding.tick()
            await h.bot.reminding.tick()
            return h.discord.requests

    run(first_start())
    clock.later(timedelta(hours=13))  # the bot is down
    assert len(reminders(run(later_start()))) == 1
    assert reminders(run(later_start())) == []  # a third start: sent already
    app.store.close()


def test_a_process_that_does_not_own_the_server_sends_no_reminder() -> None:
    clock = MovableClock(START)
    app = make_app(clock=clock.now)

    async def scenario() -> int:
        async with logged_in(app) as h:
            await paced_order(h)
            clock.later(timedelta(hours=13))
            other = 1 - shard_of(GUILD, 2)
            h.bot.reminding.shards = Shards.of(2, [other])
            return await h.bot.reminding.tick()

    assert run(scenario()) == 0
    app.store.close()


def test_someone_who_switched_mentions_off_is_named_not_pinged() -> None:
    clock = MovableClock(START)
    paced = make_app(clock=clock.now)

    async def scenario() -> list[Request]:
        async with logged_in(paced) as h:
            await paced_order(h)
            await h.slash("game mentions", BEN, enabled=False)
            await h.dispatch(h.command_payload("order handoff", ANA, {"to": "Brick"}))
            clock.later(timedelta(hours=13))
            mark = len(h.discord.requests)
            await h.bot.reminding.tick()
            return h.discord.since(mark)

    (reminder,) = reminders(run(scenario()))
    assert reminder.json["content"].startswith("Reminder for Ben: ")
    assert reminder.json["allowed_mentions"] == {"parse": [], "users": []}
    paced.store.close()


def test_someone_who_chose_dm_gets_the_reminder_by_dm_and_the_channel_nothing() -> None:
    clock = MovableClock(START)
    app = make_app(clock=clock.now)

    async def scenario() -> tuple[str, list[Request], dict[str, str]]:
        async with logged_in(app) as h:
            await paced_order(h)
            chose = await h.slash("game reminders", ANA, by="dm")
            clock.later(timedelta(hours=13))
            mark = len(h.discord.requests)
            await h.bot.reminding.tick()
            return chose.text(), h.discord.since(mark), dict(h.discord.dms)

    chose, requests, dms = run(scenario())
    assert chose.startswith("Ana's reminders reach them by DM.\n")
    (reminder,) = reminders_by_dm(requests)
    assert reminder.path == f"/channels/{dms[str(ANA.id)]}/messages"
    assert reminder.json["content"] == (
        f"Reminder from <#{CHANNEL}>: the table has waited for you since Mon 30 Nov 09:00 UTC: "
        "Ada's turn in the action order: act, then /order handoff; a GM can /order end."
    )
    assert reminder.json["allowed_mentions"] == {"parse": []}
    assert reminders(requests) == []  # nothing in the channel
    app.store.close()


def test_a_dm_refused_by_discord_is_sent_in_the_channel_instead() -> None:
    clock = MovableClock(START)
    app = make_app(clock=clock.now)
    fake = FakeDiscord()

    async def scenario() -> list[Request]:
        async with logged_in(app, fake) as h:
            await paced_order(h)
            await h.slash("game reminders", ANA, by="dm")
            fake.forbidden.append(r"/users/@me/channels")  # Ana's DMs are closed
            clock.later(timedelta(hours=13))
            mark = len(h.discord.requests)
            await h.bot.reminding.tick()
            await h.bot.reminding.tick()
            return h.discord.since(mark)

    requests = run(scenario())
    (reminder,) = reminders(requests)  # once, in the channel, pinging Ana
    assert reminder.path == f"/channels/{CHANNEL}/messages"
    assert reminder.json["allowed_mentions"] == {"parse": [], "users": [ANA.id]}
    app.store.close()


def reminders_by_dm(requests: list[Request]) -> list[Request]:
    return [r for r in requests if "Reminder from" in str(r.json.get("content", ""))]
