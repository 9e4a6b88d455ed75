"""Secrets fail closed on Discord (issue 32): a sealed command sent malformed -- a command or
subcommand Discord no longer has (a stale client), an option the command does not have, a value
of the wrong kind, an unbalanced quote, a card that is no card -- through discord.py's own
dispatch, leaves its values in no request but the sender's own ephemeral answer, and in no log
line."""

from __future__ import annotations

import copy
import logging
import re
from collections.abc import Callable
from typing import Any

import pytest

from scenekeeper.app import App
from tests.discord.fakes import run
from tests.discord.gateway import ANA, GM, Harness, logged_in
from tests.discord.test_nodice_secrets import anas_interactions, leaked, nodice_table

MARK, NUMBER = "Qzxv", 4242
PATTERNS = (MARK, str(NUMBER))

Change = Callable[[dict[str, Any]], None]


def _leaf(payload: dict[str, Any]) -> dict[str, Any]:
    """The innermost (sub)command of a payload, whose options are the values."""
    node = payload["data"]
    while node.get("options") and node["options"][0].get("type") in (1, 2):
        node = node["options"][0]
    return node


def _option(payload: dict[str, Any], name: str) -> dict[str, Any]:
    return next(o for o in _leaf(payload)["options"] if o["name"] == name)


def renamed_command(payload: dict[str, Any]) -> None:
    payload["data"]["name"] = "hnd"


def renamed_subcommand(payload: dict[str, Any]) -> None:
    payload["data"]["options"][0]["name"] = "ant"


def renamed_option(payload: dict[str, Any]) -> None:
    _option(payload, "ante")["name"] = "antee"


def extra_option(payload: dict[str, Any]) -> None:
    _leaf(payload)["options"].append({"name": "wildcrd", "type": 3, "value": MARK})


def unbalanced_quote(payload: dict[str, Any]) -> None:
    _option(payload, "aspect")["value"] = f'"{MARK}'


def no_such_card(payload: dict[str, Any]) -> None:
    _option(payload, "aspect")["value"] = MARK


def number_as_text(payload: dict[str, Any]) -> None:
    _option(payload, "bid").update(type=3, value=f"{NUMBER}x")


ANTE_CHANGES: tuple[Change, ...] = (
    renamed_command,
    renamed_subcommand,
    renamed_option,
    extra_option,
    unbalanced_quote,
    no_such_card,
)


@pytest.mark.parametrize(
    ("command", "values", "change"),
    [
        *(("hand ante", {"aspect": MARK, "ante": MARK}, c) for c in ANTE_CHANGES),
        ("hand bid", {"action": MARK, "bid": NUMBER}, number_as_text),
        ("hand bid", {"action": MARK, "bid": NUMBER}, renamed_command),
    ],
    ids=lambda v: v.__name__ if callable(v) else None,
)
def test_a_malformed_sealed_command_reaches_only_its_sender(
    app: App, command: str, values: dict[str, Any], change: Change, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> None:
        async with logged_in(app) as h:
            await nodice_table(h)
            anas = anas_interactions(h)
            payload = copy.deepcopy(h.command_payload(command, ANA, values))
            change(payload)
            caplog.clear()
            with caplog.at_level(logging.DEBUG):
                mark = await h.dispatch(payload)
                await h.slash("conflict show", GM)
                await h.slash("history", GM, count=5)
            assert leaked(h, mark, str(payload["id"]), PATTERNS, anas) == []
            # The sender is answered, privately: a refusal that hides itself leaves them stuck.
            answered = [r for r in h.discord.since(mark) if f"/{payload['id']}/" in r.path]
            assert answered, "no answer to the sender"
            assert all(r.ephemeral or r.kind == 5 for r in answered)
            logged = "\n".join(r.getMessage() + str(r.exc_info or "") for r in caplog.records)
            assert not any(re.search(p, logged) for p in PATTERNS), logged
            assert await _untouched(h)

    run(scenario())


async def _untouched(h: Harness) -> bool:
    shown = await h.slash("conflict show", GM)
    return "Waiting for Ada" in str(shown.json)
