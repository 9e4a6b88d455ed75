"""A secret at the console: a required option declared secret that the line leaves out is asked
without echo, and a secret typed on the line itself leaves the history file hidden."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import pytest

from scenekeeper.adapters.console import repl
from scenekeeper.adapters.console.session import ConsoleSession
from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import Person
from scenekeeper.store.memory import MemoryStore

sealing = CommandSet()


@dataclass(frozen=True)
class Seal:
    bid: Annotated[int, Opt("your bid", secret=True, min_value=0)]
    note: Annotated[str | None, Opt("a word for the table")] = None


@sealing.command("testseal", help="Seal a bid (a test-only command).", permission=Permission.ANYONE)
def seal(ctx: Context, args: Seal) -> Decision:
    del ctx
    return Decision(reply=Reply(text=("A bid is sealed.",), private=(f"You bid {args.bid}.",)))


def session() -> ConsoleSession:
    registry = build_registry()
    registry.include(sealing)
    app = App(store=MemoryStore(), dice=SeededDice(1), registry=registry)
    console = ConsoleSession(app=app, table_id="t", out=io.StringIO(), actor=Person("gm", "gm"))
    console.run_line(1, '/game new system:generic name:"Bids"')
    return console


def test_a_left_out_secret_is_asked_without_echo(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def getpass(prompt: str) -> str:
        asked.append(prompt)
        return "7"

    monkeypatch.setattr(repl.getpass, "getpass", getpass)
    console = session()
    hidden = repl._ask_secrets(console, "/testseal note:ready")
    assert asked == ["bid (hidden; your bid): "]
    assert hidden.startswith("bid:")
    outcome = console.run_line(2, f"/testseal note:ready {hidden}")
    assert outcome is not None
    assert outcome.ok, outcome.error
    assert outcome.reply.private == ("You bid 7.",)
    assert outcome.text == "/testseal (secret) note:ready"
    # Given on the line, it is not asked again; an option not declared secret never is.
    assert repl._ask_secrets(console, "/testseal bid:3") == ""
    assert repl._ask_secrets(console, "/roll dice:d6") == ""


@pytest.mark.skipif(repl.readline is None, reason="this platform has no readline")
def test_a_secret_typed_on_the_line_leaves_the_history_hidden() -> None:
    readline = repl.readline
    assert readline is not None
    readline.clear_history()
    readline.add_history("/testseal bid:9 note:ready")
    repl._keep_out_of_history("/testseal bid:(secret) note:ready")
    lines = [readline.get_history_item(i + 1) for i in range(readline.get_current_history_length())]
    assert lines == ["/testseal bid:(secret) note:ready"]


@pytest.mark.skipif(repl.readline is None, reason="this platform has no readline")
def test_a_line_whose_secret_was_asked_is_kept_as_its_command_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Recalled, the line asks its secret again as it did (the words typed beside it go)."""
    readline = repl.readline
    assert readline is not None
    typed = iter(["/testseal note:ready", "/roll dice:d6 results:2"])

    def type_line(_prompt: str) -> str:
        line = next(typed, None)
        if line is None:
            raise EOFError
        readline.add_history(line)
        return line

    monkeypatch.setattr("builtins.input", type_line)
    monkeypatch.setattr(repl.getpass, "getpass", lambda _prompt: "7")
    readline.clear_history()
    history = tmp_path / "history"
    repl.interact(session(), history)
    assert history.read_text().splitlines() == ["/testseal", "/roll dice:d6 results:2"]
