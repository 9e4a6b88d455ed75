"""NoDice's sealed commits through discord.py's own dispatch (G1, G3): a player's TA card, ante
and bid, typed as slash commands, reach only that player -- every request the bot makes to
Discord after them (replies, edits, follow-ups, channel messages, files, component ids,
autocomplete) is searched before the reveal, as tests/discord/test_secrets.py does."""

from __future__ import annotations

import re
from typing import Any

from scenekeeper.app import App
from tests.discord.fake_discord import Person
from tests.discord.fakes import run
from tests.discord.gateway import ANA, BEN, GM, Harness, logged_in
from tests.discord.test_buttons import button, labels
from tests.discord.test_game_controls import setup
from tests.discord.test_secrets import everything, others_look, private_to_owner

ANTE = (r"Spirit card", r"Ana Spirit", r"aspect\W+Spirit", r"ante\W+INT\b", r"Ada Spirit")
BID = (r"INT card", r"bid\W+2\b", r"action\W+INT\b", r"Ada INT")


async def nodice_table(h: Harness) -> None:
    await setup(
        h,
        ("game new", GM, {"system": "nodice", "name": "Sealed"}),
        ("game join", ANA, {}),
        ("game join", BEN, {}),
        (
            "char new",
            ANA,
            {"name": "Ada", "traits": "REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2 INT 2"},
        ),
        (
            "char new",
            GM,
            {"name": "Brute", "gmc": True, "traits": "REA 2 KNO 2 QUI 2 STR 8 FIT 7 WIL 3"},
        ),
        ("conflict start", GM, {"sides": "Ada | Brute"}),
    )


async def sealed_by_ana(h: Harness, command: str, values: dict[str, object]) -> tuple[int, str]:
    payload = h.command_payload(command, ANA, values)
    return await h.dispatch(payload), str(payload["id"])


def anas_interactions(h: Harness) -> list[str]:
    """Record the token of every interaction Ana makes from now on (what Discord shows her
    alone, ephemerally, is hers to read: her own /history's private part)."""
    tokens: list[str] = []
    made = h.payload

    def payload(kind: int, user: Person, *args: Any, **kwargs: Any) -> dict[str, Any]:
        built = made(kind, user, *args, **kwargs)
        if user == ANA:
            tokens.append(str(built["id"]))
        return built

    h.payload = payload  # type: ignore[method-assign]
    return tokens


def leaked(
    h: Harness, mark: int, token: str, patterns: tuple[str, ...], anas: list[str]
) -> list[str]:
    seen = h.discord.since(mark)
    own = private_to_owner(h.discord, seen, token)
    hers = {
        id(r)
        for r in seen
        if r.ephemeral and any(f"/{t}/" in r.path or f"/token-{t}" in r.path for t in anas)
    }
    return [
        f"{p} in {r.path}: {everything(r)[:300]}"
        for r in seen
        if id(r) not in own | hers
        for p in patterns
        if re.search(p, everything(r))
    ]


