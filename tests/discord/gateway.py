"""The bot driven offline the way Discord drives it: raw INTERACTION_CREATE payloads handed to
discord.py's own dispatch (``ConnectionState.parse_interaction_create``, so discord.py builds
the real ``discord.Interaction``, finds the command or the button, checks the options), and
Discord's HTTP API replaced, at the aiohttp session, by ``FakeDiscord``: it records every
request and answers as Discord does (messages with ids, edits, pins), so a message the bot
sent can be clicked later with its own components. No network, no token.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from typing import Any
from unittest import mock

import aiohttp
import discord
from multidict import CIMultiDict

from scenekeeper.adapters.discord.bot import Scenekeeper
from scenekeeper.adapters.discord.layout import plan
from scenekeeper.app import App

APP_ID = 1100
GUILD = 2200
CHANNEL = 3300
BOT = {"id": "1100", "username": "Scenekeeper", "discriminator": "0", "avatar": None, "bot": True}
_ids = itertools.count(900_000_000_000_000_000)


def snowflake() -> str:
    return str(next(_ids))


@dataclass(frozen=True)
class Person:
    id: int
    name: str

    def json(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name, "discriminator": "0", "avatar": None}


GM = Person(100, "Gemma")
ANA = Person(200, "Ana")
BEN = Person(300, "Ben")


@dataclass
class Request:
    """One call the bot made to Discord's HTTP API."""

    method: str
    path: str
    json: dict[str, Any] = field(default_factory=dict)
    files: dict[str, bytes] = field(default_factory=dict)
    #: The id of the message the request made or edited, if any.
    made: str | None = None

    @property
    def kind(self) -> int | None:
        """An interaction callback's type (4 message, 5 defer, 7 update, 8 choices, 9 modal)."""
        return self.json.get("type") if "/callback" in self.path else None

    @property
    def message(self) -> dict[str, Any]:
        """The message part of the request (a callback's ``data``, or the body itself)."""
        data: dict[str, Any] = self.json.get("data", self.json) if self.kind else self.json
        return data or {}

    @property
    def ephemeral(self) -> bool:
        return bool(self.message.get("flags", 0) & 64)

    def text(self) -> str:
        """What a person reads: content, embed titles, descriptions, fields, footers."""
        message = self.message
        parts = [message.get("content") or ""]
        for embed in message.get("embeds") or []:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            parts += [f"{f['name']}: {f['value']}" for f in embed.get("fields", [])]
            parts.append((embed.get("footer") or {}).get("text") or "")
        return "\n".join(p for p in parts if p)

    def custom_ids(self) -> list[str]:
        return custom_ids(self.message)


def custom_ids(message: dict[str, Any]) -> list[str]:
    found = []
    for row in message.get("components") or []:
        found += [c["custom_id"] for c in row.get("components", []) if "custom_id" in c]
    return found


