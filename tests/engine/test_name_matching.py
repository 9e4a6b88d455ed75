"""One rule for every name a person types (engine.names.resolve, issue 32): the name exactly,
then case- and accent-free, then a unique beginning (or a word: a first or last name); an
ambiguous one lists the choices; a command that deletes, ends, removes or hands over something
takes no beginning and offers the whole name. An earlier version's recorded command resolves
its names as that version did (upgrade ``one-name-rule``)."""

from __future__ import annotations

import pytest

from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.names import bare, matched_as_before, resolve
from tests.engine.test_transfer import export, import_into
from tests.support import TableDriver

NAMES = ("Bo Brave", "Thug", "Thane", "Zoë Vale", "Mara Voss")


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("Thug", "Thug"),  # exact
        ("thug", "Thug"),  # case
        ("ＴＨＵＧ", "Thug"),  # width
        ("Zoe Vale", "Zoë Vale"),  # accents
        ("zoë vale", "Zoë Vale"),
        ("Bo", "Bo Brave"),  # a unique beginning
        ("zoe", "Zoë Vale"),  # a beginning, accent-free
        ("Voss", "Mara Voss"),  # a word of it (a last name)
        ("Nobody", None),
        ("   ", None),
    ],
)
def test_a_typed_name_finds_the_one_it_means(typed: str, meant: str | None) -> None:
    assert resolve(NAMES, typed) == meant


def test_an_ambiguous_beginning_lists_the_names_it_could_be() -> None:
    with pytest.raises(Refusal) as refused:
        resolve(NAMES, "Th", "Actor")
    assert str(refused.value) == "Th could be the Actor Thug or Thane; type more of the name."


def test_two_names_that_differ_only_by_accents_are_told_apart_only_when_typed_so() -> None:
    names = ("Zoë", "Zoé", "Zoe")
    assert resolve(names, "Zoë") == "Zoë"
    assert resolve(names, "zoe") == "Zoe"  # case-free before accent-free
    with pytest.raises(Refusal, match="could be the character Zoë or Zoé"):
        resolve(("Zoë", "Zoé"), "Zoe")


def test_an_exact_name_beats_a_longer_one_it_begins() -> None:
    assert resolve(("Bo", "Bo Brave"), "bo") == "Bo"
    assert resolve(("Zoë", "Zoey"), "Zoe") == "Zoë"  # accent-free whole name before a beginning


def test_a_command_that_takes_something_away_needs_the_whole_name() -> None:
    with pytest.raises(Refusal) as refused:
        resolve(NAMES, "T", whole="char delete")
    assert str(refused.value) == (
        "Did you mean character:Thug or character:Thane? /char delete needs the whole name."
    )
    with pytest.raises(Refusal) as refused:
        resolve(NAMES, "Bo", whole="char delete")
    assert str(refused.value) == (
        'Did you mean character:"Bo Brave"? /char delete needs the whole name.'
    )
    with pytest.raises(Refusal, match=r"name:\"Mara Voss\"\? /asset remove"):
        resolve(NAMES, "Voss", "asset", whole="asset remove", option="name")
    # Case and accents are not a beginning: they still find it.
    assert resolve(NAMES, "THUG", whole="char delete") == "Thug"
    assert resolve(NAMES, "zoe vale", whole="char delete") == "Zoë Vale"
    assert resolve(NAMES, "Nobody", whole="char delete") is None


def test_before_the_one_rule_names_resolve_as_they_did() -> None:
    with matched_as_before(True):
        assert resolve(("Thug", "Bo"), "T", whole="char delete") == "Thug"
        assert resolve(("Zoë", "Zoey"), "Zoe") == "Zoey"  # accents kept: a beginning of Zoey
        assert resolve(("Émile", "Emma"), "Em") == "Emma"
        assert resolve(("Zoë Vale",), "Zoe Vale") is None
    assert resolve(("Zoë", "Zoey"), "Zoe") == "Zoë"
    with pytest.raises(Refusal):
        resolve(("Émile", "Emma"), "Em")


def test_bare_drops_accents_case_and_width() -> None:
    assert bare("Zoë Ñúñez") == "zoe nunez"
    assert bare("ＡＤＡ") == "ada"


def _table() -> TableDriver:
    driver = TableDriver()
    driver.do('/game new system:cortex name:"Names"')
    driver.do("/char new name:Thug gmc:true")
    driver.do('/char new name:"Bo Brave" gmc:true')
    return driver


def test_a_delete_by_a_beginning_is_refused_and_leaves_the_table_as_it_was() -> None:
    driver = _table()
    before = driver.do("/game show").reply.text
    assert driver.refused("/char delete character:T") == (
        "Did you mean character:Thug? /char delete needs the whole name."
    )
    assert driver.do("/game show").reply.text == before
    assert "Thug is deleted" in driver.do("/char delete character:thug").reply.text[0]


def test_an_earlier_versions_delete_by_a_beginning_still_imports() -> None:
    """An earlier version deleted Thug for ``character:T``; its export holds that line, and
    the import decides it again as that version did, saying so."""
    driver = _table()
    driver.do("/char delete character:Thug")
    doc = export(driver)
    delete = next(e for e in doc["events"] if e["command"].startswith("/char delete"))
    delete["command"] = "/char delete character:T"
    outcome = import_into(TableDriver(), "fresh", doc)
    said = " ".join(outcome.reply.text)
    assert outcome.ok, outcome.error
    assert "one-name-rule" in said
    # One that no version decided so is still refused: "B" never meant Thug.
    delete["command"] = "/char delete character:B"
    outcome = import_into(TableDriver(), "fresh", doc)
    assert not outcome.ok


def test_an_earlier_line_that_meant_another_name_keeps_its_meaning() -> None:
    """Before accents were dropped, "Zoe" began Zoey (not Zoë): the recorded stress on Zoey
    stands on import, though today "Zoe" means Zoë."""
    driver = TableDriver()
    driver.do('/game new system:cortex name:"Zoes"')
    driver.do("/char new name:Zoë gmc:true")
    driver.do("/char new name:Zoey gmc:true")
    assert (
        "Zoë: Physical" in driver.do("/stress add character:Zoe type:Physical die:d6").reply.text[0]
    )
    driver.do("/undo")
    driver.do("/stress add character:Zoey type:Physical die:d6")
    doc = export(driver)
    line = next(e for e in doc["events"] if e["command"].startswith("/stress add character:Zoey"))
    line["command"] = "/stress add character:Zoe type:Physical die:d6"
    outcome = import_into(TableDriver(), "fresh", doc)
    assert outcome.ok, outcome.error
    assert "one-name-rule" in " ".join(outcome.reply.text)
