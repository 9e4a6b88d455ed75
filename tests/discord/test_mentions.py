"""Mentions through discord.py's own dispatch (issue 34): a command that leaves the table
waiting for someone is followed by one message that mentions exactly them -- its
``allowed_mentions`` lets it ping those users and nobody else (no @everyone, no role, whatever
a name says) -- in the channel or thread the command was made in; a person who switched
mentions off is not mentioned; a sealed commit's mention names nothing sealed."""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest

from scenekeeper.adapters.discord.mentions import tell
from scenekeeper.app import App
from scenekeeper.engine.waits import Mention
from tests.discord.fakes import run
from tests.discord.gateway import ANA, BEN, CHANNEL, GM, Harness, Request, logged_in
from tests.discord.test_game_controls import setup
from tests.discord.test_nodice_secrets import nodice_table


async def cortex_order(h: Harness, *, channel: int = CHANNEL) -> None:
    await setup(
        h,
        ("game new", GM, {"system": "cortex", "name": "Docks"}),
        ("game join", ANA, {}),
        ("char new", ANA, {"name": "Ada"}),
        ("game join", BEN, {}),
        ("char new", BEN, {"name": "@everyone <@&42>"}),
        ("scene start", GM, {"type": "action", "name": "Dock"}),
    )


def mentioning(requests: list[Request]) -> list[Request]:
    """The messages that may ping someone."""
    return [r for r in requests if (r.json.get("allowed_mentions") or {}).get("users")]


def may_ping(request: Request) -> dict[str, Any]:
    allowed: dict[str, Any] = request.json["allowed_mentions"]
    return allowed


def test_the_one_whose_turn_it_becomes_is_mentioned_and_nobody_else(app: App) -> None:
    async def scenario() -> tuple[list[Request], list[Request]]:
        async with logged_in(app) as h:
            await cortex_order(h)
            mark = await h.dispatch(h.command_payload("order start", GM, {"lead": "Ada"}))
            first = h.discord.since(mark)
            ben = "@everyone <@&42>"
            mark = await h.dispatch(h.command_payload("order handoff", ANA, {"to": ben}))
            return first, h.discord.since(mark)

    first, second = run(scenario())
    (told,) = mentioning(first)
    assert told.method == "POST"
    assert told.path == f"/channels/{CHANNEL}/messages"
    assert told.json["content"].startswith(f"<@{ANA.id}> Ada's turn in the action order")
    assert may_ping(told) == {"parse": [], "users": [ANA.id]}
    # Every other request pings nobody.
    assert all(
        may_ping(r) == {"parse": []}
        for r in first
        if r is not told and "allowed_mentions" in r.json
    )
    (told,) = mentioning(second)
    assert may_ping(told)["users"] == [BEN.id]
    assert may_ping(told)["parse"] == []  # the name's @everyone and role ping nobody
    assert "@\u200beveryone" in told.json["content"]


def test_a_person_who_switched_mentions_off_gets_no_mention(app: App) -> None:
    async def scenario() -> list[Request]:
        async with logged_in(app) as h:
            await cortex_order(h)
            off = await h.slash("game mentions", ANA, enabled=False)
            assert "no longer mentioned" in off.text()
            mark = await h.dispatch(h.command_payload("order start", GM, {"lead": "Ada"}))
            return h.discord.since(mark)

    assert mentioning(run(scenario())) == []


def test_a_command_in_a_thread_mentions_in_that_thread(app: App) -> None:
    thread = CHANNEL + 7

    async def scenario() -> list[Request]:
        async with logged_in(app) as h:
            await h.slash("game new", GM, channel=thread, system="cortex", name="T")
            for command, who, values in (
                ("game join", ANA, {}),
                ("char new", ANA, {"name": "Ada"}),
                ("scene start", GM, {"type": "action", "name": "Dock"}),
            ):
                await h.dispatch(h.command_payload(command, who, values, channel=thread))
            mark = await h.dispatch(
                h.command_payload("order start", GM, {"lead": "Ada"}, channel=thread)
            )
            return h.discord.since(mark)

    (told,) = mentioning(run(scenario()))
    assert told.path == f"/channels/{thread}/messages"


def test_a_sealed_commit_mentions_who_is_owed_next_and_names_nothing_sealed(app: App) -> None:
    async def scenario() -> tuple[list[Request], list[Request]]:
        async with logged_in(app) as h:
            await nodice_table(h)
            mark = await h.dispatch(
                h.command_payload(
                    "hand ante", GM, {"character": "Brute", "aspect": "Body", "ante": "STR"}
                )
            )
            gm_sealed = h.discord.since(mark)
            mark = await h.dispatch(
                h.command_payload("hand ante", ANA, {"aspect": "Spirit", "ante": "INT"})
            )
            return gm_sealed, h.discord.since(mark)

    gm_sealed, ana_sealed = run(scenario())
    assert mentioning(gm_sealed) == []  # Ada's ante was owed already: nobody is told again
    (told,) = mentioning(ana_sealed)
    # Every ante in: both bids are owed; Ana made the command, so the GM (Brute) is told.
    assert may_ping(told)["users"] == [GM.id]
    assert "seal with /hand bid" in told.json["content"]
    for sealed in ("INT", "Spirit", "STR", "Body"):
        assert sealed not in told.json["content"]


class _Sent:
    """A channel's or a followup's send: what it was given, or a failure."""

    def __init__(self, fails: bool = False) -> None:
        self.calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
        self.fails = fails

    async def send(self, *args: Any, **kwargs: Any) -> None:
        self.calls.append((args, kwargs))
        if self.fails:
            raise discord.ClientException("closed")


class _Asked:
    def __init__(self, channel: _Sent | None, followup: _Sent) -> None:
        self.channel, self.followup, self.channel_id = channel, followup, 77


def test_mentions_go_to_the_channel_or_else_as_a_followup_and_a_failure_is_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    told = (Mention("11", "Ada's turn"),)
    channel, followup = _Sent(), _Sent()
    run(tell(_Asked(channel, followup), told))  # type: ignore[arg-type]
    ((args, kwargs),) = channel.calls
    assert args == ("<@11> Ada's turn",)
    assert [u.id for u in kwargs["allowed_mentions"].users] == [11]
    assert followup.calls == []
    run(tell(_Asked(None, followup), told))  # type: ignore[arg-type]
    ((args, kwargs),) = followup.calls
    assert args == ("<@11> Ada's turn",)
    assert [u.id for u in kwargs["allowed_mentions"].users] == [11]
    with caplog.at_level(logging.WARNING):
        run(tell(_Asked(_Sent(fails=True), followup), told))  # type: ignore[arg-type]
        run(tell(_Asked(None, _Sent(fails=True)), told))  # type: ignore[arg-type]
    assert [r.getMessage() for r in caplog.records] == [
        "channel 77: the mentions could not be sent (ClientException: closed); the command "
        "stands as recorded"
    ] * 2
