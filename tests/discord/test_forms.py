"""A control's form on Discord (a modal) and its selects, as discord.py sends them: each field
asked the way the game declares it (a select of its entries or typed text, required or not,
with its hint and example), within Discord's limits; and a submission read back whatever shape
Discord gives it."""

from __future__ import annotations

from typing import Any

import pytest

from scenekeeper.adapters.discord import ids
from scenekeeper.adapters.discord.controls import Drawn, Form, clicks_of, view_of
from scenekeeper.app import App
from scenekeeper.engine.controls import Ask, Choice, Control
from tests.discord.fakes import run
from tests.discord.gateway import ANA, GM, Harness, Request, logged_in
from tests.discord.test_buttons import button, cortex_table
from tests.discord.test_game_controls import mettle_table
from tests.discord.test_nodice_secrets import nodice_table

ATTRIBUTES = ["REA", "KNO", "QUI", "STR", "FIT", "AGI", "WIL", "PRE", "INT"]


async def bid_step(h: Harness) -> Request:
    """Ada and the Brute have anted: the message of the reveal offers the bid's form."""
    await nodice_table(h)
    await h.slash("hand ante", ANA, aspect="Spirit", ante="INT")
    values = {"character": "Brute", "aspect": "Body", "ante": "STR"}
    mark = await h.dispatch(h.command_payload("hand ante", GM, values))
    (revealed,) = [r for r in h.discord.since(mark) if r.made and "Commit: Action" in str(r.json)]
    return revealed


def fields(asked: Request) -> dict[str, dict[str, Any]]:
    """Each field of a modal by its option name: the label's text and hint beside the input."""
    found = {}
    for label in asked.json["data"]["components"]:
        assert label["type"] == 18  # a Label around one input
        found[label["component"]["custom_id"]] = {
            **label["component"],
            "label": label["label"],
            "hint": label.get("description"),
        }
    return found


def test_the_bid_s_form_asks_each_field_as_the_game_declares_it(app: App) -> None:
    async def scenario() -> Request:
        async with logged_in(app) as h:
            revealed = await bid_step(h)
            return await h.click(revealed, button(revealed, "Commit: Action card and bid"), ANA)

    asked = run(scenario())
    assert asked.kind == 9  # a modal
    assert asked.json["data"]["title"] == "Seal your Action card and bid"  # not the label
    asked_for = fields(asked)
    assert list(asked_for) == ["action", "bid", "wildcard", "face_up", "character"]
    action = asked_for["action"]
    assert action["type"] == 3  # picked from a select: nothing to mistype
    assert (action["label"], action["hint"]) == ("Action card", "an Attribute of your TA card")
    assert action["placeholder"] == "QUI"
    assert (action["required"], action["min_values"], action["max_values"]) == (True, 1, 1)
    assert [o["value"] for o in action["options"]] == ATTRIBUTES
    assert action["options"][2]["label"] == "QUI (Mind)"
    bid = asked_for["bid"]
    assert bid["type"] == 4  # typed
    assert (bid["label"], bid["hint"]) == ("Bid", "0 to that Attribute's AV")
    assert (bid["placeholder"], bid["max_length"], bid["required"]) == ("3", 3, True)
    for name, label in (("wildcard", "Wildcard"), ("face_up", "Face up")):
        optional = asked_for[name]
        assert optional["type"] == 3
        assert (optional["label"], optional["hint"]) == (label, None)
        assert "placeholder" not in optional or optional["placeholder"] is None
        # May be left as it is: nothing chosen sends nothing.
        assert (optional["required"], optional["min_values"], optional["max_values"]) == (
            False,
            0,
            1,
        )
        assert [(o["label"], o["value"]) for o in optional["options"]] == [
            ("No", "false"),
            ("Yes", "true"),
        ]
    actor = asked_for["character"]
    assert actor["type"] == 4
    assert actor["label"] == "Actor (blank: the one you play)"
    assert (actor["required"], actor["max_length"]) == (False, 60)
    assert actor.get("placeholder") is None
    assert actor["hint"] is None


