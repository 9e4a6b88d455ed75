"""No player changes what only the GM controls (issue 11): leaving gives up characters, a GM's
undo is redone only by a GM, a player's sheet import sets only a player's parts, and names
that read the same are one name."""

from __future__ import annotations

import pytest

from scenekeeper.engine.commands import Attachment
from scenekeeper.engine.names import fold, same
from tests.support import TableDriver, person


@pytest.fixture
def table() -> TableDriver:
    driver = TableDriver()
    driver.do('/game new system:cortex name:"Rights"')
    driver.do("/game join", "ana")
    driver.do("/game join", "ben")
    driver.do("/char new name:Ada", "ana")
    driver.do("/char set character:Ada trait:Agility die:d8 set:Attributes", "ana")
    return driver


def unchanged(driver: TableDriver, line: str, actor: str) -> str:
    before = driver.app.store.head(driver.table_id), driver.app.table(driver.table_id).state
    message = driver.refused(line, actor)
    after = driver.app.store.head(driver.table_id), driver.app.table(driver.table_id).state
    assert after == before
    return message


def test_leaving_gives_up_the_characters_played(table: TableDriver) -> None:
    reply = table.do("/game leave", "ana").reply.text
    assert reply == (
        "ana leaves 'Rights'.",
        "Ada no longer has a player; a GM can hand them on with /game claim "
        "character:<name> user:<person>.",
    )
    message = unchanged(table, "/char set character:Ada trait:Agility die:d12", "ana")
    assert message.startswith("You are not at this table yet, ana")
    message = unchanged(table, "/stress add character:Ada type:Physical die:d4", "ana")
    assert message.startswith("You are not at this table yet, ana")
    # Coming back does not give the character back by itself: a GM hands it over.
    table.do("/game join", "ana")
    assert "Ada has no player" in unchanged(
        table, "/char set character:Ada trait:Agility die:d12", "ana"
    )
    table.do("/game claim character:Ada user:ana")
    table.do("/char set character:Ada trait:Agility die:d12", "ana")


def test_undoing_the_leave_gives_the_character_back(table: TableDriver) -> None:
    table.do("/game leave", "ana")
    table.do("/undo")
    table.do("/char set character:Ada trait:Agility die:d10", "ana")


def test_a_command_the_gm_undid_is_redone_only_by_a_gm(table: TableDriver) -> None:
    table.do('/roll pool:Agility results:"5"', "ana")
    table.do("/undo")
    message = unchanged(table, "/redo", "ana")
    assert message == (
        "#7 /roll pool:Agility results:5 was undone by Gemma, a GM; only a GM can redo it."
    )
    table.do("/redo")


def test_a_player_redoes_what_they_undid_themselves(table: TableDriver) -> None:
    table.do('/roll pool:Agility results:"5"', "ana")
    table.do("/undo", "ana")
    table.do("/redo", "ana")


def test_a_players_sheet_file_sets_only_a_players_parts(table: TableDriver) -> None:
    sheet = (
        "name: Ada\n"
        "attributes: {Agility: d10}\n"
        "pp: 99\nstress: {}\ntrauma: {}\ncomplications: {}\n"
        "assets: {Big Gun: d12}\n"
    )
    table.do("/complication add character:Ada name:Winded die:d6")
    table.do("/stress add character:Ada type:Physical die:d8")
    outcome = table.app.handle(
        table.table_id,
        person("ana"),
        "/char import file:ada.yaml",
        read_file=lambda _p: Attachment("ada.yaml", sheet.encode()),
    )
    assert outcome.ok, outcome.error
    assert outcome.reply.text[1].startswith(
        "Kept as they were, since a GM sets them: pp (the file says 99); assets (the file "
        "says Big Gun d12); complications (the file says none); stress (the file says none)"
    )
    ada = table.app.table(table.table_id).state.game.characters["Ada"]  # type: ignore[union-attr,attr-defined]
    assert ada.pp == 1
    assert dict(ada.complications) == {"Winded": ada.complications["Winded"]}
    assert "Physical" in ada.stress
    assert ada.assets == {}
    assert str(ada.traits["Attributes"]["Agility"]) == "d10"


@pytest.mark.parametrize("game", ["cortex", "scions", "mettle", "cybergod"])
@pytest.mark.parametrize(
    "name", ["\u0410da", "ada", "  Ada  ", "\uff21\uff44\uff41", "A\u200bda", "ADA"]
)
def test_names_that_read_the_same_are_one_name(game: str, name: str) -> None:
    driver = TableDriver()
    driver.do(f"/game new system:{game} name:Twins")
    driver.do("/game join", "ana")
    driver.do("/char new name:Ada", "ana")
    message = unchanged(driver, f'/char new name:"{name}" gmc:true', "gm")
    shown = " ".join(name.split())
    reads = "" if shown == "Ada" else f" ({shown} reads the same)"
    assert message == f"There is a character called Ada already{reads}; choose another name."


def test_fold_reads_as_people_read() -> None:
    assert same("Ada", "\u0410da")  # Cyrillic capital A
    assert same("Ada", "\uff21\uff44\uff41")  # fullwidth
    assert same("Kessler's  Physical", "kessler's physical")
    assert not same("Ada", "Adam")
    assert fold("Bo1") == fold("Bol")


def test_only_a_gm_imports_a_sheet_for_someone_else() -> None:
    driver = TableDriver()
    driver.do('/game new system:mettle name:"Owners"')
    driver.do("/game join", "ana")
    driver.do("/game join", "ben")
    sheet = b"name: Viktor\nconcept: 5\nframe: 3\nmotive: 4\nnature: 3\npoise: 2\n"

    def import_for_ben(actor: str) -> tuple[bool, str | None]:
        outcome = driver.app.handle(
            "t1",
            person(actor),
            "/char import file:viktor.yaml owner:ben",
            read_file=lambda _p: Attachment("viktor.yaml", sheet),
        )
        return outcome.ok, outcome.error

    before = driver.app.store.head("t1")
    assert import_for_ben("ana") == (
        False,
        "Only a GM imports characters for someone else; leave out owner:.",
    )
    assert driver.app.store.head("t1") == before
    assert import_for_ben("gm") == (True, None)
    state = driver.app.table("t1").state
    assert state is not None
    assert state.meta.owner_of("Viktor") == "ben"


def test_only_the_gm_who_runs_the_table_takes_back_handing_it_on() -> None:
    driver = TableDriver()
    driver.do('/game new system:generic name:"Hand"')
    for who in ("ana", "bob"):
        driver.do("/game join", who)
        driver.do(f"/game gm add user:{who}")
    driver.do("/game gm hand user:ana")
    for who in ("bob", "gm"):  # a co-GM, and the GM who handed it on
        message = unchanged(driver, "/undo", who)
        assert message == (
            "Only ana, the GM who runs the table, can undo #6 /game gm hand user:ana."
        )
    driver.do("/undo", "ana")  # ana gives it back
    state = driver.app.table("t1").state
    assert state is not None
    assert state.meta.gm == "gm"
