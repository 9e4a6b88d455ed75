"""Upgrade steps (engine/upgrades.py): a command an earlier version decided stands when one of
that version's rules reproduces it exactly; today's rules still refuse it when made now; and a
file edited by hand is still refused, whichever version it claims."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from scenekeeper.engine.state import Person
from scenekeeper.engine.upgrades import UPGRADES, eras
from tests.engine.test_transfer import export, import_into
from tests.nodice.helpers import played
from tests.support import TableDriver

CORPUS = Path(__file__).parent
GM, ANA = Person("gm", "gm"), Person("ana", "ana")


def corpus_file(label: str, table: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(
        (CORPUS / label / "exports" / f"{table}.json").read_text(encoding="utf-8")
    )
    return doc


def imported(doc: dict[str, Any]) -> tuple[bool, str]:
    outcome = import_into(TableDriver(), "fresh", doc)
    return outcome.ok, outcome.error or " ".join(outcome.reply.text)


def test_eras_waive_one_more_change_each_newest_first() -> None:
    names = [u.name for u in UPGRADES]
    assert len(set(names)) == len(names)
    assert [(u.name, sorted(era)) for u, era in eras()] == [
        (names[n], sorted(names[: n + 1])) for n in range(len(names))
    ]


@pytest.mark.parametrize(
    ("label", "table", "upgrade"),
    [
        ("v0.1-f282d30", "extra-scions-doom-total", "scions-doom-total"),
        ("v0.1-f282d30", "core-undo-and-redo", "head-gm-undo"),
        ("v0.1-f282d30", "mettle-c-damage", "mettle-dead"),
        ("v0.1-f282d30", "mettle-c-damage", "mettle-stable"),
    ],
)
def test_an_earlier_versions_command_stands_and_the_import_says_so(
    label: str, table: str, upgrade: str
) -> None:
    ok, said = imported(corpus_file(label, table))
    assert ok, said
    assert "stand as the earlier version that made" in said
    assert upgrade in said


def test_today_the_same_command_is_refused_as_the_rules_now_say() -> None:
    driver = TableDriver()
    driver.do("/game new system:scions name:Now")
    driver.do('/doom add dice:"d8 d6"')
    assert "/doom boost" in driver.refused("/doom spend die:d8 on:total results:5")


def test_an_edited_earlier_file_is_still_refused() -> None:
    """Claiming an earlier version waives nothing: the doom spend's face changed by hand is
    decided by no version's rules."""
    doc = corpus_file("v0.1-f282d30", "extra-scions-doom-total")
    assert "scenekeeper" not in doc  # made before exports said which version made them
    forged = copy.deepcopy(doc)
    spend = next(e for e in forged["events"] if e["command"].startswith("/doom spend"))
    spend["data"]["reason"] = "spent d12 on total"
    ok, said = imported(forged)
    assert not ok
    assert "#6 /doom spend die:d8 on:total results:5" in said


def test_a_forged_metttle_hit_is_refused_in_an_earlier_file() -> None:
    doc = corpus_file("v0.1-f282d30", "mettle-c-damage")
    forged = copy.deepcopy(doc)
    changed = next(e for e in forged["events"] if e["type"] == "mettle.mettle_changed@1")
    changed["data"]["mettle"] += 5
    ok, said = imported(forged)
    assert not ok
    assert "does not make the events the file says it made" in said


def nodice_table() -> TableDriver:
    driver = TableDriver(table_id="t")
    driver.app = played(
        (
            (GM, '/game new system:nodice name:"Undo"'),
            (ANA, "/game join"),
            (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2"'),
            (GM, '/char new name:Brute gmc:true traits:"QUI 1 STR 8 FIT 7 AGI 6 WIL 3"'),
            (GM, '/conflict start sides:"Ada | Brute"'),
            (ANA, "/hand ante aspect:Mind ante:QUI"),
        )
    )
    return driver


def as_made_by(doc: dict[str, Any], seq: int, actor: str) -> dict[str, Any]:
    """``doc`` with the command at ``seq`` made by ``actor``: what an earlier version, whose
    rules let ``actor`` make it, would have written."""
    made = copy.deepcopy(doc)
    for event in made["events"]:
        if event["command_seq"] == seq:
            event["actor"] = actor
    return made


def test_a_gms_undo_of_a_sealed_commit_made_before_sealer_undo_stands() -> None:
    driver = nodice_table()
    assert "only ana (who sealed it) may take back" in driver.refused("/undo")
    undo = driver.do("/undo", ANA)  # today only its sealer may
    driver.do("/redo", ANA)
    # Revealed since: the file holds the commit (a choice never revealed it would withhold).
    driver.do("/hand ante character:Brute aspect:Body ante:STR")
    doc = export(driver)
    seq = next(e["seq"] for e in doc["events"] if e["type"] == "table.undone@1")
    assert undo.ok
    ok, said = imported(as_made_by(doc, seq, "gm"))
    assert ok, said
    assert "sealer-undo" in said


def test_a_players_redo_of_a_gms_undo_made_before_gm_ruling_redo_stands() -> None:
    driver = TableDriver()
    driver.do("/game new system:generic name:Rulings")
    driver.do("/game join", "ana")
    driver.do('/roll dice:2d6 results:"3 4"', "ana")
    driver.do("/undo")
    assert "only a GM can redo it" in driver.refused("/redo", "ana")
    driver.do("/redo")
    doc = export(driver)
    redo = doc["events"][-1]
    assert redo["type"] == "table.redone@1"
    ok, said = imported(as_made_by(doc, redo["seq"], "ana"))
    assert ok, said
    assert "gm-ruling-redo" in said
    # A player redoing another player's command was never allowed: still refused.
    driver.do("/game join", "ben")
    ok, said = imported(as_made_by(doc, redo["seq"], "ben"))
    assert not ok


def test_a_new_export_says_which_scenekeeper_made_it_and_an_older_one_imports_without() -> None:
    from scenekeeper import __version__  # noqa: PLC0415

    driver = TableDriver()
    driver.do("/game new system:generic name:Versions")
    doc = export(driver)
    assert doc["scenekeeper"] == __version__
    del doc["scenekeeper"]
    ok, said = imported(doc)
    assert ok, said


def test_a_file_from_a_newer_scenekeeper_that_does_not_hold_says_to_upgrade() -> None:
    driver = TableDriver()
    driver.do("/game new system:generic name:Future")
    driver.do('/roll dice:2d6 results:"3 4"')
    doc = export(driver)
    doc["scenekeeper"] = "99.0.0"
    doc["events"][-1]["data"]["dice"] = [{"sides": 6, "face": 6}, {"sides": 6, "face": 6}]
    doc["events"][-1]["data"]["total"] = 12
    ok, said = imported(doc)
    assert not ok
    assert "made by Scenekeeper 99.0.0, newer than this one" in said
