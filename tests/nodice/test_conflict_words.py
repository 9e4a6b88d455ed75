"""What /conflict says (conflict_commands, engagement): an Actor listed twice is refused, at the
start and when a GM engages again; sides that oppose nobody are refused with how to write them;
with clusters, /conflict show gives each cluster's pot and a tied cluster's Jackpot, and an
Actor whose opponent retreats stands by, its sealed ante discarded unseen."""

from __future__ import annotations

from scenekeeper.app import App
from scenekeeper.engine.state import Person
from scenekeeper.systems.nodice import SYSTEM
from tests.nodice.helpers import played
from tests.nodice.test_shared_refusal_words import screen

GM, ANA = Person("gm", "gm"), Person("ana", "ana")
TRAITS = 'traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2"'
NPC = 'gmc:true traits:"QUI 1 STR 2 FIT 1 AGI 1 WIL 1"'


def table(*more: tuple[Person, str]) -> App:
    return played(
        [
            (GM, '/game new system:nodice name:"Words"'),
            (ANA, "/game join"),
            (ANA, f"/char new name:Ada {TRAITS}"),
            (ANA, f"/char new name:Bo {TRAITS}"),
            (GM, f"/char new name:Brute {NPC}"),
            (GM, f"/char new name:Wisp {NPC}"),
            (GM, "/mods set mod:clusters enabled:true"),
            (GM, "/mods set mod:engage enabled:true"),
            *more,
        ]
    )


def test_an_actor_listed_twice_is_refused_at_the_start_and_when_engaged_again() -> None:
    app = table()
    assert app.handle("t", GM, '/conflict start sides:"Ada, ada | Brute"').error == (
        "Ada is listed twice; each Actor is on one side."
    )
    played([(GM, '/conflict start sides:"Ada | Brute; Bo | Wisp"')], app)
    assert app.handle("t", GM, '/conflict engage sides:"Ada | Brute, Brute"').error == (
        "Brute is listed twice; each Actor is on one side."
    )


def test_show_gives_each_clusters_pot_and_a_tied_clusters_jackpot() -> None:
    app = table(
        (GM, '/conflict start sides:"Ada | Brute; Bo | Wisp"'),
        (ANA, "/hand ante character:Ada aspect:Mind ante:QUI"),
        (GM, "/hand ante character:Brute aspect:Mind ante:STR"),  # a tie: a Jackpot of 2
    )
    shown = app.handle("t", GM, "/conflict show").reply.text
    assert "Cluster 1's Jackpot: 2 (into the next Hand's pot)." in shown
    assert "Cluster 2's pot: 0 tokens (Jackpot 0)." in shown
    played([(ANA, "/hand ante character:Bo aspect:Body ante:STR")], app)
    shown = app.handle("t", GM, "/conflict show").reply.text
    assert "Cluster 2's pot: 1 token (Jackpot 0)." in shown
    assert "Cluster 1's Jackpot: 2 (into the next Hand's pot)." in shown


def test_sides_that_oppose_nobody_are_refused_with_how_to_write_them() -> None:
    app = table(
        (GM, "/mods set mod:clusters enabled:false"),
    )
    two_sides = 'Give at least two sides, split by |: sides:"Ada, Bo | Brute".'
    assert app.handle("t", GM, '/conflict start sides:"Ada"').error == two_sides
    assert app.handle("t", GM, '/conflict start sides:"Ada, Bo |"').error == two_sides
    played([(GM, "/mods set mod:clusters enabled:true")], app)
    assert app.handle("t", GM, '/conflict start sides:" | ; | "').error == two_sides
    assert app.handle("t", GM, '/conflict start sides:"Ada | Brute; Bo"').error == (
        "Each cluster needs at least two sides, split by |: Bo opposes nobody "
        '(like sides:"Ada | Brute; Bo | Wisp").'
    )
    # An empty cluster (a doubled ;) is passed over, not the end of the list.
    started = app.handle("t", GM, '/conflict start sides:"Ada | Brute; ; Bo | Wisp"')
    assert started.reply.text[0].startswith(
        "Conflict: cluster 1: Ada vs Brute; cluster 2: Bo vs Wisp."
    )


