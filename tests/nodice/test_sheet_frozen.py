"""/char set and /char import share NoDice's rule for when a sheet may be written: not while
its Actor is in a Conflict (its stacks there are copies of the sheet, R27) -- for a player, a
co-GM and the GM alike -- and again once the Conflict ends."""

from __future__ import annotations

from scenekeeper.engine.commands import Attachment
from scenekeeper.engine.state import Person
from tests.nodice.helpers import played

GM, CO, ANA = Person("gm", "gm"), Person("co", "co"), Person("ana", "ana")
SHEET = b"name: Ada\navs: {REA: 1, KNO: 1, QUI: 1, STR: 9, FIT: 9, AGI: 9}\n"
REFUSED = "Ada is in the Conflict: write the sheet after /conflict end."


def file(_path: str) -> Attachment:
    return Attachment("ada.yaml", SHEET)


def test_a_sheet_is_not_imported_over_while_its_actor_is_in_a_conflict() -> None:
    app = played(
        [
            (GM, '/game new system:nodice name:"Frozen"'),
            (ANA, "/game join"),
            (CO, "/game join"),
            (GM, "/game gm add user:co"),
            (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2"'),
            (GM, '/char new name:Brute gmc:true traits:"QUI 1 STR 8 FIT 7 AGI 6 WIL 3"'),
            (GM, '/conflict start sides:"Ada | Brute"'),
        ]
    )
    before = app.table("t").seq
    for who in (ANA, CO, GM):
        written = app.handle("t", who, '/char set character:Ada trait:"STR 9"')
        imported = app.handle("t", who, "/char import file:ada.yaml", read_file=file)
        assert written.error == imported.error == REFUSED, (who, written.error, imported.error)
    assert app.table("t").seq == before
    assert app.handle("t", GM, "/conflict end").ok
    assert app.handle("t", ANA, "/char import file:ada.yaml", read_file=file).ok
    shown = app.handle("t", GM, "/char show character:Ada")
    assert "STR 9 FIT 9 AGI 9" in " ".join(shown.reply.text)


def test_avs_that_are_not_a_mapping_say_how_to_write_them() -> None:
    """Not "'avs' is not a sheet key. Did you mean avs:?": the key is right, its value not."""
    app = played([(GM, '/game new system:nodice name:"Files"'), (ANA, "/game join")])
    bad = app.handle(
        "t",
        ANA,
        "/char import file:ada.yaml",
        read_file=lambda _p: Attachment("ada.yaml", b"name: Ada\navs: zz\n"),
    )
    assert bad.error is not None
    assert "is not a sheet key" not in bad.error
    assert "the AVs by Attribute, like avs: {REA: 4, KNO: 5, AGI: -}, not 'zz'." in bad.error
