"""What the table is told at the edges of a Hand: damage on a TA of dashes (R58), one point
after a dash, a spent Wildcard (R24), and a retreat or an elimination leaving several standing
(R67)."""

from __future__ import annotations

from scenekeeper.app import App
from scenekeeper.engine.state import Person
from tests.nodice.helpers import played

GM, ANA, BEN = Person("gm", "gm"), Person("ana", "ana"), Person("ben", "ben")
PC = '"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2 INT 2'


def table(sides: str) -> App:
    return played(
        [
            (GM, '/game new system:nodice name:"Edges"'),
            (ANA, "/game join"),
            (BEN, "/game join"),
            (ANA, f'/char new name:Ada traits:{PC} wr 1"'),
            (BEN, f'/char new name:Bo traits:{PC}"'),
            (
                GM,
                '/char new name:Brute gmc:true traits:"REA - KNO - QUI - STR 2 FIT 1 AGI 1 WIL 1"',
            ),
            (GM, '/char new name:Wisp gmc:true traits:"REA - KNO 1 QUI 1 STR 1 FIT 1 WIL 1 INT 1"'),
            (GM, f"/conflict start sides:{sides}"),
        ]
    )


def said(app: App, who: Person, line: str) -> tuple[str, ...]:
    outcome = app.handle("t", who, line)
    assert outcome.ok, (line, outcome.error)
    return outcome.reply.text


def test_damage_on_a_ta_of_dashes_is_announced_as_none_taken_and_a_wildcard_is_spent() -> None:
    app = table('"Ada, Bo | Brute"')
    said(app, ANA, "/hand ante aspect:Mind ante:WIL")
    said(app, BEN, "/hand ante aspect:Mind ante:WIL")
    said(app, GM, "/hand ante character:Brute aspect:Body ante:STR")
    said(app, ANA, '/hand assign tokens:"QUI 2"')
    said(app, BEN, '/hand assign tokens:"QUI 1"')
    said(app, ANA, "/hand bid action:QUI bid:5 wildcard:true")
    said(app, BEN, "/hand bid action:QUI bid:1")
    text = said(app, GM, "/hand bid character:Brute action:FIT bid:1")
    assert text[2:] == (
        "Ada vs Brute: Brute wins AD; Showdown 6-2: Ada wins by 4, 1 Mind damage to Brute, "
        "0 after 3 dashes.",
        "Bo vs Brute: Brute wins AD; Showdown 1-2: Brute wins by 1, 1 Body damage to Bo.",
        "Brute has no Mind AV left to lose.",
        'Bo: spread 1 Body damage from Brute with /hand spread points:"STR ..." (STR/FIT/AGI).',
    )
    said(app, BEN, '/hand spread points:"FIT 1"')
    said(app, ANA, "/hand ante aspect:Mind ante:WIL")
    said(app, BEN, "/hand ante aspect:Mind ante:WIL")
    said(app, GM, "/hand ante character:Brute aspect:Body ante:STR")
    said(app, ANA, '/hand assign tokens:"QUI 2"')
    again = app.handle("t", ANA, "/hand bid action:QUI bid:1 wildcard:true")
    assert again.error == "Ada has no Wildcard left this Conflict: leave out wildcard:."


def test_one_point_after_a_dash_is_announced() -> None:
    app = table('"Ada | Wisp"')
    said(app, ANA, "/hand ante aspect:Mind ante:WIL")
    said(app, GM, "/hand ante character:Wisp aspect:Spirit ante:STR")
    said(app, ANA, "/hand bid action:REA bid:1")
    said(app, GM, '/hand assign character:Wisp tokens:"INT 2"')
    text = said(app, GM, "/hand bid character:Wisp action:WIL bid:0")
    assert text[2] == (
        "Ada vs Wisp: AD tied; Showdown 1-0: Ada wins by 1, 1 Mind damage to Wisp, 1 after 1 dash."
    )


