"""Answering within Discord's window, and failing safely: a slow command is deferred then
edited in; a failed send is logged, never retried into a second command."""

from __future__ import annotations

import logging
import threading
from typing import Any

import pytest
from discord import app_commands

from scenekeeper.adapters.discord import ids
from scenekeeper.adapters.discord.wording import STORAGE_DOWN
from scenekeeper.app import App, Outcome
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.engine.parse import Invocation
from scenekeeper.engine.state import Person
from scenekeeper.store.base import StoreError
from scenekeeper.store.memory import MemoryStore
from tests.discord.fakes import (
    ANA,
    CHANNEL,
    GM,
    Interaction,
    Message,
    call,
    cortex_table,
    make_bot,
    run,
    slash,
)


class GatedApp(App):
    """An app whose commands wait until the bot has deferred: a command slower than the
    bot's patience, with no sleeping and no timing in the test."""

    def __init__(self) -> None:
        super().__init__(store=MemoryStore(), dice=SeededDice(1), registry=build_registry())
        self.gate = threading.Event()
        self.gated = False

    def handle(
        self, table_id: str, actor: Person, command: str | Invocation, read_file: Any = None
    ) -> Outcome:
        if self.gated:
            assert self.gate.wait(timeout=30), "the bot never deferred"
        return super().handle(table_id, actor, command, read_file)


def test_a_slow_command_is_deferred_then_edited_in() -> None:
    app = GatedApp()

    async def scenario() -> None:
        bot = make_bot(app, quick_reply=0)
        app.gated = True
        interaction = Interaction(bot, GM, on_defer=app.gate.set)
        await call(bot, interaction, "game new", system="generic", name="Slow")
        assert [s.kind for s in interaction.sent] == ["defer", "edit_original"]
        assert interaction.sent[0].args == {"thinking": True}
        assert "New table 'Slow'" in interaction.sent[1].text()

    try:
        run(scenario())
    finally:
        app.store.close()


def test_a_slow_refusal_replaces_the_public_thinking_by_an_ephemeral_message() -> None:
    app = GatedApp()

    async def scenario() -> None:
        bot = make_bot(app, quick_reply=0)
        app.gated = True
        interaction = Interaction(bot, GM, on_defer=app.gate.set)
        await call(bot, interaction, "game show")
        assert [s.kind for s in interaction.sent] == ["defer", "delete", "followup"]
        assert interaction.sent[2].ephemeral
        assert "no game at this table" in (interaction.sent[2].content or "")

    try:
        run(scenario())
    finally:
        app.store.close()


def test_a_slow_click_defers_and_edits_the_message() -> None:
    app = GatedApp()

    async def scenario() -> None:
        bot = make_bot(app, quick_reply=0)
        await cortex_table(bot)
        # A die to spare for the effect die the click buys (else only a d4, which is refused).
        sent = (await slash(bot, "roll", ANA, pool="Fighting d6 d6 d6", results="5 4 3 2")).one()
        app.gated = True
        interaction = Interaction(bot, ANA, message=Message.of(sent), on_defer=app.gate.set)
        spend = next(i for i, label in sent.labels().items() if "+1 effect die" in label)
        ref = ids.parse(spend)
        assert ref is not None
        await bot.runner.click(interaction, ref)
        assert [s.kind for s in interaction.sent] == ["defer", "edit_original"]
        assert interaction.sent[0].args == {"thinking": False}

    try:
        run(scenario())
    finally:
        app.store.close()


def test_a_failed_send_keeps_the_command_and_is_not_retried(
    app: App, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        interaction = Interaction(bot, GM, fail=True)
        with caplog.at_level(logging.WARNING):
            await call(bot, interaction, "game new", system="generic", name="Outage")
        assert interaction.sent == []

    run(scenario())
    records = app.store.read(str(CHANNEL))
    assert [r.type for r in records] == ["table.created@1"]  # stored once, answered never
    assert "could not be sent" in caplog.text
    assert "the command stands as recorded" in caplog.text


def test_a_store_that_cannot_be_read_is_a_clear_ephemeral_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    class Down(MemoryStore):
        def read(self, *args: Any, **kwargs: Any) -> Any:
            raise StoreError("connection refused")

    app = App(store=Down(), dice=SeededDice(1), registry=build_registry())

    async def scenario() -> None:
        bot = make_bot(app)
        sent = (await slash(bot, "game show", GM)).one()
        assert sent.ephemeral
        assert sent.content == STORAGE_DOWN

    with caplog.at_level(logging.ERROR):
        run(scenario())
    assert "cannot be read" in caplog.text


def test_an_unexpected_failure_is_answered_privately(
    app: App, caplog: pytest.LogCaptureFixture
) -> None:

    async def scenario() -> None:
        bot = make_bot(app)
        interaction = Interaction(bot, GM)
        command = bot.commands["game show"]
        error = app_commands.CommandInvokeError(command, RuntimeError("boom"))
        with caplog.at_level(logging.ERROR):
            await bot.on_tree_error(interaction, error)  # type: ignore[arg-type]
        sent = interaction.one()
        assert sent.ephemeral
        assert "Something went wrong" in (sent.content or "")

    run(scenario())
    assert "slash command failed" in caplog.text


def test_a_slow_command_s_file_is_attached_to_the_answer_edited_in() -> None:
    """A session log asked for on a busy bot is deferred; the answer edited into the
    "thinking" message carries the log itself."""
    app = GatedApp()

    async def scenario() -> None:
        bot = make_bot(app, quick_reply=0)
        await call(bot, Interaction(bot, GM), "game new", system="generic", name="Slow")
        app.gated = True
        interaction = Interaction(bot, GM, on_defer=app.gate.set)
        await call(bot, interaction, "game log")
        assert [s.kind for s in interaction.sent] == ["defer", "edit_original"]
        edited = interaction.sent[1]
        assert "The session log of 'Slow' is in slow-session-log.md." in edited.text()
        assert [f.filename for f in edited.args["attachments"]] == ["slow-session-log.md"]

    try:
        run(scenario())
    finally:
        app.store.close()
