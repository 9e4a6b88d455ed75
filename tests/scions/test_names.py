"""Scions names by the one rule (engine.names.resolve, issue 32), as Cortex does: an asset by a
beginning when it steps, by its whole name when it goes; a character likewise."""

from __future__ import annotations

from tests.support import TableDriver


def test_an_asset_steps_by_a_beginning_and_goes_by_its_whole_name() -> None:
    driver = TableDriver()
    driver.do('/game new system:scions name:"Names"')
    driver.do("/char new name:Draugr gmc:true")
    driver.do('/asset add character:draugr name:"Rune Blade" die:d6')
    assert "d8" in driver.do("/asset stepup character:Dra name:Rune").reply.text[0]
    assert driver.refused("/asset remove character:Draugr name:Rune") == (
        'Did you mean name:"Rune Blade"? /asset remove needs the whole name.'
    )
    assert "gone" in driver.do('/asset remove character:Draugr name:"rune blade"').reply.text[0]
    assert driver.refused("/char delete character:Dra") == (
        "Did you mean character:Draugr? /char delete needs the whole name."
    )
