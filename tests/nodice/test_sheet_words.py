"""What a NoDice sheet command says when it cannot write (sheet, sheet_commands, sheet_schema):
each mistake in trait: said with what to write instead; /char show and /char set asked whose
or what; a sheet file's wrong kind or Attribute; an Actor in the Conflict kept as it is."""

from __future__ import annotations

from scenekeeper.app import App, Outcome
from scenekeeper.engine.commands import Attachment
from scenekeeper.engine.state import Person
from tests.nodice.helpers import played

GM, ANA = Person("gm", "gm"), Person("ana", "ana")


def table() -> App:
    return played(
        [
            (GM, '/game new system:nodice name:"Sheets"'),
            (ANA, "/game join"),
            (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2"'),
            (GM, '/char new name:Brute gmc:true traits:"QUI 1 STR 2 FIT 1 AGI 1 WIL 1"'),
        ]
    )


def imported(app: App, content: str) -> Outcome:
    return app.handle(
        "t",
        GM,
        "/char import file:crew.json",
        read_file=lambda _p: Attachment("crew.json", content.encode()),
    )


def test_each_mistake_in_trait_says_what_to_write() -> None:
    app = table()
    for typed, said in (
        ("xyz", "'xyz' is not a name and a value, like REA 4 or AGI -"),
        (",", 'give names and values, like "REA 4, KNO 5, AGI -, wr 1"'),
        ("REA 12345", "REA 12345 is far too large: values here are 0 to 99"),
        ("REA 1234", "an AV is 0 to 99, or - for an Attribute the Actor lacks"),
        ("wr -", "wr is a number, not a dash"),
        ("wr 10", "WR is 0 to 9"),
    ):
        assert app.handle("t", ANA, f'/char set trait:"{typed}"').error == f"trait: {said}.", typed
    assert app.handle("t", ANA, "/char set").error == (
        'Give trait:"REA 4, AGI -, wr 1", rank:<n>, or both.'
    )


def test_char_show_asks_whose_of_someone_playing_none_and_names_every_actor() -> None:
    app = table()
    assert app.handle("t", GM, "/char show").error == "Say whose: /char show character:<name>."
    assert app.handle("t", GM, "/char show character:Zed").error == (
        "There is no Actor called Zed (Actors: Ada, Brute)."
    )


def test_a_sheet_files_wrong_kind_or_attribute_is_said_where_it_is() -> None:
    app = table()
    assert imported(app, '{"name": "Zed", "kind": "npc"}').error == (
        "crew.json: Zed: kind: kind is pc or gmc, not npc."
    )
    assert imported(app, '{"name": "Zed", "avs": {"XYZ": 2}}').error == (
        "crew.json: Zed: avs: XYZ: not an Attribute; they are REA, KNO, QUI, STR, FIT, AGI, "
        "WIL, PRE, INT."
    )
    # A dash or nothing is an Attribute the Actor lacks.
    assert imported(app, '{"name": "Zed", "avs": {"REA": "-", "KNO": null, "QUI": 3}}').ok
    assert (
        app.handle("t", GM, "/char show character:Zed")
        .reply.text[1]
        .startswith("Mind: REA - KNO - QUI 3 (TS 1); Body: STR 0 FIT 0 AGI 0 (TS 0);")
    )


def test_an_actor_in_the_conflict_is_neither_deleted_nor_imported_over() -> None:
    app = played([(GM, '/conflict start sides:"Ada | Brute"')], table())
    assert app.handle("t", GM, "/char delete character:Brute").error == (
        "Brute is in the Conflict: delete them after /conflict end."
    )
    assert imported(app, '{"name": "Brute", "avs": {"REA": 2}}').error == (
        "Brute is in the Conflict: write the sheet after /conflict end."
    )
    played([(GM, "/conflict end")], app)
    assert app.handle("t", GM, "/char delete character:Brute").ok
