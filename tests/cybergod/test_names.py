"""Cybergod names by the one rule (engine.names.resolve, issue 32): characters, weapons and a
test's complications case- and accent-free or by a unique beginning; /char delete takes the
whole name only."""

from __future__ import annotations

from pathlib import Path

from scenekeeper.engine.commands import Attachment
from tests.support import TableDriver, person


def table() -> TableDriver:
    driver = TableDriver()
    driver.do('/game new system:cybergod name:"Names"')
    driver.do("/game join", "ana")
    driver.do('/char new name:"Janey Vox"', "ana")
    driver.do('/char new name:"Édith Roux" gmc:true')
    return driver


def test_a_complication_to_overcome_takes_a_beginning() -> None:
    driver = table()
    marko = "tests/transcripts/cybergod/sheets/marko.yaml"
    imported = driver.app.handle(
        driver.table_id,
        person("ana"),
        f"/char import file:{marko}",
        read_file=lambda path: Attachment(path, Path(path).read_bytes()),
    )
    assert imported.ok, imported.error
    driver.do(
        '/test character:Marko pool:"Hacking x Cyber" vs:moderate '
        'complications:"Sys Op 1, Trace 2" results:"10 10 1 2"',
        "ana",
    )
    out = driver.do("/pick character:mar overcome:tra", "ana")
    assert out.ok
    assert "Trace" in "\n".join(out.reply.text)


def test_a_character_by_a_name_without_accents_and_delete_by_the_whole_name() -> None:
    driver = table()
    assert driver.do("/char show character:edith").reply.text[0].startswith("Édith Roux")
    assert driver.refused("/char delete character:Ed") == (
        'Did you mean character:"Édith Roux"? /char delete needs the whole name.'
    )
    assert "Édith Roux is deleted" in driver.do('/char delete character:"EDITH ROUX"').reply.text[0]
