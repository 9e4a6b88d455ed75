"""A NoDice sheet file (sheet_schema, docs/nodice-sheets.md) as /char import reads it: each key
at its bounds, an Attribute at the top or under avs:, a file's AVs joining an Actor's sheet,
what a GM's file says of an NPC, and each mistake said where it is."""

from __future__ import annotations

from scenekeeper.app import App
from scenekeeper.engine.state import Person
from tests.nodice.helpers import played
from tests.nodice.test_sheet_words import GM, imported, table


def shown(app: App, name: str) -> tuple[str, ...]:
    """/char show of ``name`` as a GM reads it: the public lines, then the Rank."""
    reply = app.handle("t", GM, f"/char show character:{name}").reply
    return (*reply.text, *reply.private)


def test_every_key_takes_its_lowest_and_highest_value() -> None:
    app = table()
    file = (
        '{"name": "Zed", "REA": 3, "kind": "pc", "rank": 1, "wr": 0, "avs": {"KNO": 0, "QUI": 99}}'
    )
    assert imported(app, file).reply.text == ("Imported Zed from crew.json.",)
    assert shown(app, "Zed") == (
        "Zed, an NPC.",
        "Mind: REA 3 KNO 0 QUI 99 (TS 34); Body: STR 0 FIT 0 AGI 0 (TS 0); Spirit: WIL 0 PRE 0 "
        "INT 0 (TS 0); TTS 34.",
        "WR 0.",
        "Rank 1.",
    )
    file = '{"name": "Yan", "kind": "gmc", "rank": 99, "wr": 9, "STR": 2, "QUI": 1}'
    assert imported(app, file).ok
    assert shown(app, "Yan") == (
        "Yan, an NPC.",
        "Mind: REA 0 KNO 0 QUI 1 (TS 1); Body: STR 2 FIT 0 AGI 0 (TS 1); Spirit: WIL 0 PRE 0 "
        "INT 0 (TS 0); TTS 2.",
        "WR 9.",
        "Rank 99.",
    )


def test_a_files_kind_decides_whether_its_wr_is_wildcards() -> None:
    """R11: a PC's WR is its Wildcards in a Conflict; an NPC's is not (npc-wildcards off)."""
    app = table()
    assert imported(app, '{"name": "Pia", "kind": "pc", "wr": 2, "QUI": 3, "STR": 1, "WIL": 1}').ok
    assert imported(app, '{"name": "Yan", "kind": "gmc", "wr": 2, "QUI": 3, "STR": 1, "WIL": 1}').ok
    app = played([(GM, '/conflict start sides:"Pia, Yan | Brute"')], app)
    show = app.handle("t", GM, "/conflict show").reply.text
    assert "Pia: REA 0 KNO 0 QUI 3; STR 1 FIT 0 AGI 0; WIL 1 PRE 0 INT 0; Wildcards 2." in show
    assert "Yan: REA 0 KNO 0 QUI 3; STR 1 FIT 0 AGI 0; WIL 1 PRE 0 INT 0." in show


def test_a_files_avs_join_the_sheet_it_updates() -> None:
    app = table()
    updated = imported(app, '{"name": "Ada", "avs": {"REA": 6}, "wr": 2}')
    assert updated.reply.text == ("Updated Ada from crew.json: avs, wr.",)
    assert shown(app, "Ada")[1:3] == (
        "Mind: REA 6 KNO 5 QUI 7 (TS 6); Body: STR 3 FIT 3 AGI 3 (TS 3); Spirit: WIL 2 PRE 0 "
        "INT 0 (TS 1); TTS 10.",
        "WR 2.",
    )


def test_each_mistake_in_a_file_is_said_where_it_is() -> None:
    app = table()
    for content, said in (
        ("[1, 2]", "crew.json: sheet 1: a sheet is a set of keys (name:, avs: ...), not a list."),
        (
            '{"name": "Zed", "luck": 3}',
            "crew.json: Zed: 'luck' is not a sheet key. Keys: name, kind, rank, wr, avs, REA, KNO, "
            "QUI, STR, FIT, AGI, WIL, PRE, INT.",
        ),
        (
            '{"name": "Zed", "avs": "' + "x" * 30 + '"}',
            "crew.json: Zed: avs: the AVs by Attribute, like avs: {REA: 4, KNO: 5, AGI: -}, not "
            f"'{'x' * 20}'.",
        ),
        ('{"name": "Xi", "wr": 10}', "crew.json: Xi: wr: a whole number from 0 to 9, not 10."),
        ('{"name": "Xi", "rank": 0}', "crew.json: Xi: rank: a whole number from 1 to 99, not 0."),
        ('{"name": "Xi", "REA": 100}', "crew.json: Xi: REA: a whole number from 0 to 99, not 100."),
        (
            '{"name": "Xi", "REA": true}',
            "crew.json: Xi: REA: a whole number from 0 to 99, not True.",
        ),
    ):
        assert imported(app, content).error == said, content
    deep = imported(app, "[" * 60 + "]" * 60).error
    assert deep is not None
    assert deep.endswith("write it as docs/nodice-sheets.md shows.")


def test_a_sheet_takes_each_value_at_its_bounds_and_semicolons_between() -> None:
    app = table()
    ana = Person("ana", "ana")
    assert app.handle("t", ana, '/char set trait:"REA 0; KNO 99; wr 9"').ok
    assert app.handle("t", ana, '/char set trait:"wr 0"').ok
    assert app.handle("t", GM, "/char set character:Brute rank:1").ok
    assert app.handle("t", GM, "/char set character:Brute rank:99").ok
    assert shown(app, "Ada")[1:] == (
        "Mind: REA 0 KNO 99 QUI 7 (TS 35); Body: STR 3 FIT 3 AGI 3 (TS 3); Spirit: WIL 2 PRE 0 "
        "INT 0 (TS 1); TTS 39.",
        "WR 0.",
        "Rank 1.",
    )
    assert shown(app, "Brute")[-1] == "Rank 99."
    assert app.handle("t", ana, '/char set trait:"rank 3"').error == (
        "trait: a Rank is GM-only: give it with rank:<n>, which stays sealed."
    )
