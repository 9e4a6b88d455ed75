"""A real server's cases, driven by raw INTERACTION_CREATE payloads through discord.py's own
dispatch with the HTTP layer recorded: direct messages, commands Discord knows in an older
shape, files for the table and private ones, autocomplete by the channel's game, ending a
game and starting the next in the same channel, side scenes in threads."""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import Sequence

import pytest

from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.store.base import EventRecord
from scenekeeper.store.memory import MemoryStore
from scenekeeper.systems.cortex.state import CortexState
from tests.discord.fakes import run
from tests.discord.gateway import ANA, CHANNEL, GM, Harness, Request, logged_in
from tests.discord.test_buttons import cortex_table

THREAD = CHANNEL + 50


async def choices(h: Harness, name: str, focused: str, **values: object) -> list[object]:
    """What autocomplete offers for ``focused`` (typed so far: its value in ``values``)."""
    payload = h.command_payload(name, ANA, dict(values), focused=focused)
    mark = await h.dispatch(payload)
    (answer,) = [r for r in h.discord.since(mark) if r.kind == 8]
    return [c["value"] for c in answer.json["data"]["choices"]]


def test_a_command_in_a_direct_message_is_answered_with_where_it_works(app: App) -> None:
    async def scenario() -> Request:
        async with logged_in(app) as h:
            payload = h.command_payload("game new", GM, {"system": "generic"}, guild=None)
            return h.one(await h.dispatch(payload))

    sent = run(scenario())
    assert sent.ephemeral
    assert "server channels and threads, not in direct messages" in sent.text()
    assert app.store.tables() == []  # no one-person table was made


