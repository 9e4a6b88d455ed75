"""The Hand panel (view.panel): what each step of a Hand offers, as a person sees it -- each
button's words, its command and look, and each field its form asks (label, hint, example,
whether it may be left blank, the entries of a select). A command that does not move the Hand
offers no panel."""

from __future__ import annotations

from typing import Any

from scenekeeper.app import App
from scenekeeper.engine.controls import Control
from scenekeeper.engine.offered import display_of
from scenekeeper.engine.state import Person
from tests.nodice.helpers import played

GM, ANA = Person("gm", "gm"), Person("ana", "ana")
ATTRIBUTES = ("REA", "KNO", "QUI", "STR", "FIT", "AGI", "WIL", "PRE", "INT")
ATTRIBUTE_CHOICES = tuple(
    (f"{a} ({aspect})", a)
    for aspect, three in (
        ("Mind", ATTRIBUTES[:3]),
        ("Body", ATTRIBUTES[3:6]),
        ("Spirit", ATTRIBUTES[6:]),
    )
    for a in three
)
WHO = ("character", "Actor (blank: the one you play)", "", "", False, 60, ())
SHOW = ("My commit / the Hand", "conflict show", "secondary", 1, "", ())
YES_NO = (("No", "false"), ("Yes", "true"))


def table(*more: tuple[Person, str]) -> App:
    return played(
        [
            (GM, '/game new system:nodice name:"Panel"'),
            (ANA, "/game join"),
            (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI - WIL 2 PRE 2"'),
            (GM, '/char new name:Brute gmc:true traits:"QUI 1 STR 2 FIT 1 AGI 1 WIL 1"'),
            (GM, '/conflict start sides:"Ada | Brute"'),
            *more,
        ]
    )


def panel(app: App) -> list[tuple[Any, ...]]:
    """The newest command's controls (the shell's Undo left out), each as a person meets it."""
    table_now = app.table("t")
    controls = display_of(table_now, table_now.window[-1].seq).controls
    return [_seen(c) for c in controls if c.command != "undo"]


def _seen(control: Control) -> tuple[Any, ...]:
    asks = tuple(
        (
            a.name,
            a.label,
            a.hint,
            a.placeholder,
            a.required,
            a.max_length,
            tuple((c.label, c.value) for c in a.choices),
        )
        for a in control.form
    )
    return (control.label, control.command, control.style, control.row, control.form_title, asks)


def test_step_2_offers_the_commit_of_a_card_and_ante_the_fold_and_the_hand() -> None:
    cards = (("Mind", "Mind"), ("Body", "Body"), ("Spirit", "Spirit"))
    assert panel(table()) == [
        (
            "Commit: TA card and ante",
            "hand ante",
            "primary",
            None,
            "Seal your TA card and ante",
            (
                ("aspect", "TA card", "Mind, Body or Spirit", "Mind", True, 100, cards),
                (
                    "ante",
                    "Ante from",
                    "an Attribute with a token",
                    "QUI",
                    True,
                    100,
                    ATTRIBUTE_CHOICES,
                ),
                WHO,
            ),
        ),
        ("Fold (retreat)", "hand fold", "danger", None, "", ()),
        SHOW,
    ]


BID = (
    "Commit: Action card and bid",
    "hand bid",
    "primary",
    None,
    "Seal your Action card and bid",
    (
        (
            "action",
            "Action card",
            "an Attribute of your TA card",
            "QUI",
            True,
            100,
            ATTRIBUTE_CHOICES,
        ),
        ("bid", "Bid", "0 to that Attribute's AV", "3", True, 3, ()),
        ("wildcard", "Wildcard", "", "", False, 100, YES_NO),
        ("face_up", "Face up", "", "", False, 100, YES_NO),
        WHO,
    ),
)


def test_step_3_offers_the_bid_and_while_tokens_are_won_their_assignment() -> None:
    won = table(
        (ANA, "/hand ante aspect:Mind ante:REA"),
        (GM, "/hand ante character:Brute aspect:Body ante:STR"),  # Mind beats Body: Ada wins
    )
    assert panel(won) == [
        BID,
        (
            "Assign won tokens",
            "hand assign",
            "secondary",
            None,
            "Put your won tokens on Attributes",
            (("tokens", "Tokens", "like QUI 1, REA 1", "QUI 1", True, 100, ()), WHO),
        ),
        SHOW,
    ]
    tied = table(
        (ANA, "/hand ante aspect:Mind ante:REA"),
        (GM, "/hand ante character:Brute aspect:Mind ante:STR"),  # the same card: nobody wins
    )
    assert panel(tied) == [BID, SHOW]


def test_step_5_offers_the_spread_of_damage() -> None:
    app = table(
        (ANA, "/hand ante aspect:Body ante:FIT"),
        (GM, "/hand ante character:Brute aspect:Mind ante:STR"),  # Mind beats Body: Brute paid
        (GM, '/hand assign character:Brute tokens:"QUI 2"'),
        (ANA, "/hand bid action:STR bid:0"),
        (GM, "/hand bid character:Brute action:QUI bid:3"),  # Ada owes Mind damage to spread
    )
    assert panel(app) == [
        (
            "Spread damage",
            "hand spread",
            "primary",
            None,
            "Spread the damage you took",
            (
                ("points", "Damage", "like REA 2, QUI 1 (GMs: auto)", "REA 1", True, 100, ()),
                WHO,
            ),
        ),
        SHOW,
    ]


def test_a_command_that_does_not_move_the_hand_offers_no_panel() -> None:
    app = table((GM, "/mods set mod:engage enabled:true"))
    assert panel(app) == []


def test_the_hand_panel_is_the_tables_standing_one_that_an_undo_offers_again() -> None:
    """Display.panel: the Hand's controls stand for the table as it is (an undo or redo's
    reply offers them again), not for the one result they came with."""
    app = table((ANA, "/hand ante aspect:Body ante:FIT"))
    table_now = app.table("t")
    assert display_of(table_now, table_now.window[-1].seq).panel is True
