"""G11, G7: the interactive console is a shared screen. It prints no private line -- a sealed
commit's echo, /history's private reading, the reason a sealed commit was refused -- and no
sealed line goes into the history file, whether its command stood or was refused. In --json,
the reason a sealed commit was refused is in ``private``, never ``text`` or ``error``."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from scenekeeper.adapters.console import repl
from scenekeeper.adapters.console.render import as_json
from scenekeeper.adapters.console.session import ConsoleSession
from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.engine.state import Person
from scenekeeper.store.memory import MemoryStore

GM = Person("gm", "gm")
SET_UP = (
    '/game new system:nodice name:"Shared"',
    "@ana /game join",
    '@ana /char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2 INT 2"',
    '/char new name:Brute gmc:true traits:"REA 1 KNO 1 QUI 1 STR 8 FIT 7 AGI 6 WIL 3 PRE 2"',
    '/conflict start sides:"Ada | Brute"',
)


def console() -> ConsoleSession:
    app = App(store=MemoryStore(), dice=SeededDice(7), registry=build_registry())
    session = ConsoleSession(app=app, table_id="t", out=io.StringIO(), actor=GM)
    for line in SET_UP:
        outcome = session.run_line(1, line)
        assert outcome is not None
        assert outcome.ok, (line, outcome.error)
    session.out = io.StringIO()
    return session


def play(
    session: ConsoleSession,
    lines: list[str],
    hidden: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[str, list[str]]:
    """Types ``lines`` at the interactive console (``hidden``: the answers at its hidden
    prompts); what the screen showed, and the history file's lines."""
    typed: Iterator[str] = iter(lines)
    answers = iter(hidden)

    def type_line(_prompt: str) -> str:
        line = next(typed, None)
        if line is None:
            raise EOFError
        if repl.readline is not None:
            repl.readline.add_history(line)  # as input() does at a terminal
        return line

    monkeypatch.setattr("builtins.input", type_line)
    monkeypatch.setattr(repl.getpass, "getpass", lambda _prompt: next(answers))
    if repl.readline is not None:
        repl.readline.clear_history()
    history = tmp_path / "history"
    repl.interact(session, history)
    assert isinstance(session.out, io.StringIO)
    kept = history.read_text().splitlines() if history.exists() else []
    return session.out.getvalue(), kept


def test_the_shared_screen_prints_no_private_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = console()
    screen, _ = play(
        session,
        ["@ana /hand ante", "@ana /history count:1", "@ana /conflict show"],
        ["Mind", "KNO"],
        tmp_path,
        monkeypatch,
    )
    assert "Ada has committed (1 of 2)." in screen
    assert "(only you)" not in screen
    for secret in ("ante KNO", "Mind", "Sealed"):
        assert secret not in screen
    # One short line each time; how to read them, once.
    assert screen.count("(a private answer for ana is not shown here.)") == 3
    assert screen.count("scenekeeper play --table t --as ana --script -") == 1


def test_a_refused_sealed_commit_shows_no_sealed_value_on_the_shared_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = console()
    for line in (
        "@ana /hand ante aspect:Mind ante:QUI",
        "/hand ante character:Brute aspect:Body ante:STR",
    ):
        outcome = session.run_line(1, line)
        assert outcome is not None
        assert outcome.ok, outcome.error
    assert session.app.handle("t", Person("ana", "ana"), '/hand assign tokens:"QUI 2"').ok
    before = session.app.table("t").seq
    session.out = io.StringIO()
    screen, _ = play(session, ["@ana /hand bid action:QUI bid:12"], [], tmp_path, monkeypatch)
    assert "QUI" not in screen
    # The reason is said without the card or the bid: the table is not left guessing.
    assert "error: A bid is 0 to its Attribute's AV; a Wildcard adds 1 beyond." in screen
    assert session.app.table("t").seq == before


@pytest.mark.skipif(repl.readline is None, reason="this platform has no readline")
def test_no_sealed_line_goes_into_the_history_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = console()
    _, kept = play(
        session,
        [
            "@ana /hand ante aspect:Body ante:FIT extra:1",  # refused: a typo
            "@ana /hand ante aspect:Spirit ante:ZZZ",  # refused: no such Attribute
            "@ana /hand ante aspect=Mind ante=QUI",  # refused: = for :
            "@ana /hand ante",  # asked without echo; stands
            "/conflict show",
        ],
        ["Mind", "QUI", "Mind", "KNO"],  # asked for the = line too, which gave neither
        tmp_path,
        monkeypatch,
    )
    assert kept == [
        "@ana /hand ante",
        "@ana /hand ante",
        "@ana /hand ante",
        "@ana /hand ante",
        "/conflict show",
    ]


