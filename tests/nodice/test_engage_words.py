"""/conflict engage (the engage mod, R30) as the table reads it: before the Hand's first commit
the engagement is this Hand's, a new Actor joining; after it, the next Hand's, who stands by
named; and the engagement the reply answers as data is the Hand's as it then stands."""

from __future__ import annotations

from typing import Any

from scenekeeper.app import App
from tests.nodice.helpers import played
from tests.nodice.test_sheet_words import ANA, GM, table

CY = '/char new name:Cy traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2"'
WISP = '/char new name:Wisp gmc:true traits:"QUI 1 STR 2 FIT 1 AGI 1 WIL 1"'


def engaging() -> App:
    return played(
        [
            (GM, "/mods set mod:engage enabled:true"),
            (GM, WISP),
            (ANA, CY),
            (GM, '/conflict start sides:"Ada | Brute"'),
        ],
        table(),
    )


def seen(data: Any) -> tuple[Any, ...]:
    return data["hand"], data["order"], data["engagement"], data["standing_by"], data["waiting"]


def test_an_engagement_before_the_first_commit_is_this_hands_and_one_after_the_next() -> None:
    app = engaging()
    # Names as people write them: "Ad" is Ada, already in; Cy joins.
    now = app.handle("t", GM, '/conflict engage sides:"Ad, Cy | Brute"').reply
    assert now.text == (
        "Hand 1's engagement: Ada, Cy vs Brute.",
        "Joining: Cy: REA 4 KNO 5 QUI 7; STR 3 FIT 3 AGI 3; WIL 2 PRE 0 INT 0.",
        "Pot: 0 tokens (Jackpot 0).",
        "Hand 1, Step 2: seal your TA card and ante with /hand ante.",
    )
    assert seen(now.data) == (
        1,
        ["Ada", "Brute", "Cy"],
        [[["Ada", "Cy"], ["Brute"]]],
        [],
        ["Ada", "Brute", "Cy"],
    )
    played([(ANA, "/hand ante character:Ada aspect:Mind ante:QUI")], app)
    later = app.handle("t", GM, '/conflict engage sides:"Ada | Brute, Wisp"').reply
    assert later.text == (
        "Hand 2's engagement: Ada vs Brute, Wisp.",
        "Joining: Wisp: REA 0 KNO 0 QUI 1; STR 2 FIT 1 AGI 1; WIL 1 PRE 0 INT 0.",
        "Standing by from Hand 2: Cy.",
        "Hand 1 plays on as engaged; this engagement opens Hand 2.",
    )
    # Hand 1 plays on as it was engaged: Wisp, joining, stands by until Hand 2.
    assert seen(later.data) == (
        1,
        ["Ada", "Brute", "Cy", "Wisp"],
        [[["Ada", "Cy"], ["Brute"]]],
        ["Wisp"],
        ["Brute", "Cy"],
    )
    assert app.handle("t", GM, "/conflict show").reply.text[1:4] == (
        "Engaged: Ada, Cy vs Brute.",
        "Standing by this Hand (no opponent): Wisp.",
        "From Hand 2: Ada vs Brute, Wisp (/conflict engage).",
    )


def test_an_engagement_naming_an_actor_out_twice_or_unknown_is_refused() -> None:
    app = played(
        [
            (GM, '/conflict engage sides:"Ada, Cy | Brute"'),
            (ANA, "/hand fold character:Cy"),
            (GM, '/char new name:Bo gmc:true traits:"QUI 1 STR 2 WIL 1"'),
        ],
        engaging(),
    )
    for sides, said in (
        ("Cy | Brute", "Cy is out of the Conflict (retreated): only Actors still in, or new ones, "
         "are engaged."),
        ("Ada | Ada", "Ada is listed twice; each Actor is on one side."),
        ("Ada | Zed", "There is no Actor called Zed (Actors: Ada, Brute, Wisp, Cy, Bo)."),
        ("Ada | B", "B could be the Actor Brute or Bo; type more of the name."),
    ):  # fmt: skip
        assert app.handle("t", GM, f'/conflict engage sides:"{sides}"').error == said, sides


def test_a_hand_of_four_names_each_joiner_each_one_standing_by_and_each_face_up_bid() -> None:
    npc = 'gmc:true traits:"QUI 1 STR 2 FIT 1 AGI 1 WIL 1"'
    app = played(
        [
            (GM, f"/char new name:Ogre {npc}"),
            (GM, f"/char new name:Imp {npc}"),
            (GM, "/conflict end"),
            (ANA, '/char set character:Ada trait:"wr 1"'),
            (GM, '/conflict start sides:"Ada, Cy | Brute, Wisp"'),
            (ANA, "/hand ante character:Ada aspect:Mind ante:QUI"),
        ],
        engaging(),
    )
    engaged = app.handle("t", GM, '/conflict engage sides:"Ada | Brute, Ogre, Imp"').reply.text
    assert engaged[3] == "Standing by from Hand 2: Cy, Wisp."
    assert (
        app.handle("t", GM, "/history count:1")
        .reply.text[0]
        .endswith("→ engagement for Hand 2: Ada, Brute, Ogre, Imp; joining: Ogre, Imp")
    )
    assert "Standing by this Hand (no opponent): Ogre, Imp." in (
        app.handle("t", GM, "/conflict show").reply.text
    )
    app = played(
        [
            (ANA, "/hand ante character:Cy aspect:Mind ante:QUI"),
            (GM, "/hand ante character:Brute aspect:Body ante:STR"),
            (GM, "/hand ante character:Wisp aspect:Body ante:STR"),  # Ada and Cy win 2 each
        ],
        app,
    )
    show = app.handle("t", GM, "/conflict show").reply.text
    assert "Won tokens to assign with /hand assign, before the bid: Ada 2, Cy 2." in show
    app = played(
        [
            (ANA, '/hand assign character:Ada tokens:"QUI 2"'),
            (GM, "/hand bid character:Brute action:STR bid:1 face_up:true"),
            (ANA, "/hand bid character:Ada action:QUI bid:3 wildcard:true face_up:true"),
        ],
        app,
    )
    board = app.handle("t", GM, "/board show").reply.text
    commits = board.index("Commits:")
    assert board[commits + 1 : commits + 3] == ("  Committed: Ada, Brute.", "  Not yet: Cy, Wisp.")
    assert "  Face up: Ada bids 3 + Wildcard, Brute bids 1." in board
    assert app.handle("t", ANA, "/conflict show").reply.private == (
        "Your sealed Ada: QUI card, bid 3 + Wildcard.",
    )