def test_an_actor_whose_opponent_retreats_stands_by_its_ante_discarded_unseen() -> None:
    app = table(
        (GM, '/conflict start sides:"Ada | Brute; Bo | Wisp"'),
        (ANA, "/hand ante character:Ada aspect:Mind ante:QUI"),
    )
    folded = app.handle("t", GM, "/hand fold character:Brute")
    assert folded.reply.text == (
        "Brute will not ante: Brute retreats.",
        "Ada has no opponent left this Hand: Ada stands by, its sealed commit discarded unseen.",
    )
    shown = app.handle("t", GM, "/conflict show").reply.text
    assert "Standing by this Hand (no opponent): Ada." in shown
    assert "Ada: REA 4 KNO 5 QUI 7; STR 3 FIT 3 AGI 3; WIL 2 PRE 0 INT 0." in shown  # no ante
    # Without an ante, nothing is said discarded.
    app = table(
        (GM, '/conflict start sides:"Ada | Brute; Bo | Wisp"'),
        (ANA, "/hand ante character:Bo aspect:Mind ante:QUI"),
    )
    assert app.handle("t", GM, "/hand fold character:Brute").reply.text[1] == (
        "Ada has no opponent left this Hand: Ada stands by."
    )


def test_a_second_start_and_a_start_at_a_table_with_no_actor_are_refused() -> None:
    app = table((GM, '/conflict start sides:"Ada | Brute"'))
    assert app.handle("t", GM, '/conflict start sides:"Bo | Wisp"').error == (
        "A Conflict is running; a GM ends it first with /conflict end."
    )
    bare = played([(GM, '/game new system:nodice name:"Bare"')])
    assert bare.handle("t", GM, '/conflict start sides:"Ada | Brute"').error == (
        "There is no Actor called Ada (Actors: none yet: /char new)."
    )


def test_the_boards_commits_say_the_open_step_when_it_takes_no_commit() -> None:
    app = table(
        (GM, '/conflict start sides:"Ada | Brute"'),
        (ANA, "/hand ante character:Ada aspect:Body ante:FIT"),
        (GM, "/hand ante character:Brute aspect:Mind ante:STR"),  # Mind beats Body: Brute paid
        (GM, '/hand assign character:Brute tokens:"QUI 2"'),
        (ANA, "/hand bid character:Ada action:STR bid:0"),
        (GM, "/hand bid character:Brute action:QUI bid:3"),  # Ada spreads Mind damage
    )
    board = app.handle("t", GM, "/board show").reply.text
    assert board[board.index("Commits:") + 1] == "  Step 5 (damage to spread)."


def test_a_start_answers_the_conflict_as_data_and_a_spread_waits_for_the_defender() -> None:
    app = table()
    started = app.handle("t", GM, '/conflict start sides:"Ada | Brute"').reply
    assert started.data is not None
    assert {k: started.data[k] for k in ("hand", "step", "es", "order", "standing_by")} == {
        "hand": 1,
        "step": "ante",
        "es": 1,
        "order": ["Ada", "Brute"],
        "standing_by": [],
    }
    app = played(
        [
            (ANA, "/hand ante character:Ada aspect:Body ante:FIT"),
            (GM, "/hand ante character:Brute aspect:Mind ante:STR"),  # Mind beats Body
            (GM, '/hand assign character:Brute tokens:"QUI 2"'),
            (ANA, "/hand bid character:Ada action:STR bid:0"),
            (GM, "/hand bid character:Brute action:QUI bid:3"),  # Ada spreads Mind damage
        ],
        app,
    )
    state = app.table("t").state
    assert state is not None
    waits = SYSTEM.waits(state.game)
    assert [w.characters for w in waits] == [("Ada",)]  # the spread is Ada's move, not the GM's


def test_a_cluster_done_is_told_in_full_on_a_shared_screen_and_a_lone_side_named() -> None:
    app = table(
        (ANA, '/char new name:Cy traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2"'),
        (GM, '/char new name:Imp gmc:true traits:"QUI 1 STR 2 FIT 1 AGI 1 WIL 1"'),
    )
    assert app.handle("t", GM, '/conflict start sides:"Ada | Brute; Bo, Cy"').error == (
        "Each cluster needs at least two sides, split by |: Bo, Cy opposes nobody "
        '(like sides:"Ada | Brute; Bo | Wisp").'
    )
    app = played(
        [
            (GM, '/conflict start sides:"Ada | Brute; Bo, Cy | Wisp, Imp"'),
            (ANA, "/hand ante character:Ada aspect:Mind ante:QUI"),
            (GM, "/hand ante character:Brute aspect:Body ante:STR"),  # cluster 1 reveals
        ],
        app,
    )
    assert screen(app, ANA, "/hand ante character:Ada aspect:Body ante:STR") == [
        "error: Ada's TA card is revealed already (cluster 1 is done): Step 3 opens when every "
        "cluster's are (waiting for Bo, Cy, Wisp, Imp)."
    ]


