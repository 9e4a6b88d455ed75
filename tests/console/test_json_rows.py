"""The console's ``--json`` rows, whole, as a tool reads them: every field by its name, a sealed
event told only as the table reads it beside a revealed event's full data, private lines only in
``private``, each line of a reply on its own, and words as typed (not ``\\u`` escapes)."""

from __future__ import annotations

import json

from scenekeeper.adapters.console.render import REFUSED_PRIVATELY, as_json
from scenekeeper.engine.state import Person
from tests.nodice.test_shared_console import GM, console

ANA = Person("ana", "ana")


def test_a_sealed_commit_and_the_reveal_it_completes_as_rows() -> None:
    session = console()
    app = session.app
    first = app.handle("t", ANA, "/hand ante aspect:Mind ante:QUI")
    assert json.loads(as_json(4, "ana", first)) == {
        "line": 4,
        "actor": "ana",
        "command": "hand ante",
        "command_text": "/hand ante (secret)",
        "ok": True,
        "error": None,
        "text": "Ada has committed (1 of 2). The pot holds 1 token.",
        "events": [{"seq": 9, "type": "nodice.ante_sealed@1", "sealed": "Ada committed (sealed)"}],
        "data": {"hand": 1, "step": "ante", "waiting": ["Brute"], "pot": 1},
        "private": "Sealed for Ada: Mind card, ante QUI.",
        "private_data": {"character": "Ada", "aspect": "Mind", "ante": "QUI"},
        "mentions": [],  # Brute's ante was owed already
    }
    second = app.handle("t", GM, "/hand ante character:Brute aspect:Body ante:STR")
    row = json.loads(as_json(5, "gm", second))
    assert row["text"].split("\n")[:2] == [
        "Brute has committed (2 of 2). The pot holds 2 tokens.",
        "Hand 1, TA cards revealed: Ada Mind (ante QUI), Brute Body (ante STR).",
    ]
    sealed, revealed = row["events"]
    assert sealed == {
        "seq": 10,
        "type": "nodice.ante_sealed@1",
        "sealed": "Brute committed (sealed)",
    }
    # The reveal is public: its row holds its data, not a sealed note.
    assert revealed["seq"] == 11
    assert revealed["type"] == "nodice.aspects_revealed@1"
    assert revealed["cards"] == {"Ada": "Mind", "Brute": "Body"}
    assert "sealed" not in revealed
    # Every ante in: the bids are owed; the GM made the command, so Ada's player is told.
    assert [m["person"] for m in row["mentions"]] == ["ana"]


def test_private_lines_are_joined_line_by_line_in_private_only() -> None:
    session = console()
    app = session.app
    for who, line in (
        (ANA, "/hand ante aspect:Mind ante:QUI"),
        (GM, "/hand ante character:Brute aspect:Body ante:STR"),
        (ANA, '/hand assign tokens:"QUI 2"'),
        (ANA, "/hand bid action:QUI bid:2"),
    ):
        assert app.handle("t", who, line).ok, line
    row = json.loads(as_json(9, "ana", app.handle("t", ANA, "/history count:5")))
    assert row["private"] == (
        "#9 as you may read it: Ada sealed Mind, ante QUI\n"
        "#13 as you may read it: Ada sealed QUI, bid 2"
    )
    assert row["text"].split("\n")[-1] == "#13 ana: /hand bid (secret) → Ada committed (sealed)"
    assert row["error"] is None


def test_refusals_as_rows() -> None:
    session = console()
    app = session.app
    public = app.handle("t", GM, "/conflict start sides:x")
    row = json.loads(as_json(7, "gm", public))
    message = "A Conflict is running; a GM ends it first with /conflict end."
    assert (row["ok"], row["error"], row["text"], row["private"]) == (False, message, message, "")
    assert (row["command"], row["command_text"], row["events"]) == ("conflict start", None, [])
    # A GM's sealed Rank refused: its reason is the sender's; the table reads only that it
    # was refused.
    rank = app.handle("t", GM, "/char set character:Brute rank:99")
    row = json.loads(as_json(8, "gm", rank))
    assert row["error"] == row["text"] == REFUSED_PRIVATELY
    assert row["private"] == "Brute is in the Conflict: write the sheet after /conflict end."


def test_words_are_written_as_typed_not_escaped() -> None:
    session = console()
    made = session.app.handle("t", GM, '/char new name:Zoë gmc:true traits:"REA 1"')
    written = as_json(6, "gm", made)
    assert '"text": "NPC Zoë is ready.' in written
    assert "\\u" not in written
