"""What a clustered Hand's close tells the table (R28, R30): each cluster's Jackpot, a draw's
data, and a planned engagement's discarded Jackpot and who stands by."""

from __future__ import annotations

from scenekeeper.app.records import envelope_from_record
from scenekeeper.systems.nodice import events as ev
from tests.nodice.test_clusters import ANA, BEN, ENGAGING, GM, played

HAND_1 = (
    *ENGAGING,
    (GM, "/mods set mod:clusters enabled:true"),
    (GM, '/conflict start sides:"Ada | Brute; Bo | Wisp"'),
    (ANA, "/hand ante aspect:Mind ante:QUI"),
    (GM, "/hand ante character:Brute aspect:Mind ante:STR"),
    (BEN, "/hand ante aspect:Mind ante:STR"),
    (GM, "/hand ante character:Wisp aspect:Mind ante:WIL"),
    (ANA, "/hand bid action:QUI bid:0"),
    (GM, "/hand bid character:Brute action:QUI bid:0"),
    (BEN, "/hand bid action:QUI bid:0"),
)


def test_the_next_hand_names_each_clusters_jackpot() -> None:
    app = played(HAND_1)
    text = app.handle("t", GM, "/hand bid character:Wisp action:QUI bid:0").reply.text
    assert text[-1] == (
        'Hand 2 (ES1 "Low Stakes"; Jackpots 2 in cluster 1, 2 in cluster 2): seal your TA card '
        "and ante with /hand ante."
    )


def test_a_planned_engagement_says_the_jackpot_it_discards_and_who_stands_by() -> None:
    app = played((*HAND_1, (GM, '/conflict engage sides:"Ada | Brute, Thug"')))
    text = app.handle("t", GM, "/hand bid character:Wisp action:QUI bid:0").reply.text
    assert text[-3:] == (
        "Hand 2's engagement: Ada vs Brute, Thug (a Jackpot of 2 discarded: none of its Actors "
        "is engaged).",
        "Standing by (no opponent this Hand): Bo, Wisp.",
        'Hand 2 (ES1 "Low Stakes"; Jackpot 2): seal your TA card and ante with /hand ante.',
    )


def test_a_drawn_pair_in_cluster_2_is_data_with_no_winner_margin_or_damage() -> None:
    app = played(HAND_1)
    data = app.handle("t", GM, "/hand bid character:Wisp action:QUI bid:0").reply.data
    assert data["bids_revealed"]["hand"] == 1
    assert data["bids_revealed"]["cluster"] == 1
    assert data["bids_revealed"]["pairs"] == [
        {
            "actors": ["Bo", "Wisp"],
            "ad": None,
            "sweep": None,
            "showdown": [0, 0],
            "winner": None,
            "margin": 0,
            "damage": None,
        }
    ]


def test_the_history_keeps_which_clusters_commits_each_reveal_showed() -> None:
    app = played(HAND_1)
    app.handle("t", GM, "/hand bid character:Wisp action:QUI bid:0")
    events = [envelope_from_record(r).event for r in app.store.read("t")]
    reveals = [e for e in events if isinstance(e, ev.AspectsRevealed | ev.BidsRevealed)]
    assert [(type(e).__name__, e.cluster) for e in reveals] == [
        ("AspectsRevealed", 0),
        ("AspectsRevealed", 1),
        ("BidsRevealed", 0),
        ("BidsRevealed", 1),
    ]
