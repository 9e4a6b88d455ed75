"""R22, G10: a Rank is the GM's -- a PC's too. Its player reads it neither in /char show nor in
/history, not even after importing their own sheet over a Rank a GM set."""

from __future__ import annotations

from scenekeeper.engine.commands import Attachment
from scenekeeper.engine.state import Person
from tests.nodice.helpers import played

GM, ANA = Person("gm", "gm"), Person("ana", "ana")
SHEET = (
    b"name: Ada\navs: {REA: 4, KNO: 5, QUI: 7, STR: 3, FIT: 3, AGI: 3, WIL: 2, PRE: 2, INT: 2}\n"
)


def test_a_pcs_rank_is_read_by_gms_only() -> None:
    app = played(
        [
            (GM, '/game new system:nodice name:"Ranks"'),
            (ANA, "/game join"),
            (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2"'),
            (GM, "/char set character:Ada rank:17"),
        ]
    )
    imported = app.handle(
        "t", ANA, "/char import file:ada.yaml", read_file=lambda _p: Attachment("ada.yaml", SHEET)
    )
    assert imported.ok, imported.error
    for line in ("/char show", "/history count:5", "/game log"):
        said = app.handle("t", ANA, line)
        assert said.ok, said.error
        everything = " ".join((*said.reply.text, *said.reply.private, str(said.reply.data)))
        assert "17" not in everything, (line, everything)
    shown = app.handle("t", GM, "/char show character:Ada")
    assert shown.reply.private == ("Rank 17.",)
