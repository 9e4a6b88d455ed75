"""Acceptance: bad input of every kind gets one clear line and leaves the table unchanged."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from scenekeeper.engine.commands import (
    Attachment,
    CommandSet,
    Context,
    Decision,
    Permission,
)
from scenekeeper.engine.errors import Refusal
from tests.support import GM, TableDriver, person

SETUP = [
    ('/game new system:generic name:"Bad input"', GM.id),
    ("/game join", "bob"),
    ("/game join", "carol"),
    ("/game claim character:Vex", "carol"),
    ("/roll dice:2d6", "bob"),
]

BAD = [
    # (line, actor, words the message must contain)
    ("/gmae new", "bob", "Unknown command"),
    ("/roll dice:2d6 colour:red", "bob", "no option colour:"),
    ("/undo count:many", "bob", "whole number"),
    ("/undo count:99", GM.id, "from 1 to 20"),
    ("/game gm add", GM.id, "needs user:"),
    ("/roll", "bob", "needs dice:"),
    ('/roll dice:2d6 results:"7 1"', "bob", "cannot come up on a d6"),
    ('/roll dice:2d6 results:"1 2 3"', "bob", "has 3 faces but the roll has 2 dice"),
    ("/roll dice:1000000d6", "bob", "limit is 1,000 dice"),
    ("/roll dice:2d6+", "bob", "2d6"),
    ("/game gm add user:bob", "bob", "Only Gemma"),
    ("/game export", "bob", "Only the GM or a co-GM"),
    ("/history", "stranger", "type /game join"),
    ("/undo", "dave", "type /game join"),
    ("/game release character:Vex", "bob", "only they or a GM"),
    ("/game claim character:Vex", "bob", "is carol's character"),
    ("/game new system:generic", GM.id, "already plays"),
    ("/game join", "bob", "already"),
    ('/game new name:"unclosed', GM.id, "not closed"),
    ("/game import file:/nonexistent/x.json", GM.id, "Cannot read"),
]


@pytest.mark.parametrize(("line", "actor", "expected"), BAD)
def test_bad_input_is_refused_clearly_and_changes_nothing(
    line: str, actor: str, expected: str
) -> None:
    driver = TableDriver()
    for setup_line, who in SETUP:
        driver.do(setup_line, who)
    before_seq = driver.app.store.head("t1")
    before_state = driver.app.table("t1").state
    outcome = driver.app.handle("t1", person(actor), line, read_file=_no_files)
    assert not outcome.ok
    assert outcome.error is not None
    assert expected in outcome.error
    assert "\n" not in outcome.error
    assert outcome.events == ()
    assert driver.app.store.head("t1") == before_seq
    # Compare with a fresh load from the store, not only the cache.
    driver.app._forget("t1")
    assert driver.app.table("t1").state == before_state


def test_commands_before_any_game_say_how_to_start_one() -> None:
    driver = TableDriver()
    message = driver.refused("/game join", "bob")
    assert "/game new system:" in message
    assert driver.app.store.head("t1") == 0


def test_a_player_cannot_undo_someone_elses_command() -> None:
    driver = TableDriver()
    for setup_line, who in SETUP:
        driver.do(setup_line, who)
    driver.do("/roll dice:d4", "carol")
    message = driver.refused("/undo", "bob")
    assert "was carol's" in message
    assert driver.app.store.head("t1") == 6


def _no_files(path: str) -> Attachment:
    raise Refusal(f"Cannot read {path} (No such file or directory).")


@dataclass(frozen=True)
class NoCharacter:
    pass


def test_an_owner_only_command_must_name_its_character() -> None:
    with pytest.raises(TypeError, match="needs a character: option"):

        @CommandSet().command("broken", help="x", permission=Permission.OWNER)
        def broken(ctx: Context, args: NoCharacter) -> Decision:
            return Decision()
