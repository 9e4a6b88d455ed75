"""Whom a Hand command acts for (seats, G2): an Actor named that is not in the Conflict, one out
of it, an NPC named by a player, a player whose Actors are all out -- each refused in words the
whole table may read (they name no sealed value), so a shared screen shows them in full."""

from __future__ import annotations

from scenekeeper.app import App
from scenekeeper.engine.state import Person
from tests.nodice.helpers import played
from tests.nodice.test_shared_refusal_words import screen

GM, ANA, BEA = Person("gm", "gm"), Person("ana", "ana"), Person("bea", "bea")
TRAITS = 'traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2"'
NPC = 'gmc:true traits:"QUI 1 STR 2 FIT 1 AGI 1 WIL 1"'


def table() -> App:
    """Ana plays Ada and Abe, Bea plays Cy: all three against the Brute; the Wisp waits."""
    return played(
        [
            (GM, '/game new system:nodice name:"Seats"'),
            (ANA, "/game join"),
            (BEA, "/game join"),
            (ANA, f"/char new name:Ada {TRAITS}"),
            (ANA, f"/char new name:Abe {TRAITS}"),
            (BEA, f"/char new name:Cy {TRAITS}"),
            (GM, f"/char new name:Brute {NPC}"),
            (GM, f"/char new name:Wisp {NPC}"),
            (GM, '/conflict start sides:"Ada, Abe, Cy | Brute"'),
        ]
    )


def test_an_actor_named_that_is_not_in_the_conflict_is_told_who_is() -> None:
    app = table()
    for who in (ANA, GM):
        assert screen(app, who, "/hand ante character:Wisp aspect:Mind ante:QUI") == [
            "error: Wisp is not in this Conflict (it has Ada, Abe, Cy, Brute)."
        ]
    assert screen(app, ANA, "/hand ante character:Nobody aspect:Mind ante:QUI") == [
        "error: Nobody is not in this Conflict (it has Ada, Abe, Cy, Brute)."
    ]


def test_a_player_naming_an_npc_is_told_a_gm_seals_it() -> None:
    assert screen(table(), ANA, "/hand ante character:Brute aspect:Mind ante:QUI") == [
        "error: Brute is an NPC: a GM seals its cards."
    ]


def test_an_actor_out_of_the_conflict_is_refused_with_why_named_or_not() -> None:
    app = played([(ANA, "/hand fold character:Ada")], table())
    for who in (ANA, GM):
        assert screen(app, who, "/hand ante character:Ada aspect:Mind ante:QUI") == [
            "error: Ada is out of the Conflict (retreated)."
        ]
    # Ana still plays Abe: left unnamed, the command is Abe's.
    assert app.handle("t", ANA, "/hand ante aspect:Mind ante:QUI").ok


def test_a_player_whose_actors_are_all_out_is_told_each_and_not_asked_whose() -> None:
    app = played([(ANA, "/hand fold character:Ada"), (ANA, "/hand fold character:Abe")], table())
    assert screen(app, ANA, "/hand ante aspect:Mind ante:QUI") == [
        "error: Ada is out (retreated); Abe is out (retreated): you play no Actor still in this "
        "Conflict."
    ]
    # A GM plays every NPC: asked whose, among those still in the Hand.
    assert screen(app, GM, "/hand ante aspect:Mind ante:QUI") == [
        "error: Say whose: /hand ante character:<name> (in this Hand: Cy, Brute)."
    ]


def test_a_player_playing_two_actors_in_the_hand_is_asked_whose_of_their_own() -> None:
    assert screen(table(), ANA, "/hand ante aspect:Mind ante:QUI") == [
        "error: Say whose: /hand ante character:<name> (in this Hand: Ada, Abe)."
    ]


def test_every_refusal_of_whom_a_command_acts_for_is_shown_in_full_on_a_shared_screen() -> None:
    """None of these names a sealed value: a shared screen shows each whole (public)."""
    bare = played([(GM, '/game new system:nodice name:"Seats"'), (ANA, "/game join")])
    assert screen(bare, ANA, "/hand ante aspect:Mind ante:QUI") == [
        "error: No Conflict is running; a GM starts one with /conflict start sides:..."
    ]
    app = table()
    assert screen(app, ANA, "/hand ante character:A aspect:Mind ante:QUI") == [
        "error: A could be the Actor Ada or Abe; type more of the name."
    ]
    assert screen(app, GM, "/hand ante character:Ada aspect:Mind ante:QUI") == [
        "error: Ada is ana's: only they seal Ada's cards and bids (a GM may /hand fold "
        "character:Ada if the table waits)."
    ]
    co = Person("co", "co")
    app = played(
        [
            (GM, "/game gm add user:co"),
            (GM, "/hand ante character:Brute aspect:Body ante:STR"),
        ],
        app,
    )
    assert screen(app, co, "/hand ante character:Brute aspect:Body ante:FIT") == [
        "error: Brute's commit was sealed by gm; only they may seal it again. Their commit stands."
    ]
    app = played([(BEA, "/hand fold")], app)
    assert screen(app, BEA, "/hand ante aspect:Mind ante:QUI") == [
        "error: Cy is out of the Conflict (retreated)."
    ]


def test_an_actor_standing_by_is_told_so_named_or_not() -> None:
    app = played(
        [(GM, "/mods set mod:engage enabled:true"), (GM, '/conflict engage sides:"Cy | Brute"')],
        table(),
    )
    stands_by = (
        "error: {0} stands by this Hand: nobody opposes {0} in it (a GM changes who is "
        "involved with /conflict engage, the engage mod)."
    )
    assert screen(app, ANA, "/hand ante aspect:Mind ante:QUI") == [stands_by.format("Ada")]
    assert screen(app, ANA, "/hand ante character:Abe aspect:Mind ante:QUI") == [
        stands_by.format("Abe")
    ]
