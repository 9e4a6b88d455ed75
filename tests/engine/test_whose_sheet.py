"""Whose sheet a command means when no character is named, in every game with sheets: the one
the person plays; a person who plays two is asked, never answered with one of them."""

from __future__ import annotations

import pytest

from scenekeeper.engine.commands import Attachment
from tests.support import TableDriver, person


@pytest.mark.parametrize("game", ["cortex", "scions", "mettle", "cybergod"])
def test_a_player_with_two_characters_is_asked_whose_sheet(game: str) -> None:
    driver = TableDriver()
    driver.do(f"/game new system:{game} name:Whose")
    driver.do("/game join", "ana")
    driver.do("/char new name:Ada owner:ana")
    shown = driver.do("/char show", "ana").reply.text
    assert shown[0].startswith("Ada")
    driver.do("/char new name:Bea owner:ana")
    head = driver.app.store.head("t1")
    assert driver.refused("/char show", "ana") == (
        "Whose sheet? Add character:<name> (characters: Ada, Bea)."
    )
    assert driver.app.store.head("t1") == head
    assert driver.do("/char show character:Bea", "ana").reply.text[0].startswith("Bea")


@pytest.mark.parametrize("game", ["cortex", "scions"])
def test_a_new_gmc_has_no_plot_points_and_a_pc_the_starting_ones(game: str) -> None:
    driver = TableDriver()
    driver.do(f"/game new system:{game} name:Points")
    driver.do("/game join", "ana")
    driver.do("/char new name:Thug gmc:true")
    driver.do("/char new name:Ada", "ana")
    state = driver.app.table("t1").state
    assert state is not None
    characters = state.game.characters  # type: ignore[attr-defined]
    assert characters["Thug"].pp == 0
    assert characters["Ada"].pp == state.game.rules.start_points  # type: ignore[attr-defined]
    assert state.game.rules.start_points > 0  # type: ignore[attr-defined]


def test_a_gms_new_sheet_without_plot_points_starts_with_the_games_starting_ones() -> None:
    # Scions of the Old Gods starts a character with 4 Legend, not Cortex's 1 (a sheet's default).
    driver = TableDriver()
    driver.do("/game new system:scions name:Points")
    outcome = driver.app.handle(
        "t1",
        person("gm"),
        '/char import file:"crew.json"',
        read_file=lambda _p: Attachment(
            "crew.json", b'[{"name": "Zed"}, {"name": "Yan", "pp": 0}, {"name": "Xi", "pp": 2}]'
        ),
    )
    assert outcome.ok, outcome.error
    state = driver.app.table("t1").state
    assert state is not None
    characters = state.game.characters  # type: ignore[attr-defined]
    assert [characters[n].pp for n in ("Zed", "Yan", "Xi")] == [4, 0, 2]


@pytest.mark.parametrize(
    ("game", "line"),
    [
        ("cortex", '/char sfx add name:Quick text:"Act first"'),
        ("scions", '/char sfx add name:Quick text:"Act first"'),
        ("cortex", "/char set Agility d8 set:Attributes"),
        ("mettle", "/char set Poise 4"),
        ("mettle", "/char gear item:Rope"),
        ("cybergod", "/char set trait:engrams value:2"),
    ],
)
def test_a_player_with_two_characters_names_the_one_a_sheet_command_is_for(
    game: str, line: str
) -> None:
    driver = TableDriver()
    driver.do(f"/game new system:{game} name:Whose")
    driver.do("/game join", "ana")
    driver.do("/char new name:Ada owner:ana")
    driver.do("/char new name:Bea owner:ana")
    head = driver.app.store.head("t1")
    message = driver.refused(line, "ana")
    assert "Ada" in message
    assert "Bea" in message
    assert "character:" in message
    assert driver.app.store.head("t1") == head
    driver.do(f"{line} character:Bea", "ana")


