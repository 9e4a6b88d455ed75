"""Discord's HTTP API, faked where discord.py talks to it (its aiohttp session): every request
is recorded, and answered as Discord answers (messages with ids, edits, pins, interaction
callbacks), so a message the bot sent can be clicked later with its own components."""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass, field
from typing import Any

import aiohttp
from multidict import CIMultiDict

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
    #: The HTTP status Discord answered with.
    status: int = 200
    #: The query string's parameters (a webhook post's ``thread_id``, ``wait``).
    params: dict[str, Any] = field(default_factory=dict)

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
        #: Channel id -> its webhooks (as Discord answers them), and webhook id -> its channel.
        self.webhooks: dict[str, list[dict[str, Any]]] = {}
        self.hook_channels: dict[str, str] = {}
        #: Files people uploaded, by their CDN address (taken away: the link expired).
        self.cdn: dict[str, bytes] = {}
        #: Direct-message channels the bot opened: user id -> channel id.
        self.dms: dict[str, str] = {}
        #: Paths (regular expressions) answered 403 Missing Permissions, as on a server that
        #: did not grant a permission.
        self.forbidden: list[str] = []
        #: Paths (regular expressions) answered 429 Too Many Requests, with how many times
        #: more to answer so (discord.py waits ``retry_after`` and tries up to five times).
        self.throttled: dict[str, int] = {}
        #: The application's commands as last sent: None globally, else by server id.
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
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
            and "/hook-" not in r.path  # a channel's webhook posts: not an answer
            and r.kind != 8
        ]

    def syncs(self, mark: int = 0) -> list[Request]:
        """The bulk overwrites of the application's commands (global or a server's) that
        Discord took."""
        return [
            r
            for r in self.requests[mark:]
            if r.method == "PUT"
            and r.path.startswith(f"/applications/{APP_ID}/")
            and r.status < 300
        ]

    def in_channels(self, mark: int = 0) -> list[Request]:
        """Requests on channels' own messages (the live board), not interaction answers."""
        return [r for r in self.requests[mark:] if r.path.startswith("/channels/")]

    # -- the HTTP API ---------------------------------------------------------------------------

    def handle(
        self,
        method: str,
        path: str,
        body: dict[str, Any],
        files: dict[str, bytes],
        params: dict[str, Any] | None = None,
    ) -> Any:
        request = Request(method, path, body, files, params=dict(params or {}))
        self.requests.append(request)
        hooked = self._hooks(method, path, body, files, request.params)
        answer = hooked if hooked is not None else self._answer(method, path, body, files)
        message = (
            answer.get("resource", {}).get("message", answer) if isinstance(answer, dict) else None
        )
        if isinstance(message, dict) and message.get("id") in self.messages:
            request.made = message["id"]
        return answer

    def _answer(self, method: str, path: str, body: dict[str, Any], files: dict[str, bytes]) -> Any:
        if path == "/users/@me":
            return BOT
        if path == "/users/@me/channels":  # a DM channel with someone (made once)
            user = str(body["recipient_id"])
            channel = self.dms.setdefault(user, str(snowflake()))
            person = {"id": user, "username": user, "discriminator": "0", "avatar": None}
            return {"id": channel, "type": 1, "recipients": [person]}
        if path == "/oauth2/applications/@me":
            return _application()
        if match := re.fullmatch(rf"/applications/{APP_ID}(?:/guilds/(\d+))?/commands", path):
            assert method == "PUT", f"{method} {path}: the bot only overwrites its commands"
            guild = int(match[1]) if match[1] else None
            self.commands[guild] = list(body)  # type: ignore[call-overload]
            return [
                {**c, "id": snowflake(), "application_id": str(APP_ID), "version": snowflake()}
                | ({"guild_id": match[1]} if match[1] else {})
                for c in self.commands[guild]
            ]
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

    def _hooks(
        self,
        method: str,
        path: str,
        body: dict[str, Any],
        files: dict[str, bytes],
        params: dict[str, Any],
    ) -> Any:
        """A channel's webhooks: listed, made, and the posts made, edited and deleted through
        them (in the channel, or in ``thread_id``), by the name and picture given."""
        if match := re.fullmatch(r"/channels/(\d+)/webhooks", path):
            hooks = self.webhooks.setdefault(match[1], [])
            if method == "GET":
                return hooks
            made = {
                "id": snowflake(),
                "type": 1,
                "channel_id": match[1],
                "guild_id": str(GUILD),
                "name": body.get("name"),
                "avatar": None,
                "application_id": str(APP_ID),
                "user": BOT,
            }
            made["token"] = f"hook-{made['id']}"
            hooks.append(made)
            self.hook_channels[made["id"]] = match[1]
            return made
        match = re.fullmatch(r"/webhooks/(\d+)/hook-\d+(?:/messages/(\d+))?", path)
        if match is None:
            return None
        if match[2] is not None:
            if method == "DELETE":
                self.messages.pop(match[2], None)
                return {}
            return self._edit(match[2], body, files)
        channel = str(params.get("thread_id") or self.hook_channels[match[1]])
        message = self._create(channel, body, files)
        message["webhook_id"] = match[1]
        message["author"] = {
            "id": match[1],
            "username": body.get("username") or "Scenekeeper",
            "avatar": None,
            "discriminator": "0000",
            "bot": True,
        }
        return message

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
    def __init__(
        self,
        status: int,
        body: Any,
        headers: dict[str, str] | None = None,
        raw: bytes | None = None,
    ) -> None:
        self.status = status
        self.reason = "OK" if status < 300 else "Error"
        self._text = "" if body is None else json.dumps(body)
        self._raw = raw
        self.headers = CIMultiDict(
            {"Content-Type": "application/json"} if body is not None else {}, **(headers or {})
        )

    async def text(self, encoding: str = "utf-8") -> str:
        return self._text

    async def read(self) -> bytes:
        return self._raw if self._raw is not None else self._text.encode()

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
            self.discord.requests.append(Request(method, path, body, files, status=403))
            return _Response(403, {"message": "Missing Permissions", "code": 50013})
        for pattern, left in self.discord.throttled.items():
            if left and re.fullmatch(pattern, path):
                self.discord.throttled[pattern] = left - 1
                self.discord.requests.append(Request(method, path, body, files, status=429))
                limited = {"message": "You are being rate limited.", "retry_after": 0.0}
                return _Response(429, {**limited, "global": False}, {"Via": "1.1 google"})
        result = self.discord.handle(method, path, body, files, kwargs.get("params"))
        return _Response(200 if result is not None else 204, result)

    def get(self, url: str, **_kwargs: Any) -> _Response:
        """A file from Discord's CDN (an attachment someone uploaded): 404 once it expired."""
        content = self.discord.cdn.get(str(url))
        if content is None:
            return _Response(404, {"message": "Not Found"})
        return _Response(200, None, {"Content-Type": "application/octet-stream"}, raw=content)

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
