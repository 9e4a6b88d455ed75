"""A replaced commit everyone saw at a reveal a GM then undid is said so to its sealer (G6, D15):
a bid as an ante; and only a reveal of this Conflict counts -- an undone reveal of an earlier
Conflict, of the same values, leaves a replacement unseen."""

from __future__ import annotations

from scenekeeper.engine.state import Person
from tests.nodice.helpers import played

GM, ANA = Person("gm", "gm"), Person("ana", "ana")
SETUP = (
    (GM, '/game new system:nodice name:"Seen"'),
    (ANA, "/game join"),
    (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2 INT 2"'),
    (GM, '/char new name:Brute gmc:true traits:"QUI 1 STR 8 FIT 7 AGI 6 WIL 3"'),
    (GM, '/conflict start sides:"Ada | Brute"'),
)


def test_a_bid_seen_at_an_undone_reveal_is_replaced_in_view_of_all() -> None:
    app = played(
        (
            *SETUP,
            (ANA, "/hand ante aspect:Mind ante:QUI"),
            (GM, "/hand ante character:Brute aspect:Mind ante:STR"),
            (GM, "/hand bid character:Brute action:QUI bid:1"),
            (ANA, "/hand bid action:QUI bid:1"),  # the reveal, which the GM undoes
            (GM, "/undo"),
        )
    )
    again = app.handle("t", GM, "/hand bid character:Brute action:QUI bid:0")
    assert again.reply.private == (
        "Sealed for Brute (replacing the earlier one, which everyone saw before the reveal was "
        "undone): QUI card, bid 0.",
    )
    once_more = app.handle("t", GM, "/hand bid character:Brute action:QUI bid:1")
    assert once_more.reply.private == (
        "Sealed for Brute (replacing the earlier one, unseen): QUI card, bid 1.",
    )


def test_an_undone_reveal_of_an_earlier_conflict_leaves_a_replacement_unseen() -> None:
    app = played(
        (
            *SETUP,
            (ANA, "/hand ante aspect:Mind ante:QUI"),
            (GM, "/hand ante character:Brute aspect:Body ante:STR"),
            (GM, "/undo"),  # everyone saw Ada's Mind, QUI
            (GM, "/conflict end"),
            (GM, '/conflict start sides:"Ada | Brute"'),
            (ANA, "/hand ante aspect:Mind ante:QUI"),  # the same values, never shown
        )
    )
    again = app.handle("t", ANA, "/hand ante aspect:Mind ante:KNO")
    assert again.reply.private == (
        "Sealed for Ada (replacing the earlier one, unseen): Mind card, ante KNO.",
    )


def test_an_undone_start_of_a_later_conflict_does_not_hide_what_everyone_saw() -> None:
    app = played(
        (
            *SETUP,
            (ANA, "/hand ante aspect:Mind ante:QUI"),
            (GM, "/hand ante character:Brute aspect:Body ante:STR"),  # the reveal
            (GM, "/conflict end"),
            (GM, '/conflict start sides:"Ada | Brute"'),
            (GM, "/undo"),  # the new Conflict's start
            (GM, "/undo"),  # the end of the first
            (GM, "/undo"),  # its reveal: everyone saw Ada's Mind, QUI
        )
    )
    again = app.handle("t", ANA, "/hand ante aspect:Mind ante:KNO")
    assert again.reply.private == (
        "Sealed for Ada (replacing the earlier one, which everyone saw before the reveal was "
        "undone): Mind card, ante KNO.",
    )


def test_a_redone_start_clears_the_reveals_of_the_conflict_before() -> None:
    app = played(
        (
            *SETUP,
            (ANA, "/hand ante aspect:Mind ante:QUI"),
            (GM, "/hand ante character:Brute aspect:Body ante:STR"),  # the reveal
            (GM, "/undo"),  # everyone saw Ada's Mind, QUI
            (GM, "/conflict end"),
            (GM, '/conflict start sides:"Ada | Brute"'),
            (GM, "/undo"),
            (GM, "/redo"),  # the new Conflict starts again
            (ANA, "/hand ante aspect:Mind ante:QUI"),  # the same values, never shown in it
        )
    )
    again = app.handle("t", ANA, "/hand ante aspect:Mind ante:KNO")
    assert again.reply.private == (
        "Sealed for Ada (replacing the earlier one, unseen): Mind card, ante KNO.",
    )


def test_a_commit_replaced_after_another_clusters_reveal_is_replaced_unseen() -> None:
    """R28: each cluster reveals its own; another cluster's reveal showed nothing of Wisp's."""
    app = played(
        (
            *SETUP[:4],
            (GM, '/char new name:Wisp gmc:true traits:"QUI 1 STR 8 FIT 7 AGI 6 WIL 3"'),
            (ANA, '/char new name:Cy traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2"'),
            (GM, "/mods set mod:clusters enabled:true"),
            (GM, '/conflict start sides:"Ada | Brute; Cy | Wisp"'),
            (ANA, "/hand ante character:Ada aspect:Mind ante:QUI"),
            (GM, "/hand ante character:Brute aspect:Mind ante:STR"),  # cluster 1's reveal
            (GM, "/hand ante character:Wisp aspect:Body ante:STR"),
        )
    )
    again = app.handle("t", GM, "/hand ante character:Wisp aspect:Body ante:FIT")
    assert again.reply.private == (
        "Sealed for Wisp (replacing the earlier one, unseen): Body card, ante FIT.",
    )
    app = played(
        (
            (ANA, "/hand ante character:Cy aspect:Mind ante:QUI"),  # cluster 2's reveal
            (ANA, "/hand bid character:Ada action:QUI bid:1"),
            (GM, "/hand bid character:Brute action:QUI bid:1"),  # cluster 1's bids revealed
            (GM, "/hand bid character:Wisp action:STR bid:1"),
        ),
        app,
    )
    again = app.handle("t", GM, "/hand bid character:Wisp action:STR bid:0")
    assert again.reply.private == (
        "Sealed for Wisp (replacing the earlier one, unseen): STR card, bid 0.",
    )