def test_a_form_keeps_within_discord_s_limits() -> None:
    """Whatever a game writes, the modal Discord is sent is one it takes: a title of 45
    characters, five fields, labels of 45, hints and typed examples of 100, a select's example
    of 150; a field with one to 25 entries is a select, with more it is typed."""

    def entries(count: int) -> tuple[Choice, ...]:
        return tuple(Choice(f"Entry {n}", f"e{n}") for n in range(count))

    asks = (
        Ask("one", "L" * 60, hint="H" * 120, placeholder="P" * 200, choices=entries(1)),
        Ask("most", "Most", placeholder="Q" * 200, choices=entries(25)),
        Ask("many", "Many", placeholder="R" * 200, choices=entries(26)),
        Ask("typed", "Typed", max_length=12),
        Ask("fifth", "Fifth"),
        Ask("sixth", "Sixth"),
    )
    control = Control("A" * 60, "hitch", form=asks)
    drawn = Form(ids.ref("4242", 7, 0, control), control).to_dict()
    assert drawn["title"] == "A" * 45  # no form title: the label, cut
    assert drawn["custom_id"] == "sk:mn:4242:7:0:" + ids.ref("4242", 7, 0, control).mark
    shown = [
        (label["label"], label.get("description"), label["component"])
        for label in drawn["components"]
    ]
    assert [c["custom_id"] for _, _, c in shown] == ["one", "most", "many", "typed", "fifth"]
    (one_label, one_hint, one), (_, _, most), (_, _, many), (_, _, typed), _ = shown
    assert (one_label, one_hint) == ("L" * 45, "H" * 100)
    assert one["type"] == 3
    assert one["placeholder"] == "P" * 150
    assert [o["value"] for o in one["options"]] == ["e0"]
    assert most["type"] == 3
    assert len(most["options"]) == 25
    assert many["type"] == 4  # too many entries for a select: typed
    assert many["placeholder"] == "R" * 100
    assert (typed["type"], typed["max_length"]) == (4, 12)


def test_a_select_s_entries_keep_within_discord_s_limits() -> None:
    """An entry with no label still reads as something; a label and a value are cut to 100."""
    control = Control(
        "Pick one of many long names " * 10,
        "twist",
        choices=(Choice("", "blank"), Choice("N" * 120, "V" * 120)),
        choose="kind",
    )
    view = view_of([Drawn(ids.ref("4242", 7, 0, control), control)])
    ((select,),) = [row["components"] for row in view.to_components()]
    assert len(select["placeholder"]) == 150
    assert [(o["label"], o["value"]) for o in select["options"]] == [
        ("…", "blank"),
        ("N" * 100, "V" * 100),
    ]


def test_a_submission_in_rows_is_read_as_one_in_labels(app: App) -> None:
    """Discord hands a modal's fields back in the shape they were drawn: inside Labels (as
    this version draws them) or inside action rows (a form a version before opened)."""

    async def scenario() -> Request:
        async with logged_in(app) as h:
            await cortex_table(h)
            sent = await h.slash("roll", ANA, pool="Fighting Sword d6 d4", results="6 3 5 1")
            asked = await h.click(sent, button(sent, "activate the hitch"), GM)
            payload = h.modal_payload(asked.json["data"]["custom_id"], {}, GM, h.stored(sent))
            field = {"type": 4, "custom_id": "complication", "value": "Twisted Ankle"}
            payload["data"]["components"] = [{"type": 1, "components": [field]}]
            return h.one(await h.dispatch(payload))

    edit = run(scenario())
    assert "Twisted Ankle is a new complication at d6" in edit.text()


def test_a_form_that_asks_no_secret_is_answered_in_the_open(app: App) -> None:
    """A form with nothing secret in it (the GM's complication for a hitch) is answered as
    its command is typed: the roll it was drawn on is edited where the table sees it, with
    no private "thinking" first -- only a form that asked a secret is private from the first
    byte."""

    async def scenario() -> list[Request]:
        async with logged_in(app) as h:
            await cortex_table(h)
            sent = await h.slash("roll", ANA, pool="Fighting Sword d6 d4", results="6 3 5 1")
            asked = await h.click(sent, button(sent, "activate the hitch"), GM)
            answers = {"complication": "Twisted Ankle"}
            payload = h.modal_payload(asked.json["data"]["custom_id"], answers, GM, h.stored(sent))
            mark = await h.dispatch(payload)
            return h.discord.replies(mark)

    (edit,) = run(scenario())
    assert (edit.kind, edit.ephemeral) == (7, False)
    assert "Twisted Ankle is a new complication at d6" in edit.text()