class FakeDiscord:
    """Discord's HTTP API as far as the bot uses it."""

    def __init__(self) -> None:
        self.requests: list[Request] = []
        self.messages: dict[str, dict[str, Any]] = {}
        self.pins: dict[str, list[str]] = {}
        #: Interaction id and token -> (channel id, the message a component sits on).
        self.interactions: dict[str, tuple[str, str | None]] = {}
        #: Interaction id -> the message its response made.
        self.originals: dict[str, str] = {}
        #: Paths (regular expressions) answered 403 Missing Permissions, as on a server that
        #: did not grant a permission.
        self.forbidden: list[str] = []
        self.closed = False

    # -- what the tests read --------------------------------------------------------------------

    def since(self, mark: int) -> list[Request]:
        return self.requests[mark:]

    def replies(self, mark: int = 0) -> list[Request]:
        """Answers to interactions that people see (not autocomplete choices)."""
        return [
            r
            for r in self.requests[mark:]
            if r.method in ("POST", "PATCH")
            and r.path.startswith(("/interactions/", "/webhooks/"))
            and r.kind != 8
        ]

    def in_channels(self, mark: int = 0) -> list[Request]:
        """Requests on channels' own messages (the live board), not interaction answers."""
        return [r for r in self.requests[mark:] if r.path.startswith("/channels/")]

    # -- the HTTP API ---------------------------------------------------------------------------

    def handle(self, method: str, path: str, body: dict[str, Any], files: dict[str, bytes]) -> Any:
        request = Request(method, path, body, files)
        self.requests.append(request)
        answer = self._answer(method, path, body, files)
        message = (
            answer.get("resource", {}).get("message", answer) if isinstance(answer, dict) else None
        )
        if isinstance(message, dict) and message.get("id") in self.messages:
            request.made = message["id"]
        return answer

    def _answer(self, method: str, path: str, body: dict[str, Any], files: dict[str, bytes]) -> Any:
        if path == "/users/@me":
            return BOT
        if path == "/oauth2/applications/@me":
            return _application()
        if match := re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", path):
            return self._callback(match[1], body, files)
        if match := re.fullmatch(r"/webhooks/\d+/([^/]+)(/messages/@original)?", path):
            return self._webhook(method, match[1], bool(match[2]), body, files)
        if match := re.fullmatch(r"/channels/(\d+)/messages/pins/(\d+)", path):
            pins = self.pins.setdefault(match[1], [])
            if method == "PUT" and match[2] not in pins:
                pins.insert(0, match[2])
            elif method == "DELETE" and match[2] in pins:
                pins.remove(match[2])
            return None
        if match := re.fullmatch(r"/channels/(\d+)/messages/pins", path):
            items = [
                {"pinned_at": "2025-01-01T00:00:00+00:00", "message": self.messages[m]}
                for m in self.pins.get(match[1], [])
            ]
            return {"items": items, "has_more": False}
        if match := re.fullmatch(r"/channels/(\d+)/messages(?:/(\d+))?", path):
            if method == "POST":
                return self._create(match[1], body, files)
            return self._edit(match[2], body, files)
        raise AssertionError(f"the fake Discord has no {method} {path}")

    def _callback(self, interaction: str, body: dict[str, Any], files: dict[str, bytes]) -> Any:
        channel, clicked = self.interactions[interaction]
        kind, data = body["type"], body.get("data") or {}
        message = None
        if kind == 4:
            message = self._create(channel, data, files, interaction=interaction)
        elif kind == 7 and clicked is not None:
            message = self._edit(clicked, data, files)
        return {
            "interaction": {
                "id": interaction,
                "type": 2,
                "response_message_id": message["id"] if message else None,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(data.get("flags", 0) & 64),
            },
            "resource": {"type": kind, **({"message": message} if message else {})},
        }

    def _webhook(
        self, method: str, token: str, original: bool, body: dict[str, Any], files: dict[str, bytes]
    ) -> Any:
        interaction = token.removeprefix("token-")
        channel, _ = self.interactions[interaction]
        if not original:  # a follow-up
            return self._create(channel, body, files)
        if method == "DELETE":
            return None
        if interaction in self.originals:
            return self._edit(self.originals[interaction], body, files)
        return self._create(channel, body, files, interaction=interaction)

    def _create(
        self,
        channel: str,
        body: dict[str, Any],
        files: dict[str, bytes],
        interaction: str | None = None,
    ) -> dict[str, Any]:
        message: dict[str, Any] = {
            "id": snowflake(),
            "channel_id": channel,
            "type": 0,
            "author": BOT,
            "content": "",
            "embeds": [],
            "components": [],
            "attachments": [],
            "timestamp": "2025-01-01T00:00:00+00:00",
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
            "flags": 0,
        }
        if interaction is not None:
            self.originals[interaction] = message["id"]
        self.messages[message["id"]] = message
        return self._edit(message["id"], body, files)

    def _edit(
        self, message_id: str | None, body: dict[str, Any], files: dict[str, bytes]
    ) -> dict[str, Any]:
        assert message_id is not None
        assert message_id in self.messages, message_id
        message = self.messages[message_id]
        for key in ("content", "embeds", "components", "flags"):
            if key in body:
                message[key] = (
                    body[key] if body[key] is not None else ([] if key != "content" else "")
                )
        if files or "attachments" in body:
            message["attachments"] = [
                {
                    "id": snowflake(),
                    "filename": name,
                    "size": len(data),
                    "url": f"https://x/{name}",
                    "proxy_url": f"https://x/{name}",
                }
                for name, data in files.items()
            ]
        return message


