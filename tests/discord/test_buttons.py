"""Buttons, clicked as Discord sends them (raw payloads through discord.py's own dispatch, the
HTTP layer recorded): each click is an ordinary command through App.handle, edits the message
it sits on, works after a restart, and names what it acts on by an identity that is never
reused -- so a button of an undone roll or an old contest is refused, never applied to the new
one that took its number."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

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


def button(reply: Request, start: str, end: str = "") -> str:
    """The first button on a reply whose custom id starts (and ends) so."""
    found = [i for i in reply.custom_ids() if i.startswith(start) and i.endswith(end)]
    assert found, f"no {start}...{end} among {reply.custom_ids()}"
    return found[0]


def test_a_roll_offers_its_next_steps(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await cortex_table(h)
            sent = await h.slash("roll", ANA, **ROLL)
        seq = app.table(str(CHANNEL)).window[-1].seq  # the /roll command
        ids = sent.custom_ids()
        assert f"sk:pp:total:1@{seq}" in ids
        assert f"sk:pp:effect:1@{seq}" in ids
        assert f"sk:hitch:1@{seq}" in ids
        assert f"sk:undo:{seq}:1" in ids
        labels = [c["label"] for row in sent.message["components"] for c in row["components"]]
        assert all(1 <= len(label) <= MAX_BUTTON_LABEL for label in labels)
        assert all(len(i) <= MAX_CUSTOM_ID for i in ids)
        (embed,) = sent.message["embeds"]
        dice = embed["fields"][0]["value"]
        assert "`d8` **6** Fighting (Skills) ⟵ total" in dice
        assert "`d10` 3 Sword (asset) ⟵ **effect d10**" in dice
        assert "`d4` ~~1~~ ⚠ hitch" in dice

    run(scenario())


def test_choosing_another_reading_edits_the_roll(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await cortex_table(h)
            sent = await h.slash("roll", ANA, pool="Fighting d6", results="5 4")
            pick = button(sent, "sk:pick:1@", ":1:0")  # the d6 in the total, the d8 as effect
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
            stale_spend = await h.click(first, button(first, "sk:pp:effect:1@"), ANA)
            stale_pick = await h.click(first, button(first, "sk:pick:1@", ":0.2:1"), ANA)
            assert h.stored(first) == shown  # never rewritten with the new roll's dice
            assert game(app).characters["Ada"].pp == pp  # no plot point spent on it
            fresh = await h.click(second, button(second, "sk:pick:2@"), ANA)
        for stale in (stale_spend, stale_pick):
            assert stale.ephemeral
            assert "The roll #1 on this message is no longer in play" in stale.text()
            assert stale.kind == 4  # a private answer, the old message left as it was
        assert fresh.kind == 7  # the new roll's own buttons work
        assert "Ada's roll #2 now reads" in fresh.text()

    run(scenario())


def test_a_contest_button_works_on_its_own_contest_only(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await cortex_table(h)
            started = await h.slash("contest start", ANA, against="Thug")
            give_in = button(started, "sk:contest:givein:@")
            await h.slash("contest end", GM)
            # The same two characters, a new contest: the old message's "Give in" is not its.
            again = await h.slash("contest start", ANA, against="Thug")
            await h.slash("contest roll", ANA, pool="Fighting d6", results="5 4")
            stale = await h.click(started, give_in, GM)
            assert stale.ephemeral
            assert "That contest is over" in stale.text()
            assert game(app).contest is not None
            current = await h.click(again, button(again, "sk:contest:givein:@"), GM)
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
            edit = await h.click(sent, button(sent, "sk:pp:total:1@"), ANA)
            assert "one more die in the total" in edit.text()
            assert game(app).characters["Ada"].pp == before - 1
            refused = await h.click(sent, button(sent, "sk:pp:total:1@"), BEN)
        assert refused.ephemeral
        assert "not at this table" in refused.text()

    run(scenario())


def test_the_gm_activates_hitches_through_a_modal(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await cortex_table(h)
            sent = await h.slash("roll", ANA, **ROLL)
            hitch = button(sent, "sk:hitch:1@")
            refused = await h.click(sent, hitch, ANA)
            assert refused.ephemeral
            assert "Only the GM or a co-GM can use /hitch" in refused.text()
            asked = await h.click(sent, hitch, GM)
            assert asked.kind == 9
            modal_id = asked.json["data"]["custom_id"]
            assert modal_id == hitch.replace("sk:hitch:", "sk:hitch-modal:")
            payload = h.modal_payload(
                modal_id, {"complication": "Twisted Ankle"}, GM, h.stored(sent)
            )
            edit = h.one(await h.dispatch(payload))
        assert edit.kind == 7
        assert "Twisted Ankle is a new complication at d6" in edit.text()
        assert not any(i.startswith("sk:hitch:") for i in edit.custom_ids())
        assert "Twisted Ankle" in game(app).characters["Ada"].complications

    run(scenario())


def test_hitches_become_doom_dice_when_the_mod_is_on(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await cortex_table(h)
            for mod in ("doom-pool", "hitches-to-doom-pool"):
                await h.slash("game mods set", GM, mod=mod, enabled=True)
            sent = await h.slash("roll", ANA, **ROLL)
            asked = await h.click(sent, button(sent, "sk:hitch:1@"), GM)
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
            stale = await h.click(sent, button(sent, "sk:undo:"), ANA)
            assert stale.ephemeral
            assert "no longer the newest" in stale.text()
            edit = await h.click(other, button(other, "sk:undo:"), ANA)
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
                spend = next(i for i in _ids(message) if i.startswith("sk:pp:effect:1@"))
                edit = await h.click(message, spend, ANA)
                assert "another effect die" in edit.text()
                asked = await h.click(h.discord.messages[message["id"]], _hitch(message), GM)
                assert asked.kind == 9
        finally:
            app.store.close()

    message = run(before())
    run(after(message))


def _ids(message: dict[str, Any]) -> list[str]:
    return [c["custom_id"] for row in message["components"] for c in row["components"]]


def _hitch(message: dict[str, Any]) -> str:
    return next(i for i in _ids(message) if i.startswith("sk:hitch:"))


@pytest.mark.parametrize(
    ("old_id", "typed"),
    [
        ("sk:pp:total:1", "/pp spend on:total roll:1"),
        ("sk:pick:1:0:1", "/pick roll:1"),
        ("sk:contest:givein:0a1b2c3d", "/contest show"),
    ],
)
def test_a_button_from_before_seqs_is_refused_with_the_command_to_type(
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


def test_every_custom_id_a_button_makes_is_matched_by_one_item() -> None:
    samples = [
        "sk:pick:12@40:0.3:1",
        "sk:pick:12@40:0.3:",
        "sk:pp:total:3@17",
        "sk:hitch:3@17",
        "sk:contest:givein:@22",
        "sk:undo:40",
        "sk:undo:40:3",
        "sk:pp:total:3",  # made before seqs: still recognised, to be refused clearly
    ]
    for sample in samples:
        matches = [k for k in DYNAMIC_ITEMS if k.__discord_ui_compiled_template__.fullmatch(sample)]
        assert len(matches) == 1, sample


def test_a_spend_that_saves_a_short_contest_roll_moves_the_contest_on(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await cortex_table(h)
            await h.slash("contest start", GM, against="Ada", character="Thug")
            await h.slash("contest roll", GM, pool="Brawling d6", character="Thug", results="5 4")
            short = await h.slash("contest roll", ANA, pool="Fighting d6 d6", results="5 3 2")
            stand = button(short, "sk:contest:stand:@")
            assert not any(i.startswith("sk:contest:givein:") for i in short.custom_ids())
            saved = await h.click(short, button(short, "sk:pp:total:2@"), ANA)
            fields = {f["name"]: f["value"] for f in saved.message["embeds"][0]["fields"]}
            assert fields["Total"] == "**10**"
        # The plot point decides the roll again: it now beats 9, so the contest moves on
        # without a separate stand (the next contestant may give in).
        assert "Ada's 10 now beats 9" in saved.text()
        assert stand not in saved.custom_ids()
        assert any(i.startswith("sk:contest:givein:@") for i in saved.custom_ids())

    run(scenario())


def test_hitches_already_activated_are_said_before_the_modal(app: App) -> None:
    async def scenario() -> Request:
        async with logged_in(app) as h:
            await cortex_table(h)
            sent = await h.slash("roll", ANA, **ROLL)
            await h.slash("hitch", GM, character="Ada", complication="Dazed")
            return await h.click(sent, button(sent, "sk:hitch:1@"), GM)

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
