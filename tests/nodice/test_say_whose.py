"""A GM who leaves out character: is told which command to say it with, and who is in the Hand
(a GM plays every NPC, so the Actor is never guessed)."""

from __future__ import annotations

from scenekeeper.engine.state import Person
from tests.nodice.helpers import played

GM, ANA = Person("gm", "gm"), Person("ana", "ana")


def test_each_hand_command_names_itself_when_it_asks_whose() -> None:
    app = played(
        [
            (GM, '/game new system:nodice name:"Whose"'),
            (ANA, "/game join"),
            (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2"'),
            (GM, '/char new name:Brute gmc:true traits:"QUI 1 STR 2 FIT 1 AGI 1 WIL 1"'),
            (GM, '/conflict start sides:"Ada | Brute"'),
        ]
    )
    for line in (
        "/hand ante aspect:Mind ante:QUI",
        "/hand bid action:QUI bid:1",
        '/hand assign tokens:"QUI 1"',
        "/hand fold",
    ):
        command = " ".join(line.split()[:2])
        assert app.handle("t", GM, line).error == (
            f"Say whose: {command} character:<name> (in this Hand: Ada, Brute)."
        ), line