def test_a_select_sent_with_nothing_chosen_is_refused_with_what_to_do(app: App) -> None:
    async def scenario() -> Request:
        async with logged_in(app) as h:
            await mettle_table(h)
            failed = await h.slash("check", ANA, pool="concept", vs="8", results="1 2 4 5 6")
            payload = h.component_payload(failed, button(failed, "Another Twist…"), ANA)
            payload["data"].update({"component_type": 3, "values": []})
            return h.one(await h.dispatch(payload))

    refused = run(scenario())
    assert refused.ephemeral
    assert "Choose one of the entries of Another Twist…; nothing was changed." in refused.text()
    assert "Viktor calls a Twist" not in refused.text()


def test_a_select_left_alone_in_a_form_is_left_out(app: App) -> None:
    """The bid's Wildcard and Face up may be left as they are: Discord sends those selects with
    nothing chosen, and the bid is sealed without them."""

    async def scenario() -> list[Request]:
        async with logged_in(app) as h:
            revealed = await bid_step(h)
            asked = await h.click(revealed, button(revealed, "Commit: Action card and bid"), ANA)
            payload = h.modal_payload(
                asked.json["data"]["custom_id"],
                {"bid": "1", "character": ""},
                ANA,
                h.stored(revealed),
            )
            chosen = {"action": ["INT"], "wildcard": [], "face_up": []}
            payload["data"]["components"] += [
                {"type": 18, "component": {"type": 3, "custom_id": name, "values": values}}
                for name, values in chosen.items()
            ]
            return h.discord.since(await h.dispatch(payload))

    answered = run(scenario())
    said = " ".join(str(r.json) for r in answered)
    assert "Something went wrong" not in said
    assert "INT card, bid 1" in said, said[:2000]


def test_a_command_in_a_group_is_read_as_discord_nests_it(app: App) -> None:
    """``/game gm add`` arrives as a group (type 2) holding a subcommand (type 1) holding the
    options: it runs; an option inside it that the bot no longer has asks for a sync."""

    async def scenario() -> tuple[Request, Request]:
        async with logged_in(app) as h:
            await cortex_table(h)
            await h.slash("game join", ANA)
            values = {"user": ANA}
            payload = h.command_payload("game gm add", GM, values)
            (group,) = payload["data"]["options"]
            assert group["name"] == "gm"
            group["type"] = 2  # as Discord sends a subcommand group
            done = h.one(await h.dispatch(payload))
            stale = h.command_payload("game gm add", GM, values)
            (group,) = stale["data"]["options"]
            group["type"] = 2
            group["options"][0]["options"].append({"name": "loudly", "type": 5, "value": True})
            return done, h.one(await h.dispatch(stale))

    done, stale = run(scenario())
    assert not done.ephemeral, done.text()
    assert "co-GM" in done.text(), done.text()
    assert stale.ephemeral
    assert "the bot's commands need a sync" in stale.text()


def test_buttons_sit_in_the_rows_the_game_gives_them(app: App) -> None:
    """Undo keeps to the last row, under the Check's Twists, wherever there is room above."""

    async def scenario() -> Request:
        async with logged_in(app) as h:
            await mettle_table(h)
            return await h.slash("check", ANA, pool="concept", vs="8", results="1 2 4 5 6")

    failed = run(scenario())
    rows = [
        [c.get("label") or c.get("placeholder") for c in row["components"]]
        for row in failed.message["components"]
    ]
    assert rows == [["Twist: Delay"], ["Another Twist…"], ["↩ Undo"]]


def test_a_click_on_a_client_that_is_no_scenekeeper_says_how_to_build_one() -> None:
    class Interaction:
        client = object()

    with pytest.raises(RuntimeError) as raised:
        clicks_of(Interaction())  # type: ignore[arg-type]
    assert str(raised.value) == "the client has no runner: build it with bot.Scenekeeper"
