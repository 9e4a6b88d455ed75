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
    now = app.handle("t", GM, '/conflict engage sides:"Ada, Cy | Brute"').reply
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
