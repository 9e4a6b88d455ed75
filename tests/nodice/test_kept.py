"""What the table keeps after each move of a Hand, as a later command or an export reads it:
a retreat's status (R33), a cluster's revealed bids gone while another cluster's stay sealed
(R28, G5), and what ``/hand assign`` takes as won tokens (R41)."""

from __future__ import annotations

from scenekeeper.app import App
from scenekeeper.engine.state import Person
from tests.nodice.helpers import played

GM = Person("gm", "gm")
ANA, BEN = Person("ana", "ana"), Person("ben", "ben")

SETUP = (
    (GM, "/game new system:nodice"),
    (ANA, "/game join"),
    (BEN, "/game join"),
    (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 0 INT 2 wr 1"'),
    (BEN, '/char new name:Bo traits:"REA 2 KNO 2 QUI 2 STR 6 FIT 5 AGI 4 WIL 3 PRE 3 INT 3"'),
    (GM, '/char new name:Brute gmc:true traits:"REA 2 KNO 2 QUI 2 STR 6 FIT 5 AGI 3 WIL 2"'),
    (GM, '/char new name:Wisp gmc:true traits:"REA 3 KNO 3 QUI 3 STR 1 FIT - AGI - WIL 5 PRE 5"'),
)


def refused(app: App, who: Person, line: str) -> str:
    outcome = app.handle("t", who, line)
    assert not outcome.ok, line
    return outcome.error or ""


def test_r33_an_export_after_a_retreat_says_the_actor_retreated() -> None:
    app = played((*SETUP, (GM, '/conflict start sides:"Ada, Bo | Brute"'), (ANA, "/hand fold")))
    exported = app.handle("t", GM, "/game export")
    assert exported.ok, exported.error
    ada = exported.reply.private_data["conflict"]["fighters"]["Ada"]
    assert (ada["status"], ada["reason"]) == ("retreated", "retreated")


def test_g6_a_retreat_discards_the_retreaters_sealed_ante_unseen() -> None:
    app = played(
        (
            *SETUP,
            (GM, '/conflict start sides:"Ada, Bo | Brute"'),
            (ANA, "/hand ante aspect:Mind ante:WIL"),
            (ANA, "/hand fold"),
        )
    )
    assert app.handle("t", ANA, "/conflict show").reply.private == ()
    # Nothing is sealed any more, so an export may be made (G3).
    assert app.handle("t", GM, "/game export").ok


def test_r33_a_fold_is_refused_once_the_actors_cluster_revealed() -> None:
    app = played(
        (
            *SETUP,
            (GM, "/game mods set mod:clusters enabled:true"),
            (GM, '/conflict start sides:"Ada | Brute; Bo | Wisp" stakes:2'),
            (ANA, "/hand ante aspect:Mind ante:WIL"),
            (GM, "/hand ante character:Brute aspect:Body ante:AGI"),  # cluster 1 reveals
        )
    )
    assert refused(app, ANA, "/hand fold") == (
        "Ada's TA card and ante are revealed: a fold is until the Step-2 reveal "
        "(a GM can /conflict end)."
    )


def test_r28_a_clusters_reveal_drops_its_own_bids_and_keeps_the_others_sealed() -> None:
    app = played(
        (
            *SETUP,
            (GM, "/game mods set mod:clusters enabled:true"),
            (GM, '/conflict start sides:"Ada | Brute; Bo | Wisp" stakes:2'),
            (ANA, "/hand ante aspect:Mind ante:WIL"),
            (GM, "/hand ante character:Brute aspect:Body ante:AGI"),
            (BEN, "/hand ante aspect:Body ante:WIL"),
            (GM, "/hand ante character:Wisp aspect:Spirit ante:REA"),
            (BEN, '/hand assign tokens:"STR 2"'),
            (BEN, "/hand bid action:STR bid:2"),
            (ANA, '/hand assign tokens:"QUI 2"'),
            (ANA, "/hand bid action:QUI bid:3"),
            (GM, "/hand bid character:Brute action:STR bid:2"),  # cluster 1 reveals
        )
    )
    shown = app.handle("t", ANA, "/conflict show").reply
    assert shown.private == ()  # Ada's bid was revealed: nothing of hers is sealed now
    assert shown.data["waiting"] == ["Wisp"]  # Bo's sealed bid still stands
    assert app.handle("t", BEN, "/conflict show").reply.private == (
        "Your sealed Bo: STR card, bid 2.",
    )
    assert refused(app, ANA, "/hand bid action:QUI bid:1") == (
        "Ada's Action card and bid are revealed already (cluster 1 is done): Step 5 opens when "
        "every cluster's are (waiting for Wisp)."
    )


def test_r41_won_tokens_go_on_attributes_with_numbers_never_on_the_wr() -> None:
    app = played(
        (
            *SETUP,
            (GM, '/conflict start sides:"Ada | Brute"'),
            (ANA, "/hand ante aspect:Mind ante:WIL"),
            (GM, "/hand ante character:Brute aspect:Body ante:AGI"),
        )
    )
    wanted = 'tokens: Attributes and numbers, like "QUI 1, REA 1".'
    assert refused(app, ANA, '/hand assign tokens:"wr 1"') == wanted
    assert refused(app, ANA, '/hand assign tokens:"QUI -"') == wanted
    # A token on an Attribute at 0 makes it 1 (R5); what is left is said.
    put = app.handle("t", ANA, '/hand assign tokens:"PRE 1"').reply.text
    assert put[0] == "Ada assigns won tokens: PRE +1 (now 1). 1 still to assign."
    # A GM may assign them for a PC too (R41).
    put = app.handle("t", GM, '/hand assign character:Ada tokens:"QUI 1"').reply.text
    assert put[0] == "Ada assigns won tokens: QUI +1 (now 8)."


def test_r40_a_jackpot_carried_is_in_the_next_hands_pot() -> None:
    app = played(
        (
            *SETUP,
            (GM, '/conflict start sides:"Ada | Brute"'),
            (ANA, "/hand ante aspect:Mind ante:WIL"),
            (GM, "/hand ante character:Brute aspect:Mind ante:KNO"),  # a TD tie: Jackpot 2
            (ANA, "/hand bid action:REA bid:0"),
            (GM, "/hand bid character:Brute action:REA bid:0"),  # a draw: Hand 2
        )
    )
    ante = app.handle("t", ANA, "/hand ante aspect:Body ante:STR").reply
    assert ante.text[0] == "Ada has committed (1 of 2). The pot holds 3 tokens."
    assert ante.data["pot"] == 3


def test_g2_a_bid_is_replaced_only_by_whoever_sealed_it() -> None:
    co = Person("co", "co")
    app = played(
        (
            *SETUP,
            (GM, "/game gm add user:co"),
            (GM, '/conflict start sides:"Ada | Brute"'),
            (ANA, "/hand ante aspect:Mind ante:WIL"),
            (GM, "/hand ante character:Brute aspect:Mind ante:KNO"),
            (co, "/hand bid character:Brute action:REA bid:1"),
        )
    )
    assert refused(app, GM, "/hand bid character:Brute action:REA bid:0") == (
        "Brute's commit was sealed by co; only they may seal it again. Their commit stands."
    )
    again = app.handle("t", co, "/hand bid character:Brute action:REA bid:0").reply
    assert again.private == (
        "Sealed for Brute (replacing the earlier one, unseen): REA card, bid 0.",
    )


def test_r41_a_bid_waits_for_one_won_token_said_in_the_singular() -> None:
    app = played(
        (
            *SETUP,
            (GM, '/conflict start sides:"Ada | Bo | Wisp" stakes:2'),
            (ANA, "/hand ante aspect:Body ante:REA"),
            (BEN, "/hand ante aspect:Body ante:STR"),
            (GM, "/hand ante character:Wisp aspect:Spirit ante:REA"),  # paid: Ada 2, Bo 1
        )
    )
    assert refused(app, BEN, "/hand bid action:STR bid:1") == (
        'Bo has 1 won token to put on Attributes first: /hand assign tokens:"REA 1" '
        "(won tokens go on before the bid)."
    )


def test_r42_a_wrong_action_card_is_told_every_attribute_with_a_token_left() -> None:
    app = played(
        (
            *SETUP,
            (GM, '/conflict start sides:"Ada | Brute"'),
            (ANA, "/hand ante aspect:Spirit ante:WIL"),  # WIL 1 left, PRE 0, INT 2
            (GM, "/hand ante character:Brute aspect:Body ante:AGI"),
        )
    )
    assert refused(app, ANA, "/hand bid action:STR bid:1") == (
        "action: must be an Attribute of Ada's Spirit card: WIL, INT."
    )
