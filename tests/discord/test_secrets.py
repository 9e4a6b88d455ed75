"""A secret given by one member reaches no one else, through discord.py's own dispatch: every
request the bot makes to Discord after it is searched -- replies, edits, follow-ups, footers,
channel messages, files, component ids, autocomplete choices -- and only the member's own
private answer holds it.

Two secrets: a METTLE Guide's poison Dose (an option declared secret) and a GM's secret roll
(``secret:true``, at any table)."""

from __future__ import annotations

import json
from typing import Any

from scenekeeper.app import App
from tests.discord.fake_discord import FakeDiscord, Request
from tests.discord.fakes import run
from tests.discord.gateway import ANA, BEN, GM, Harness, logged_in
from tests.discord.test_game_controls import mettle_table, setup


def everything(request: Request) -> str:
    """All a request carries: its JSON body (text, embeds, footers, ids, choices) and files."""
    files = " ".join(content.decode("utf-8", "replace") for content in request.files.values())
    return json.dumps(request.json, ensure_ascii=False) + " " + files


def private_to_owner(discord: FakeDiscord, requests: list[Request], token: str) -> set[int]:
    """The requests that answered the owner's own interaction privately (its ephemeral defer,
    and the original message it then became)."""
    ephemeral = any(
        r.path.startswith(f"/interactions/{token}/") and r.kind == 5 and r.ephemeral
        for r in requests
    )
    del discord
    return {
        id(r)
        for r in requests
        if ephemeral and (f"/{token}/" in r.path or f"/token-{token}" in r.path)
    }


async def secret_command(h: Harness, command: str, values: dict[str, Any]) -> tuple[int, str]:
    payload = h.command_payload(command, GM, values)
    return await h.dispatch(payload), str(payload["id"])


async def others_look(h: Harness) -> None:
    """What other members (and the owner, publicly) do next: read the history and the
    session log, take the command back and put it back, type with autocomplete, see the
    board."""
    await h.slash("history", ANA, count=5)
    await h.slash("game log", BEN)
    await h.slash("board show", ANA)
    await h.slash("undo", GM)
    await h.slash("redo", GM)
    for command, option in (("history", "count"), ("roll", "dice")):
        payload = h.command_payload(command, ANA, {option: ""}, focused=option)
        await h.dispatch(payload)


def test_a_poison_dose_reaches_only_the_guide(app: App) -> None:
    secrets = ("7d6", "6 6 6 6 6 6 5", "= 41", "= 38")

    async def scenario() -> None:
        async with logged_in(app) as h:
            await mettle_table(h)
            mark, token = await secret_command(
                h,
                "status add",
                {
                    "character": "Viktor",
                    "status": "afflicted",
                    "kind": "poison",
                    "dose": "7d6",
                    "results": "6 6 6 6 6 6 5",
                },
            )
            first = h.discord.since(mark)
            assert first[0].kind == 5
            assert first[0].ephemeral
            await others_look(h)
            seen = h.discord.since(mark)
            own = private_to_owner(h.discord, seen, token)
            mine = [r for r in seen if id(r) in own]
            assert any("7d6 (6 6 6 6 6 6 5) = 41" in everything(r) for r in mine)
            shown = [r for r in seen if id(r) not in own]
            assert any("Viktor is afflicted" in everything(r) for r in shown)  # the table knows
            for request in shown:
                for secret in secrets:
                    assert secret not in everything(request), (secret, request.path)

    run(scenario())


def test_a_gms_secret_roll_reaches_only_the_gm(app: App) -> None:
    secrets = ("3d8+17", "(8, 8, 8)", "= 41")

    async def scenario() -> None:
        async with logged_in(app) as h:
            await setup(
                h,
                ("game new", GM, {"system": "cortex", "name": "Ambush"}),
                ("game join", ANA, {}),
                ("game join", BEN, {}),
            )
            mark = await h.dispatch(h.command_payload("roll", ANA, {"dice": "d6", "secret": True}))
            defer, refused = h.discord.since(mark)[:2]
            assert defer.kind == 5
            assert defer.ephemeral
            assert "Only a GM rolls in secret" in refused.text()
            mark, token = await secret_command(
                h,
                "roll",
                {"dice": "3d8+17", "results": "8 8 8", "label": "the ambush", "secret": True},
            )
            await others_look(h)
            seen = h.discord.since(mark)
            own = private_to_owner(h.discord, seen, token)
            assert any("(8, 8, 8) + 17 = 41" in everything(r) for r in seen if id(r) in own)
            shown = [r for r in seen if id(r) not in own]
            assert any("Gemma rolled for the ambush in secret" in everything(r) for r in shown)
            for request in shown:
                for secret in secrets:
                    assert secret not in everything(request), (secret, request.path)

    run(scenario())
