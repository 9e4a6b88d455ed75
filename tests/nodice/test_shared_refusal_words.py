"""What a shared screen shows of each refused ante and bid (G7): the reason when it names no
sealed value -- the open step, an option the sheet already shows, a rule -- a shorter reason
where the full one would name the card or the bid, and nothing of a refusal an Extension made."""

from __future__ import annotations

from collections.abc import Mapping

from scenekeeper.adapters.console.render import as_text
from scenekeeper.app import App
from scenekeeper.engine.state import Person
from scenekeeper.systems.nodice.contract import Extension, extended
from tests.nodice.helpers import played
from tests.nodice.test_kept import ANA, GM, SETUP


def screen(app: App, who: Person, line: str) -> list[str]:
    """The lines a screen everyone reads shows of a refused line."""
    outcome = app.handle("t", who, line)
    assert not outcome.ok, line
    return as_text(outcome, who.id, None)


def test_g7_a_refused_ante_says_on_the_shared_screen_only_what_names_no_sealed_value() -> None:
    app = played((*SETUP, (GM, '/conflict start sides:"Ada | Brute, Wisp"')))
    assert screen(app, ANA, "/hand ante aspect:Heart ante:QUI") == [
        "error: aspect: is your TA card: Mind, Body or Spirit."
    ]
    assert screen(app, ANA, "/hand ante aspect:Mind ante:PRE") == [
        "error: ante: is an Attribute of Ada with a token (AV 1 or more): REA KNO QUI STR FIT "
        "AGI WIL INT. If you will not ante, /hand fold retreats."
    ]
    assert screen(app, GM, "/hand ante character:Wisp aspect:Mind ante:FIT") == [
        "error: ante: is an Attribute of Wisp with a token (AV 1 or more): REA KNO QUI STR WIL "
        "PRE. If you will not ante, /hand fold retreats."
    ]
    # The full reason names the card and the ante; the table reads that there is none to bid.
    assert screen(app, GM, "/hand ante character:Wisp aspect:Body ante:STR") == [
        "error: That card and ante leave Wisp no Attribute to bid from in Step 3: choose another "
        "card or ante."
    ]

    def no_kno(actor: str, values: Mapping[str, object]) -> str | None:
        return "the Oath forbids it" if "KNO" in values.values() else None

    with extended(Extension("Oath", {"commit": no_kno})):
        assert screen(app, ANA, "/hand ante aspect:Mind ante:KNO") == [
            "error: refused; the reason may name a sealed choice, so only ana reads it."
        ]


def test_g7_a_refused_bid_says_on_the_shared_screen_only_what_names_no_sealed_value() -> None:
    app = played(
        (
            *SETUP,
            (GM, '/conflict start sides:"Ada | Brute, Wisp"'),
            (ANA, "/hand ante aspect:Spirit ante:WIL"),
            (GM, "/hand ante character:Brute aspect:Body ante:AGI"),
            (GM, "/hand ante character:Wisp aspect:Body ante:REA"),  # paid: Brute 2, Wisp 1
        )
    )
    assert screen(app, GM, "/hand bid character:Wisp action:FIT bid:0") == [
        'error: Wisp has 1 won token to put on Attributes first: /hand assign tokens:"REA 1" '
        "(won tokens go on before the bid)."
    ]
    played(((GM, '/hand assign character:Wisp tokens:"STR 1"'),), app)
    assert screen(app, ANA, "/hand bid action:STR bid:1") == [
        "error: action: must be an Attribute of Ada's Spirit card: WIL, INT."
    ]
    # The sealer reads which Attribute it was; the table only that it takes no card.
    assert screen(app, ANA, "/hand bid action:PRE bid:0") == [
        "error: That Attribute takes no Action card (a dash or an AV of 0)."
    ]
    assert app.handle("t", ANA, "/hand bid action:PRE bid:0").error == (
        "Ada's PRE is 0: no Action card on it (a dash or an AV of 0); play WIL, INT."
    )
    assert app.handle("t", GM, "/hand bid character:Wisp action:FIT bid:0").error == (
        "Wisp's FIT is a dash: no Action card on it (a dash or an AV of 0); play STR."
    )
    assert screen(app, ANA, "/hand bid action:INT bid:9") == [
        "error: A bid is 0 to its Attribute's AV; a Wildcard adds 1 beyond."
    ]
    assert screen(app, GM, "/hand bid character:Wisp action:STR bid:0 wildcard:true") == [
        "error: NPCs have no Wildcards (the npc-wildcards mod is off): leave out wildcard:."
    ]


def test_a_refused_right_is_said_to_the_table_even_on_a_sealed_line() -> None:
    # Who may type a line names no card or ante, so the shared screen says it in full.
    app = played((*SETUP, (GM, '/conflict start sides:"Ada | Brute, Wisp"')))
    zed = Person("zed", "zed")
    assert screen(app, zed, "/hand ante aspect:Mind ante:FIT") == [
        "error: You are not at this table yet, zed: type /game join, then /hand ante."
    ]
