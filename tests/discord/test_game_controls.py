"""Every game's controls on Discord, through discord.py's own objects (raw payloads, the HTTP
layer recorded): METTLE's Twist, Defend and handoff, Cybergod's EP, Resolve and oppose, each
doing what its typed command does; and a control of an ended game refused, never acting on the
game that took its channel."""

from __future__ import annotations

from typing import Any

from scenekeeper.app import App
from scenekeeper.engine.state import TableState
from tests.discord.fakes import run
from tests.discord.gateway import ANA, BEN, CHANNEL, GM, Harness, Request, logged_in
from tests.discord.test_buttons import button, labels


def state(app: App, table: str = str(CHANNEL)) -> TableState:
    found = app.table(table).state
    assert found is not None
    return found


async def setup(h: Harness, *lines: tuple[str, Any, dict[str, Any]]) -> None:
    for command, user, values in lines:
        reply = await h.slash(command, user, **values)
        assert not reply.ephemeral, f"/{command}: {reply.text()}"


async def mettle_table(h: Harness) -> None:
    """Ana plays Viktor, Ben plays Kirin; the Guide runs a Thug with a club."""
    await setup(
        h,
        ("game new", GM, {"system": "mettle", "name": "Volley"}),
        ("game join", ANA, {}),
        ("game join", BEN, {}),
        (
            "char new",
            ANA,
            {"name": "Viktor", "concept": 5, "frame": 3, "motive": 4, "nature": 3, "poise": 2},
        ),
        (
            "char new",
            BEN,
            {"name": "Kirin", "concept": 4, "frame": 2, "motive": 3, "nature": 3, "poise": 5},
        ),
        ("char new", GM, {"name": "Thug", "gmc": True, "npc_pool": 3}),
        ("char gear", GM, {"character": "Thug", "item": "Club"}),
    )


