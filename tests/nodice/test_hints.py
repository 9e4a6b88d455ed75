"""Commands the bot suggests work when typed back as shown: a name with spaces is quoted.
And a player who retreated is told so, not asked whose Actor to fold."""

from __future__ import annotations

import re

from scenekeeper.app import App
from scenekeeper.engine.quoting import typed
from scenekeeper.engine.state import Person
from tests.nodice.helpers import played

GM, ANA, ZOE = Person("gm", "gm"), Person("ana", "ana"), Person("zoë", "zoë")


def table() -> App:
    script = (
        (GM, '/game new system:nodice name:"Hints"'),
        (ANA, "/game join"),
        (ZOE, "/game join"),
        (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2 INT 2"'),
        (ZOE, '/char new name:"Zoë Ñandú" traits:"REA 3 KNO 3 QUI 3 STR 2 FIT 2 WIL 6 PRE 5"'),
        (GM, '/char new name:Brute gmc:true traits:"REA 1 KNO 1 QUI 1 STR 8 FIT 7 AGI 6 WIL 3"'),
        (GM, '/conflict start sides:"Ada, Zoë Ñandú | Brute"'),
    )
    return played(script)


def test_typed_quotes_only_what_needs_quotes() -> None:
    assert typed("character", "Ada") == "character:Ada"
    assert typed("character", "Zoë Ñandú") == 'character:"Zoë Ñandú"'
    assert typed("character", 'Tomas "Rook"') == 'character:"Tomas \\"Rook\\""'


def test_a_suggested_fold_of_a_name_with_spaces_works_as_shown() -> None:
    app = table()
    refused = app.handle("t", GM, '/hand ante character:"Zoë Ñandú" aspect:Mind ante:REA')
    assert refused.error is not None
    found = re.search(r"a GM may (/hand fold .*?) if the table waits", refused.error)
    assert found is not None
    assert found.group(1) == '/hand fold character:"Zoë Ñandú"'
    board = "\n".join(app.handle("t", GM, "/board show").reply.text)
    assert 'a GM can /hand fold character:"Zoë Ñandú" or /conflict end' in board
    folded = app.handle("t", GM, found.group(1))
    assert folded.ok, folded.error


def test_folding_twice_says_the_actor_is_out() -> None:
    app = table()
    assert app.handle("t", ANA, "/hand fold").ok
    again = app.handle("t", ANA, "/hand fold")
    assert again.error is not None
    assert again.error.startswith("Ada is out of the Conflict (")
    assert "Say whose" not in again.error


def test_in_step_3_nothing_suggests_a_fold() -> None:
    """R33: folding ends at the Step-2 reveal, so Step 3's hints offer only what works there."""
    app = table()
    for who, line in (
        (ANA, "/hand ante aspect:Mind ante:REA"),
        (ZOE, '/hand ante character:"Zoë Ñandú" aspect:Spirit ante:WIL'),
        (GM, "/hand ante character:Brute aspect:Body ante:STR"),
    ):
        assert app.handle("t", who, line).ok, line
    board = "\n".join(app.handle("t", GM, "/board show").reply.text)
    assert "Step 3" in board
    ada = next(line for line in board.splitlines() if line.strip().startswith("Ada to "))
    assert ada.endswith("seal with /hand bid; a GM can /conflict end")
    refused = app.handle("t", GM, "/hand bid character:Ada action:KNO bid:1")
    assert refused.error is not None
    assert "a GM may /conflict end if the table waits" in refused.error
    for shown in (board, refused.error):
        assert "/hand fold" not in shown
    assert app.handle("t", GM, "/hand fold character:Ada").error is not None


def test_a_player_is_never_asked_to_name_actors_they_do_not_play() -> None:
    """D9: a player without an Actor in the Hand is told so, not handed the others' names."""
    app = table()
    bo = Person("bo", "bo")
    assert app.handle("t", bo, "/game join").ok
    for line in ("/hand fold", "/hand ante aspect:Mind ante:REA"):
        refused = app.handle("t", bo, line)
        assert refused.error is not None
        assert "Say whose" not in refused.error
        assert "Brute" not in refused.error
        assert refused.error.startswith("You play no Actor in this Conflict")