def test_a_jackpot_goes_with_its_actors_into_their_new_cluster_whatever_their_side() -> None:
    app = table(
        (GM, '/conflict start sides:"Ada | Brute"'),
        (ANA, "/hand ante character:Ada aspect:Mind ante:REA"),
        (GM, "/hand ante character:Brute aspect:Mind ante:STR"),  # the same card: a Jackpot
        (ANA, "/hand bid character:Ada action:QUI bid:0"),
        (GM, "/hand bid character:Brute action:QUI bid:0"),  # a draw: Hand 2
    )
    # Ada, first in table order, carries the Jackpot: now on side 2 of the one cluster.
    assert app.handle("t", GM, '/conflict engage sides:"Brute | Ada"').reply.text == (
        "Hand 2's engagement: Brute vs Ada.",
        "Pot: 2 tokens (Jackpot 2).",
        "Hand 2, Step 2: seal your TA card and ante with /hand ante.",
    )


def test_a_cluster_left_standing_by_keeps_the_numbers_of_the_others() -> None:
    """R28: cluster 2's Bo retreats and Wisp stands by: the clusters keep their numbers."""
    app = table(
        (ANA, '/char new name:Cy traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2"'),
        (GM, '/char new name:Imp gmc:true traits:"QUI 1 STR 2 FIT 1 AGI 1 WIL 1"'),
        (GM, '/conflict start sides:"Ada | Brute; Bo | Wisp; Cy | Imp"'),
        (ANA, "/hand fold character:Bo"),
    )
    show = app.handle("t", GM, "/conflict show").reply.text
    assert show[1:3] == (
        "Engaged: cluster 1: Ada vs Brute; cluster 3: Cy vs Imp.",
        "Standing by this Hand (no opponent): Wisp.",
    )
    assert "Cluster 3's pot: 0 tokens (Jackpot 0)." in show


def test_clusters_are_counted_afresh_when_a_whole_cluster_is_out() -> None:
    """R28: cluster 1's Lo and Wisp are both eliminated in Hand 1; from Hand 2 the two clusters
    left are cluster 1 and cluster 2, as the table counts them."""
    app = table(
        (ANA, '/char new name:Cy traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2"'),
        (GM, '/char new name:Imp gmc:true traits:"QUI 1 STR 2 FIT 1 AGI 1 WIL 1"'),
        (ANA, '/char new name:Lo traits:"REA 2 QUI 2 STR 1 WIL 2"'),
        (GM, '/conflict start sides:"Lo | Wisp; Ada | Brute; Cy | Imp"'),
        (ANA, "/hand ante character:Lo aspect:Mind ante:STR"),  # Lo's last Body token
        (GM, "/hand ante character:Wisp aspect:Spirit ante:STR"),  # Spirit beats Mind
        (ANA, "/hand ante character:Ada aspect:Mind ante:REA"),
        (GM, "/hand ante character:Brute aspect:Mind ante:STR"),
        (ANA, "/hand ante character:Cy aspect:Mind ante:REA"),
        (GM, "/hand ante character:Imp aspect:Mind ante:STR"),
        (GM, '/hand assign character:Wisp tokens:"STR 2"'),
        (ANA, "/hand bid character:Lo action:QUI bid:2"),
        (GM, "/hand bid character:Wisp action:WIL bid:0"),  # Lo wins: Mind damage to Wisp
        (ANA, "/hand bid character:Ada action:QUI bid:0"),
        (GM, "/hand bid character:Brute action:QUI bid:0"),
        (ANA, "/hand bid character:Cy action:QUI bid:0"),
        (GM, "/hand bid character:Imp action:QUI bid:0"),  # Lo and Wisp out: Hand 2
    )
    show = app.handle("t", GM, "/conflict show").reply.text
    assert show[1] == "Engaged: cluster 1: Ada vs Brute; cluster 2: Cy vs Imp."
    assert show[6:9] == (
        "Out: Lo (every Body Attribute at 0), Wisp (every Mind Attribute at 0).",
        "Cluster 1's pot: 2 tokens (Jackpot 2).",
        "Cluster 2's pot: 2 tokens (Jackpot 2).",
    )
    # A new engagement is counted as given, whatever the numbers it replaces.
    engaged = app.handle("t", GM, '/conflict engage sides:"Ada | Brute; Cy | Imp"').reply.text
    assert engaged[0] == "Hand 2's engagement: cluster 1: Ada vs Brute; cluster 2: Cy vs Imp."
