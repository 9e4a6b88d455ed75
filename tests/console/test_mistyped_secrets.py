"""Secrets fail closed at the console (issue 32): every sealed command of every game, typed in
every malformed form people type -- an unknown command, a typo of the subcommand, no space
after ``@name``, a full-width slash, a wrong option name, ``=`` for ``:``, an unbalanced quote
-- leaves its values in no channel but the typer's own: not the shared screen, not the history
file, not the public fields of a ``--json`` row."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from scenekeeper.adapters.console import repl
from scenekeeper.adapters.console.render import as_json
from scenekeeper.adapters.console.session import ConsoleSession
from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.engine.commands import CommandSpec, OptionType
from scenekeeper.engine.state import Person
from scenekeeper.store.memory import MemoryStore
from tests.nodice.test_shared_console import play

#: Values no reply would say unless it quoted what was typed.
TEXT, NUMBER = "Qzxv", "4242"
GAMES = ("generic", "cortex", "scions", "mettle", "cybergod", "nodice")


def sealed_specs(system: str) -> list[CommandSpec[Any]]:
    """The commands of ``system`` that can carry a secret: declared secret, with an option
    declared secret, or taking ``secret:true``."""
    registry = build_registry()
    found = []
    for name in registry.names(system):
        spec = registry.find(name, system)
        assert spec is not None
        if spec.secret or spec.option("secret") or any(o.meta.secret for o in spec.options):
            found.append(spec)
    return found


def sealed_options(spec: CommandSpec[Any]) -> list[tuple[str, str]]:
    """The options the line seals, each with a value to look for."""
    whole = spec.secret or spec.option("secret") is not None
    chosen = [
        o
        for o in spec.options
        if (o.meta.secret or (whole and o.name not in ("secret", "label")))
        and o.type in (OptionType.STRING, OptionType.INTEGER)
    ]
    return [(o.name, NUMBER if o.type is OptionType.INTEGER else TEXT) for o in chosen]


def typo(word: str) -> str:
    return word[:1] + word[2:] if len(word) > 3 else word + word[-1]


def malformed(spec: CommandSpec[Any]) -> list[str]:
    """Every malformed form of the sealed line, as ana types it."""
    options = sealed_options(spec)
    secret = " secret:true" if spec.option("secret") is not None else ""
    given = " ".join(f"{n}:{v}" for n, v in options) + secret
    words = spec.name.split()
    forms = [
        f"@ana /{typo(words[0])} {' '.join(words[1:])} {given}",
        f"@ana/{spec.name} {given}",
        f"@ana \uff0f{spec.name} {given}",
        f"@ana /{spec.name} {given.replace(':', '=')}",
    ]
    if len(words) > 1:
        forms.append(f"@ana /{words[0]} {typo(words[1])} {given}")
    for name, value in options:
        forms.append(f"@ana /{spec.name} {given.replace(f'{name}:{value}', f'{name}x:{value}')}")
        unbalanced = given.replace(f"{name}:{value}", f'{name}:"{value}')
        forms.append(f"@ana /{spec.name} {unbalanced}")
    return forms


def console(system: str) -> ConsoleSession:
    app = App(store=MemoryStore(), dice=SeededDice(3), registry=build_registry())
    session = ConsoleSession(app=app, table_id="t", out=io.StringIO(), actor=Person("gm", "gm"))
    for line in (f'/game new system:{system} name:"Sealed"', "@ana /game join"):
        outcome = session.run_line(1, line)
        assert outcome is not None
        assert outcome.ok, (line, outcome.error)
    session.out = io.StringIO()
    return session


def typed(
    session: ConsoleSession, lines: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[str, list[str]]:
    """``lines`` typed at the interactive console, Enter at every hidden prompt: what the
    screen showed, and the history file (``tests.nodice.test_shared_console.play``)."""
    (tmp_path / "history").unlink(missing_ok=True)
    return play(session, lines, [""] * 10 * len(lines), tmp_path, monkeypatch)


def test_every_game_has_sealed_commands_to_try() -> None:
    names = {spec.name for system in GAMES for spec in sealed_specs(system)}
    assert {"hand ante", "hand bid", "char set", "roll", "status add"} <= names


@pytest.mark.skipif(repl.readline is None, reason="this platform has no readline")
@pytest.mark.parametrize("system", GAMES)
def test_a_malformed_sealed_line_shows_nothing_of_its_values(
    system: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for spec in sealed_specs(system):
        forms = malformed(spec)
        session = console(system)
        before = session.app.table("t").seq
        screen, history = typed(session, forms, tmp_path, monkeypatch)
        assert session.app.table("t").seq == before, (spec.name, screen)
        for value in (TEXT, NUMBER):
            assert value not in screen, (spec.name, screen)
            assert not any(value in line for line in history), (spec.name, history)
        assert screen.count("error:") == len(forms), (spec.name, screen)


@pytest.mark.parametrize("system", GAMES)
def test_a_malformed_sealed_lines_json_row_keeps_its_values_private(system: str) -> None:
    for spec in sealed_specs(system):
        session = console(system)
        for form in malformed(spec):
            actor, command = session.split_actor(form)
            outcome = session.app.handle("t", actor, command)
            assert not outcome.ok, form
            row = json.loads(as_json(1, actor.id, outcome))
            public = json.dumps({k: v for k, v in row.items() if not k.startswith("private")})
            assert TEXT not in public, (form, public)
            assert NUMBER not in public, (form, public)
