"""The marks of a withheld commit in a file (G6), each forged one refused with the command it
names and what does not hold; an honest file imports, and its history reads each withheld
commit as sealed and never revealed."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from scenekeeper.bootstrap import build_registry
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Envelope
from scenekeeper.engine.withheld import Withheld, check_marks, withheld_line
from scenekeeper.systems.nodice.events import AnteSealed
from tests.nodice.test_leaks import GM, import_file, play_both_conflicts, setup_table
from tests.support import TableDriver

Doc = dict[str, Any]


def _first_withheld(doc: Doc) -> dict[str, Any]:
    return next(e for e in doc["events"] if e["type"] == "table.withheld@1")


def keeps_a_sealed_field(doc: Doc) -> None:
    _first_withheld(doc)["data"]["kept"]["aspect"] = "Body"


def is_no_sealed_choice(doc: Doc) -> None:
    _first_withheld(doc)["data"]["of"] = "nodice.tokens_assigned@1"


def names_a_long_unknown_kind(doc: Doc) -> None:
    """A kind of event no game has, named at length: the refusal quotes its first 40
    characters."""
    _first_withheld(doc)["data"]["of"] = "nodice.no_such_event_of_a_forged_file_at_all@1"


def has_no_line(doc: Doc) -> None:
    _first_withheld(doc)["command"] = ""


def keeps_its_line(doc: Doc) -> None:
    _first_withheld(doc)["command"] = "/hand ante aspect:Body ante:KNO"


def withholds_half_a_command(doc: Doc) -> None:
    """Brute's ante (which revealed the cards) marked withheld in its first event only."""
    sealed, revealed = [
        e
        for e in doc["events"]
        if e["command"] == "/hand ante aspect:Body ante:STR character:Brute"
    ]
    kept = {k: v for k, v in sealed["data"].items() if k not in ("aspect", "ante")}
    sealed["type"] = "table.withheld@1"
    sealed["data"] = {"of": "nodice.ante_sealed@1", "kept": kept}
    for event in (sealed, revealed):
        event["command"] = "/hand ante character:Brute (withheld)"


def _takes_back_before_anything(doc: Doc, verb: str) -> None:
    """The GM's first command after the table's creation made an undo (or a redo): nothing
    stood to take back or put back (the walk of sealed choices meets one of nothing)."""
    created, first = doc["events"][:2]
    first.update(type=f"table.{verb}ne@1", command=f"/{verb}", actor=created["actor"])
    first["data"] = {"target_seq": 1, "command": "/game new", "keeps_numbers": True}


def undoes_before_anything(doc: Doc) -> None:
    _takes_back_before_anything(doc, "undo")


def redoes_before_anything(doc: Doc) -> None:
    _takes_back_before_anything(doc, "redo")


@pytest.mark.parametrize(
    ("forge", "says"),
    [
        (
            undoes_before_anything,
            "#2 /undo is refused when made again: There is nothing to undo",
        ),
        (
            redoes_before_anything,
            "#2 /redo is refused when made again: There is nothing to redo: redo puts back an "
            "undo, until a new command",
        ),
        (
            keeps_a_sealed_field,
            "#15 /hand ante (withheld) is marked withheld, but it keeps other fields than its own",
        ),
        (
            is_no_sealed_choice,
            "#15 /hand ante (withheld) is marked withheld, but "
            "'nodice.tokens_assigned@1' is not a sealed choice",
        ),
        (
            names_a_long_unknown_kind,
            "#15 /hand ante (withheld) is marked withheld, but "
            "'nodice.no_such_event_of_a_forged_file_at' is not a sealed choice",
        ),
        (
            has_no_line,
            "#15 (no command) is marked withheld, but it is not a sealed choice",
        ),
        (
            keeps_its_line,
            "#15 /hand ante aspect:Body ante:KNO is marked withheld, but its line "
            "holds secret values",
        ),
        (
            withholds_half_a_command,
            "#18 /hand ante character:Brute (withheld) is marked withheld, but only part of it is",
        ),
    ],
    ids=lambda v: v.__name__ if callable(v) else None,
)
def test_a_forged_mark_is_refused_naming_its_command(
    forge: Callable[[Doc], None], says: str
) -> None:
    table = setup_table()
    play_both_conflicts(table)
    doc = copy.deepcopy(table.do(GM, "/game export").reply.private_data)
    forge(doc)
    refused = import_file(table, "forged", json.dumps(doc).encode())
    assert not refused.ok
    assert refused.error == (
        f"leaks.json does not hold as a table's history: {says}. Import only files "
        "/game export made, unchanged."
    )
    assert table.app.table("forged").seq == 0


