"""/char new, set and show at a NoDice table (sheet_commands) as the table reads them: who an
Actor is made for and what it is, what each command says back, who may set a Rank or give an NPC
a WR, and the data /char show answers with."""

from __future__ import annotations

from scenekeeper.app import App
from scenekeeper.engine.state import Person
from tests.nodice.helpers import played
from tests.nodice.test_sheet_words import ANA, GM, table

SET_HOW = 'Write the sheet with /char set character:"{0}" trait:"REA 4, KNO 5, QUI 7, AGI -, wr 1".'


def said(app: App, who: Person, line: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    outcome = app.handle("t", who, line)
    assert outcome.ok, (line, outcome.error)
    return outcome.reply.text, outcome.reply.private


def test_char_new_says_what_it_made_and_for_whom() -> None:
    app = table()
    assert said(app, ANA, "/char new name:Bare") == (
        ("Character Bare is ready, played by ana.", SET_HOW.format("Bare")),
        (),
    )
    # A GM's new Actor with no player is an NPC, gmc: or not.
    assert said(app, GM, "/char new name:Ogre")[0] == ("NPC Ogre is ready.", SET_HOW.format("Ogre"))
    assert said(app, GM, "/char new name:Pip owner:ana")[0][0] == (
        "Character Pip is ready, played by ana."
    )
    assert app.handle("t", GM, "/char show character:Pip").reply.text[0] == "Pip, played by ana."
    assert said(app, GM, "/char new name:Boss gmc:true rank:5") == (
        ("NPC Boss is ready.", "Boss: Mind: REA 0 KNO 0 QUI 0 (TS 0); Body: STR 0 FIT 0 AGI 0 "
         "(TS 0); Spirit: WIL 0 PRE 0 INT 0 (TS 0); TTS 0."),
        ("Boss's Rank is 5 (GMs only).",),
    )  # fmt: skip
    assert app.handle("t", ANA, '/char new name:Cy traits:"Luck 3"').error == (
        "traits: 'Luck' is not an Attribute (REA KNO QUI, STR FIT AGI, WIL PRE INT) or wr."
    )


def test_only_a_gm_sets_a_rank_and_an_npc_has_a_wr_only_with_npc_wildcards() -> None:
    app = table()
    rank_refused = "Only a GM sets a Rank; leave out rank:."
    assert app.handle("t", ANA, "/char new name:Cy rank:3").error == rank_refused
    assert app.handle("t", ANA, "/char set rank:3").error == rank_refused
    npc_wr = "NPCs have WR 0 (Wildcards are for PCs); a GM may switch on npc-wildcards with /mods."
    assert app.handle("t", GM, '/char new name:Ogre gmc:true traits:"wr 1"').error == npc_wr
    assert app.handle("t", GM, '/char set character:Brute trait:"wr 1"').error == npc_wr
    played([(GM, "/mods set mod:npc-wildcards enabled:true")], app)
    assert app.handle("t", GM, '/char new name:Ogre gmc:true traits:"wr 1"').ok
    assert said(app, GM, '/char set character:Brute trait:"wr 1"')[0][0].endswith("TTS 3. WR 1.")


def test_char_set_says_the_sheet_as_written() -> None:
    app = table()
    assert said(app, ANA, '/char set trait:"REA 5"') == (
        ("Ada: Mind: REA 5 KNO 5 QUI 7 (TS 5); Body: STR 3 FIT 3 AGI 3 (TS 3); Spirit: WIL 2 "
         "PRE 0 INT 0 (TS 1); TTS 9.",),
        (),
    )  # fmt: skip
    assert said(app, ANA, '/char set trait:"wr 2"')[0] == (
        "Ada: Mind: REA 5 KNO 5 QUI 7 (TS 5); Body: STR 3 FIT 3 AGI 3 (TS 3); Spirit: WIL 2 "
        "PRE 0 INT 0 (TS 1); TTS 9. WR 2.",
    )
    assert said(app, GM, "/char set character:Brute rank:3") == (
        ("Brute's sheet is written.",),
        ("Brute's Rank is 3 (GMs only).",),
    )
    text, private = said(app, GM, '/char set character:Brute trait:"QUI 2" rank:4')
    assert text[0].startswith("Brute: Mind: REA 0 KNO 0 QUI 2 (TS 1);")
    assert private == ("Brute's Rank is 4 (GMs only).",)


def test_char_show_answers_the_public_sheet_as_data_and_names_the_actors_it_could_be() -> None:
    app = table()
    shown = app.handle("t", ANA, "/char show").reply
    assert shown.data == {
        "name": "Ada",
        "avs": {
            "REA": 4, "KNO": 5, "QUI": 7, "STR": 3, "FIT": 3, "AGI": 3, "WIL": 2, "PRE": 0,
            "INT": 0,
        },
        "wr": 0,
    }  # fmt: skip
    assert shown.text[0] == "Ada, played by ana."
    played([(GM, '/char new name:Bo gmc:true traits:"QUI 1"')], app)
    assert app.handle("t", ANA, "/char show character:B").error == (
        "B could be the Actor Brute or Bo; type more of the name."
    )
    empty = played([(GM, '/game new system:nodice name:"Empty"')])
    assert empty.handle("t", GM, "/char show character:Zed").error == (
        "There is no Actor called Zed (Actors: none)."
    )