def test_json_keeps_a_sealed_commits_refusal_private() -> None:
    session = console()
    app = session.app
    ana = Person("ana", "ana")
    assert app.handle("t", ana, "/hand ante aspect:Mind ante:QUI").ok
    assert app.handle("t", GM, "/hand ante character:Brute aspect:Body ante:STR").ok
    assert app.handle("t", ana, '/hand assign tokens:"QUI 2"').ok
    refused = app.handle("t", ana, "/hand bid action:QUI bid:12")
    assert not refused.ok
    row = json.loads(as_json(1, "ana", refused))
    assert row["ok"] is False
    assert (
        row["text"] == row["error"] == "A bid is 0 to its Attribute's AV; a Wildcard adds 1 beyond."
    )
    assert "QUI" in row["private"]
    assert "QUI" not in json.dumps(row["data"])
    # A refusal of a line that did not parse is kept private as well (a typo beside a secret).
    typo = app.handle("t", ana, "/hand bid action:QUI bid:2 extra:1")
    assert typo.secret
    row = json.loads(as_json(2, "ana", typo))
    assert "QUI" not in row["text"] + row["error"]
    # Refusals of commands that seal nothing stay public.
    public = app.handle("t", ana, "/conflict start sides:x")
    assert not public.secret
    assert json.loads(as_json(3, "ana", public))["text"] == public.error


#: Sealed lines mistyped as people mistype them: none names a command of this table, so none
#: can be shown to be free of a secret (issue 32: a typo leaked a sealed card).
MISTYPED = [
    "@ana /hand ant aspect:Body ante:AGI",
    "@ana /hnd ante aspect:Body ante:AGI",
    "@ana /hand bd action:AGI bid:7",
    "@ana/hand ante aspect:Body ante:AGI",
    "@ana \uff0fhand ante aspect:Body ante:AGI",  # a full-width slash
    "/char sett character:Brute rank:7",  # a GM's mistyped Rank
    "/char set character:Brute rnk:7",
]


@pytest.mark.skipif(repl.readline is None, reason="this platform has no readline")
def test_a_mistyped_sealed_line_is_kept_out_of_the_history_file_and_the_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = console()
    before = session.app.table("t").seq
    screen, kept = play(session, [*MISTYPED, "/conflict show"], [], tmp_path, monkeypatch)
    assert session.app.table("t").seq == before
    for secret in ("ante:AGI", "aspect:Body", "action:AGI", "bid:7", "rank:7", "rnk:7"):
        assert not any(secret in line for line in kept), (secret, kept)
        assert secret not in screen, (secret, screen)
    assert all("AGI" not in line for line in kept[:-1]), kept
    # The shown line is kept as typed: only a line shown to be free of secrets is.
    assert kept[-1] == "/conflict show"
    # Each refusal still says what to do, without the words typed.
    assert screen.count("error: Unknown command.") == 6
    assert "error: Unknown command. Did you mean /hand ante or /hand assign" in screen
    assert "/char set has no option of that name. Usage: /char set" in screen


def test_the_json_row_of_a_mistyped_sealed_line_holds_none_of_it() -> None:
    session = console()
    ana = Person("ana", "ana")
    for line in ("/hnd ante aspect:Body ante:AGI", "/hand bid action:AGI bid:7 wildcrd:true"):
        refused = session.app.handle("t", ana, line)
        assert not refused.ok
        assert refused.secret
        row = json.loads(as_json(1, "ana", refused))
        public = json.dumps({k: v for k, v in row.items() if k != "private"})
        assert "AGI" not in public
        assert row["private"].startswith(
            ("/hand bid has no option wildcrd:", "Unknown command /hnd")
        )


def test_a_refusal_that_names_no_sealed_value_is_said_to_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = console()
    # Step 2 is open: a bid is early; an ante without its card is missing an option.
    screen, _ = play(
        session,
        ["@ana /hand bid action:QUI bid:1", "@ana /hand ante ante:QUI aspect:"],
        [],
        tmp_path,
        monkeypatch,
    )
    assert "the reason may name a sealed choice" not in screen
    assert "Step 2 is open" in screen
    assert "QUI" not in screen


def test_the_hidden_prompt_asks_a_wildcard_and_face_up_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Typed inline at a shared screen, wildcard: and face_up: would show: when the console
    asks the sealed options without echo, it asks those as well (Enter leaves one out)."""
    session = console()
    asked = [o.name for o in session.secrets_missing("@ana /hand bid")]
    assert asked == ["action", "bid", "wildcard", "face_up"]
    assert [o.name for o in session.secrets_missing("@ana /hand bid action:QUI bid:2")] == []
    # A command with no required sealed option asks nothing (a GM's /char set rank: is typed).
    assert session.secrets_missing('/char set character:Ada trait:"AGI 3"') == []
    prompts: list[str] = []
    answers = iter(["QUI", "2", "", "yes"])

    def getpass(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    monkeypatch.setattr(repl.getpass, "getpass", getpass)
    assert repl._ask_secrets(session, "@ana /hand bid") == 'action:"QUI" bid:"2" face_up:"yes"'
    assert (
        prompts[2]
        == "wildcard (hidden, Enter to leave it out; add a Wildcard: +1, beyond the AV): "
    )
    assert "Enter to leave it out" not in prompts[0]
