"""The bot's buttons: ``DynamicItem``s whose custom id carries their state, with no timeout, so
a button works after a restart (discord.py builds the item from the id on every click).

A click becomes an ordinary command run through ``App.handle`` by the bot's ``Runner``, with
the same permission checks as the typed command; the item only says which command.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Literal, Protocol

import discord

from scenekeeper.adapters.discord import cortex_view, ids
from scenekeeper.adapters.discord.ids import Control
from scenekeeper.engine.aggregate import Table

Prepare = Callable[[Table], tuple[str, dict[str, object]]]
Mode = Literal["edit", "new"]
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


class Clicks(Protocol):
    """What the bot does with a click (``runner.Runner``)."""

    async def click(
        self,
        interaction: discord.Interaction[Any],
        prepare: Prepare,
        *,
        mode: Mode,
        roll_id: int | None,
    ) -> None: ...

    async def open_hitch(
        self, interaction: discord.Interaction[Any], roll_id: int, seq: int | None
    ) -> None: ...


def clicks_of(interaction: discord.Interaction[Any]) -> Clicks:
    runner = getattr(interaction.client, "runner", None)
    if runner is None:
        raise RuntimeError("the client has no runner: build it with bot.Scenekeeper")
    return runner  # type: ignore[no-any-return]  # checked structurally by Clicks


class _Button(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"sk:(?!)"):
    """A button made from a ``Control``; subclasses say what a click sends."""

    def __init__(self, control: Control) -> None:
        super().__init__(
            discord.ui.Button(
                label=control.label,
                style=STYLES[control.style],
                custom_id=control.custom_id,
                row=control.row,
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> _Button:
        del interaction
        label = getattr(item, "label", None) or "…"
        return cls(Control(match.string, label))

    @property
    def fields(self) -> dict[str, str]:
        match = self.template.fullmatch(self.custom_id)
        assert match is not None  # DynamicItem checks the id against the template
        return {k: v for k, v in match.groupdict().items() if v is not None}

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, clicks_of(interaction))

    async def act(self, interaction: discord.Interaction[Any], clicks: Clicks) -> None:
        raise NotImplementedError


class PickButton(_Button, template=ids.PICK):
    """Read the roll another way: ``/pick`` with this reading's dice."""

    async def act(self, interaction: discord.Interaction[Any], clicks: Clicks) -> None:
        roll, seq = int(self.fields["roll"]), ids.seq_of(self.fields)
        total, effect = (
            ids.numbers(self.fields["total"]),
            ids.numbers(self.fields.get("effect", "")),
        )
        await clicks.click(
            interaction,
            lambda table: cortex_view.pick_command(table, roll, seq, total, effect),
            mode="edit",
            roll_id=roll,
        )


class SpendButton(_Button, template=ids.SPEND):
    """A plot point for one more die in the total or one more effect die: ``/pp spend``."""

    async def act(self, interaction: discord.Interaction[Any], clicks: Clicks) -> None:
        roll, on, seq = int(self.fields["roll"]), self.fields["on"], ids.seq_of(self.fields)
        await clicks.click(
            interaction,
            lambda table: cortex_view.spend_command(table, on, roll, seq),
            mode="edit",
            roll_id=roll,
        )


class HitchButton(_Button, template=ids.HITCH):
    """The GM activates a roll's hitches: a modal asks for the complication (``/hitch``)."""

    async def act(self, interaction: discord.Interaction[Any], clicks: Clicks) -> None:
        await clicks.open_hitch(interaction, int(self.fields["roll"]), ids.seq_of(self.fields))


class ContestButton(_Button, template=ids.CONTEST):
    """The contest's next step: ``/contest givein`` or ``/contest stand``."""

    async def act(self, interaction: discord.Interaction[Any], clicks: Clicks) -> None:
        step, seq = self.fields["step"], ids.seq_of(self.fields)
        await clicks.click(
            interaction,
            lambda table: cortex_view.contest_command(table, step, seq),
            mode="new",
            roll_id=None,
        )


class UndoButton(_Button, template=ids.UNDO):
    """Take back the command this message shows, while it is still the newest: ``/undo``."""

    async def act(self, interaction: discord.Interaction[Any], clicks: Clicks) -> None:
        seq = int(self.fields["seq"])
        roll = int(self.fields["roll"]) if "roll" in self.fields else None
        await clicks.click(
            interaction, lambda table: undo_command(table, seq), mode="edit", roll_id=roll
        )


#: Registered with the client in ``setup_hook``; a click on any of them works after a restart.
DYNAMIC_ITEMS: tuple[type[_Button], ...] = (
    PickButton,
    SpendButton,
    HitchButton,
    ContestButton,
    UndoButton,
)


def undo_command(table: Table, seq: int) -> tuple[str, dict[str, object]]:
    # The button means this message's command only: /undo seq: checks it is still the newest
    # inside the engine, under the table's lock, so nothing can land in between.
    del table
    return "undo", {"seq": seq}


def item_for(control: Control) -> _Button:
    for kind in DYNAMIC_ITEMS:
        if kind.__discord_ui_compiled_template__.fullmatch(control.custom_id):
            return kind(control)
    raise ValueError(f"no button matches custom id {control.custom_id!r}")


def view_of(controls: Sequence[Control]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for control in controls:
        view.add_item(item_for(control))
    return view


class HitchModal(discord.ui.Modal):
    """Asks the GM for the complication the hitches create. Its submission is handled by the
    bot's ``on_interaction`` from the custom id alone, so it survives a restart too."""

    def __init__(self, roll_id: int, seq: int, *, doom: bool | None) -> None:
        super().__init__(
            title=f"Activate the hitches of roll #{roll_id}",
            custom_id=ids.hitch_modal(roll_id, seq),
            timeout=900,
        )
        if doom is None:  # the table was busy, so not asked: the engine decides on submit
            hint = "Leave it empty for doom dice if this table turns hitches into doom."
        else:
            hint = "Leave it empty for doom dice instead." if doom else "It starts at d6."
        self.add_item(
            discord.ui.Label(
                text="Complication",
                description=f"Create or step up a complication. {hint}",
                component=discord.ui.TextInput(
                    custom_id=ids.COMPLICATION_FIELD,
                    placeholder="Twisted Ankle",
                    required=doom is False,
                    max_length=60,
                ),
            )
        )


def modal_value(data: object, field: str) -> str | None:
    """The value of text field ``field`` in a modal submission's raw data (any nesting)."""
    if isinstance(data, dict):
        if data.get("custom_id") == field and "value" in data:
            value = data["value"]
            return str(value) if value is not None else None
        for child in (*data.get("components", ()), data.get("component")):
            found = modal_value(child, field)
            if found is not None:
                return found
    elif isinstance(data, list):
        for child in data:
            found = modal_value(child, field)
            if found is not None:
                return found
    return None
