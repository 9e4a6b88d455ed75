"""Buttons, clicked as Discord sends them (raw payloads through discord.py's own dispatch, the
HTTP layer recorded): each click is an ordinary command through App.handle, edits the message
it sits on, works after a restart, and is named by its table, the command that drew it and its
place there -- so a button of an undone roll or an old contest is refused, never applied to
whatever came after."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scenekeeper.adapters.discord import ids
from scenekeeper.adapters.discord.controls import DYNAMIC_ITEMS
from scenekeeper.adapters.discord.limits import MAX_BUTTON_LABEL, MAX_CUSTOM_ID
from scenekeeper.app import App
from scenekeeper.systems.cortex.state import CortexState
from tests.discord.fakes import make_app, run
from tests.discord.gateway import ANA, BEN, CHANNEL, GM, Harness, Request, logged_in

# Ada rolls Fighting d8 6, Sword d10 3, d6 5, d4 1: total 11 with the d10 as effect die; the
# d4 is a hitch.
ROLL = {"pool": "Fighting Sword d6 d4", "results": "6 3 5 1"}


def game(app: App, table: str = str(CHANNEL)) -> CortexState:
    state = app.table(table).state
    assert state is not None
    assert isinstance(state.game, CortexState)
    return state.game


async def cortex_table(h: Harness) -> None:
    """Gemma is the GM; Ana plays Ada (Fighting d8, a d10 Sword); a Thug GMC."""
    for command, user, values in (
        ("game new", GM, {"system": "cortex", "name": "Friday"}),
        ("game join", ANA, {}),
        ("char new", ANA, {"name": "Ada"}),
        ("char set", ANA, {"character": "Ada", "trait": "Fighting", "die": "d8", "set": "Skills"}),
        ("asset add", GM, {"character": "Ada", "name": "Sword", "die": "d10"}),
        ("char new", GM, {"name": "Thug", "gmc": True}),
        ("char set", GM, {"character": "Thug", "trait": "Brawling", "die": "d8", "set": "Skills"}),
    ):
        reply = await h.slash(command, user, **values)
        assert not reply.ephemeral, reply.text()


def labels(message: Request | dict[str, Any]) -> dict[str, str]:
    """Each component's label (a select's placeholder) and its custom id."""
    stored = message.message if isinstance(message, Request) else message
    return {
        c.get("label") or c.get("placeholder", ""): c["custom_id"]
        for row in stored.get("components") or []
        for c in row.get("components", [])
    }


def button(message: Request | dict[str, Any], label: str) -> str:
    """The custom id of the first component whose label holds ``label``."""
    found = [i for name, i in labels(message).items() if label in name]
    assert found, f"no {label!r} among {list(labels(message))}"
    return found[0]


def test_a_roll_offers_its_next_steps(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await cortex_table(h)
            sent = await h.slash("roll", ANA, **ROLL)
        seq = app.table(str(CHANNEL)).window[-1].seq  # the /roll command
        shown = labels(sent)
        for label in ("🎲 +1 die in total (1 PP)", "✨ +1 effect die (1 PP)", "↩ Undo"):
            assert label in shown
        assert "⚠ GM: activate the hitch" in shown
        ids_ = sent.custom_ids()
        # Each names the table, the /roll command and its place: nothing it acts on.
        refs = [ids.parse(i) for i in ids_]
        assert all(r is not None and (r.table_id, r.seq) == (str(CHANNEL), seq) for r in refs)
        assert [r.index for r in refs if r is not None] == list(range(len(ids_)))
        assert all(1 <= len(label) <= MAX_BUTTON_LABEL for label in shown)
        assert all(len(i) <= MAX_CUSTOM_ID for i in ids_)
        (embed,) = sent.message["embeds"]
        dice = embed["fields"][0]["value"]
        assert "`d8` **6** Fighting (Skills) ⟵ total" in dice
        assert "`d10` 3 Sword (asset) ⟵ **effect d10**" in dice
        assert "`d4` ~~1~~ ⚠ hitch" in dice

    run(scenario())


def test_the_gm_s_own_roll_offers_no_plot_point_spends(app: App) -> None:
    """The GM has no plot points: a /gmroll offers Undo, never a spend the GM cannot make."""

    async def scenario() -> None:
        async with logged_in(app) as h:
            await cortex_table(h)
            sent = await h.slash("gmroll", GM, pool="d8 d6", results="3 4")
        assert list(labels(sent)) == ["↩ Undo"]

    run(scenario())


def test_a_button_sent_from_another_channel_acts_on_no_table(app: App) -> None:
    """A message forwarded or copied into another channel keeps its buttons' ids: clicked
    there, they are refused (a control acts only in its table's channel or its threads), and
    the first channel's table is left as it was."""

    async def scenario() -> None:
        async with logged_in(app) as h:
            await cortex_table(h)
            sent = await h.slash("roll", ANA, **ROLL)
            pp = game(app).characters["Ada"].pp
            seq = app.table(str(CHANNEL)).seq
            elsewhere = dict(h.stored(sent))
            elsewhere["channel_id"] = str(CHANNEL + 1)
            copied = await h.click(elsewhere, button(elsewhere, "+1 effect die"), ANA)
        assert copied.ephemeral
        assert "belongs to a table in another channel; nothing was changed" in copied.text()
        assert game(app).characters["Ada"].pp == pp
        assert app.table(str(CHANNEL)).seq == seq

    run(scenario())


def test_choosing_another_reading_edits_the_roll(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await cortex_table(h)
            sent = await h.slash("roll", ANA, pool="Fighting d6", results="5 4")
            pick = button(sent, "Total 4, effect d8")  # the d6 in the total, the d8 as effect
            edit = await h.click(sent, pick, ANA)
        assert edit.kind == 7  # the clicked message is updated in place
        fields = {f["name"]: f["value"] for f in edit.message["embeds"][0]["fields"]}
        assert (fields["Total"], fields["Effect"]) == ("**4**", "**d8**")
        roll = game(app).roll_by_id(1)
        assert roll is not None
        assert roll.total_dice == (1,)

    run(scenario())


def test_buttons_of_an_undone_roll_never_touch_another_roll(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await cortex_table(h)
            first = await h.slash("roll", ANA, pool="Fighting Sword d6", results="2 9 5")
            undone = await h.slash("undo", ANA)  # typed: the roll's message keeps its buttons
            assert "Undid #" in undone.text()
            shown = dict(h.stored(first))
            # The next roll takes a new number (#1 is never given twice), with other dice.
            second = await h.slash("roll", ANA, pool="Fighting d4", results="2 3")
            assert game(app).roll_by_id(1) is None
            assert game(app).roll_by_id(2) is not None
            pp = game(app).characters["Ada"].pp
            stale_spend = await h.click(first, button(first, "+1 effect die"), ANA)
            stale_pick = await h.click(first, button(first, "Total 7"), ANA)
            assert h.stored(first) == shown  # never rewritten with the new roll's dice
            assert game(app).characters["Ada"].pp == pp  # no plot point spent on it
            fresh = await h.click(second, button(second, "Total 3"), ANA)
        for stale in (stale_spend, stale_pick):
            assert stale.ephemeral
            assert "on this message was undone; nothing was changed" in stale.text()
            assert stale.kind == 4  # a private answer, the old message left as it was
        assert fresh.kind == 7  # the new roll's own buttons work
        assert "Ada's roll #2 now reads" in fresh.text()

    run(scenario())


def test_a_contest_button_works_on_its_own_contest_only(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await cortex_table(h)
            started = await h.slash("contest start", ANA, against="Thug")
            give_in = button(started, "Give in")
            await h.slash("contest end", GM)
            # The same two characters, a new contest: the old message's "Give in" is not its.
            again = await h.slash("contest start", ANA, against="Thug")
            await h.slash("contest roll", ANA, pool="Fighting d6", results="5 4")
            stale = await h.click(started, give_in, GM)
            assert stale.ephemeral
            assert "That contest is over" in stale.text()
            assert game(app).contest is not None
            current = await h.click(again, button(again, "Give in"), GM)
        assert not current.ephemeral
        assert "Thug gives in" in current.text()
        assert game(app).contest is None

    run(scenario())


def test_a_plot_point_for_the_total_goes_through_the_engine(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await cortex_table(h)
            sent = await h.slash("roll", ANA, **ROLL)
            before = game(app).characters["Ada"].pp
            edit = await h.click(sent, button(sent, "+1 die in total"), ANA)
            assert "one more die in the total" in edit.text()
            assert game(app).characters["Ada"].pp == before - 1
            # The edited message offers the spend again, named by the spend's own command.
            refused = await h.click(sent, button(h.stored(sent), "+1 die in total"), BEN)
        assert refused.ephemeral
        assert "not at this table" in refused.text()

    run(scenario())


def test_the_gm_activates_hitches_through_a_modal(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await cortex_table(h)
            sent = await h.slash("roll", ANA, **ROLL)
            hitch = button(sent, "activate the hitch")
            refused = await h.click(sent, hitch, ANA)
            assert refused.ephemeral
            assert "Only the GM or a co-GM can use /hitch" in refused.text()
            asked = await h.click(sent, hitch, GM)
            assert asked.kind == 9
            modal_id = asked.json["data"]["custom_id"]
            assert modal_id == hitch.replace("sk:fe:", "sk:me:")
            payload = h.modal_payload(
                modal_id, {"complication": "Twisted Ankle"}, GM, h.stored(sent)
            )
            edit = h.one(await h.dispatch(payload))
        assert edit.kind == 7
        assert "Twisted Ankle is a new complication at d6" in edit.text()
        assert not any("activate" in label for label in labels(edit))
        assert "Twisted Ankle" in game(app).characters["Ada"].complications

    run(scenario())


def test_hitches_become_doom_dice_when_the_mod_is_on(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await cortex_table(h)
            for mod in ("doom-pool", "hitches-to-doom-pool"):
                await h.slash("mods set", GM, mod=mod, enabled=True)
            sent = await h.slash("roll", ANA, **ROLL)
            asked = await h.click(sent, button(sent, "activate the hitch"), GM)
            field = asked.json["data"]["components"][0]["component"]
            assert field["required"] is False
            payload = h.modal_payload(
                asked.json["data"]["custom_id"], {"complication": ""}, GM, h.stored(sent)
            )
            edit = h.one(await h.dispatch(payload))
        assert "doom pool gains d4" in edit.text()

    run(scenario())


def test_undo_takes_back_this_message_s_command_only(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await cortex_table(h)
            sent = await h.slash("roll", ANA, **ROLL)
            other = await h.slash("roll", ANA, pool="Fighting", results="4")
            stale = await h.click(sent, button(sent, "Undo"), ANA)
            assert stale.ephemeral
            assert "no longer the newest" in stale.text()
            edit = await h.click(other, button(other, "Undo"), ANA)
        assert edit.kind == 7
        assert "Undid #" in edit.text()
        assert edit.custom_ids() == []
        assert game(app).roll_by_id(2) is None

    run(scenario())


def test_buttons_work_after_a_restart(db_path: Path) -> None:
    async def before() -> dict[str, Any]:
        app = make_app(db_path)
        try:
            async with logged_in(app) as h:
                await cortex_table(h)
                # A die left over for the effect die the button buys (no die left: only a d4,
                # which /pp spend warns about before taking the point).
                spare = {"pool": "Fighting Sword d6 d4 d4", "results": "6 3 5 1 2"}
                return h.stored(await h.slash("roll", ANA, **spare))
        finally:
            app.store.close()

    async def after(message: dict[str, Any]) -> None:
        app = make_app(db_path, seed=99)  # a fresh process: new bot, same database
        try:
            async with logged_in(app) as h:
                h.discord.messages[message["id"]] = message
                spend = button(message, "+1 effect die")
                edit = await h.click(message, spend, ANA)
                assert "another effect die" in edit.text()
                asked = await h.click(
                    h.discord.messages[message["id"]], button(message, "activate"), GM
                )
                assert asked.kind == 9
        finally:
            app.store.close()

    message = run(before())
    run(after(message))


@pytest.mark.parametrize(
    ("old_id", "typed"),
    [
        ("sk:pp:total:1", "Type /pp spend."),
        ("sk:pick:1@7:0:1", "Type /pick."),
        ("sk:contest:givein:0a1b2c3d", "Type /contest givein or /contest stand."),
        ("sk:undo:40:3", "Type /undo."),
    ],
)
def test_a_button_from_before_is_refused_with_the_command_to_type(
    app: App, old_id: str, typed: str
) -> None:
    async def scenario() -> Request:
        async with logged_in(app) as h:
            await cortex_table(h)
            sent = h.stored(await h.slash("roll", ANA, pool="Fighting d6", results="5 4"))
            sent["components"][0]["components"][0]["custom_id"] = old_id  # as it was sent then
            return await h.click(sent, old_id, ANA)

    refused = run(scenario())
    assert refused.ephemeral
    assert "older version of the bot" in refused.text()
    assert typed in refused.text()


def test_every_custom_id_a_control_makes_is_matched_by_one_item() -> None:
    samples = [
        "sk:be:4242:17:0:09af",
        "sk:bn:4242:2:40:17:3:ffff",  # not an id: a table is C or C:n
        "sk:bn:4242:2:17:3:ffff",
        "sk:fe:123456789012345678901:9999999:24:0000",
        "sk:sn:4242:3:1:abcd",
        "sk:pick:12@40:0.3:1",  # made before: still recognised, to be refused clearly
        "sk:pp:total:3",
        "sk:undo:40:3",
    ]
    for sample in samples:
        matches = [k for k in DYNAMIC_ITEMS if k.__discord_ui_compiled_template__.fullmatch(sample)]
        assert len(matches) == (0 if sample.startswith("sk:bn:4242:2:40") else 1), sample


def test_a_spend_that_saves_a_short_contest_roll_moves_the_contest_on(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await cortex_table(h)
            await h.slash("contest start", GM, against="Ada", character="Thug")
            await h.slash("contest roll", GM, pool="Brawling d6", character="Thug", results="5 4")
            short = await h.slash("contest roll", ANA, pool="Fighting d6 d6", results="5 3 2")
            stand = button(short, "Let it stand")
            assert not any("Give in" in label for label in labels(short))
            saved = await h.click(short, button(short, "+1 die in total"), ANA)
            fields = {f["name"]: f["value"] for f in saved.message["embeds"][0]["fields"]}
            assert fields["Total"] == "**10**"
        # The plot point decides the roll again: it now beats 9, so the contest moves on
        # without a separate stand (the next contestant may give in).
        assert "Ada's 10 now beats 9" in saved.text()
        assert stand not in saved.custom_ids()
        assert not any("Let it stand" in label for label in labels(saved))
        assert any("Give in" in label for label in labels(saved))

    run(scenario())


def test_hitches_already_activated_are_said_before_the_modal(app: App) -> None:
    async def scenario() -> Request:
        async with logged_in(app) as h:
            await cortex_table(h)
            sent = await h.slash("roll", ANA, **ROLL)
            await h.slash("hitch", GM, character="Ada", complication="Dazed")
            return await h.click(sent, button(sent, "activate the hitch"), GM)

    again = run(scenario())
    assert again.ephemeral
    assert "activated already" in again.text()


def test_names_people_type_are_shown_literally(app: App) -> None:
    async def scenario() -> Request:
        async with logged_in(app) as h:
            await cortex_table(h)
            await h.slash("asset add", GM, character="Ada", name="Blade_of_*Doom*", die="d6")
            return await h.slash("roll", ANA, pool="Fighting Blade_of_*Doom*", results="4 5")

    sent = run(scenario())
    assert "Blade\\_of\\_\\*Doom\\*" in sent.message["embeds"][0]["fields"][0]["value"]
