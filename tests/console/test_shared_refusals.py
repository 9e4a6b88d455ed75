"""Refusals on the shared screen, line by line: a refusal that names no sealed value is said; one
whose reason may name one says only who reads it, and -- the first time -- how they read it;
a screen of one's own says everything, private lines marked ``(only you)``."""

from __future__ import annotations

from pathlib import Path

import pytest

from scenekeeper.adapters.console.render import as_text
from scenekeeper.engine.state import Person
from tests.nodice.test_shared_console import GM, console, play

HOW = (
    "(gm reads private answers at a screen of their own: "
    "scenekeeper play --table t --as gm --script -)"
)
RANK = "Brute is in the Conflict: write the sheet after /conflict end."


def test_a_sealed_refusal_says_who_reads_it_and_how_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = console()
    screen, _ = play(
        session,
        [
            "/conflict start sides:x",
            "/char set character:Brute rank:99",
            "/char set character:Brute rank:98",
        ],
        [],
        tmp_path,
        monkeypatch,
    )
    refused = "error: refused; the reason may name a sealed choice, so only gm reads it."
    assert screen.splitlines() == [
        "error: A Conflict is running; a GM ends it first with /conflict end.",
        refused,
        HOW,
        refused,
    ]
    assert RANK not in screen


def test_a_screen_of_ones_own_says_the_reason_and_the_private_lines() -> None:
    session = console()
    app = session.app
    rank = app.handle("t", GM, "/char set character:Brute rank:99")
    assert as_text(rank) == [f"error: {RANK}"]
    ana = Person("ana", "ana")
    sealed = app.handle("t", ana, "/hand ante aspect:Mind ante:QUI")
    assert as_text(sealed) == [
        "Ada has committed (1 of 2). The pot holds 1 token.",
        "(only you) Sealed for Ada: Mind card, ante QUI.",
    ]
    # On the shared screen the same answer keeps its private line back.
    assert as_text(sealed, "ana", None) == [
        "Ada has committed (1 of 2). The pot holds 1 token.",
        "(a private answer for ana is not shown here.)",
    ]
    plain = app.handle("t", GM, "/conflict show")
    assert as_text(plain, "gm", "how") == list(plain.reply.text)
