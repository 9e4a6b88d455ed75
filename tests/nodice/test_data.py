"""NoDice's JSON rows carry what the table is told as data (issue 32): each reveal, TD wins, the
pot paid, every pair's AD, Sweep, Showdown and damage, spreads, the seriously wounded,
eliminations and the end -- each public part only from its reveal on."""

from __future__ import annotations

import json
from typing import Any

from scenekeeper.engine.state import Person
from tests.nodice.helpers import played

GM, ANA = Person("gm", "gm"), Person("ana", "ana")


def table() -> Any:
    return played(
        [
            (GM, '/game new system:nodice name:"Data"'),
            (ANA, "/game join"),
            (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2"'),
            (GM, '/char new name:Brute gmc:true traits:"QUI 1 STR 2 FIT 1 AGI 1 WIL 1"'),
            (GM, '/conflict start sides:"Ada | Brute"'),
        ]
    )


def test_every_reveal_and_its_results_are_data_from_the_reveal_on() -> None:
    app = table()
    first = app.handle("t", ANA, "/hand ante aspect:Mind ante:REA")
    assert first.ok, first.error
    assert "ta_revealed" not in first.reply.data
    assert "Mind" not in json.dumps(first.reply.data)  # sealed until the reveal
    revealed = app.handle("t", GM, "/hand ante character:Brute aspect:Body ante:STR")
    step2 = revealed.reply.data["ta_revealed"]
    assert step2["cards"] == {"Ada": "Mind", "Brute": "Body"}
    assert step2["antes"] == {"Ada": "REA", "Brute": "STR"}
    assert step2["td_wins"] == {"Ada": 1, "Brute": 0}  # Mind beats Body
    assert step2["pot"] == 2
    assert step2["paid"] == {"Ada": 2}
    assert app.handle("t", ANA, '/hand assign tokens:"QUI 2"').ok
    bid = app.handle("t", ANA, "/hand bid action:QUI bid:5")
    assert "bids_revealed" not in bid.reply.data
    assert "QUI" not in json.dumps(bid.reply.data)
    shown = app.handle("t", GM, "/hand bid character:Brute action:FIT bid:1")
    step3 = shown.reply.data["bids_revealed"]
    assert step3["plays"]["Ada"] == {"card": "Mind", "action": "QUI", "bid": 5, "wildcard": False}
    (pair,) = step3["pairs"]
    assert pair["actors"] == ["Ada", "Brute"]
    assert pair["winner"] == "Ada"
    assert pair["showdown"][0] > pair["showdown"][1]
    assert pair["margin"] == pair["showdown"][0] - pair["showdown"][1]
    assert pair["damage"]["defender"] == "Brute"
    assert pair["damage"]["aspect"] == "Mind"
    spreads = shown.reply.data.get("spreads", [])
    closed = shown.reply.data.get("hand_closed")
    # Brute has one Mind Attribute with tokens: its spread is forced, it is wounded, and out.
    assert spreads
    assert spreads[0]["character"] == "Brute"
    assert spreads[0]["forced"] is True
    assert spreads[0]["seriously_wounded"] == ["QUI"]
    assert closed is not None
    assert "Brute" in closed["eliminated"]
    assert shown.reply.data["conflict_ended"] == {"standing": ["Ada"]}
