"""Autocomplete at a NoDice table for the options that take a list (issue 32): the Actors of
``/conflict start sides:`` with ``|`` between sides, where won tokens go, where damage is
spread, and the Attributes of a sheet -- the same at the console and on Discord."""

from __future__ import annotations

from scenekeeper.adapters.suggest import Ask, suggestions
from scenekeeper.app import App
from scenekeeper.engine.state import Person
from tests.nodice.helpers import played

GM, ANA = Person("gm", "gm"), Person("ana", "ana")


def table(*more: tuple[Person, str]) -> App:
    return played(
        [
            (GM, '/game new system:nodice name:"Lists"'),
            (ANA, "/game join"),
            (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI - WIL 2 PRE 2"'),
            (GM, '/char new name:Brute gmc:true traits:"QUI 1 STR 2 FIT 1 AGI 1 WIL 1"'),
            (GM, '/char new name:"Bo Brave" gmc:true traits:"QUI 1 STR 2 FIT 1 AGI 1 WIL 1"'),
            *more,
        ]
    )


def offered(
    app: App, who: Person, command: str, option: str, current: str, **given: str
) -> list[str]:
    state = app.table("t").state
    ask = Ask(command, option, current, given, who.id, app.registry)
    return [str(value) for _, value in suggestions(state, ask)]


def test_sides_complete_the_last_actor_of_a_side() -> None:
    app = table()
    assert offered(app, GM, "conflict start", "sides", "") == ["Ada", "Brute", "Bo Brave"]
    assert offered(app, GM, "conflict start", "sides", "Ada | B") == [
        "Ada | Brute",
        "Ada | Bo Brave",
    ]
    assert offered(app, GM, "conflict start", "sides", "Ada | Brute, Bo") == [
        "Ada | Brute, Bo Brave"
    ]


def test_a_sheet_offers_its_next_attribute_with_its_av() -> None:
    app = table()
    offered_ada = offered(app, ANA, "char set", "trait", "REA 5, ")
    assert "REA 5, KNO 5" in offered_ada
    assert "REA 5, AGI -" in offered_ada
    assert not any(v.startswith("REA 5, REA") for v in offered_ada)
    assert offered(app, ANA, "char set", "trait", "wr") == ["wr 0"]
    assert offered(app, ANA, "char set", "trait", "w") == ["WIL 2", "wr 0"]


def test_won_tokens_and_damage_offer_the_attributes_with_whats_left() -> None:
    app = table(
        (GM, '/conflict start sides:"Ada | Brute"'),
        (ANA, "/hand ante aspect:Mind ante:REA"),
        (GM, "/hand ante character:Brute aspect:Body ante:STR"),
    )
    tokens = offered(app, ANA, "hand assign", "tokens", "")
    assert "QUI 2" in tokens
    assert "AGI 2" not in tokens  # a dash takes no tokens
    assert offered(app, ANA, "hand assign", "tokens", "QUI 1, ") == [
        f"QUI 1, {a} 1" for a in ("REA", "KNO", "STR", "FIT", "WIL", "PRE", "INT")
    ]
    assert offered(app, ANA, "hand assign", "tokens", "QUI 2, ") == []


def test_damage_offers_the_damaged_aspects_attributes_and_auto_to_a_gm() -> None:
    app = table(
        (GM, '/conflict start sides:"Ada | Brute"'),
        (ANA, "/hand ante aspect:Body ante:FIT"),
        (GM, "/hand ante character:Brute aspect:Mind ante:STR"),  # Mind beats Body: Brute paid
        (GM, '/hand assign character:Brute tokens:"QUI 2"'),
        (ANA, "/hand bid action:STR bid:0"),
        (GM, "/hand bid character:Brute action:QUI bid:3"),
    )
    points = offered(app, ANA, "hand spread", "points", "")
    assert points
    assert {p.split()[0] for p in points} == {"REA", "KNO", "QUI"}  # Mind damage, Ada's Mind
    assert "auto" not in points  # a player spreads by hand
    assert "auto" in offered(app, GM, "hand spread", "points", "", character="Ada")


def test_sides_complete_after_the_last_mark_however_it_is_spaced() -> None:
    app = table((GM, '/char new name:Xu gmc:true traits:"QUI 1 STR 2"'))
    assert offered(app, GM, "conflict start", "sides", "Ada | Br") == ["Ada | Brute"]
    assert offered(app, GM, "conflict start", "sides", "Ada, Brute, B") == ["Ada, Brute, Bo Brave"]
    assert offered(app, GM, "conflict start", "sides", "| B") == ["| Brute", "| Bo Brave"]
    assert offered(app, GM, "conflict start", "sides", "Ada |B") == []  # never "Ada |B Brute"
    # A name no Actor begins: any Actor whose name holds it.
    assert offered(app, GM, "conflict start", "sides", "rave") == ["Bo Brave"]
    assert offered(app, GM, "conflict start", "sides", "Ada | X") == ["Ada | Xu"]


def test_a_sheet_offers_what_is_typed_with_its_value_and_nothing_for_no_attribute() -> None:
    app = table()
    assert offered(app, ANA, "char set", "trait", "KNO 5") == ["KNO 5"]
    assert offered(app, ANA, "char set", "trait", "REA 5, X") == []
    assert offered(app, GM, "char new", "traits", "REA 4, K") == ["REA 4, KNO"]


def test_a_list_typed_without_commas_counts_every_item_already_given() -> None:
    """A bug the mutants found: "REA 5 KNO 6, " (read_traits takes a list with or without
    commas) offered KNO again, and "QUI 1 REA 1, " offered the tokens already given."""
    app = table()
    offered_ada = offered(app, ANA, "char set", "trait", "REA 5 KNO 6, ")
    assert offered_ada[0] == "REA 5 KNO 6, QUI 7"
    assert not any(v.startswith("REA 5 KNO 6, KNO") for v in offered_ada)
    assert "Reason 5, KNO 5" in offered(app, ANA, "char set", "trait", "Reason 5, ")
    assert not any(
        v.startswith("Reason 5, REA") for v in offered(app, ANA, "char set", "trait", "Reason 5, ")
    )
    app = table(
        (GM, '/conflict start sides:"Ada | Brute"'),
        (ANA, "/hand ante aspect:Mind ante:REA"),
        (GM, "/hand ante character:Brute aspect:Body ante:STR"),  # Ada wins 2 tokens
    )
    assert offered(app, ANA, "hand assign", "tokens", "QUI 1 ") == []  # no mark: one item
    assert offered(app, ANA, "hand assign", "tokens", "QUI 1 REA 1, ") == []
    assert offered(app, ANA, "hand assign", "tokens", "QUI 1, X") == []
    assert offered(app, ANA, "hand assign", "tokens", "qu") == ["QUI 2"]
    assert offered(app, ANA, "hand assign", "tokens", "QUI 2") == ["QUI 2"]


def test_damage_offers_only_attributes_with_a_token_and_names_auto_for_a_gm() -> None:
    app = table(
        (ANA, '/char new name:Cy traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 WIL 3 PRE 1"'),
        (GM, '/conflict start sides:"Cy | Brute"'),
        (ANA, "/hand ante character:Cy aspect:Mind ante:REA"),
        (GM, "/hand ante character:Brute aspect:Spirit ante:STR"),  # Spirit beats Mind
        (GM, '/hand assign character:Brute tokens:"WIL 2"'),
        (ANA, "/hand bid character:Cy action:QUI bid:0"),
        (GM, "/hand bid character:Brute action:WIL bid:3"),  # 1 Spirit damage to Cy
    )
    state = app.table("t").state
    ask = Ask("hand spread", "points", "", {"character": "Cy"}, GM.id, app.registry)
    assert [(str(label), str(value)) for label, value in suggestions(state, ask)] == [
        ("WIL 1", "WIL 1"),
        ("PRE 1", "PRE 1"),  # INT 0 takes no damage
        ("auto (highest AV first)", "auto"),
    ]
