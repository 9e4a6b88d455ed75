"""Drawing a game's controls (``engine.controls``) as Discord components: buttons, selects, and
buttons that open a modal. They are ``DynamicItem``s whose custom id names the control for good
(``ids``), with no timeout, so a click works after a restart: discord.py builds the item from
the id on every click, and the runner finds the command again (``engine.offered``).

A click becomes an ordinary command run through ``App.handle`` with the same permission checks
as the typed command; nothing here knows any game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from scenekeeper.adapters.discord import ids
from scenekeeper.adapters.discord.ids import Ref
from scenekeeper.adapters.discord.limits import MAX_BUTTON_LABEL
from scenekeeper.engine.controls import Ask, Choice, Control

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
MAX_SELECT_PLACEHOLDER = 150
MAX_OPTION_LABEL = 100
#: Discord's most entries of one select; a form field with more choices is typed instead.
MAX_SELECT_OPTIONS = 25


@dataclass(frozen=True)
class Drawn:
    """A control as drawn on one message: the control and the id that names it."""

    ref: Ref
    control: Control


class Clicks(Protocol):
    """What the bot does with a click (``runner.Runner``)."""

    async def click(
        self, interaction: discord.Interaction[Any], ref: Ref, chosen: str | None = None
    ) -> None: ...

    async def open_form(self, interaction: discord.Interaction[Any], ref: Ref) -> None: ...

    async def refuse(self, interaction: discord.Interaction[Any], message: str) -> None: ...


def clicks_of(interaction: discord.Interaction[Any]) -> Clicks:
    runner = getattr(interaction.client, "runner", None)
    if runner is None:
        raise RuntimeError("the client has no runner: build it with bot.Scenekeeper")
    return runner  # type: ignore[no-any-return]  # checked structurally by Clicks


def _ref(match: re.Match[str]) -> Ref:
    found = ids.parse(match.string)
    assert found is not None  # DynamicItem matched the id against the same pattern
    return found


class ControlButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sk:[bf][en]:\d+(?::\d+)?:\d+:\d+:[0-9a-f]{4}",
):
    """A button: runs its control's command, or opens its form first."""

    def __init__(self, ref: Ref, label: str, style: str = "secondary", row: int | None = None):
        super().__init__(
            discord.ui.Button(
                label=label[:MAX_BUTTON_LABEL] or "…",
                style=STYLES[style],
                custom_id=ref.custom_id,
                row=row,
            )
        )
        self.ref = ref

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ControlButton:
        del interaction
        return cls(_ref(match), getattr(item, "label", None) or "…")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        clicks = clicks_of(interaction)
        if self.ref.kind == "f":
            await clicks.open_form(interaction, self.ref)
        else:
            await clicks.click(interaction, self.ref)


class ControlSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"sk:s[en]:\d+(?::\d+)?:\d+:\d+:[0-9a-f]{4}",
):
    """A select: runs its control's command with the value chosen."""

    def __init__(self, ref: Ref, select: discord.ui.Select[Any]) -> None:
        super().__init__(select)
        self.ref = ref

    @classmethod
    def drawn(cls, ref: Ref, control: Control) -> ControlSelect:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=ref.custom_id,
            placeholder=control.label[:MAX_SELECT_PLACEHOLDER],
            options=_entries(control.choices),
            row=control.row,
        )
        return cls(ref, select)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ControlSelect:
        del interaction
        assert isinstance(item, discord.ui.Select)
        return cls(_ref(match), item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        await clicks_of(interaction).click(interaction, self.ref, values[0] if values else None)


class OldButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.OLD):
    """A button made before controls were named for good: refused with what to type."""

    def __init__(self, custom_id: str, label: str) -> None:
        super().__init__(discord.ui.Button(label=label or "…", custom_id=custom_id))
        self.kind = custom_id.split(":")[1]

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> OldButton:
        del interaction
        return cls(match.string, getattr(item, "label", None) or "…")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await clicks_of(interaction).refuse(interaction, ids.old_button(self.kind))


#: Registered with the client in ``setup_hook``; a click on any of them works after a restart.
DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ControlButton,
    ControlSelect,
    OldButton,
)


def item_for(drawn: Drawn) -> discord.ui.Item[Any]:
    control = drawn.control
    if control.kind == "select":
        return ControlSelect.drawn(drawn.ref, control)
    return ControlButton(drawn.ref, control.label, control.style, control.row)


def view_of(drawn: Sequence[Drawn]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for one in drawn:
        view.add_item(item_for(one))
    return view


class Form(discord.ui.Modal):
    """A control's form: each field a text input named by its option. Its submission is read
    by the bot's ``on_interaction`` from the custom id alone, so it survives a restart too."""

    def __init__(self, ref: Ref, control: Control) -> None:
        super().__init__(
            title=(control.form_title or control.label)[:45],
            custom_id=ref.submitted().custom_id,
            timeout=900,
        )
        for ask in control.form[:5]:
            self.add_item(_labelled(ask))


def _entries(choices: Sequence[Choice]) -> list[discord.SelectOption]:
    """A select's entries, as many as Discord takes, each cut to its limits."""
    return [
        discord.SelectOption(label=c.label[:MAX_OPTION_LABEL] or "…", value=c.value[:100])
        for c in choices[:MAX_SELECT_OPTIONS]
    ]


def _labelled(ask: Ask) -> discord.ui.Label[Any]:
    component: discord.ui.TextInput[Any] | discord.ui.Select[Any]
    if 0 < len(ask.choices) <= MAX_SELECT_OPTIONS:
        # A select inside the form: the person picks, nothing to mistype.
        component = discord.ui.Select(
            custom_id=ask.name,
            placeholder=ask.placeholder[:MAX_SELECT_PLACEHOLDER] or None,
            required=ask.required,
            min_values=1 if ask.required else 0,
            max_values=1,
            options=_entries(ask.choices),
        )
    else:
        component = discord.ui.TextInput(
            custom_id=ask.name,
            placeholder=ask.placeholder[:100] or None,
            required=ask.required,
            max_length=ask.max_length,
        )
    return discord.ui.Label(
        text=ask.label[:45], description=ask.hint[:100] or None, component=component
    )


def modal_values(data: object) -> dict[str, str]:
    """Every field of a modal submission's raw data, by custom id (any nesting): a text
    input's value, or a select's chosen value (none chosen: left out)."""
    found: dict[str, str] = {}
    if isinstance(data, dict):
        if "custom_id" in data and "value" in data and data["value"] is not None:
            found[str(data["custom_id"])] = str(data["value"])
        values = data.get("values")
        if "custom_id" in data and isinstance(values, list) and values:
            found[str(data["custom_id"])] = str(values[0])
        for key in ("components", "component"):
            child = data.get(key)
            if child is not None:
                found.update(modal_values(child))
    elif isinstance(data, list):
        for child in data:
            found.update(modal_values(child))
    return found
