"""The messages play by post sends on Discord, as words (issue 34, found by mutation testing):
a mention and a reminder may ping only the Discord ids they name, once each, and are cut to
Discord's length; the record of paced tables reads back what was kept and nothing else; the
forms a post is written and edited in carry what their submission needs."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from typing import Any

import discord
import pytest

from scenekeeper.adapters.discord import post_forms, posting, reminding
from scenekeeper.adapters.discord.limits import MAX_CONTENT
from scenekeeper.adapters.discord.mentions import told
from scenekeeper.adapters.discord.shards import Shards
from scenekeeper.app import App
from scenekeeper.app.clock import MovableClock
from scenekeeper.engine.pace import Reminder
from scenekeeper.engine.state import TableState
from scenekeeper.engine.waits import Mention
from scenekeeper.store.base import Snapshot
from tests.discord.fakes import run
from tests.support import TableDriver, make_app

SINCE = "2026-11-30T09:00:00.000Z"
START = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def users(allowed: discord.AllowedMentions) -> list[int]:
    return [user.id for user in allowed.users]  # type: ignore[union-attr]


def test_a_mention_pings_each_discord_id_once_and_only_them() -> None:
    assert told(()) is None
    assert told((Mention("ana", "Ada's turn"), Mention("١٢", "Bo's turn"))) is None
    message = told(
        (
            Mention("11", "Ada's turn @everyone"),
            Mention("gm", "a line for the console"),
            Mention("11", "a *save* owed"),
        )
    )
    assert message is not None
    content, allowed = message
    assert content == "<@11> Ada's turn @\u200beveryone\n<@11> a \\*save\\* owed"
    assert users(allowed) == [11]
    assert (allowed.everyone, allowed.roles, allowed.replied_user) == (False, False, False)


def test_a_long_mention_is_cut_to_discords_length() -> None:
    message = told(tuple(Mention("11", "w" * 300) for _ in range(10)))
    assert message is not None
    content = message[0]
    assert len(content) == MAX_CONTENT
    assert content.endswith("w…")
    exact = told((Mention("11", "w" * (MAX_CONTENT - len("<@11> "))),))
    assert exact is not None
    assert exact[0].endswith("w")
    assert len(exact[0]) == MAX_CONTENT


def state(**meta: Any) -> TableState:
    driver = TableDriver()
    driver.do("/game new system:cortex name:P")
    made = driver.app.table(driver.table_id).state
    assert made is not None
    return made.replace(meta=made.meta.model_copy(update=meta))


def test_a_reminder_pings_whom_it_may_and_names_the_others() -> None:
    due = [
        Reminder("11", "Ada's turn", SINCE),
        Reminder("12", "Bo's *turn*", SINCE),
        Reminder("11", "a save", SINCE),
        Reminder("ana", "a seal", SINCE),
    ]
    players = ("11", "12", "ana")
    quiet = state(players=players, unmentioned=("12",), names={"12": "Bo_b", "ana": "Ana"})
    content, allowed = reminding.reminder_message(quiet, due)
    assert content.split("\n") == [
        "Reminder for <@11>: the table has waited for you since Mon 30 Nov 09:00 UTC: Ada's turn",
        "Reminder for Bo\\_b: the table has waited for you since Mon 30 Nov 09:00 UTC: "
        "Bo's \\*turn\\*",
        "Reminder for <@11>: the table has waited for you since Mon 30 Nov 09:00 UTC: a save",
        "Reminder for Ana: the table has waited for you since Mon 30 Nov 09:00 UTC: a seal",
    ]
    assert users(allowed) == [11]
    assert (allowed.everyone, allowed.roles) == (False, False)
    # A table gone: the ids, as they are.
    content, _ = reminding.reminder_message(None, [Reminder("a_b", "x", SINCE)])
    assert content.startswith("Reminder for a\\_b: ")


def test_a_long_reminder_is_cut_to_discords_length() -> None:
    long = [Reminder("11", "w" * 400, SINCE) for _ in range(6)]
    content, _ = reminding.reminder_message(state(), long)
    assert len(content) == MAX_CONTENT
    assert content.endswith("w…")
    text = reminding.dm(Reminder("11", "w" * MAX_CONTENT, SINCE), 99)
    assert text.startswith("Reminder from <#99>: the table has waited for you since Mon 30 Nov")
    assert len(text) == MAX_CONTENT
    assert text.endswith("w…")
    short = reminding.dm(Reminder("11", "@here *now*", SINCE), 99)
    assert short.endswith(": @\u200bhere \\*now\\*")


def test_the_record_of_paced_tables_reads_back_what_was_kept_and_nothing_else() -> None:
    app = make_app()
    assert reminding._load(app) == {}
    reminding._save(app, {"t2": 5, "t1": None})
    reminding._save(app, {"t3": 7})
    assert reminding._load(app) == {"t3": 7}
    kept = app.store.latest_snapshot(reminding.RECORD)
    assert kept is not None
    assert kept.seq == 2
    app.store.save_snapshot(
        Snapshot(reminding.RECORD, 3, reminding.VERSION, {"tables": {"t4": "x"}})
    )
    assert reminding._load(app) == {"t4": None}
    app.store.save_snapshot(Snapshot(reminding.RECORD, 4, reminding.VERSION, {"tables": []}))
    assert reminding._load(app) == {}
    app.store.save_snapshot(Snapshot(reminding.RECORD, 5, "discord.paced@0", {"tables": {}}))
    assert reminding._load(app) == {}


def test_a_posts_content_is_cut_to_discords_length() -> None:
    assert posting._content("Hi", ("roll 1", "roll 2")) == "Hi\nroll 1\nroll 2"
    cut = posting._content("w" * MAX_CONTENT, ("roll",))
    assert len(cut) == MAX_CONTENT
    assert cut.endswith("w…")
    assert posting._content("w" * MAX_CONTENT, ()) == "w" * MAX_CONTENT


def test_the_forms_carry_what_their_submission_needs() -> None:
    spoken = post_forms.say_form("Ada", narrator=False)
    assert spoken.custom_id == "sk:say:c"
    assert post_forms.SAY_FORM.fullmatch(spoken.custom_id)
    fields = [item.to_component_dict() for item in spoken.children]
    assert [f["component"]["custom_id"] for f in fields] == ["text", "character"]
    assert fields[1]["component"]["value"] == "Ada"
    narrated = post_forms.say_form("", narrator=True)
    assert narrated.custom_id == "sk:say:n"
    assert [i.to_component_dict()["component"]["custom_id"] for i in narrated.children] == ["text"]
    edit = post_forms.edit_form(16, "I wait.")
    assert edit.custom_id == "sk:pe:16"
    assert edit.title == "Edit post #16"
    (field,) = [item.to_component_dict() for item in edit.children]
    assert field["component"]["value"] == "I wait."
    assert field["component"]["max_length"] == post_forms.MOST_TEXT
    own = post_forms.OWN_REPLY.match("Ada (post #16): I wait.\nroll")
    assert own is not None
    assert own["post"] == "16"
    assert post_forms.OWN_REPLY.match("Ada said (post #16) nothing") is None


def paced_tables(clock: MovableClock, *tables: str) -> App:
    app = make_app(clock=clock.now)
    for table in tables:
        driver = TableDriver(app=app, table_id=table)
        driver.do("/game new system:cortex name:Post")
        driver.do("/game join", "11")
        driver.do("/char new name:Ada", "11")
        driver.do("/game pace hours:12")
        driver.do("/scene start type:action name:Docks")
        driver.do("/order start lead:Ada")
    return app


def test_the_record_of_paced_tables_follows_each_tables_pace() -> None:
    app = paced_tables(MovableClock(START), "100")
    paced = app.table("100").state
    assert paced is not None
    unpaced = paced.replace(meta=paced.meta.model_copy(update={"pace_hours": 0}))
    keeper = reminding.Reminding(app, _never_posts, Shards.of(None, None), interval=0)
    run(keeper.start())
    assert keeper.paced == {}
    run(keeper.after(7, "100", paced))
    assert keeper.paced == {"100": 7}
    assert reminding._load(app) == {"100": 7}
    run(keeper.after(7, "100", paced))  # nothing new: nothing written
    run(keeper.after(None, "200", None))
    assert app.store.latest_snapshot(reminding.RECORD).seq == 1  # type: ignore[union-attr]
    run(keeper.after(7, "100", unpaced))
    assert keeper.paced == {}
    assert reminding._load(app) == {}


async def _never_posts(channel: int, content: str, allowed: discord.AllowedMentions) -> None:
    raise AssertionError(f"posted to {channel}: {content}")


def test_one_tables_failed_reminder_never_stops_the_others() -> None:
    clock = MovableClock(START)
    app = paced_tables(clock, "100", "200")
    posted: list[tuple[int, str]] = []

    async def post(channel: int, content: str, allowed: discord.AllowedMentions) -> None:
        if channel == 100:
            raise RuntimeError("Discord is down for this channel")
        posted.append((channel, content))

    keeper = reminding.Reminding(app, post, Shards.of(None, None), interval=0)
    keeper.paced = {"100": None, "200": None}
    clock.later(timedelta(hours=13))
    assert run(keeper.tick()) == 1
    assert [channel for channel, _ in posted] == [200]
    assert posted[0][1].startswith("Reminder for <@11>: the table has waited for you since ")


class _Runner:
    """What the forms hand on: each command, as its name and values."""

    def __init__(self) -> None:
        self.ran: list[tuple[str, dict[str, object]]] = []

    async def command(self, _interaction: Any, name: str, values: Any, _kinds: Any) -> None:
        self.ran.append((name, dict(values)))

    async def suggest(self, _interaction: Any, name: str, option: str, current: str) -> list[str]:
        return [f"{name} {option} {current}"]


class _Response:
    def __init__(self) -> None:
        self.modals: list[discord.ui.Modal] = []

    async def send_modal(self, modal: discord.ui.Modal) -> None:
        self.modals.append(modal)


class _Interaction:
    def __init__(self, custom_id: str = "") -> None:
        self.data = {"custom_id": custom_id}
        self.response = _Response()


def test_a_submitted_form_is_the_command_it_stands_for() -> None:
    runner = _Runner()
    forms = post_forms.PostForms(runner)  # type: ignore[arg-type]
    answers = {"text": "Hi", "character": "  Ada "}
    assert run(forms.submitted(_Interaction("sk:say:c"), answers))  # type: ignore[arg-type]
    assert run(forms.submitted(_Interaction("sk:say:n"), {"text": "Rain", "character": " "}))  # type: ignore[arg-type]
    assert run(forms.submitted(_Interaction("sk:pe:16"), {"text": "New"}))  # type: ignore[arg-type]
    assert not run(forms.submitted(_Interaction("sk:say:x"), answers))  # type: ignore[arg-type]
    assert runner.ran == [
        ("say", {"text": "Hi", "character": "Ada"}),
        ("say", {"text": "Rain", "narrator": True}),
        ("post edit", {"post": 16, "text": "New"}),
    ]


def test_say_without_its_text_is_asked_in_a_form_and_with_it_is_run() -> None:
    runner = _Runner()
    forms = post_forms.PostForms(runner)  # type: ignore[arg-type]
    asked = _Interaction()
    run(forms.command(asked, "say", {"character": "Ada"}, {}))  # type: ignore[arg-type]
    (modal,) = asked.response.modals
    assert modal.custom_id == "sk:say:c"
    narrated = _Interaction()
    run(forms.command(narrated, "say", {"narrator": True}, {}))  # type: ignore[arg-type]
    assert narrated.response.modals[0].custom_id == "sk:say:n"
    assert runner.ran == []
    said = _Interaction()
    run(forms.command(said, "say", {"text": "Hi"}, {}))  # type: ignore[arg-type]
    run(forms.command(said, "roll", {}, {}))  # type: ignore[arg-type]
    assert said.response.modals == []
    assert runner.ran == [("say", {"text": "Hi"}), ("roll", {})]
    suggested: object = run(forms.suggest(said, "say", "character", "A"))  # type: ignore[arg-type]
    assert suggested == ["say character A"]


def test_which_message_a_post_is_is_kept_for_the_newest_posts_only() -> None:
    app = make_app()
    kept = posting.Posting(None, app)
    assert run(kept.post_of("100", 9)) is None
    assert run(kept.rolls_of("100", 1)) == ""
    run(kept._remember("100", 1, [9001, None, "Ada rolls 7"]))
    run(kept._remember("100", 2, [9002, 55, ""]))
    assert run(kept._kept("100", 1)) == (9001, None, "Ada rolls 7")
    assert run(kept._kept("100", 2)) == (9002, 55, "")
    assert run(kept.post_of("100", 9002)) == 2
    assert run(kept.post_of("100", 9003)) is None
    assert run(kept.post_of("200", 9002)) is None  # another table's
    assert run(kept.rolls_of("100", 1)) == "Ada rolls 7"
    for post in range(3, posting.KEPT + 2):
        run(kept._remember("100", post, [9000 + post, None, ""]))
    assert run(kept._kept("100", 1)) is None
    assert run(kept._kept("100", 2)) == (9002, 55, "")
    run(kept._remember("100", posting.KEPT + 2, [1, None, ""]))
    assert run(kept._kept("100", 2)) is None  # the oldest by number, not by its words
    assert run(kept._kept("100", 10)) == (9010, None, "")
    record = app.store.latest_snapshot(posting._record("100"))
    assert record is not None
    assert record.seq == posting.KEPT + 2
    assert len(record.state["posts"]) == posting.KEPT
    # A record of another version, or an entry that is not [message, thread, rolls]: none.
    bad = {"posts": {"5": [1, None], "6": "x"}}
    app.store.save_snapshot(Snapshot(posting._record("100"), 600, posting.VERSION, bad))
    assert run(kept._kept("100", 5)) is None
    assert run(kept._kept("100", 6)) is None
    old = {"posts": {"7": [7007, None, ""]}}
    app.store.save_snapshot(Snapshot(posting._record("100"), 601, "discord.posts@0", old))
    assert run(kept._kept("100", 7)) is None
    assert run(kept.post_of("100", 7007)) is None
    run(kept._remember("100", 8, [8008, None, ""]))  # begins a new record
    assert app.store.latest_snapshot(posting._record("100")).state == {  # type: ignore[union-attr]
        "posts": {"8": [8008, None, ""]}
    }


class _Tables:
    def __init__(self, table: str | None) -> None:
        self.table = table
        self.asked: list[tuple[int, int | None]] = []

    async def where(self, channel: int, parent: int | None, _guild: object) -> str | None:
        self.asked.append((channel, parent))
        if self.table is None:
            raise OSError("the store is down")
        return self.table


class _MenuRunner(_Runner):
    def __init__(self, app: App, table: str | None) -> None:
        super().__init__()
        self.app = app  # the table's record of a post's words comes first (none here)
        self.posting = posting.Posting(None, app)
        self.tables = _Tables(table)
        self.refused: list[str] = []

    async def refuse(self, _interaction: Any, text: str) -> None:
        self.refused.append(text)


class _Message:
    def __init__(
        self, message_id: int, content: str, author: int, embeds: list[discord.Embed] | None = None
    ) -> None:
        self.id, self.content = message_id, content
        self.author = discord.Object(author)
        self.embeds = embeds or []


class _MenuInteraction(_Interaction):
    def __init__(self) -> None:
        super().__init__()
        self.channel_id, self.channel = 100, None
        self.client = type("Client", (), {"user": discord.Object(1)})()


def test_a_posts_menu_finds_its_post_and_its_words_without_the_rolls() -> None:
    app = make_app()
    runner = _MenuRunner(app, "100")
    forms = post_forms.PostForms(runner)  # type: ignore[arg-type]
    run(runner.posting._remember("100", 16, [5016, None, "Ada rolls 7"]))
    asked = _MenuInteraction()
    hooked = _Message(5016, "I wait.\nAda rolls 7", author=2)
    assert run(forms._post_of(asked, hooked)) == 16  # type: ignore[arg-type]
    assert run(forms._words(asked, hooked, 16)) == "I wait."  # type: ignore[arg-type]
    own = _Message(6000, "Ada (post #17): I run.\nAda rolls 3", author=1)
    assert run(forms._post_of(asked, own)) == 17  # type: ignore[arg-type]
    assert run(forms._words(asked, own, 17)) == "I run."  # type: ignore[arg-type]
    # Another's message that reads like a post is none; nor is any while the store is down.
    assert run(forms._post_of(asked, _Message(6001, own.content, author=2))) is None  # type: ignore[arg-type]
    down = post_forms.PostForms(_MenuRunner(app, None))  # type: ignore[arg-type]
    assert run(down._post_of(asked, hooked)) is None  # type: ignore[arg-type]
    assert runner.refused == [post_forms.NOT_A_POST]


def test_the_forms_say_what_to_write_as_discord_shows_them() -> None:
    edit = post_forms.edit_form(16, "")
    assert edit.to_dict() == {
        "custom_id": "sk:pe:16",
        "title": "Edit post #16",
        "components": [
            {
                "type": 18,
                "label": "What it says now",
                "description": "keep its [[...]] as they were: an edit rolls nothing",
                "component": {
                    "type": 4,
                    "style": 2,
                    "label": None,
                    "custom_id": "text",
                    "required": True,
                    "max_length": 1800,
                },
            }
        ],
    }
    say = post_forms.say_form("", narrator=False)
    assert [(c["label"], c["description"]) for c in say.to_dict()["components"]] == [
        ("What is said", "[[...]] rolls by the game's rules, as in /say text:"),
        ("Speaking as", "blank: the character you play (GMs: the narrator)"),
    ]
    assert say.to_dict()["components"][1]["component"]["max_length"] == 60
    assert (say.title, say.timeout, edit.timeout) == ("Say", 900, 900)


def test_a_reminder_of_exactly_discords_length_is_sent_whole() -> None:
    head = "Reminder for <@11>: the table has waited for you since Mon 30 Nov 09:00 UTC: "
    exact = Reminder("11", "w" * (MAX_CONTENT - len(head)), SINCE)
    content, _ = reminding.reminder_message(state(), [exact])
    assert len(content) == MAX_CONTENT
    assert content.endswith("ww")
    dm_head = "Reminder from <#99>: the table has waited for you since Mon 30 Nov 09:00 UTC: "
    text = reminding.dm(Reminder("11", "w" * (MAX_CONTENT - len(dm_head)), SINCE), 99)
    assert len(text) == MAX_CONTENT
    assert text.endswith("ww")


def test_a_posts_menu_reads_its_words_from_what_its_message_shows() -> None:
    app = make_app()
    runner = _MenuRunner(app, "100")
    forms = post_forms.PostForms(runner)  # type: ignore[arg-type]
    asked = _MenuInteraction()
    # The bot's own reply with a roll of several lines it did not keep: the first line's words.
    own = _Message(6002, "Ada (post #18): I jump.\n[[Agility]] Ada rolls #1\nTotal 3", author=1)
    assert run(forms._words(asked, own, 18)) == "I jump."  # type: ignore[arg-type]
    # Rolls kept for the post, but the message no longer ends with them: it is read whole.
    run(runner.posting._remember("100", 19, [5019, None, "Ada rolls 7"]))
    changed = _Message(5019, "I wait.\nStill.", author=2)
    assert run(forms._words(asked, changed, 19)) == "I wait.\nStill."  # type: ignore[arg-type]
    # No content: a reply's embed says it, an embed without words nothing, no embed nothing.
    embedded = _Message(5020, "", author=2, embeds=[discord.Embed(description="In words.")])
    assert run(forms._words(asked, embedded, 20)) == "In words."  # type: ignore[arg-type]
    blank = _Message(5021, "", author=2, embeds=[discord.Embed()])
    assert run(forms._words(asked, blank, 21)) == ""  # type: ignore[arg-type]
    assert run(forms._words(asked, _Message(5022, "", author=2), 22)) == ""  # type: ignore[arg-type]


def test_the_say_forms_text_is_a_long_field_and_the_speaker_may_be_left_blank() -> None:
    say = post_forms.say_form("Ada", narrator=False).to_dict()["components"]
    text, speaking = say[0]["component"], say[1]["component"]
    assert (text["style"], text["max_length"], text["required"]) == (2, post_forms.MOST_TEXT, True)
    assert speaking["required"] is False


def test_a_posts_menu_in_a_thread_finds_its_table_by_the_thread_and_its_channel(
    caplog: pytest.LogCaptureFixture,
) -> None:
    app = make_app()
    runner = _MenuRunner(app, "100")
    forms = post_forms.PostForms(runner)  # type: ignore[arg-type]
    asked = _MenuInteraction()
    asked.channel_id = 150
    asked.channel = type(
        "Thread", (), {"type": discord.ChannelType.public_thread, "parent_id": 100}
    )()
    assert run(forms._table_id(asked)) == "100"  # type: ignore[arg-type]
    assert runner.tables.asked == [(150, 100)]
    down = post_forms.PostForms(_MenuRunner(app, None))  # type: ignore[arg-type]
    with caplog.at_level(logging.WARNING):
        assert run(down._table_id(asked)) is None  # type: ignore[arg-type]
    assert caplog.messages == ["channel 150: its table cannot be read for a post's menu"]


def test_reminders_go_out_for_every_table_this_process_serves_and_no_other(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = MovableClock(START)
    app = paced_tables(clock, "100", "200", "300", "400")
    posted: list[int] = []

    async def post(channel: int, content: str, allowed: discord.AllowedMentions) -> None:
        if channel == 400:
            raise RuntimeError("Discord is down for this channel")
        posted.append(channel)

    ours, theirs = 2 << 22, 1 << 22  # servers of shard 0 and shard 1 of two
    keeper = reminding.Reminding(app, post, Shards.of(2, [0]), interval=0)
    keeper.paced = {"100": theirs, "200": ours, "300": ours, "400": ours}
    clock.later(timedelta(hours=13))
    with caplog.at_level(logging.ERROR):
        assert run(keeper.tick()) == 2
    assert posted == [200, 300]
    assert [r.getMessage() for r in caplog.records] == ["table 400: reminders failed"]


def test_the_say_form_shows_whom_the_command_named_and_no_one_when_it_named_none() -> None:
    forms = post_forms.PostForms(_Runner())  # type: ignore[arg-type]

    def speaking(values: dict[str, object]) -> object:
        asked = _Interaction()
        run(forms.command(asked, "say", values, {}))  # type: ignore[arg-type]
        (modal,) = asked.response.modals
        return modal.children[1].to_component_dict()["component"].get("value")

    assert speaking({"character": "Ada"}) == "Ada"
    assert speaking({}) is None


def test_a_table_paced_by_the_hour_is_kept_in_the_record() -> None:
    app = make_app()
    hourly = state(pace_hours=1)
    keeper = reminding.Reminding(app, _never_posts, Shards.of(None, None), interval=0)
    run(keeper.after(7, "100", hourly))
    assert keeper.paced == {"100": 7}


def test_reminders_are_looked_for_every_interval_until_stopped() -> None:
    app = make_app()
    keeper = reminding.Reminding(app, _never_posts, Shards.of(None, None), interval=1)

    async def scenario() -> tuple[asyncio.Task[None] | None, bool, bool]:
        await keeper.start()
        task = keeper._task
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        running = task is not None and not task.done()
        await keeper.stop()
        return task, running, task is not None and task.cancelled()

    task, running, cancelled = run(scenario())
    assert task is not None
    assert task.get_name() == "REMINDERS"
    assert running
    assert cancelled
    idle = reminding.Reminding(app, _never_posts, Shards.of(None, None), interval=0)
    run(idle.start())
    assert idle._task is None
