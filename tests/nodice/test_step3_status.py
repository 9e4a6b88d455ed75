"""S9, §4: the public status names what Step 3 really waits for -- won tokens to assign before
a bid (R41) -- and the Jackpot carried; the R41 refusal's example fits the Actor."""

from __future__ import annotations

from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.engine.state import Person
from scenekeeper.store.memory import MemoryStore

GM, ANA, BO = Person("gm", "gm"), Person("ana", "ana"), Person("bo", "bo")


def test_step_3_status_names_the_tokens_to_assign() -> None:
    app = App(store=MemoryStore(), dice=SeededDice(7), registry=build_registry())
    for who, line in (
        (GM, "/game new system:nodice name:Status"),
        (ANA, "/game join"),
        (BO, "/game join"),
        (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2 INT 2"'),
        (BO, '/char new name:Bo traits:"REA -, KNO 2, QUI 2, STR 6, FIT 5, AGI 4, WIL 3"'),
        (GM, '/conflict start sides:"Ada | Bo"'),
        (ANA, "/hand ante aspect:Mind ante:QUI"),
        (BO, "/hand ante aspect:Body ante:STR"),  # Mind beats Body: Ada wins the pot of 2
    ):
        outcome = app.handle("t", who, line)
        assert outcome.ok, (line, outcome.error)
    shown = app.handle("t", BO, "/conflict show").reply.text
    assert "Won tokens to assign with /hand assign, before the bid: Ada 2." in shown
    board = "\n".join(app.handle("t", BO, "/board show").reply.text)
    assert "Ada to assign 2 won tokens with /hand assign, then seal with /hand bid" in board
    assert "Bo to seal with /hand bid" in board
    refused = app.handle("t", ANA, "/hand bid action:REA bid:1")
    assert refused.error == (
        'Ada has 2 won tokens to put on Attributes first: /hand assign tokens:"REA 2" '
        "(won tokens go on before the bid)."
    )
