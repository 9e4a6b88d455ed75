"""The optional rules of Step 1, Engagement (R28, R30), each a mod off by default: clusters,
each with its own pot and Jackpot, revealing its own commits and never another's (G5); and
``/conflict engage``, a new engagement for this Hand before its first commit, else the next."""

from __future__ import annotations

import json

import pytest

from scenekeeper.adapters.console.render import as_json
from scenekeeper.app import App
from scenekeeper.app.records import envelope_from_record
from scenekeeper.engine.state import Person
from scenekeeper.engine.withheld import superseded
from scenekeeper.systems.nodice import events as ev
from scenekeeper.systems.nodice.state import Conflict, NoDiceState
from tests.nodice.helpers import played
from tests.support import make_app

GM = Person("gm", "gm")
ANA, BEN = Person("ana", "ana"), Person("ben", "ben")

SETUP = (
    (GM, "/game new system:nodice"),
    (ANA, "/game join"),
    (BEN, "/game join"),
    (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2 INT 2 wr 1"'),
    (BEN, '/char new name:Bo traits:"REA 2 KNO 2 QUI 2 STR 6 FIT 5 AGI 4 WIL 3 PRE 3 INT 3"'),
    (GM, '/char new name:Brute gmc:true traits:"REA 2 KNO 2 QUI 2 STR 6 FIT 5 AGI 3 WIL 2"'),
    (GM, '/char new name:Wisp gmc:true traits:"REA 3 KNO 3 QUI 3 STR 1 FIT - AGI - WIL 5 PRE 5"'),
    (GM, '/char new name:Thug gmc:true traits:"REA 1 KNO 1 QUI 1 STR 4 FIT 4 AGI 4 WIL 1"'),
)
CLUSTERED = (
    *SETUP,
    (GM, "/mods set mod:clusters enabled:true"),
    (GM, '/conflict start sides:"Ada | Brute; Bo | Wisp" stakes:2'),
)


def conflict(app: App) -> Conflict:
    game = app.table("t").state.game  # type: ignore[union-attr]
    assert isinstance(game, NoDiceState)
    assert game.conflict is not None
    return game.conflict


def test_both_mods_are_off_by_default_and_refuse_what_they_add() -> None:
    app = played(SETUP)
    seq = app.table("t").seq
    clustered = app.handle("t", GM, '/conflict start sides:"Ada | Brute; Bo | Wisp"')
    assert not clustered.ok
    assert "/mods set mod:clusters enabled:true" in (clustered.error or "")
    assert app.table("t").seq == seq  # the table is unchanged
    played(((GM, '/conflict start sides:"Ada | Brute"'),), app)
    engage = app.handle("t", GM, '/conflict engage sides:"Ada | Thug"')
    assert not engage.ok
    assert "mod:engage enabled:true" in (engage.error or "")
    shown = app.handle("t", GM, "/mods show").reply.data
    assert shown["clusters"] is False
    assert shown["engage"] is False


def test_a_cluster_needs_two_sides() -> None:
    app = played((*SETUP, (GM, "/mods set mod:clusters enabled:true")))
    refused = app.handle("t", GM, '/conflict start sides:"Ada | Brute; Bo"')
    assert "Bo opposes nobody" in (refused.error or "")


def test_only_actors_of_one_cluster_oppose_each_other() -> None:
    app = played(CLUSTERED)
    c = conflict(app)
    assert c.opposed("Ada", "Brute")
    assert c.opposed("Bo", "Wisp")
    assert not c.opposed("Ada", "Wisp")
    assert not c.opposed("Brute", "Bo")
    assert c.clusters() == {0: ["Ada", "Brute"], 1: ["Bo", "Wisp"]}
    data = app.handle("t", ANA, "/conflict show").reply.data
    assert data["engagement"] == [[["Ada"], ["Brute"]], [["Bo"], ["Wisp"]]]


def test_a_cluster_reveals_its_own_commits_only_and_never_another_clusters() -> None:
    app = played((*CLUSTERED, (ANA, "/hand ante aspect:Mind ante:QUI")))
    played(((BEN, "/hand ante aspect:Spirit ante:INT"),), app)
    outcome = app.handle("t", GM, "/hand ante character:Brute aspect:Body ante:AGI")
    assert outcome.ok
    reveal = next(e.event for e in outcome.events if isinstance(e.event, ev.AspectsRevealed))
    assert set(reveal.cards) == {"Ada", "Brute"}
    assert reveal.cluster == 0
    # Bo's sealed Spirit card and INT ante appear in nothing the table reads (G1, G3, G5).
    row = json.loads(as_json(1, "gm", outcome))
    public = json.dumps({k: v for k, v in row.items() if not k.startswith("private")})
    assert "Bo Spirit" not in public
    assert "INT" not in public
    # R38: Ada's Mind beats Brute's Body; Wisp's cards were never compared with Ada's.
    assert reveal.wins == {"Ada": 1, "Brute": 0}
    assert reveal.paid == {"Ada": 2}
    c = conflict(app)
    assert c.step == "ante"
    assert set(c.antes) == {"Bo"}
    assert c.waiting() == ["Wisp"]
    again = app.handle("t", ANA, "/hand ante aspect:Body ante:FIT")
    assert "revealed already" in (again.error or "")


def test_each_cluster_has_its_own_pot_and_jackpot() -> None:
    app = played(
        (
            *CLUSTERED,
            (ANA, "/hand ante aspect:Mind ante:QUI"),
            (GM, "/hand ante character:Brute aspect:Body ante:AGI"),
            (BEN, "/hand ante aspect:Spirit ante:INT"),
            (GM, "/hand ante character:Wisp aspect:Spirit ante:REA"),
        )
    )
    c = conflict(app)
    assert c.step == "bid"
    # Cluster 1's pot of 2 went to Ada; cluster 2 tied: its pot of 2 is its own Jackpot.
    assert c.jackpots == {0: 0, 1: 2}
    assert c.fighters["Ada"].unassigned == 2
    assert c.fighters["Bo"].unassigned == 0


def test_step_5_opens_when_every_cluster_has_revealed_its_bids() -> None:
    app = played(
        (
            *CLUSTERED,
            (ANA, "/hand ante aspect:Mind ante:QUI"),
            (GM, "/hand ante character:Brute aspect:Body ante:AGI"),
            (BEN, "/hand ante aspect:Spirit ante:INT"),
            (GM, "/hand ante character:Wisp aspect:Spirit ante:REA"),
            (ANA, '/hand assign tokens:"QUI 2"'),
            (ANA, "/hand bid action:QUI bid:5"),
            (GM, "/hand bid character:Brute action:STR bid:6"),
        )
    )
    c = conflict(app)
    assert c.step == "bid"
    assert c.played == ("Ada", "Brute")
    assert len(c.damage) == 1
    assert app.handle("t", GM, '/hand spread character:Brute points:"REA 1, KNO 1"').error
    played(
        ((BEN, "/hand bid action:PRE bid:3"), (GM, "/hand bid character:Wisp action:WIL bid:4")),
        app,
    )
    c = conflict(app)
    assert c.step == "spread"
    assert {d.defender for d in c.damage} == {"Brute", "Bo"}


def test_a_fold_that_leaves_a_cluster_alone_discards_the_others_commit_unseen() -> None:
    app = played(
        (
            *CLUSTERED,
            (ANA, "/hand ante aspect:Mind ante:QUI"),
            (GM, "/hand ante character:Brute aspect:Body ante:AGI"),
            (BEN, "/hand ante aspect:Spirit ante:INT"),
        )
    )
    outcome = app.handle("t", GM, "/hand fold character:Wisp")
    assert "Bo has no opponent left this Hand: Bo stands by" in "\n".join(outcome.reply.text)
    c = conflict(app)
    # Cluster 1 had revealed: with nobody left to wait for, the Hand is at Step 3.
    assert c.step == "bid"
    assert c.antes == {}
    assert c.standing_by() == ["Bo"]
    assert "Spirit" not in "\n".join(outcome.reply.text)
    refused = app.handle("t", BEN, "/hand bid action:PRE bid:1")
    assert "Bo stands by this Hand" in (refused.error or "")
    played(((GM, "/conflict end"),), app)
    envelopes = [envelope_from_record(r) for r in app.store.read("t")]
    lines = {e.command_seq: e.command for e in envelopes}
    assert [lines[s] for s in sorted(superseded(envelopes))] == [
        "/hand ante aspect:Spirit ante:INT"  # never revealed: an export withholds it (G6)
    ]


ENGAGING = (*SETUP, (GM, "/mods set mod:engage enabled:true"))


def test_an_engagement_before_the_hands_first_commit_is_this_hands() -> None:
    app = played((*ENGAGING, (GM, '/conflict start sides:"Ada | Brute"')))
    outcome = app.handle("t", GM, '/conflict engage sides:"Ada, Bo | Brute"')
    assert outcome.ok
    c = conflict(app)
    assert c.hand == 1
    assert c.involved() == ["Ada", "Brute", "Bo"]
    assert c.planned is None
    # R24: Bo joins with its sheet's stacks; the Stakes stay as they were (R23).
    assert c.fighters["Bo"].avs["STR"] == 6
    assert c.es == 1
    assert "Joining: Bo:" in "\n".join(outcome.reply.text)


def test_an_engagement_after_a_commit_is_the_next_hands() -> None:
    app = played(
        (
            *ENGAGING,
            (GM, '/conflict start sides:"Ada | Brute, Thug"'),
            (ANA, "/hand ante aspect:Mind ante:QUI"),
            (GM, '/conflict engage sides:"Ada | Thug"'),
        )
    )
    c = conflict(app)
    assert c.involved() == ["Ada", "Brute", "Thug"]
    assert c.planned == {"Ada": (0, 0), "Thug": (0, 1)}
    assert "From Hand 2: Ada vs Thug" in "\n".join(app.handle("t", GM, "/conflict show").reply.text)
    played(
        (
            (GM, "/hand ante character:Brute aspect:Mind ante:STR"),
            (GM, "/hand ante character:Thug aspect:Mind ante:STR"),
            (ANA, "/hand bid action:QUI bid:0"),
            (GM, "/hand bid character:Brute action:QUI bid:0"),
        ),
        app,
    )
    closing = app.handle("t", GM, "/hand bid character:Thug action:QUI bid:0")
    assert "Hand 2's engagement: Ada vs Thug." in closing.reply.text
    c = conflict(app)
    assert c.hand == 2
    assert c.involved() == ["Ada", "Thug"]
    assert c.standing_by() == ["Brute"]
    # The Jackpot (3 tokens, all TA cards tied) goes with Ada, the first engaged again.
    assert c.jackpots == {0: 3}
    refused = app.handle("t", GM, "/hand ante character:Brute aspect:Body ante:STR")
    assert "Brute stands by this Hand" in (refused.error or "")


def test_a_jackpot_none_of_whose_actors_is_engaged_is_discarded() -> None:
    app = played(
        (
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
            (GM, "/hand bid character:Wisp action:QUI bid:0"),
        )
    )
    assert conflict(app).jackpots == {0: 2, 1: 2}
    outcome = app.handle("t", GM, '/conflict engage sides:"Ada | Brute, Thug"')
    assert "A Jackpot of 2 is discarded: none of its Actors is engaged." in outcome.reply.text
    c = conflict(app)
    assert c.jackpots == {0: 2}
    assert c.standing_by() == ["Bo", "Wisp"]


@pytest.mark.parametrize(
    ("sides", "says"),
    [
        ('"Ada | Nobody"', "There is no Actor called Nobody"),
        ('"Ada | Ada"', "Ada is listed twice"),
        ('"Ada"', "at least two sides"),
        ('"Ada | Brute; Bo | Wisp"', "mod:clusters enabled:true"),
    ],
)
def test_a_wrong_engagement_is_refused_and_changes_nothing(sides: str, says: str) -> None:
    app = played((*ENGAGING, (GM, '/conflict start sides:"Ada | Brute"')))
    seq = app.table("t").seq
    refused = app.handle("t", GM, f"/conflict engage sides:{sides}")
    assert says in (refused.error or ""), refused.error
    assert app.table("t").seq == seq


def test_an_actor_out_of_the_conflict_is_not_engaged_again() -> None:
    app = played(
        (
            *ENGAGING,
            (GM, '/conflict start sides:"Ada, Bo | Brute"'),
            (BEN, "/hand fold"),
        )
    )
    refused = app.handle("t", GM, '/conflict engage sides:"Bo | Brute"')
    assert "Bo is out of the Conflict (retreated)" in (refused.error or "")


def test_only_a_gm_engages() -> None:
    app = played((*ENGAGING, (GM, '/conflict start sides:"Ada | Brute"')))
    assert not app.handle("t", ANA, '/conflict engage sides:"Ada | Thug"').ok


def test_undo_of_an_engagement_restores_the_table_and_replay_agrees() -> None:
    app = played((*ENGAGING, (GM, '/conflict start sides:"Ada | Brute"')))
    before = conflict(app)
    played(((GM, '/conflict engage sides:"Ada, Bo | Brute, Thug"'),), app)
    assert conflict(app) != before
    played(((GM, "/undo"),), app)
    assert conflict(app) == before
    played(((GM, "/redo"),), app)
    engaged = conflict(app)
    # The events alone rebuild it (pure evolve): a fresh app on the same store agrees.
    again = make_app(store=app.store)
    assert conflict(again) == engaged