#: Each game's owner-only sheet command, on the character named.
OWNER_ONLY = [
    ("cortex", "/char set trait:Agility die:d8 set:Attributes character:Ada"),
    ("scions", "/char set trait:Agility die:d8 set:Attributes character:Ada"),
    ("mettle", "/char gear item:Rope character:Ada"),
    ("mettle", "/char set trait:poise value:4 character:Ada"),
    ("cybergod", "/char set trait:engrams value:2 character:Ada"),
]


@pytest.mark.parametrize(("game", "line"), OWNER_ONLY)
def test_only_the_player_or_a_gm_changes_a_sheet(game: str, line: str) -> None:
    driver = TableDriver()
    driver.do(f"/game new system:{game} name:Mine")
    driver.do("/game join", "ana")
    driver.do("/game join", "ben")
    driver.do("/char new name:Ada owner:ana")
    head = driver.app.store.head("t1")
    message = driver.refused(line, "ben")
    assert "Ada is" in message
    assert "only they or a GM" in message
    assert driver.app.store.head("t1") == head
    driver.do(line, "ana")
    assert driver.app.store.head("t1") != head
    driver.do(line)  # a GM's


@pytest.mark.parametrize("game", ["cortex", "scions", "mettle", "cybergod"])
def test_char_set_takes_the_trait_first_at_every_table(game: str) -> None:
    driver = TableDriver()
    driver.do(f"/game new system:{game} name:First")
    spec = driver.app.registry.find("char set", game)
    assert spec is not None
    assert spec.options[0].name == "trait"


@pytest.mark.parametrize(
    ("game", "first", "line", "said"),
    [
        ("cortex", "/char set trait:Agility set:Attributes", "/char set Agility d10", "d10"),
        ("mettle", "/char set trait:poise value:2", "/char set Poise 4", "Poise 4"),
        ("cybergod", "/char set trait:engrams value:1", "/char set Reflex d10", "D10"),
    ],
)
def test_char_set_reads_a_trait_typed_first_with_its_rating(
    game: str, first: str, line: str, said: str
) -> None:
    driver = TableDriver()
    driver.do(f"/game new system:{game} name:First")
    driver.do("/game join", "ana")
    driver.do("/char new name:Ada", "ana")
    driver.do(first, "ana")
    assert said in " ".join(driver.do(line, "ana").reply.text)


@pytest.mark.parametrize(
    ("game", "sheet"),
    [
        ("cortex", "name: Ada\nattributes: {Agility: d8}\n"),
        ("scions", "name: Ada\n"),
        ("mettle", "name: Ada\nconcept: 3\n"),
        ("cybergod", "name: Ada\nengrams: 3\n"),
    ],
)
def test_a_gm_imports_a_character_for_a_player_at_every_table(game: str, sheet: str) -> None:
    driver = TableDriver()
    driver.do(f"/game new system:{game} name:Owners")
    driver.do("/game join", "ana")

    def attach(_path: str) -> Attachment:
        return Attachment("ada.yaml", sheet.encode())

    line = "/char import file:ada.yaml owner:ana"
    refused = driver.app.handle(driver.table_id, person("ana"), line, read_file=attach)
    assert refused.error == "Only a GM imports characters for someone else; leave out owner:."
    outcome = driver.app.handle(driver.table_id, person("gm"), line, read_file=attach)
    assert outcome.ok, outcome.error
    state = driver.app.table("t1").state
    assert state is not None
    assert state.meta.owner_of("Ada") == "ana"


def test_claiming_a_gm_character_says_it_is_one() -> None:
    """Not "There is no character called Thug": it exists, and it is the GM's."""
    driver = TableDriver()
    driver.do("/game new system:cortex name:Claims")
    driver.do("/game join", "ana")
    driver.do("/char new name:Thug gmc:true")
    for who, line in (
        ("ana", "/game claim character:Thug"),
        ("gm", "/game claim character:Thug user:ana"),
    ):
        error = driver.refused(line, who)
        assert error.startswith("Thug is a GM character: the GM plays it"), error
    assert driver.refused("/game claim character:Nobody", "ana").startswith(
        "There is no character called Nobody"
    )