def test_a_sealed_ante_and_bid_reach_only_their_player(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await nodice_table(h)
            anas = anas_interactions(h)
            mark, token = await sealed_by_ana(h, "hand ante", {"aspect": "Spirit", "ante": "INT"})
            first = h.discord.since(mark)
            assert first[0].kind == 5  # deferred ...
            assert first[0].ephemeral  # ... privately, from the first byte
            mine = [r for r in first if id(r) in private_to_owner(h.discord, first, token)]
            assert any("Spirit card, ante INT" in everything(r) for r in mine)
            assert any("Ada has committed" in everything(r) for r in first if id(r) not in mine)
            await others_look(h)
            await h.slash("conflict show", BEN)
            await h.slash("conflict show", GM)
            assert leaked(h, mark, token, ANTE, anas) == []
            # The GM's NPC commit makes the one reveal: the cards are public now.
            reveal = await h.slash("hand ante", GM, character="Brute", aspect="Body", ante="STR")
            del reveal
            mark, token = await sealed_by_ana(h, "hand bid", {"action": "INT", "bid": 2})
            await others_look(h)
            await h.slash("conflict show", BEN)
            assert leaked(h, mark, token, BID, anas) == []

    run(scenario())


def test_a_refused_commit_is_the_typers_alone(app: App) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await nodice_table(h)
            mark = await h.dispatch(
                h.command_payload(
                    "hand ante", BEN, {"character": "Ada", "aspect": "Mind", "ante": "QUI"}
                )
            )
            seen = h.discord.since(mark)
            assert seen
            assert all(r.ephemeral or r.kind == 5 for r in seen if r.path.startswith("/inter"))
            assert not any("Mind" in everything(r) for r in seen if not r.ephemeral)

    run(scenario())


def test_the_hand_panel_seals_through_a_private_form(app: App) -> None:
    """The panel's Commit asks the card and ante in a form (a modal only the clicker sees):
    the answer is private from the first byte, the table reads only that Ada committed, and
    no control's id or label carries a value."""

    async def scenario() -> None:
        async with logged_in(app) as h:
            await setup(
                h,
                ("game new", GM, {"system": "nodice", "name": "Panel"}),
                ("game join", ANA, {}),
                ("char new", ANA, {"name": "Ada", "traits": "REA 4 QUI 7 STR 3 WIL 2 INT 2"}),
                ("char new", GM, {"name": "Brute", "gmc": True, "traits": "REA 2 STR 8 WIL 3"}),
            )
            started = await h.slash("conflict start", GM, sides="Ada | Brute")
            assert {"Commit: TA card and ante", "Fold (retreat)"} <= set(labels(started))
            anas = anas_interactions(h)
            asked = await h.click(started, button(started, "Commit: TA card and ante"), ANA)
            assert asked.kind == 9  # a modal
            # The cards are picked from selects (the same entries for everyone), not typed.
            fields = {
                row["component"]["custom_id"]: row["component"]
                for row in asked.json["data"]["components"]
            }
            assert fields["aspect"]["type"] == 3
            assert [o["value"] for o in fields["aspect"]["options"]] == ["Mind", "Body", "Spirit"]
            assert fields["ante"]["type"] == 3
            assert len(fields["ante"]["options"]) == 9
            payload = h.modal_payload(
                asked.json["data"]["custom_id"],
                {"aspect": "Spirit", "ante": "INT"},
                ANA,
                h.stored(started),
            )
            for row in payload["data"]["components"]:  # submitted as Discord sends selects
                field = row["component"]
                row["component"] = {
                    "type": 3,
                    "custom_id": field["custom_id"],
                    "values": [field["value"]],
                }
            token = str(payload["id"])
            mark = await h.dispatch(payload)
            first = h.discord.since(mark)
            assert first[0].kind == 5
            assert first[0].ephemeral
            mine = private_to_owner(h.discord, first, token)
            assert any("Spirit card, ante INT" in everything(r) for r in first if id(r) in mine)
            told = [r for r in first if id(r) not in mine]
            assert any("Ada has committed (1 of 2)" in everything(r) for r in told)
            await others_look(h)
            assert leaked(h, mark, token, ANTE, anas) == []

    run(scenario())


def test_after_an_undo_the_newest_hand_panel_is_the_hands_as_it_now_is(app: App) -> None:
    """A player takes back a sealed bid: the undo's reply carries the Hand panel again, whose
    Commit opens the form, where the newest panel had been the undone command's (refused)."""

    async def scenario() -> None:
        async with logged_in(app) as h:
            await setup(
                h,
                ("game new", GM, {"system": "nodice", "name": "Panel"}),
                ("game join", ANA, {}),
                ("char new", ANA, {"name": "Ada", "traits": "REA 4 QUI 7 STR 3 WIL 2 INT 2"}),
                ("char new", GM, {"name": "Brute", "gmc": True, "traits": "REA 2 STR 8 WIL 3"}),
                ("conflict start", GM, {"sides": "Ada | Brute"}),
            )
            await h.slash("hand ante", ANA, aspect="Mind", ante="QUI")
            await h.slash("hand ante", GM, character="Brute", aspect="Body", ante="STR")
            await h.slash("hand assign", ANA, tokens="QUI 2")
            await h.slash("hand bid", ANA, action="QUI", bid=2)
            undone = await h.slash("undo", ANA)
            assert "Undid" in undone.text()
            commit = button(undone, "Commit: Action card and bid")
            asked = await h.click(h.stored(undone), commit, ANA)
            assert asked.kind == 9, asked.json  # the form, not "Command #... was undone"
            # Its Undo takes back the newest standing command (the tokens assigned).
            assert "↩ Undo" in labels(undone)

    run(scenario())
