"""Buttons: each click is an ordinary command through App.handle (same permission checks),
edits the message it sits on, and works after a restart (state lives in the custom id)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from scenekeeper.adapters.discord.controls import DYNAMIC_ITEMS, HitchModal
from scenekeeper.adapters.discord.limits import MAX_BUTTON_LABEL, MAX_CUSTOM_ID
from scenekeeper.app import App
from scenekeeper.systems.cortex.state import CortexState
from tests.discord.fakes import (
    ANA,
    BEN,
    CHANNEL,
    GM,
    Interaction,
    Message,
    Sent,
    click,
    cortex_table,
    make_app,
    make_bot,
    run,
    slash,
)

# Ada rolls Fighting d8 6, Sword d10 3, d6 5, d4 1: total 11 with the d10 as effect die;
# other readings: total 9 keeping the d10... offered as buttons; the d4 is a hitch.
ROLL = {"pool": "Fighting Sword d6 d4", "results": "6 3 5 1"}


def game(app: App) -> CortexState:
    state = app.table(str(CHANNEL)).state
    assert state is not None
    assert isinstance(state.game, CortexState)
    return state.game


def commands_recorded(app: App) -> list[str]:
    return [r.command for r in app.store.read(str(CHANNEL)) if r.command]


async def rolled(bot: Any, **extra: Any) -> Sent:
    await cortex_table(bot)
    return (await slash(bot, "roll", ANA, **{**ROLL, **extra})).one()


def test_a_roll_offers_its_next_steps(app: App) -> None:
    async def scenario() -> None:
        sent = await rolled(make_bot(app))
        ids = sent.custom_ids()
        assert "sk:pp:total:1" in ids
        assert "sk:pp:effect:1" in ids
        assert "sk:hitch:1" in ids
        assert any(i.startswith("sk:undo:") for i in ids)
        for custom_id, label in sent.labels().items():
            assert len(custom_id) <= MAX_CUSTOM_ID
            assert 1 <= len(label) <= MAX_BUTTON_LABEL
        assert all(item.is_persistent() for item in sent.view.children)  # type: ignore[union-attr]
        assert sent.view is not None
        assert sent.view.timeout is None
        (embed,) = sent.embeds
        dice = embed.fields[0].value
        assert "`d8` **6** Fighting (Skills) ⟵ total" in dice
        assert "`d10` 3 Sword (asset) ⟵ **effect d10**" in dice
        assert "`d4` ~~1~~ ⚠ hitch" in dice
        assert [f.name for f in embed.fields[1:]] == ["Total", "Effect"]
        assert "Ada rolls #1:" not in (embed.description or "")  # the faces replace that line

    run(scenario())


def test_choosing_another_reading_edits_the_roll(app: App) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        await cortex_table(bot)
        sent = (await slash(bot, "roll", ANA, pool="Fighting d6", results="5 4")).one()
        picks = {i: label for i, label in sent.labels().items() if i.startswith("sk:pick:")}
        assert picks == {
            "sk:pick:1:0:1": "Total 5, effect d6",
            "sk:pick:1:1:0": "Total 4, effect d8",
        }
        edit = (await click(bot, "sk:pick:1:1:0", ANA, Message.of(sent))).one()
        assert edit.kind == "edit_message"
        fields = {f.name: f.value for f in edit.embeds[0].fields}
        assert fields["Total"] == "**4**"
        assert fields["Effect"] == "**d8**"
        assert "now reads" in (edit.embeds[0].description or "")
        roll = game(app).roll_by_id(1)
        assert roll is not None
        assert roll.total_dice == (1,)
        assert commands_recorded(app)[-1] == "/pick total:d6 effect:Fighting character:Ada roll:1"

    run(scenario())


def test_a_plot_point_for_the_total_goes_through_the_engine(app: App) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        sent = await rolled(bot)
        before = game(app).characters["Ada"].pp
        edit = (await click(bot, "sk:pp:total:1", ANA, Message.of(sent))).one()
        assert edit.kind == "edit_message"
        assert "one more die in the total" in (edit.embeds[0].description or "")
        assert game(app).characters["Ada"].pp == before - 1
        # Ben is not at the table: the engine refuses him, privately, and nothing changes.
        refused = (await click(bot, "sk:pp:total:1", BEN, Message.of(edit))).one()
        assert refused.ephemeral
        assert "not at this table" in (refused.content or "")

    run(scenario())


def test_the_gm_activates_hitches_through_a_modal(app: App) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        sent = await rolled(bot)
        refused = (await click(bot, "sk:hitch:1", ANA, Message.of(sent))).one()
        assert refused.ephemeral
        assert "Only the GM or a co-GM can use /hitch" in (refused.content or "")
        asked = (await click(bot, "sk:hitch:1", GM, Message.of(sent))).one()
        assert asked.kind == "send_modal"
        modal = asked.args["modal"]
        assert isinstance(modal, HitchModal)
        assert modal.custom_id == "sk:hitch-modal:1"
        edit = (await submit(bot, "sk:hitch-modal:1", "Twisted Ankle", Message.of(sent))).one()
        assert edit.kind == "edit_message"
        assert "Twisted Ankle is a new complication at d6" in (edit.embeds[0].description or "")
        assert "sk:hitch:1" not in edit.custom_ids()  # activated: the button goes
        assert "Twisted Ankle" in game(app).characters["Ada"].complications

    run(scenario())


def test_hitches_become_doom_dice_when_the_mod_is_on(app: App) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        await cortex_table(bot)
        for mod in ("doom-pool", "hitches-to-doom-pool"):
            await slash(bot, "game mods set", GM, mod=mod, on=True)
        sent = (await slash(bot, "roll", ANA, **ROLL)).one()
        asked = (await click(bot, "sk:hitch:1", GM, Message.of(sent))).one()
        assert asked.args["modal"].children[0].component.required is False
        edit = (await submit(bot, "sk:hitch-modal:1", "", Message.of(sent))).one()
        assert "doom pool gains d4" in (edit.embeds[0].description or "")

    run(scenario())


async def submit(bot: Any, custom_id: str, value: str, message: Message) -> Interaction:
    """A modal submission as Discord sends it (a label holding the text input)."""
    data = {
        "custom_id": custom_id,
        "components": [
            {"type": 18, "component": {"type": 4, "custom_id": "complication", "value": value}}
        ],
    }
    interaction = Interaction(
        bot, GM, message=message, data=data, kind=discord.InteractionType.modal_submit
    )
    await bot.on_interaction(interaction)
    return interaction


def test_a_contest_offers_its_next_step(app: App) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        await cortex_table(bot)
        started = (await slash(bot, "contest start", ANA, against="Thug")).one()
        (give_in,) = [i for i in started.custom_ids() if i.startswith("sk:contest:givein:")]
        await slash(bot, "contest roll", ANA, pool="Fighting d6", results="5 4")
        new = (await click(bot, give_in, GM, Message.of(started))).one()
        assert new.kind == "send_message"  # the contest moves on: a new message
        assert "Thug gives in" in new.text()
        assert game(app).contest is None
        stale = (await click(bot, give_in, GM, Message.of(started))).one()
        assert stale.ephemeral
        assert "That contest is over" in (stale.content or "")

    run(scenario())


def test_undo_takes_back_this_message_s_command_only(app: App) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        sent = await rolled(bot)
        (undo,) = [i for i in sent.custom_ids() if i.startswith("sk:undo:")]
        other = (await slash(bot, "roll", ANA, pool="Fighting", results="4")).one()
        stale = (await click(bot, undo, ANA, Message.of(sent))).one()
        assert stale.ephemeral
        assert "no longer the newest" in (stale.content or "")
        (newest,) = [i for i in other.custom_ids() if i.startswith("sk:undo:")]
        edit = (await click(bot, newest, ANA, Message.of(other))).one()
        assert edit.kind == "edit_message"
        assert "Undid #" in (edit.embeds[0].description or "")
        assert edit.view is None
        assert game(app).roll_by_id(2) is None
        assert commands_recorded(app)[-1] is not None

    run(scenario())


def test_buttons_work_after_a_restart(db_path: Path) -> None:
    async def before() -> tuple[Sent, str]:
        app = make_app(db_path)
        try:
            # A die left over for the effect die the button buys (no die left: only a d4,
            # which /pp spend warns about before taking the point).
            sent = await rolled(make_bot(app), pool="Fighting Sword d6 d4 d4", results="6 3 5 1 2")
        finally:
            app.store.close()
        return sent, sent.custom_ids()[-1]

    async def after(sent: Sent, undo: str) -> None:
        app = make_app(db_path, seed=99)  # a fresh process: new bot, same database
        try:
            bot = make_bot(app)
            edit = (await click(bot, "sk:pp:effect:1", ANA, Message.of(sent))).one()
            assert edit.kind == "edit_message"
            assert "another effect die" in (edit.embeds[0].description or "")
            asked = (await click(bot, "sk:hitch:1", GM, Message.of(edit))).one()
            assert asked.kind == "send_modal"
        finally:
            app.store.close()
        app = make_app(db_path)  # and again: the modal answered by yet another process
        try:
            bot = make_bot(app)
            done = (await submit(bot, "sk:hitch-modal:1", "Sore Arm", Message.of(edit))).one()
            assert "Sore Arm" in (done.embeds[0].description or "")
            assert "Sore Arm" in game(app).characters["Ada"].complications
        finally:
            app.store.close()

    sent, undo = run(before())
    assert undo.startswith("sk:undo:")
    run(after(sent, undo))


def test_every_custom_id_a_button_makes_is_matched_by_one_item() -> None:
    samples = [
        "sk:pick:12:0.3:1",
        "sk:pick:12:0.3:",
        "sk:pp:total:3",
        "sk:hitch:3",
        "sk:contest:givein:0a1b2c3d",
        "sk:undo:40",
        "sk:undo:40:3",
    ]
    for sample in samples:
        matches = [k for k in DYNAMIC_ITEMS if k.__discord_ui_compiled_template__.fullmatch(sample)]
        assert len(matches) == 1, sample


def test_a_short_contest_roll_can_be_saved_then_let_stand(app: App) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        await cortex_table(bot)
        await slash(bot, "contest start", GM, against="Ada", character="Thug")
        await slash(bot, "contest roll", GM, pool="Brawling d6", character="Thug", results="5 4")
        short = (
            await slash(bot, "contest roll", ANA, pool="Fighting d6 d6", results="5 3 2")
        ).one()
        (stand,) = [i for i in short.custom_ids() if i.startswith("sk:contest:stand:")]
        assert not any(i.startswith("sk:contest:givein:") for i in short.custom_ids())
        saved = (await click(bot, "sk:pp:total:2", ANA, Message.of(short))).one()
        assert {f.name: f.value for f in saved.embeds[0].fields}["Total"] == "**10**"
        # The plot point decides the roll again: it now beats 9, so the contest moves on
        # without a separate stand (the next contestant may give in).
        assert "Ada's 10 now beats 9" in saved.text()
        assert stand not in saved.custom_ids()
        assert any(i.startswith("sk:contest:givein:") for i in saved.custom_ids())

    run(scenario())


def test_hitches_already_activated_are_said_before_the_modal(app: App) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        sent = await rolled(bot)
        await slash(bot, "hitch", GM, character="Ada", complication="Dazed")
        again = (await click(bot, "sk:hitch:1", GM, Message.of(sent))).one()
        assert again.ephemeral
        assert "activated already" in (again.content or "")

    run(scenario())


def test_names_people_type_are_shown_literally(app: App) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        await cortex_table(bot)
        await slash(bot, "asset add", GM, character="Ada", name="Blade_of_*Doom*", die="d6")
        sent = (await slash(bot, "roll", ANA, pool="Fighting Blade_of_*Doom*", results="4 5")).one()
        dice = sent.embeds[0].fields[0].value
        assert "Blade\\_of\\_\\*Doom\\*" in dice

    run(scenario())
