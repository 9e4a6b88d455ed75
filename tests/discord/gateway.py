"""The bot driven offline the way Discord drives it: raw INTERACTION_CREATE payloads handed to
discord.py's own dispatch (``ConnectionState.parse_interaction_create``, so discord.py builds
the real ``discord.Interaction``, finds the command or the button, checks the options), and
Discord's HTTP API replaced, at the aiohttp session, by ``FakeDiscord`` (``fake_discord``).
No network, no token.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from typing import Any
from unittest import mock

import discord

from scenekeeper.adapters.discord.bot import Scenekeeper
from scenekeeper.adapters.discord.command_sets import digest
from scenekeeper.adapters.discord.guild_record import remember_sent
from scenekeeper.adapters.discord.layout import plan
from scenekeeper.adapters.web.serve import POLLER
from scenekeeper.app import App
from tests.discord.fake_discord import (
    ANA,
    APP_ID,
    BEN,
    CHANNEL,
    GM,
    GUILD,
    FakeDiscord,
    FakeSession,
    Person,
    Request,
    custom_ids,
    snowflake,
)

__all__ = ["ANA", "BEN", "CHANNEL", "GM", "FakeDiscord", "FakeSession", "Harness", "Request"]


@dataclass
class Harness:
    bot: Scenekeeper
    discord: FakeDiscord

    async def settle(self) -> None:
        """Wait until everything the last interaction started is done (replies, boards, the
        servers' command syncs it asked for)."""
        me = asyncio.current_task()
        while pending := [t for t in asyncio.all_tasks() if t is not me and _working(t)]:
            await asyncio.wait(pending)
        if self.bot.guild_commands is not None:
            await self.bot.guild_commands.idle()

    async def dispatch(self, payload: dict[str, Any]) -> int:
        """Hand a payload to discord.py as the gateway would, and wait until all it started is
        done; the index of the first request the bot made for it."""
        mark = len(self.discord.requests)
        self.start(payload)
        await self.settle()
        return mark

    def start(self, payload: dict[str, Any]) -> set[asyncio.Task[Any]]:
        """Hand a payload to discord.py without waiting; the tasks discord.py started for it."""
        before = asyncio.all_tasks()
        clicked = payload.get("message", {}).get("id")
        self.discord.interactions[payload["id"]] = (payload["channel_id"], clicked)
        self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        return asyncio.all_tasks() - before

    async def slash(
        self, command: str, user: Person = GM, /, *, channel: int = CHANNEL, **values: Any
    ) -> Request:
        """``/command`` typed by ``user``: the one reply a person sees (a defer and its edit
        count as one)."""
        mark = await self.dispatch(self.command_payload(command, user, values, channel=channel))
        return self.one(mark)

    async def click(
        self, message: Request | dict[str, Any], custom_id: str, user: Person = GM
    ) -> Request:
        mark = await self.dispatch(self.component_payload(message, custom_id, user))
        return self.one(mark)

    async def choose(
        self, message: Request | dict[str, Any], custom_id: str, value: str, user: Person = GM
    ) -> Request:
        """``value`` chosen in a select menu, as Discord sends it."""
        payload = self.component_payload(message, custom_id, user)
        payload["data"].update({"component_type": 3, "values": [value]})
        return self.one(await self.dispatch(payload))

    async def guild_create(self, guild: int = GUILD, *, joined: bool = False) -> None:
        """GUILD_CREATE as the gateway sends it: a server the bot is in coming online after a
        start (``unavailable: false``), or one it has just joined; then wait for its sync."""
        data: dict[str, Any] = {
            "id": str(guild),
            "name": f"Server {guild}",
            "member_count": 1,
            **{key: [] for key in ("channels", "roles", "emojis", "stickers", "features")},
            **{key: [] for key in ("threads", "members", "voice_states", "presences")},
        }
        if not joined:
            data["unavailable"] = False
        self.bot._connection.parse_guild_create(data)  # type: ignore[arg-type]
        await self.settle()

    def one(self, mark: int) -> Request:
        seen = [r for r in self.discord.replies(mark) if r.kind != 5]
        assert seen, f"no reply: {[(r.method, r.path) for r in self.discord.since(mark)]}"
        return seen[0]

    def stored(self, request: Request) -> dict[str, Any]:
        """The message a reply made or edited, as Discord keeps it now (to click it later)."""
        assert request.made is not None, "the reply made no message"
        return self.discord.messages[request.made]

    # -- payloads -------------------------------------------------------------------------------

    def command_payload(
        self,
        command: str,
        user: Person,
        values: dict[str, Any],
        *,
        channel: int = CHANNEL,
        focused: str | None = None,
        **where: Any,
    ) -> dict[str, Any]:
        path = plan(self.bot.app.registry).by_engine_name()[command].path
        kinds = {p.display_name: p.type.value for p in self.bot.commands[command].parameters}
        files = {n: v for n, v in values.items() if isinstance(v, Upload)}
        options = [
            {
                "name": n,
                "type": kinds[n],
                "value": str(v.id) if isinstance(v, Person | Upload) else v,
                **({"focused": True} if n == focused else {}),
            }
            for n, v in values.items()
        ]
        for name in reversed(path[1:]):
            options = [{"name": name, "type": 1, "options": options}]
        data: dict[str, Any] = {"id": snowflake(), "name": path[0], "type": 1, "options": options}
        people = [v for v in values.values() if isinstance(v, Person)]
        if people:  # a user option: Discord sends the id, and the user and member resolved
            data["resolved"] = {
                "users": {str(v.id): v.json() for v in people},
                "members": {str(v.id): _member(v, user=False) for v in people},
            }
        if files:  # an attachment: Discord sends its id, and the file resolved (a CDN link)
            for upload in files.values():
                self.discord.cdn[upload.url] = upload.content
            resolved = data.setdefault("resolved", {})
            resolved["attachments"] = {str(u.id): u.json() for u in files.values()}
        kind = 4 if focused else 2
        return self.payload(kind, user, data, channel=channel, **where)

    def component_payload(
        self, message: Request | dict[str, Any], custom_id: str, user: Person
    ) -> dict[str, Any]:
        stored = self.stored(message) if isinstance(message, Request) else message
        assert custom_id in custom_ids(stored), f"{custom_id} is not on {custom_ids(stored)}"
        data = {"custom_id": custom_id, "component_type": 2}
        payload = self.payload(3, user, data, channel=int(stored["channel_id"]))
        payload["message"] = stored
        return payload

    def modal_payload(
        self, custom_id: str, fields: dict[str, str], user: Person, message: dict[str, Any]
    ) -> dict[str, Any]:
        components = [
            {"type": 18, "component": {"type": 4, "custom_id": k, "value": v}}
            for k, v in fields.items()
        ]
        data = {"custom_id": custom_id, "components": components}
        payload = self.payload(5, user, data, channel=int(message["channel_id"]))
        payload["message"] = message
        return payload

    def payload(
        self,
        kind: int,
        user: Person,
        data: dict[str, Any],
        *,
        channel: int = CHANNEL,
        guild: int | None = GUILD,
        parent: int | None = None,
    ) -> dict[str, Any]:
        interaction = snowflake()
        raw_channel = _channel(channel, parent)
        payload: dict[str, Any] = {
            "id": interaction,
            "application_id": str(APP_ID),
            "type": kind,
            "token": f"token-{interaction}",
            "version": 1,
            "channel_id": str(channel),
            "channel": raw_channel,
            "data": data,
            "locale": "en-US",
            "app_permissions": "2248473465835073",
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
            "context": 0 if guild else 1,
        }
        if guild is not None:
            raw_channel["guild_id"] = str(guild)
            payload["guild_id"] = str(guild)
            payload["member"] = _member(user)
        else:
            raw_channel["type"] = 1
            payload["user"] = user.json()
        return payload


def _working(task: asyncio.Task[Any]) -> bool:
    """A task still doing the work of an interaction (not a modal waiting out its timeout,
    nor the servers' sync worker waiting for work: ``settle`` waits for it to be idle, nor
    the board pages' poll of the store, which runs as long as the server)."""
    name = getattr(task.get_coro(), "__qualname__", "")
    return (
        not task.done()
        and not name.endswith("__timeout_task_impl")
        and task.get_name() not in ("scenekeeper-guild-commands", POLLER)
    )


def _channel(channel: int, parent: int | None) -> dict[str, Any]:
    """A channel as an interaction carries it: a text channel, or a thread of ``parent``."""
    raw: dict[str, Any] = {
        "id": str(channel),
        "type": 0,
        "name": f"table-{channel}",
        "position": 0,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "flags": 0,
    }
    if parent is not None:
        raw.update(
            type=11,
            parent_id=str(parent),
            owner_id=str(GM.id),
            message_count=0,
            member_count=1,
            thread_metadata={
                "archived": False,
                "auto_archive_duration": 1440,
                "archive_timestamp": "2025-01-01T00:00:00+00:00",
                "locked": False,
            },
        )
    return raw


def _member(person: Person, *, user: bool = True) -> dict[str, Any]:
    member: dict[str, Any] = {
        "roles": [],
        "joined_at": "2025-01-01T00:00:00+00:00",
        "deaf": False,
        "mute": False,
        "flags": 0,
        "permissions": "2248473465835073",
    }
    return {"user": person.json(), **member} if user else member


@contextmanager
def _fake_http(fake: FakeDiscord) -> Iterator[None]:
    session = mock.Mock(return_value=FakeSession(fake))
    with mock.patch.object(discord.http.aiohttp, "ClientSession", session):
        yield


@dataclass
class Upload:
    """A file someone attaches to a slash command: Discord hands the bot its CDN link."""

    filename: str
    content: bytes
    id: int = field(default_factory=snowflake)

    @property
    def url(self) -> str:
        return f"https://cdn.discordapp.com/attachments/{CHANNEL}/{self.id}/{self.filename}"

    def json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.content),
            "url": self.url,
            "proxy_url": self.url,
        }


@asynccontextmanager
async def logged_in(
    app: App, fake: FakeDiscord | None = None, *, sent_before: bool = True, **options: Any
) -> AsyncIterator[Harness]:
    """The bot logged in against ``fake`` (a fresh ``FakeDiscord`` by default; login,
    application info and ``setup_hook`` run for real); closed at the end. ``sent_before``:
    this version's every-table commands were sent by an earlier start (so this one sends
    none unless told to sync); False: a first start, or the first after an upgrade."""
    # Reminders are sent when a test asks (``bot.reminding.tick()``), never on a timer.
    options = {"quick_reply": 30.0, "board_interval": 0.0, "reminder_interval": 0.0, **options}
    bot = Scenekeeper(app, **options)
    if sent_before:
        dev = options.get("dev_guild") is not None
        sets = bot.command_sets
        remember_sent(app.store, digest(sets.everything() if dev else sets.every_table()))
    fake = fake or FakeDiscord()
    fake.closed = False
    async with bot:
        with _fake_http(fake):
            await bot.login("a-made-up-token")
        try:
            yield Harness(bot, fake)
        finally:
            await bot.runner.stop()
    assert fake.closed
