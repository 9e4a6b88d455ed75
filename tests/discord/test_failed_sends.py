"""A send Discord fails is logged naming what could not be sent -- the defer, the reply, the
edit of a clicked message -- and the channel, and that the command stands as recorded."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from scenekeeper.adapters.discord import ids
from scenekeeper.app import App
from tests.discord.fakes import (
    ANA,
    CHANNEL,
    GM,
    Failing,
    Interaction,
    Message,
    Response,
    call,
    cortex_table,
    make_bot,
    run,
    slash,
)
from tests.discord.test_delivery import GatedApp

DOWN = "(Failing: 503 Service Unavailable (error code: 0): Discord is down)"


def logged(what: str) -> str:
    return f"channel {CHANNEL}: the {what} could not be sent {DOWN}; the command stands as recorded"


class DeferFails(Response):
    """Discord answers everything but the defer (which the bot has asked for, all the same)."""

    async def defer(self, **args: Any) -> None:
        del args
        if self._interaction.on_defer is not None:
            self._interaction.on_defer()
        raise Failing()


def failing_defer(interaction: Interaction) -> Interaction:
    interaction.response = DeferFails(interaction)
    return interaction


def test_a_failed_reply_and_a_failed_edit_are_logged_by_name(
    app: App, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        await cortex_table(bot)
        with caplog.at_level(logging.WARNING):
            await call(bot, Interaction(bot, GM, fail=True), "roll", pool="d6 d8", results="3 4")
        assert caplog.messages[-1] == logged("reply")
        sent = (await slash(bot, "roll", ANA, pool="Fighting d6 d6 d6", results="5 4 3 2")).one()
        spend = next(i for i, label in sent.labels().items() if "+1 effect die" in label)
        ref = ids.parse(spend)
        assert ref is not None
        clicked = Interaction(bot, ANA, message=Message.of(sent), fail=True)
        with caplog.at_level(logging.WARNING):
            await bot.runner.click(clicked, ref)
        assert caplog.messages[-1] == logged("edit")

    run(scenario())


def test_a_failed_private_defer_is_logged_and_the_answer_still_sent(
    app: App, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        await cortex_table(bot)
        interaction = failing_defer(Interaction(bot, GM))
        with caplog.at_level(logging.WARNING):
            await call(bot, interaction, "roll", dice="d6", results="3", secret=True)
        assert caplog.messages == [logged("defer")]
        # Not deferred: the table's line as a reply, the GM's dice privately.
        public, private = interaction.sent
        assert (public.kind, private.kind) == ("send_message", "followup")
        assert "in secret" in public.text()
        assert private.ephemeral

    run(scenario())


def test_a_failed_defer_of_a_slow_command_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    app = GatedApp()

    async def scenario() -> None:
        bot = make_bot(app, quick_reply=0)
        app.gated = True
        interaction = failing_defer(Interaction(bot, GM, on_defer=app.gate.set))
        with caplog.at_level(logging.WARNING):
            await call(bot, interaction, "game new", system="generic", name="Slow")
        assert caplog.messages == [logged("defer")]
        # Not deferred: answered as a reply all the same.
        assert [s.kind for s in interaction.sent] == ["send_message"]
        assert "New table 'Slow'" in interaction.sent[0].text()

    try:
        run(scenario())
    finally:
        app.store.close()


def test_a_failed_private_answer_to_a_click_is_logged_as_the_reply(
    app: App, caplog: pytest.LogCaptureFixture
) -> None:
    """A click on a button of an undone roll is answered privately, as a reply of its own
    (the message left as it was): when Discord fails it, the log names the reply."""

    async def scenario() -> None:
        bot = make_bot(app)
        await cortex_table(bot)
        sent = (await slash(bot, "roll", ANA, pool="Fighting d6 d6 d6", results="5 4 3 2")).one()
        await slash(bot, "undo", ANA)
        spend = next(i for i, label in sent.labels().items() if "+1 effect die" in label)
        ref = ids.parse(spend)
        assert ref is not None
        clicked = Interaction(bot, ANA, message=Message.of(sent), fail=True)
        with caplog.at_level(logging.WARNING):
            await bot.runner.click(clicked, ref)
        assert caplog.messages[-1] == logged("reply")

    run(scenario())


def test_a_failed_private_answer_to_a_secret_roll_is_logged_as_the_private_reply(
    app: App, caplog: pytest.LogCaptureFixture
) -> None:
    """A secret roll is deferred privately; Discord takes the defer, then fails the private
    answer edited into it: the log names the private reply."""

    async def scenario() -> None:
        bot = make_bot(app)
        await cortex_table(bot)
        interaction = Interaction(bot, GM)
        interaction.on_defer = lambda: setattr(interaction, "fail", True)
        with caplog.at_level(logging.WARNING):
            await call(bot, interaction, "roll", dice="d6", results="3", secret=True)
        assert [s.kind for s in interaction.sent] == ["defer"]
        said = [r.getMessage() for r in caplog.records if r.name.endswith("discord.send")]
        assert said == [logged("private reply")]

    run(scenario())


class FailingChannel:
    """A channel Discord will not post in (the table's part of a secret roll goes there)."""

    async def send(self, **args: Any) -> None:
        del args
        raise Failing()


def test_a_failed_table_s_message_of_a_secret_roll_is_logged_by_name(
    app: App, caplog: pytest.LogCaptureFixture
) -> None:
    """The GM's dice reach the GM privately; what the table reads of the roll, posted to the
    channel as a message of its own, fails: the log names the table's message."""

    async def scenario() -> None:
        bot = make_bot(app)
        await cortex_table(bot)
        interaction = Interaction(bot, GM)
        interaction.channel = FailingChannel()
        with caplog.at_level(logging.WARNING):
            await call(bot, interaction, "roll", dice="d6", results="3", secret=True)
        assert [s.kind for s in interaction.sent] == ["defer", "edit_original"]
        said = [r.getMessage() for r in caplog.records if r.name.endswith("discord.send")]
        assert said == [logged("table's message")]

    run(scenario())


def test_a_failed_private_part_is_logged_as_the_private_reply(
    app: App, caplog: pytest.LogCaptureFixture
) -> None:
    """An export's public line goes out, its file (the GM's alone) follows privately; when
    Discord fails that follow-up, the log names the private reply."""

    async def scenario() -> None:
        bot = make_bot(app)
        await cortex_table(bot)
        interaction = Interaction(bot, GM)

        async def fails(*args: Any, **kwargs: Any) -> None:
            del args, kwargs
            raise Failing()

        interaction.followup.send = fails  # type: ignore[method-assign]
        with caplog.at_level(logging.WARNING):
            await call(bot, interaction, "game export")
        assert [s.kind for s in interaction.sent] == ["send_message"]
        said = [r.getMessage() for r in caplog.records if r.name.endswith("discord.send")]
        assert said == [logged("private reply")]

    run(scenario())


def _failing_after_defer(app: GatedApp) -> Interaction:
    """A slow command's interaction: Discord takes the defer, then fails all that follows."""
    bot = make_bot(app, quick_reply=0)
    interaction = Interaction(bot, GM)

    def deferred() -> None:
        interaction.fail = True
        app.gate.set()

    interaction.on_defer = deferred
    return interaction


def test_a_failed_edit_of_a_slow_answer_is_logged_as_the_reply(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A slow command is deferred, then its answer edited into the "thinking" message: when
    Discord fails that edit, the log names the reply."""
    app = GatedApp()

    async def scenario() -> None:
        app.gated = True
        interaction = _failing_after_defer(app)
        with caplog.at_level(logging.WARNING):
            await call(interaction.client, interaction, "game new", system="generic", name="Slow")
        assert [s.kind for s in interaction.sent] == ["defer"]
        said = [r.getMessage() for r in caplog.records if r.name.endswith("discord.send")]
        assert said == [logged("reply")]

    try:
        run(scenario())
    finally:
        app.store.close()


def test_a_failed_cleanup_of_a_slow_refusal_is_logged_by_name(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A slow refusal takes the public "thinking" message away for a private one: when Discord
    fails both, the log names the cleanup, then the private reply."""
    app = GatedApp()

    async def scenario() -> None:
        app.gated = True
        interaction = _failing_after_defer(app)
        with caplog.at_level(logging.WARNING):
            await call(interaction.client, interaction, "game show")
        assert [s.kind for s in interaction.sent] == ["defer"]
        said = [r.getMessage() for r in caplog.records if r.name.endswith("discord.send")]
        assert said == [logged("cleanup"), logged("private reply")]

    try:
        run(scenario())
    finally:
        app.store.close()


def test_a_failed_private_refusal_is_logged_as_the_reply(
    app: App, caplog: pytest.LogCaptureFixture
) -> None:
    """A quick refusal is answered privately, as the reply itself: when Discord fails it, the
    log names the reply."""

    async def scenario() -> None:
        bot = make_bot(app)
        interaction = Interaction(bot, GM, fail=True)
        with caplog.at_level(logging.WARNING):
            await call(bot, interaction, "game show")
        assert interaction.sent == []
        said = [r.getMessage() for r in caplog.records if r.name.endswith("discord.send")]
        assert said == [logged("reply")]

    run(scenario())