def test_a_command_discord_knows_in_an_older_shape_says_the_commands_need_a_sync(
    app: App, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> tuple[Request, Request]:
        async with logged_in(app) as h:
            await h.slash("game new", GM, system="generic", name="Friday")
            gone = h.command_payload("game new", GM, {"system": "generic"})
            gone["data"]["name"] = "retired"  # a command this version no longer has
            removed = h.one(await h.dispatch(gone))
            changed = h.command_payload("game show", GM, {})
            changed["data"]["options"][0]["options"] = [
                {"name": "verbose", "type": 5, "value": True}  # an option it no longer has
            ]
            return removed, h.one(await h.dispatch(changed))

    with caplog.at_level(logging.WARNING):
        removed, changed = run(scenario())
    for sent in (removed, changed):
        assert sent.ephemeral
        assert "the bot's commands need a sync" in sent.text()
    assert "Something went wrong" not in removed.text() + changed.text()
    assert caplog.text.count("run scenekeeper discord --sync") == 2  # told to the operator
    # Which command, and why, so the operator knows what Discord still has.
    assert "Discord's copy of /retired is out of date (CommandNotFound)" in caplog.text
    assert (
        "Discord's copy of /game show is out of date (options it no longer has: verbose)"
        in caplog.text
    )


def test_a_chart_goes_to_the_table_and_an_export_stays_private(app: App) -> None:
    async def scenario() -> tuple[Request, list[Request]]:
        async with logged_in(app) as h:
            await cortex_table(h)
            odds = await h.slash("odds", ANA, pool="Fighting d6", vs="hard")
            mark = await h.dispatch(h.command_payload("game export", GM, {}))
            return odds, h.discord.replies(mark)

    odds, export = run(scenario())
    assert not odds.ephemeral
    assert list(odds.files) == ["odds.png"]  # with the public reply, for the table to see
    assert odds.files["odds.png"].startswith(b"\x89PNG")
    public, private = export
    assert not public.ephemeral
    assert public.files == {}
    assert private.ephemeral
    (name,) = private.files
    assert name.endswith(".json")


def test_autocomplete_offers_only_what_the_channel_s_game_uses(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await cortex_table(h)
            assert await choices(h, "roll", "pool", pool="Fighting Sw") == ["Fighting Sword"]
            assert await choices(h, "contest roll", "pool", pool="d1") == ["d10", "d12"]
            cortex_help = await choices(h, "help", "command", command="hit")
            assert "hitch" in cortex_help
            # Another channel plays a dice-only game: no Cortex names, no Cortex commands.
            other = CHANNEL + 1
            await h.slash("game new", GM, channel=other, system="generic", name="Dice")
            await h.slash("game join", ANA, channel=other)
            generic = h.command_payload("roll", ANA, {"pool": "Fi"}, focused="pool", channel=other)
            mark = await h.dispatch(generic)
            (answer,) = [r for r in h.discord.since(mark) if r.kind == 8]
            assert answer.json["data"]["choices"] == []
            helped = h.command_payload(
                "help", ANA, {"command": "hit"}, focused="command", channel=other
            )
            mark = await h.dispatch(helped)
            (answer,) = [r for r in h.discord.since(mark) if r.kind == 8]
            assert answer.json["data"]["choices"] == []
            listed = await h.slash("help", ANA, channel=other)
            assert "/hitch" not in listed.text()
            assert "/game new" in listed.text()

    run(scenario())


def test_a_game_ends_and_the_next_starts_in_the_same_channel(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await cortex_table(h)
            await h.slash("roll", ANA, pool="Fighting d6", results="5 4")
            mark = await h.dispatch(h.command_payload("game end", GM, {"confirm": True}))
            public, private = h.discord.replies(mark)
            assert "'Friday' has ended" in public.text()
            assert not public.ephemeral
            assert private.ephemeral  # the export: the GM's only
            (content,) = private.files.values()
            assert json.loads(content)["table"]["name"] == "Friday"
            new = await h.slash("game new", GM, system="generic", name="Saturday")
            assert not new.ephemeral, new.text()
            assert "New table 'Saturday'" in new.text()
            shown = await h.slash("game show", ANA)
            assert "Table 'Saturday' plays any game" in shown.text()

    run(scenario())
    archive = app.table(str(CHANNEL))
    assert archive.state is None  # the ended game: its history kept as it was
    assert [r.type for r in app.store.read(str(CHANNEL))][-1] == "table.ended@1"
    current = app.table(f"{CHANNEL}:2").state
    assert current is not None
    assert current.meta.name == "Saturday"


def test_after_a_restart_the_channel_still_plays_its_newest_game(app: App) -> None:
    async def first() -> None:
        async with logged_in(app) as h:
            await h.slash("game new", GM, system="generic", name="One")
            await h.slash("game end", GM, confirm=True)
            await h.slash("game new", GM, system="generic", name="Two")
            await h.slash("game end", GM, confirm=True)
            await h.slash("game new", GM, system="generic", name="Three")

    async def later() -> Request:
        async with logged_in(app) as h:  # a new process: nothing remembered but the store
            return await h.slash("game show", GM)

    run(first())
    app._cache.clear()  # as after a restart: every table read from the store again
    assert "Table 'Three'" in run(later()).text()


def test_a_thread_plays_its_channel_s_table_when_the_gm_asks(app: App) -> None:
    async def in_thread(h: Harness, command: str, **values: object) -> Request:
        payload = h.command_payload(command, ANA, dict(values), channel=THREAD, parent=CHANNEL)
        return h.one(await h.dispatch(payload))

    async def scenario() -> None:
        async with logged_in(app) as h:
            await cortex_table(h)
            alone = await in_thread(h, "roll", pool="Fighting d6", results="5 4")
            assert "there is no game here yet" in alone.text()  # a thread is its own table
            await h.slash("game threads", GM, follow=True)
            side = await in_thread(h, "roll", pool="Fighting d6", results="5 4")
            assert not side.ephemeral
            assert "Roll #1 · Ada" in side.text()
            game = app.table(str(CHANNEL)).state
            assert game is not None
            assert isinstance(game.game, CortexState)
            assert game.game.roll_by_id(1) is not None  # the channel's table rolled
            # A thread may still start a game of its own; from then on it plays that.
            payload = h.command_payload(
                "game new",
                GM,
                {"system": "generic", "name": "Aside"},
                channel=THREAD,
                parent=CHANNEL,
            )
            own = h.one(await h.dispatch(payload))
            assert "New table 'Aside'" in own.text()
            shown = await in_thread(h, "game show")
            assert "Table 'Aside'" in shown.text()

    run(scenario())


class SlowStore(MemoryStore):
    """A store whose writes for one table wait until released: a table stuck on a slow
    database, with no sleeping and no timing in the test."""

    def __init__(self) -> None:
        super().__init__()
        self.slow: str | None = None
        self.entered = threading.Event()
        self.release = threading.Event()

    def append(self, table_id: str, expected_seq: int, events: Sequence[EventRecord]) -> None:
        if table_id == self.slow:
            self.entered.set()
            self.release.wait()
        super().append(table_id, expected_seq, events)


def test_a_slow_table_never_stalls_the_others() -> None:
    store = SlowStore()
    app = App(store=store, dice=SeededDice(1), registry=build_registry())
    other = CHANNEL + 1

    async def scenario() -> None:
        async with logged_in(app, workers=2) as h:  # two threads for every table's work
            try:
                await slowed(h)
            finally:
                store.release.set()  # however it went, let the stuck table finish
            await h.settle()
        rolls = [r for r in store.read(str(CHANNEL)) if r.type == "cortex.rolled@1"]
        assert len(rolls) == 12  # every command at the slow table went through, in turn

    async def slowed(h: Harness) -> None:
        await cortex_table(h)
        await h.slash("game new", GM, channel=other, system="generic", name="Elsewhere")
        store.slow = str(CHANNEL)
        stuck = [h.command_payload("roll", ANA, {"pool": "Fighting d6"}) for _ in range(12)]
        for payload in stuck:
            h.start(payload)
        await asyncio.to_thread(store.entered.wait)  # the first is inside the database
        # Keystrokes at the slow table are answered from the table as last loaded.
        for typed in ("Fi", "Fighting Sw", "d"):
            payload = h.command_payload("roll", ANA, {"pool": typed}, focused="pool")
            done, _ = await asyncio.wait(h.start(payload), timeout=30)  # a guard only
            assert done
        offered = [r for r in h.discord.requests if r.kind == 8]
        assert len(offered) == 3
        assert "Fighting Sword" in [c["value"] for c in offered[1].json["data"]["choices"]]
        # A plain roll at another table is answered at once, not deferred.
        payload = h.command_payload("roll", GM, {"dice": "2d6", "results": "3 4"}, channel=other)
        mark = len(h.discord.requests)
        done, _ = await asyncio.wait(h.start(payload), timeout=30)  # a guard only
        assert done
        answer = h.one(mark)
        assert answer.kind == 4
        assert "= 7" in answer.text()
        waiting = {p["id"] for p in stuck}
        answered = {r.path.split("/")[2] for r in h.discord.replies()}
        assert not waiting & answered  # the slow table's commands are still waiting

    try:
        run(scenario())
    finally:
        store.release.set()
        store.close()


def test_the_lead_gm_role_is_handed_to_a_co_gm_named_as_a_discord_user(app: App) -> None:
    async def scenario() -> Request:
        async with logged_in(app) as h:
            await cortex_table(h)
            refused = await h.slash("game gm hand", GM, user=ANA)
            assert "make them one first with /game gm add" in refused.text()
            await h.slash("game gm add", GM, user=ANA)
            return await h.slash("game gm hand", GM, user=ANA)

    handed = run(scenario())
    assert not handed.ephemeral
    assert "Ana now runs 'Friday'; Gemma stays on as a co-GM." in handed.text()
    state = app.table(str(CHANNEL)).state
    assert state is not None
    assert (state.meta.gm, state.meta.co_gms) == (str(ANA.id), (str(GM.id),))
