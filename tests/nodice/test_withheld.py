"""Which NoDice commits an export withholds (G6): exactly those never revealed -- replaced,
undone, folded away, discarded by /conflict end -- following undo and redo as the table did."""

from __future__ import annotations

import json

import pytest

from scenekeeper.app.records import envelope_from_record
from scenekeeper.engine.state import Person
from scenekeeper.engine.withheld import superseded
from tests.nodice.test_leaks import (
    ANA,
    BEN,
    GM,
    GM2,
    T,
    Table,
    import_file,
    play_both_conflicts,
    setup_table,
)


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


def test_a_fold_leaves_the_others_commits_to_their_reveal() -> None:
    """Bo folds: his commit goes unseen, but Ada's, sealed before the fold, stays in the step
    and is revealed with the Brute's -- so only Bo's is withheld."""
    table = setup_table()
    for who, line in (
        (ANA, "/hand ante aspect:Mind ante:REA"),
        (BEN, "/hand ante aspect:Spirit ante:WIL"),
        (BEN, "/hand fold"),
        (GM2, "/hand ante character:Brute aspect:Body ante:STR"),  # the reveal
    ):
        assert table.do(who, line).ok, line
    assert withheld_lines(table) == ["/hand ante aspect:Spirit ante:WIL"]


@pytest.mark.parametrize(
    ("line", "change", "says"),
    [
        # Ada's replaced ante, as if Ben (who does not play Ada) had sealed it.
        ("/hand ante aspect:Body ante:KNO", {"actor": "ben", "by": "ben"}, "not ben's to seal"),
        # Ada's undone bid, as if it were an ante sealed while Step 3 was open.
        (
            "/hand bid action:PRE bid:11",
            {"of": "nodice.ante_sealed@1", "command": "/hand ante (withheld)"},
            "no step was open",
        ),
    ],
)
def test_a_withheld_commit_no_one_could_have_sealed_there_is_refused(
    line: str, change: dict[str, str], says: str
) -> None:
    table = setup_table()
    play_both_conflicts(table)
    doc = table.do(GM, "/game export").reply.private_data
    seq = next(e.seq for e in table.app.store.read(T) if e.command == line)
    for event in doc["events"]:
        if event["command_seq"] == seq:
            event["actor"] = change.get("actor", event["actor"])
            event["command"] = change.get("command", event["command"])
            event["data"]["of"] = change.get("of", event["data"]["of"])
            event["data"]["kept"]["by"] = change.get("by", event["data"]["kept"]["by"])
    refused = import_file(table, "forged", json.dumps(doc).encode())
    assert not refused.ok
    assert says in (refused.error or ""), refused.error
    assert table.app.table("forged").seq == 0


def test_a_commit_a_hundred_commands_back_stands_again_after_undo_and_is_revealed() -> None:
    """Ada's ante is followed by a hundred commands, the furthest undo reaches: undone all, her
    ante stands again (the oldest command the walk still knows is the one after it), and the
    reveal that follows shows it -- so the export holds it, not withheld."""
    table = setup_table()

    def do(who: Person, line: str) -> None:
        outcome = table.app.handle(T, who, line)
        assert outcome.ok, (line, outcome.error)

    do(ANA, "/hand ante aspect:Body ante:KNO")
    for n in range(100):
        do(GM, "/game gm add user:cara" if n % 2 == 0 else "/game gm remove user:cara")
    for _ in range(5):
        do(GM, "/undo count:20")
    do(BEN, "/hand ante aspect:Mind ante:QUI")
    do(GM2, "/hand ante character:Brute aspect:Body ante:STR")  # the reveal: Ada's Body too
    assert withheld_lines(table) == []
    assert "withheld" not in table.do(GM, "/game export").reply.private_data


def test_undoing_a_reveal_and_the_commits_before_it_lets_the_replaced_one_stand_again() -> None:
    """Ada's Body ante is replaced by her Spirit ante, revealed with the others; the reveal and
    the two commits before it are taken back, so her Body ante stands again -- and the next
    reveal shows it: nothing Ada sealed is withheld."""
    table = setup_table()
    for who, line in (
        (ANA, "/hand ante aspect:Body ante:KNO"),
        (ANA, "/hand ante aspect:Spirit ante:INT"),  # replaces it
        (BEN, "/hand ante aspect:Mind ante:QUI"),
        (GM2, "/hand ante character:Brute aspect:Body ante:STR"),  # the reveal: Spirit INT
        (GM, "/undo"),  # the reveal (everyone has seen the cards)
        (BEN, "/undo"),  # Bo's ante
        (ANA, "/undo"),  # and Ada's Spirit: her Body stands again
        (BEN, "/hand ante aspect:Mind ante:QUI"),
        (GM2, "/hand ante character:Brute aspect:Body ante:STR"),  # the reveal: Body KNO
    ):
        assert table.do(who, line).ok, line
    assert withheld_lines(table) == []


def test_the_oldest_command_undo_reaches_gives_back_the_commit_before_it() -> None:
    """Ada's Spirit ante replaces her Body ante and is followed by ninety-nine commands: the
    window of a hundred reaches it, so taking them all back gives back her Body ante, and the
    reveal shows that one -- the Spirit ante, undone unseen, is withheld."""
    table = setup_table()

    def do(who: Person, line: str) -> None:
        outcome = table.app.handle(T, who, line)
        assert outcome.ok, (line, outcome.error)

    do(ANA, "/hand ante aspect:Body ante:KNO")
    do(ANA, "/hand ante aspect:Spirit ante:INT")  # the oldest command in the window below
    for n in range(99):
        do(GM, "/game gm add user:cara" if n % 2 == 0 else "/game gm remove user:cara")
    for count in (20, 20, 20, 20, 19):
        do(GM, f"/undo count:{count}")
    do(ANA, "/undo")  # her Spirit ante, a hundred commands back: her Body stands again
    do(BEN, "/hand ante aspect:Mind ante:QUI")
    do(GM2, "/hand ante character:Brute aspect:Body ante:STR")  # the reveal: Ada's Body
    assert withheld_lines(table) == ["/hand ante aspect:Spirit ante:INT"]
