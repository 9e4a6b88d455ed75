"""R45, G4: a face-up bid's amount (and Wildcard) is public status while it stands: /conflict
show and the board list it, and a face-up bid replaced face down is said to be withdrawn."""

from __future__ import annotations

from scenekeeper.app import App
from scenekeeper.engine.state import Person
from tests.nodice.helpers import played

GM, ANA, BO = Person("gm", "gm"), Person("ana", "ana"), Person("bo", "bo")


def table() -> App:
    script = (
        (GM, "/game new system:nodice name:Chips"),
        (ANA, "/game join"),
        (BO, "/game join"),
        (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2 INT 2"'),
        (GM, '/char new name:Brute gmc:true traits:"REA 1 KNO 1 QUI 1 STR 8 FIT 7 AGI 6 WIL 3"'),
        (GM, '/conflict start sides:"Ada | Brute"'),
        (ANA, "/hand ante aspect:Spirit ante:PRE"),
        (GM, "/hand ante character:Brute aspect:Spirit ante:WIL"),
    )
    return played(script)


def public(app: App) -> tuple[list[str], list[str], object]:
    shown = app.handle("t", BO, "/conflict show")
    board = app.handle("t", BO, "/board show")
    return list(shown.reply.text), list(board.reply.text), (shown.reply.data or {}).get("face_up")


def test_a_standing_face_up_bid_is_in_the_public_status() -> None:
    app = table()
    assert app.handle("t", ANA, "/hand bid action:WIL bid:1 face_up:true").ok
    shown, board, data = public(app)
    assert "Face up: Ada bids 1." in shown
    assert any("Face up: Ada bids 1." in line for line in board)
    assert data == {"Ada": {"bid": 1, "wildcard": False}}


def test_a_face_up_bid_replaced_face_down_is_withdrawn_in_public() -> None:
    app = table()
    assert app.handle("t", ANA, "/hand bid action:WIL bid:1 face_up:true").ok
    replaced = app.handle("t", ANA, "/hand bid action:INT bid:2")
    assert replaced.ok, replaced.error
    assert "Ada's face-up bid is withdrawn: the new bid is face down." in replaced.reply.text
    assert not any("INT" in line or "bids 2" in line for line in replaced.reply.text)
    shown, board, data = public(app)
    assert not any(line.startswith("Face up") for line in shown)
    assert not any("Face up" in line for line in board)
    assert data == {}
    # Undone, the face-up bid stands again, and the status says so.
    assert app.handle("t", ANA, "/undo").ok
    shown, _, data = public(app)
    assert "Face up: Ada bids 1." in shown
    assert data == {"Ada": {"bid": 1, "wildcard": False}}