def test_a_failed_mettle_check_offers_its_twists(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await mettle_table(h)
            failed = await h.slash("check", ANA, pool="concept", vs="8", results="1 2 4 5 6")
            assert "Twist: Delay" in labels(failed)
            assert "Another Twist…" in labels(failed)
            typed_line = "Viktor calls a Twist on #1 (Delay)"
            twisted = await h.click(failed, button(failed, "Twist: Delay"), ANA)
            assert typed_line in twisted.text()
            # Once Twisted, the old message's Twist is refused (one Twist per Check).
            again = await h.click(failed, button(failed, "Twist: Delay"), ANA)
            assert again.ephemeral
            assert "Twisted already" in again.text()
            other = await h.slash("check", ANA, pool="concept", vs="8", results="1 1 4 4 4")
            # The first Check's select is no longer for the newest Check.
            stale = await h.choose(failed, button(failed, "Another Twist…"), "waste", ANA)
            assert stale.ephemeral
            assert "Check #1 is no longer the newest" in stale.text()
            waste = await h.choose(other, button(other, "Another Twist…"), "waste", ANA)
        assert "Viktor calls a Twist on #2 (Waste)" in waste.text()
        check = state(app).game.last_check  # type: ignore[attr-defined]
        assert (check.id, check.twists) == (2, 1)

    run(scenario())


def test_a_select_runs_only_what_it_offered(app: App) -> None:
    """A select's value that it never offered (a forged or out-of-date payload: Delay is the
    button beside it, not one of its entries) is refused with what to do; nothing is Twisted."""

    async def scenario() -> None:
        async with logged_in(app) as h:
            await mettle_table(h)
            failed = await h.slash("check", ANA, pool="concept", vs="8", results="1 2 4 5 6")
            forged = await h.choose(failed, button(failed, "Another Twist…"), "delay", ANA)
            assert forged.ephemeral
            assert "Choose one of the entries of Another Twist…" in forged.text()
            check = state(app).game.last_check  # type: ignore[attr-defined]
            assert (check.id, check.twists) == (1, 0)

    run(scenario())


def test_a_held_hit_offers_defend_and_let_it_land(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await mettle_table(h)
            hit = await h.slash(
                "act", GM, action="attack", character="Thug", target="Viktor", results="1 2 3 5"
            )
            assert {"Defend", "Let it land"} <= set(labels(hit))
            defended = await h.click(hit, button(hit, "Defend"), BEN)  # Kirin, an ally
            assert "Defend" in defended.text()
            assert state(app).game.held_hit is None  # type: ignore[attr-defined]
            # The same message's buttons do not answer a hit held later.
            await h.slash(
                "act", GM, action="attack", character="Thug", target="Viktor", results="3 3 3 6"
            )
            stale = await h.click(hit, button(hit, "Let it land"), ANA)
        assert stale.ephemeral
        assert "That hit has landed or was answered already" in stale.text()
        assert state(app).game.held_hit is not None  # type: ignore[attr-defined]

    run(scenario())


def test_passing_initiative_is_a_select_of_who_may_take_it(app: App) -> None:
    async def scenario() -> Request:
        async with logged_in(app) as h:
            await mettle_table(h)
            await setup(
                h,
                ("scene start", GM, {"name": "Alley"}),
                ("order start", GM, {"lead": "Viktor", "characters": "Viktor, Kirin, Thug"}),
            )
            acted = await h.slash("act", ANA, action="know", vs="1", results="1 1 1 1 1")
            select = button(acted, "Viktor: hand off to…")
            options = [
                o["value"]
                for row in h.stored(acted)["components"]
                for c in row["components"]
                if c["custom_id"] == select
                for o in c["options"]
            ]
            assert options == ["Kirin", "Thug"]
            return await h.choose(acted, select, "Kirin", ANA)

    passed = run(scenario())
    assert "Initiative passes to Kirin." in passed.text()
    assert state(app).game.initiative.order.current == "Kirin"  # type: ignore[attr-defined]


async def cybergod_table(h: Harness) -> None:
    """Ana plays Marko, Experienced (3 Engrams: 3 Resolve)."""
    await setup(
        h,
        ("game new", GM, {"system": "cybergod", "name": "Net"}),
        ("game join", ANA, {}),
        ("char new", ANA, {"name": "Marko"}),
        ("char set", ANA, {"character": "Marko", "trait": "engrams", "value": 3}),
    )


def test_a_cybergod_test_offers_ep_resolve_and_oppose(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await cybergod_table(h)
            won = await h.slash("test", ANA, pool="4d10", vs="easy", results="10 6 1 2")
            assert {"Basic Effect (1 EP)", "Re-roll (1 Resolve)"} <= set(labels(won))
            spent = await h.click(won, button(won, "Basic Effect"), ANA)
            assert "Marko spends 1 EP of #1 on Basic Effect" in spent.text()
            lone = await h.slash("test", GM, pool="3d8", results="8 6 2")
            oppose = button(lone, "Oppose #2")
            asked = await h.click(lone, oppose, ANA)
            assert asked.kind == 9  # a modal asks the pool
            payload = h.modal_payload(
                asked.json["data"]["custom_id"],
                {"pool": "2d10"},
                ANA,
                h.stored(lone),
            )
            answered = h.one(await h.dispatch(payload))
            assert "Marko tests 2d10, #3" in answered.text()
            assert "Against GM's #2" in answered.text()
            reroll = await h.click(answered, button(answered, "Re-roll"), ANA)
        assert "Marko spends 1 Resolve" in reroll.text()
        marko = state(app).game.characters["Marko"]  # type: ignore[attr-defined]
        assert marko.resolve_spent == 1

    run(scenario())


def test_a_control_of_an_ended_game_refuses_and_changes_nothing(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await setup(
                h,
                ("game new", GM, {"system": "cortex", "name": "First"}),
                ("game join", ANA, {}),
                ("char new", ANA, {"name": "Ada"}),
            )
            rolled = await h.slash("roll", ANA, pool="d8 d6", results="5 4")
            end = await h.slash("game end", GM, confirm=True)
            assert "has ended" in end.text()
            await setup(
                h,
                ("game new", GM, {"system": "cortex", "name": "Second"}),
                ("game join", ANA, {}),
                ("char new", ANA, {"name": "Ada"}),
            )
            new_table = f"{CHANNEL}:2"
            before = app.table(new_table)
            pp = await h.click(rolled, button(rolled, "+1 die in total"), ANA)
            undo = await h.click(rolled, button(rolled, "Undo"), ANA)
            for refused in (pp, undo):
                assert refused.ephemeral
                assert "The game this message belongs to has ended" in refused.text()
            assert app.table(new_table) == before
            assert app.store.head(new_table) == before.seq

    run(scenario())


def test_people_are_named_never_shown_by_their_discord_ids(app: App) -> None:
    async def scenario() -> list[str]:
        async with logged_in(app) as h:
            await setup(
                h,
                ("game new", GM, {"system": "cortex", "name": "Names"}),
                ("game join", ANA, {}),
            )
            added = await h.slash("game gm add", GM, user=BEN)
            made = await h.slash("char new", GM, name="Ada", owner=ANA)
            history = await h.slash("history", ANA, count=5)
            return [added.text(), made.text(), history.text()]

    added, made, history = run(scenario())
    for text in (added, made, history):
        for person in (ANA, BEN):
            assert str(person.id) not in text
    assert "/game gm add user:@Ben" in added  # the footer names the person
    assert "owner:@Ana" in history


def test_a_felled_character_is_offered_staggered(app: App) -> None:
    async def scenario() -> Request:
        async with logged_in(app) as h:
            await mettle_table(h)
            await setup(h, ("mettle set", GM, {"character": "Viktor", "value": 2}))
            hit = await h.slash(
                "act", GM, action="attack", character="Thug", target="Viktor", results="3 3 3 6"
            )
            landed = await h.click(hit, button(hit, "Let it land"), ANA)
            assert "Viktor is Fallen" in landed.text()
            return await h.click(landed, button(landed, "Viktor: Staggered, not Fallen"), ANA)

    staggered = run(scenario())
    assert "Staggered" in staggered.text()
    viktor = state(app).game.characters["Viktor"]  # type: ignore[attr-defined]
    assert viktor.has("staggered")
    assert not viktor.has("fallen")


def test_an_empty_weapon_is_offered_its_reload(app: App) -> None:
    async def scenario() -> Request:
        async with logged_in(app) as h:
            await cybergod_table(h)
            saved = None
            for marks in range(6):  # each pass adds a die; the sixth in a row empties it
                faces = " ".join(["1"] * (marks + 1))
                saved = await h.slash("save", ANA, kind="ammo", weapon="Pistol", results=faces)
            assert saved is not None
            assert "must reload" in saved.text()
            return await h.click(saved, button(saved, "Reload Pistol"), ANA)

    reloaded = run(scenario())
    assert "Pistol" in reloaded.text()
    marko = state(app).game.characters["Marko"]  # type: ignore[attr-defined]
    assert marko.weapons["Pistol"].reload is False