def _application() -> dict[str, Any]:
    return {
        "id": str(APP_ID),
        "name": "Scenekeeper",
        "description": "",
        "icon": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": GM.json(),
        "verify_key": "0" * 64,
        "flags": 0,
    }


class _Response:
    def __init__(self, status: int, body: Any) -> None:
        self.status = status
        self.reason = "OK" if status < 300 else "Error"
        self._text = "" if body is None else json.dumps(body)
        self.headers = CIMultiDict({"Content-Type": "application/json"} if body is not None else {})

    async def text(self, encoding: str = "utf-8") -> str:
        return self._text

    async def __aenter__(self) -> _Response:
        return self

    async def __aexit__(self, *_: object) -> None:
        return None


class FakeSession:
    """Stands in for the ``aiohttp.ClientSession`` discord.py makes at login."""

    def __init__(self, discord_: FakeDiscord) -> None:
        self.discord = discord_

    def request(self, method: str, url: str, **kwargs: Any) -> _Response:
        path = str(url).split("/api/v10", 1)[-1]
        body, files = _decode(kwargs.get("data"))
        if any(re.fullmatch(p, path) for p in self.discord.forbidden):
            self.discord.requests.append(Request(method, path, body, files))
            return _Response(403, {"message": "Missing Permissions", "code": 50013})
        result = self.discord.handle(method, path, body, files)
        return _Response(200 if result is not None else 204, result)

    async def close(self) -> None:
        self.discord.closed = True

    @property
    def closed(self) -> bool:
        return self.discord.closed


def _decode(data: Any) -> tuple[dict[str, Any], dict[str, bytes]]:
    if data is None:
        return {}, {}
    if isinstance(data, str):
        return json.loads(data), {}
    assert isinstance(data, aiohttp.FormData)
    body: dict[str, Any] = {}
    files: dict[str, bytes] = {}
    for options, _headers, value in data._fields:
        if options.get("name") == "payload_json":
            body = json.loads(value)
        else:
            value.seek(0)
            files[str(options.get("filename"))] = value.read()
    return body, files


# -- the bot, logged in against the fake ------------------------------------------------------


@dataclass
class Harness:
    bot: Scenekeeper
    discord: FakeDiscord

    async def settle(self) -> None:
        """Wait until everything the last interaction started is done (replies, boards)."""
        me = asyncio.current_task()
        while pending := [t for t in asyncio.all_tasks() if t is not me and _working(t)]:
            await asyncio.wait(pending)

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
        options = [
            {
                "name": n,
                "type": kinds[n],
                "value": _value(v),
                **({"focused": True} if n == focused else {}),
            }
            for n, v in values.items()
        ]
        for name in reversed(path[1:]):
            options = [{"name": name, "type": 1, "options": options}]
        data = {"id": snowflake(), "name": path[0], "type": 1, "options": options}
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
            payload["member"] = {
                "user": user.json(),
                "roles": [],
                "joined_at": "2025-01-01T00:00:00+00:00",
                "deaf": False,
                "mute": False,
                "flags": 0,
                "permissions": "2248473465835073",
            }
        else:
            raw_channel["type"] = 1
            payload["user"] = user.json()
        return payload


def _working(task: asyncio.Task[Any]) -> bool:
    """A task still doing the work of an interaction (not a modal waiting out its timeout)."""
    name = getattr(task.get_coro(), "__qualname__", "")
    return not task.done() and not name.endswith("__timeout_task_impl")


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


def _value(value: Any) -> Any:
    return value


@contextmanager
def _fake_http(fake: FakeDiscord) -> Iterator[None]:
    session = mock.Mock(return_value=FakeSession(fake))
    with mock.patch.object(discord.http.aiohttp, "ClientSession", session):
        yield


@asynccontextmanager
async def logged_in(
    app: App, fake: FakeDiscord | None = None, **options: Any
) -> AsyncIterator[Harness]:
    """The bot logged in against ``fake`` (a fresh ``FakeDiscord`` by default; login,
    application info and ``setup_hook`` run for real); closed at the end."""
    options = {"quick_reply": 30.0, "board_interval": 0.0, **options}
    bot = Scenekeeper(app, **options)
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
