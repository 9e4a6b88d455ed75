"""Autocomplete at a NoDice table reads whose Actor it is about: the Actor named (as people
write names), or the one the asker plays -- never a guess among several, nor anyone's when the
name fits none or several; and nothing of a Hand before a Conflict runs."""

from __future__ import annotations

from scenekeeper.adapters.suggest import Ask, suggestions
from scenekeeper.app import App
from scenekeeper.engine.state import Person
from tests.nodice.test_suggest_lists import ANA, GM, offered, table

BEN = Person("ben", "ben")
START = (GM, '/conflict start sides:"Ada | Brute, Bo Brave"')


def shown(app: App, who: Person, command: str, option: str, **given: str) -> list[tuple[str, str]]:
    """What a person picks from: each suggestion's words and the value it puts in."""
    state = app.table("t").state
    ask = Ask(command, option, "", given, who.id, app.registry)
    return [(str(label), str(value)) for label, value in suggestions(state, ask)]


def test_a_sheet_offers_the_named_actors_values_or_bare_names_to_someone_playing_none() -> None:
    app = table()
    assert offered(app, GM, "char set", "trait", "", character="Brute") == [
        "REA 0", "KNO 0", "QUI 1", "STR 2", "FIT 1", "AGI 1", "WIL 1", "PRE 0", "INT 0", "wr 0"
    ]  # fmt: skip
    assert offered(app, GM, "char set", "trait", "QUI 2, st", character="brute") == ["QUI 2, STR 2"]
    assert offered(app, GM, "char set", "trait", "") == [
        "REA", "KNO", "QUI", "STR", "FIT", "AGI", "WIL", "PRE", "INT", "wr"
    ]  # fmt: skip
    assert offered(app, ANA, "char set", "trait", "kno") == ["KNO 5"]


def test_an_ante_offers_the_attributes_with_a_token_of_the_actor_meant() -> None:
    app = table(START)
    brute = [("QUI (1)", "QUI"), ("STR (2)", "STR"), ("FIT (1)", "FIT"), ("AGI (1)", "AGI")]
    assert shown(app, GM, "hand ante", "ante", character="Brute") == [*brute, ("WIL (1)", "WIL")]
    assert shown(app, ANA, "hand ante", "ante") == [
        ("REA (4)", "REA"), ("KNO (5)", "KNO"), ("QUI (7)", "QUI"), ("STR (3)", "STR"),
        ("FIT (3)", "FIT"), ("WIL (2)", "WIL"), ("PRE (2)", "PRE"),
    ]  # fmt: skip
    # A name that fits several, or none; a GM who plays no PC; someone who plays nobody.
    assert shown(app, GM, "hand ante", "ante", character="B") == []
    assert shown(app, GM, "hand ante", "ante", character="Zed") == []
    assert shown(app, GM, "hand ante", "ante") == []
    assert shown(app, BEN, "hand ante", "ante") == []
    assert shown(app, GM, "hand ante", "aspect") == [
        ("Mind", "Mind"), ("Body", "Body"), ("Spirit", "Spirit")
    ]  # fmt: skip


def test_nothing_of_a_hand_is_offered_before_a_conflict_runs() -> None:
    app = table()
    for command, option in (
        ("hand ante", "aspect"),
        ("hand ante", "ante"),
        ("hand bid", "action"),
        ("hand assign", "tokens"),
        ("hand spread", "points"),
    ):
        assert shown(app, ANA, command, option) == [], option
    assert offered(app, GM, "conflict start", "sides", "Ada, Brute |") == ["Ada, Brute | Bo Brave"]


def test_a_player_with_two_actors_in_the_conflict_is_offered_nothing_until_one_is_named() -> None:
    abe = '/char new name:Abe traits:"REA 1 QUI 2 STR 1 WIL 1"'
    app = table((ANA, abe), (GM, '/conflict start sides:"Ada, Abe | Brute"'))
    assert shown(app, ANA, "hand ante", "ante") == []
    assert shown(app, ANA, "hand ante", "ante", character="Abe") == [
        ("REA (1)", "REA"),
        ("QUI (2)", "QUI"),
        ("STR (1)", "STR"),
        ("WIL (1)", "WIL"),
    ]