def test_an_imported_history_reads_withheld_commits_as_never_revealed() -> None:
    table = setup_table()
    play_both_conflicts(table)
    doc = table.do(GM, "/game export").reply.private_data
    assert import_file(table, "honest", json.dumps(doc).encode()).ok
    history = table.app.handle("honest", GM, "/history count:40").reply.text
    assert "#15 ana: /hand ante (withheld) → Ada committed (sealed, never revealed)" in history
    assert (
        "#23 ana: /hand bid (withheld) → Ada committed (sealed, never revealed) [undone]" in history
    )
    assert "#34 ben: /hand ante (withheld) → Bo committed (sealed, never revealed)" in history


def test_an_imported_table_undoes_what_brings_no_withheld_commit_back() -> None:
    table = setup_table()
    play_both_conflicts(table)
    doc = table.do(GM, "/game export").reply.private_data
    assert import_file(table, "honest", json.dumps(doc).encode()).ok

    def do(line: str) -> tuple[bool, str | None]:
        outcome = table.app.handle("honest", GM, line)
        return outcome.ok, outcome.error

    # Undoing /conflict end would stand Ada's withheld ante again: refused.
    assert do("/undo") == (
        False,
        "That would bring back a sealed choice this table was imported without (never "
        "revealed, its export withheld it): play on from here instead.",
    )
    # A new Conflict, started and taken back and put back, brings none back.
    assert do('/conflict start sides:"Ada | Brute"')[0]
    assert do("/undo") == (True, None)
    assert do("/redo") == (True, None)


def test_a_withheld_line_keeps_only_what_was_never_sealed() -> None:
    registry = build_registry()
    lines = {
        "/hand bid action:QUI bid:2 wildcard:true character:Ada": (
            "/hand bid character:Ada (withheld)"
        ),
        "/hand bid action:QUI  bid:2 face_up:true": "/hand bid (withheld)",
        '/hand ante aspect:"Mind" ante:QUI': "/hand ante (withheld)",
        # Marked already, with a secret value left: the value goes, the mark stays one.
        "/hand bid bid:2 (withheld)": "/hand bid (withheld)",
        # Already withheld, or nothing sealed on it: as it is.
        "/hand ante character:Ada (withheld)": "/hand ante character:Ada (withheld)",
        "/hand ante character:Ada": "/hand ante character:Ada",
        "/conflict show": "/conflict show",
        "/nosuch x:1": "/nosuch x:1",
    }
    assert {line: withheld_line(line, registry, "nodice") for line in lines} == lines
    # Before a table's game is known, NoDice's commands are not there to read.
    assert withheld_line("/hand bid action:QUI bid:2", registry, None) == (
        "/hand bid action:QUI bid:2"
    )


def _generic_table() -> list[Envelope]:
    driver = TableDriver()
    driver.do("/game new system:generic name:Plain")
    return list(driver.app._history("t1", 0, driver.app.table("t1").seq))


@pytest.mark.parametrize(
    ("before", "line"),
    [
        (list, "/hand ante (withheld)"),  # no game yet to say what it sealed
        (_generic_table, "/roll (withheld)"),  # a game that seals nothing
    ],
    ids=["before_the_game", "in_a_game_that_seals_nothing"],
)
def test_a_mark_where_nothing_is_sealed_is_refused(
    before: Callable[[], list[Envelope]], line: str
) -> None:
    """A withheld commit where no game seals choices -- before the table was created, or at a
    table of a game that seals none -- is refused as no sealed choice, naming it."""
    earlier = before()
    seq = len(earlier) + 1
    kept = dict.fromkeys(set(AnteSealed.model_fields) - AnteSealed.secret_fields, "x")
    mark = Envelope(
        seq=seq,
        event=Withheld(of=AnteSealed.type_name, kept=kept),
        actor="ana",
        time="2026-01-01T00:00:00.000Z",
        command_seq=seq,
        command=line,
    )
    with pytest.raises(Refusal) as refused:
        check_marks([*earlier, mark], build_registry())
    assert str(refused.value) == f"#{seq} {line} is marked withheld, but it is not a sealed choice"


def test_a_withheld_commit_reads_as_whose_it_was_when_it_kept_that() -> None:
    """History reads a withheld commit by the character it kept, or without one."""
    assert Withheld(of=AnteSealed.type_name, kept={"character": "Ada"}).describe() == (
        "Ada committed (sealed, never revealed)"
    )
    assert Withheld(of=AnteSealed.type_name, kept={}).describe() == (
        "committed (sealed, never revealed)"
    )
    assert Withheld(of=AnteSealed.type_name, kept={"character": None}).describe() == (
        "committed (sealed, never revealed)"
    )
