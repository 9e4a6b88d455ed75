"""Counts typed into NoDice options: negative, zero, repeated or absurd values are refused with
what to type instead, and the table is left as it was."""

from __future__ import annotations

from scenekeeper.app import App
from scenekeeper.engine.state import Person
from tests.nodice.helpers import played

GM, ANA, BO = Person("gm", "gm"), Person("ana", "ana"), Person("bo", "bo")


def step3_with_tokens() -> App:
    """Hand 2, Step 3: every Actor won 2 tokens to assign (seeded, as the play-test's d10)."""
    script = (
        (GM, '/game new system:nodice name:"Numbers"'),
        (ANA, "/game join"),
        (BO, "/game join"),
        (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2 INT 2"'),
        (BO, '/char new name:Bo traits:"REA 2 KNO 2 QUI 2 STR 6 FIT 5 AGI 4 WIL 3 PRE 3 INT 3"'),
        (GM, '/char new name:Brute gmc:true traits:"REA 1 KNO 1 QUI 1 STR 8 FIT 7 AGI 6 WIL 3"'),
        (GM, '/conflict start sides:"Ada | Bo | Brute"'),
        (ANA, "/hand ante aspect:Mind ante:REA"),
        (BO, "/hand ante aspect:Mind ante:REA"),
        (GM, "/hand ante character:Brute aspect:Mind ante:REA"),
        (ANA, "/hand bid action:KNO bid:1"),
        (BO, "/hand bid action:KNO bid:1"),
        (GM, "/hand bid character:Brute action:KNO bid:1"),
        (ANA, "/hand ante aspect:Mind ante:QUI"),
        (BO, "/hand ante aspect:Body ante:STR"),
        (GM, "/hand ante character:Brute aspect:Spirit ante:WIL"),
    )
    return played(script)


def test_negative_zero_repeated_and_huge_tokens_are_refused_and_change_nothing() -> None:
    app = step3_with_tokens()
    before = "\n".join(app.handle("t", GM, "/conflict show").reply.text)
    assert "Bo 2" in before
    for tokens, said in (
        ("STR 3, FIT -1", "FIT -1 is negative"),
        ("STR -1", "STR -1 is negative"),
        ("STR 2, FIT 0", "FIT 0 puts nothing there: leave FIT out"),
        ("STR 1, STR 1", "STR is given twice"),
        ("STR 99999999999999999999", "far too large"),
        ("STR 3", "Bo has 2 won tokens to assign, not 3"),
    ):
        refused = app.handle("t", BO, f'/hand assign tokens:"{tokens}"')
        assert refused.error is not None
        assert said in refused.error, (tokens, refused.error)
    assert "\n".join(app.handle("t", GM, "/conflict show").reply.text) == before
    assert app.handle("t", BO, '/hand assign tokens:"STR 1, FIT 1"').ok


def test_a_negative_or_absurd_sheet_value_is_refused() -> None:
    app = step3_with_tokens()
    for traits, said in (
        ("STR -1", "an AV is 0 to 99"),
        ("wr -1", "WR is 0 to 9"),
        ("STR 4, STR 5", "STR is given twice"),
        ("STR 123456789", "far too large"),
    ):
        refused = app.handle("t", GM, f'/char new name:Wisp gmc:true traits:"{traits}"')
        assert refused.error is not None
        assert said in refused.error, (traits, refused.error)
