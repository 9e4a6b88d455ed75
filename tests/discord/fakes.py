"""A small fake of a Discord interaction: records what the bot sends, and behaves like Discord
where it matters (one initial response; edits and follow-ups only after it)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import discord

from scenekeeper.adapters.discord.bot import Scenekeeper
from scenekeeper.adapters.discord.controls import DYNAMIC_ITEMS
from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.store.memory import MemoryStore
from scenekeeper.store.open import open_store

T = TypeVar("T")
CHANNEL = 4242
GUILD = 777


def run(coro: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(coro)


def make_app(path: Path | None = None, seed: int = 1) -> App:
    store = open_store(str(path)) if path is not None else MemoryStore()
    return App(store=store, dice=SeededDice(seed), registry=build_registry())


@dataclass(frozen=True)
class User:
    id: int
    display_name: str

    @property
    def name(self) -> str:
        return self.display_name


GM = User(100, "Gemma")
ANA = User(200, "Ana")
BEN = User(300, "Ben")


@dataclass
class Sent:
    kind: str  # send_message, defer, edit_message, send_modal, followup, edit_original, delete
    args: dict[str, Any]

    @property
    def ephemeral(self) -> bool:
        return bool(self.args.get("ephemeral"))

    @property
    def content(self) -> str | None:
        return self.args.get("content")

    @property
    def embeds(self) -> list[discord.Embed]:
        return list(self.args.get("embeds") or [])

    @property
    def view(self) -> discord.ui.View | None:
        return self.args.get("view")

    @property
    def files(self) -> list[discord.File]:
        return list(self.args.get("files") or self.args.get("attachments") or [])

    def custom_ids(self) -> list[str]:
        view = self.view
        return [item.custom_id for item in view.children] if view else []  # type: ignore[attr-defined]

    def labels(self) -> dict[str, str]:
        view = self.view
        if view is None:
            return {}
        return {item.custom_id: item.item.label for item in view.children}  # type: ignore[attr-defined]

    def text(self) -> str:
        """Everything a person reads in it: content, embed descriptions and fields."""
        parts = [self.content or ""]
        for embed in self.embeds:
            parts.append(embed.description or "")
            parts += [f"{f.name}: {f.value}" for f in embed.fields]
        return "\n".join(parts)


@dataclass
class Message:
    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)

    @classmethod
    def of(cls, sent: Sent) -> Message:
        return cls(content=sent.content, embeds=sent.embeds)


class Failing(discord.HTTPException):
    """What an outage looks like to discord.py."""

    def __init__(self) -> None:
        response: Any = type("Response", (), {"status": 503, "reason": "Service Unavailable"})()
        super().__init__(response, "Discord is down")


class Response:
    def __init__(self, interaction: Interaction) -> None:
        self._interaction = interaction
        self._done = False

    def is_done(self) -> bool:
        return self._done

    def _respond(self, kind: str, **args: Any) -> None:
        assert not self._done, f"{kind}: the interaction was answered already"
        if self._interaction.fail:
            raise Failing()
        self._done = True
        self._interaction.sent.append(Sent(kind, args))

    async def send_message(self, content: str | None = None, **args: Any) -> None:
        self._respond("send_message", content=content, **args)

    async def defer(self, **args: Any) -> None:
        self._respond("defer", **args)
        if self._interaction.on_defer is not None:
            self._interaction.on_defer()

    async def edit_message(self, **args: Any) -> None:
        assert self._interaction.message is not None, "edit_message needs a component's message"
        self._respond("edit_message", **args)

    async def send_modal(self, modal: discord.ui.Modal) -> None:
        self._respond("send_modal", modal=modal)


class Followup:
    def __init__(self, interaction: Interaction) -> None:
        self._interaction = interaction

    async def send(self, content: str | None = None, **args: Any) -> None:
        assert self._interaction.response.is_done(), "a follow-up needs a response first"
        if self._interaction.fail:
            raise Failing()
        self._interaction.sent.append(Sent("followup", {"content": content, **args}))


class Interaction:
    def __init__(
        self,
        client: Scenekeeper,
        user: User = GM,
        *,
        channel_id: int = CHANNEL,
        message: Message | None = None,
        namespace: dict[str, Any] | None = None,
        data: dict[str, Any] | None = None,
        kind: discord.InteractionType = discord.InteractionType.application_command,
        fail: bool = False,
        on_defer: Callable[[], None] | None = None,
        guild_id: int | None = GUILD,
    ) -> None:
        self.client = client
        self.user = user
        self.channel_id = channel_id
        self.channel = None  # a plain channel (not a thread)
        self.guild_id = guild_id
        self.message = message
        self.namespace = Namespace(namespace or {})
        self.data = data
        self.type = kind
        self.fail = fail
        self.on_defer = on_defer
        self.sent: list[Sent] = []
        self.response = Response(self)
        self.followup = Followup(self)

    async def edit_original_response(self, **args: Any) -> None:
        assert self.response.is_done(), "nothing to edit before a response"
        if self.fail:
            raise Failing()
        self.sent.append(Sent("edit_original", args))

    async def delete_original_response(self) -> None:
        assert self.response.is_done(), "nothing to delete before a response"
        if self.fail:
            raise Failing()
        self.sent.append(Sent("delete", {}))

    def one(self) -> Sent:
        """The single message a person sees (a deferral and its edit count as one)."""
        seen = [s for s in self.sent if s.kind not in ("defer", "delete")]
        assert len(seen) == 1, f"expected one message, got {[s.kind for s in self.sent]}"
        return seen[0]


class Namespace:
    def __init__(self, values: dict[str, Any]) -> None:
        self._values = values

    def __iter__(self) -> Any:
        return iter(self._values.items())

    def __getattr__(self, name: str) -> Any:
        return self._values.get(name)


def make_bot(app: App, *, quick_reply: float = 30.0) -> Scenekeeper:
    return Scenekeeper(app, quick_reply=quick_reply)


async def slash(bot: Scenekeeper, command: str, user: User = GM, /, **values: Any) -> Interaction:
    """Run ``/command`` as Discord would call its callback (missing options are None)."""
    interaction = Interaction(bot, user)
    await call(bot, interaction, command, **values)
    return interaction


async def call(bot: Scenekeeper, interaction: Interaction, name: str, /, **values: Any) -> None:
    command = bot.commands[name]
    params = {p.name: None for p in command.parameters if not p.required}
    await command.callback(interaction, **{**params, **values})  # type: ignore[arg-type]


async def click(
    bot: Scenekeeper, custom_id: str, user: User = GM, message: Message | None = None
) -> Interaction:
    """Press a button the way discord.py dispatches a DynamicItem: find the class whose
    template matches the custom id, build the item from the id, check, call back."""
    interaction = Interaction(
        bot, user, message=message or Message(), kind=discord.InteractionType.component
    )
    for kind in DYNAMIC_ITEMS:
        match = kind.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match is None:
            continue
        base = discord.ui.Button(custom_id=custom_id, label="?")
        item = await kind.from_custom_id(interaction, base, match)  # type: ignore[arg-type]
        if await item.interaction_check(interaction):  # type: ignore[arg-type]
            await item.callback(interaction)  # type: ignore[arg-type]
        return interaction
    raise AssertionError(f"no dynamic item matches {custom_id!r}")


async def cortex_table(bot: Scenekeeper) -> None:
    """A Cortex table: Gemma is the GM; Ana plays Ada (Fighting d8, a d10 Sword); a Thug GMC."""
    for command, user, values in (
        ("game new", GM, {"system": "cortex", "name": "Friday"}),
        ("game join", ANA, {}),
        ("char new", ANA, {"name": "Ada"}),
        ("char set", ANA, {"character": "Ada", "trait": "Fighting", "die": "d8", "set": "Skills"}),
        ("asset add", GM, {"character": "Ada", "name": "Sword", "die": "d10"}),
        ("char new", GM, {"name": "Thug", "gmc": True}),
        ("char set", GM, {"character": "Thug", "trait": "Brawling", "die": "d8", "set": "Skills"}),
    ):
        done = await slash(bot, command, user, **values)
        assert not done.one().ephemeral, done.one().text()
