"""Which NoDice commits an export withholds (G6): exactly those never revealed -- replaced,
undone, folded away, discarded by /conflict end -- following undo and redo as the table did."""

from __future__ import annotations

from scenekeeper.app.handle import envelope_from_record
from scenekeeper.engine.withheld import superseded
from tests.nodice.test_leaks import ANA, BEN, GM, GM2, T, Table, play_both_conflicts, setup_table


def withheld_lines(table: Table) -> list[str]:
    envelopes = [envelope_from_record(r) for r in table.app.store.read(T)]
    lines = {e.command_seq: e.command for e in envelopes}
    return [lines[seq] for seq in sorted(superseded(envelopes))]


def test_only_the_commits_never_revealed_are_withheld() -> None:
    table = setup_table()
    play_both_conflicts(table)
    assert withheld_lines(table) == [
        "/hand ante aspect:Body ante:KNO",  # replaced
        "/hand bid action:PRE bid:11",  # undone, redone, undone
        "/hand ante aspect:Mind ante:REA",  # discarded by /conflict end
        "/hand ante aspect:Spirit ante:WIL",  # folded away
    ]


def test_a_redone_commit_and_one_whose_reveal_was_undone_stay_revealed() -> None:
    table = setup_table()
    for who, line in (
        (ANA, "/hand ante aspect:Mind ante:QUI"),
        (ANA, "/hand ante aspect:Spirit ante:INT"),  # replaces it, then is undone: never shown
        (ANA, "/undo"),  # Mind QUI stands again
        (ANA, "/undo"),
        (ANA, "/redo"),  # and again: revealed below
        (BEN, "/hand ante aspect:Mind ante:QUI"),
        (GM2, "/hand ante character:Brute aspect:Body ante:STR"),  # the reveal
        (GM, "/undo"),  # everyone has seen the cards: still revealed
        (BEN, "/hand ante aspect:Body ante:FIT"),  # replaces a revealed commit, unseen
        (GM, "/conflict end"),  # discards Ada's (revealed once) and Bo's new one (never)
    ):
        assert table.do(who, line).ok, line
    assert withheld_lines(table) == [
        "/hand ante aspect:Spirit ante:INT",
        "/hand ante aspect:Body ante:FIT",
    ]