def test_a_retreat_that_leaves_no_opponent_names_everyone_standing() -> None:
    app = table('"Ada, Bo | Brute"')
    folded = app.handle("t", GM, "/hand fold character:Brute")
    assert folded.reply.text == (
        "Brute will not ante: Brute retreats.",
        "The Conflict ends: Ada, Bo stand. Every AV is back to its sheet.",
    )
    # The data names who stands, as the words do (it once said nobody: none is in a pair).
    assert folded.reply.data == {"conflict": "ended", "conflict_ended": {"standing": ["Ada", "Bo"]}}
    app = table('"Ada | Brute"')
    assert said(app, ANA, "/hand fold")[-1] == (
        "The Conflict ends: Brute stands. Every AV is back to its sheet."
    )


def test_an_elimination_that_ends_the_conflict_names_everyone_standing() -> None:
    app = table('"Ada, Bo | Wisp" stakes:3')
    said(app, ANA, "/hand ante aspect:Mind ante:WIL")
    said(app, BEN, "/hand ante aspect:Mind ante:WIL")
    said(app, GM, "/hand ante character:Wisp aspect:Body ante:STR")
    said(app, ANA, '/hand assign tokens:"QUI 2"')
    said(app, BEN, '/hand assign tokens:"QUI 1"')
    said(app, ANA, "/hand bid action:QUI bid:7")
    said(app, BEN, "/hand bid action:QUI bid:7")
    assert said(app, GM, "/hand bid character:Wisp action:FIT bid:0")[-4:] == (
        "Wisp takes Mind damage: KNO -1, QUI -1 (now REA - KNO 0 QUI 0). Wisp is seriously "
        "wounded: no Action card on KNO, QUI.",
        "Wisp has no Mind AV left to lose.",
        "Wisp is eliminated (every Mind Attribute at 0).",
        "The Conflict ends: Ada, Bo stand. Every AV is back to its sheet.",
    )


def step5() -> App:
    """Step 5 of Hand 1: Bo owes 1 Body damage from Brute; Ada and Brute owe none."""
    app = table('"Ada, Bo | Brute"')
    said(app, ANA, "/hand ante aspect:Mind ante:WIL")
    said(app, BEN, "/hand ante aspect:Mind ante:WIL")
    said(app, GM, "/hand ante character:Brute aspect:Body ante:STR")
    said(app, ANA, '/hand assign tokens:"QUI 2"')
    said(app, BEN, '/hand assign tokens:"QUI 1"')
    said(app, ANA, "/hand bid action:QUI bid:5 wildcard:true")
    said(app, BEN, "/hand bid action:QUI bid:1")
    said(app, GM, "/hand bid character:Brute action:FIT bid:1")
    return app


def test_r56_only_the_damaged_spread_only_a_gm_by_auto_and_a_gm_is_asked_whose() -> None:
    app = step5()
    undamaged = app.handle("t", ANA, '/hand spread points:"FIT 1"')
    assert undamaged.error == "Ada has no damage to spread."
    auto = app.handle("t", BEN, "/hand spread points:auto")
    assert auto.error == 'Only a GM spreads automatically; give points:"REA 2, QUI 1".'
    unnamed = app.handle("t", GM, "/hand spread points:auto")
    assert unnamed.error == (
        "Say whose: /hand spread character:<name> (in this Hand: Ada, Bo, Brute)."
    )
    zero = app.handle("t", BEN, '/hand spread points:"FIT 0"')
    assert zero.error == "points: FIT 0 puts nothing there: leave FIT out."


def test_g2_a_player_spreads_only_their_own_damage_and_a_gm_anyones_by_points() -> None:
    app = step5()
    other = app.handle("t", ANA, '/hand spread character:Bo points:"FIT 1"')
    assert other.error == "Bo is ben's character; only they or a GM can use /hand spread on it."
    by_gm = app.handle("t", GM, '/hand spread character:Bo points:"FIT 1"')
    assert by_gm.ok, by_gm.error
    assert [(s["character"], s["spread"], s["forced"]) for s in by_gm.reply.data["spreads"]] == [
        ("Bo", {"FIT": 1}, False)
    ]
