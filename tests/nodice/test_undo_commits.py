"""A sealed commit is its sealer's to take back or put back (G2, G8): a GM's /undo or /redo
of a player's commit that no reveal showed is refused; a GM's undo of a reveal says whose
commit went with it, without its value."""

from __future__ import annotations

from scenekeeper.app import App
from scenekeeper.engine.state import Person
from tests.nodice.helpers import played

GM, CO, ANA = Person("gm", "gm"), Person("co", "co"), Person("ana", "ana")


def table() -> App:
    script = (
        (GM, '/game new system:nodice name:"Undo"'),
        (ANA, "/game join"),
        (CO, "/game join"),
        (GM, "/game gm add user:co"),
        (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2 INT 2"'),
        (GM, '/char new name:Brute gmc:true traits:"QUI 1 STR 8 FIT 7 AGI 6 WIL 3"'),
        (GM, '/conflict start sides:"Ada | Brute"'),
    )
    return played(script)


def show(app: App) -> str:
    return "\n".join(app.handle("t", GM, "/conflict show").reply.text)


def test_a_gm_does_not_undo_or_redo_a_players_sealed_commit() -> None:
    app = table()
    assert app.handle("t", ANA, "/hand ante aspect:Mind ante:QUI").ok
    before = show(app)
    for who in (GM, CO):
        refused = app.handle("t", who, "/undo")
        assert refused.error == (
            "That command sealed Ada's commit, which only ana (who sealed it) may take back: a "
            "sealed choice is its sealer's. If the table waits, a GM can /hand fold "
            "character:Ada or /conflict end."
        )
        assert "Mind" not in refused.error
    assert show(app) == before
    # Its sealer may; and only its sealer puts it back.
    assert app.handle("t", ANA, "/undo").ok
    refused = app.handle("t", GM, "/redo")
    assert refused.error is not None
    assert refused.error.startswith(
        "That command sealed Ada's commit, which only ana (who sealed it) may put"
    )
    assert app.handle("t", ANA, "/redo").ok
    assert show(app) == before


def test_a_co_gm_does_not_undo_the_gms_npc_commit() -> None:
    app = table()
    assert app.handle("t", GM, "/hand ante character:Brute aspect:Body ante:STR").ok
    refused = app.handle("t", CO, "/undo")
    assert refused.error is not None
    assert refused.error.startswith(
        "That command sealed Brute's commit, which only gm (who sealed it) may"
    )
    assert app.handle("t", GM, "/undo").ok


def test_a_gm_undoing_a_reveal_says_whose_commit_went_with_it() -> None:
    app = table()
    assert app.handle("t", GM, "/hand ante character:Brute aspect:Body ante:STR").ok
    assert app.handle("t", ANA, "/hand ante aspect:Mind ante:QUI").ok
    undone = app.handle("t", GM, "/undo")
    assert undone.ok, undone.error
    said = "\n".join(undone.reply.text)
    assert (
        "Ada's commit, whose seal made the reveal, is taken back with it: ana seals Ada's" in said
    )
    assert "Waiting for Ada to seal with /hand ante" in show(app)


def test_a_player_is_told_who_can_take_back_anothers_sealed_commit() -> None:
    """Not "only they or a GM" -- a GM would be refused in turn: the sealer, or a GM's way on."""
    app = table()
    ben = Person("ben", "ben")
    assert app.handle("t", ben, "/game join").ok
    assert app.handle("t", ANA, "/hand ante aspect:Mind ante:QUI").ok
    refused = app.handle("t", ben, "/undo")
    assert not refused.ok
    assert refused.error is not None
    assert "or a GM can undo" not in refused.error
    assert refused.error.startswith("That command sealed Ada's commit, which only ana")
    assert "a GM can /hand fold character:Ada or /conflict end" in refused.error
    refused = app.handle("t", GM, "/undo")  # what the player was told holds for the GM too
    assert refused.error is not None
    assert refused.error.startswith("That command sealed Ada's commit, which only ana")


def test_a_player_may_not_take_back_a_reveal_and_a_gm_is_warned_in_full() -> None:
    app = table()
    assert app.handle("t", GM, "/hand ante character:Brute aspect:Body ante:STR").ok
    assert app.handle("t", ANA, "/hand ante aspect:Mind ante:QUI").ok  # the reveal
    assert app.handle("t", ANA, "/undo").error == (
        "That command revealed the cards: a reveal is not taken back to bid again. Play on, or "
        "ask a GM (who may, with everyone having seen the cards)."
    )
    undone = app.handle("t", GM, "/undo")
    assert undone.ok, undone.error
    assert (
        "Warning: everyone has seen the revealed cards and bids; the commits stand sealed "
        "again, and may be sealed anew. Ada's commit, whose seal made the reveal, is taken back "
        "with it: ana seals Ada's again." in undone.reply.text
    )
