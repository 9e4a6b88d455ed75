"""Undo and redo across upgrades (engine/upgrades.py): a redo an earlier version allowed stands
on import, and what today's rules refuse is said in full."""

from __future__ import annotations

from tests.compat.test_upgrades import ANA, as_made_by, imported, nodice_table
from tests.engine.test_transfer import export, import_into
from tests.support import TableDriver


def test_a_gms_redo_of_a_sealed_commit_made_before_sealer_undo_stands() -> None:
    driver = nodice_table()
    driver.do("/undo", ANA)
    assert driver.refused("/redo") == (
        "That command sealed Ada's commit, which only ana (who sealed it) may put back: a sealed "
        "choice is its sealer's. If the table waits, a GM can /hand fold character:Ada or "
        "/conflict end."
    )
    redo = driver.do("/redo", ANA)  # today only its sealer may
    # Revealed since: the file holds the commit (a choice never revealed it would withhold).
    driver.do("/hand ante character:Brute aspect:Body ante:STR")
    doc = export(driver)
    seq = next(e["seq"] for e in doc["events"] if e["type"] == "table.redone@1")
    assert redo.ok
    ok, said = imported(as_made_by(doc, seq, "gm"))
    assert ok, said
    assert "sealer-undo" in said


def test_an_undo_that_would_bring_back_a_withheld_choice_says_so_in_full() -> None:
    driver = nodice_table()  # ana's ante sealed, never revealed
    driver.do("/conflict end")  # discarded unseen: the export withholds it
    doc = export(driver)
    assert doc["withheld"]["commands"]
    assert import_into(driver, "copy", doc).ok
    copy = TableDriver(app=driver.app, table_id="copy")
    assert copy.refused("/undo") == (
        "That would bring back a sealed choice this table was imported without (never "
        "revealed, its export withheld it): play on from here instead."
    )
