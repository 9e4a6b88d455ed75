"""Names as people type them (checklist D3 of the play-test): every option that names a
character -- character:, target:, to:, lead:, vs: -- finds it the same way, and a name not
found offers the close one."""

from __future__ import annotations

from tests.mettle.helpers import mettle_table, sheet


def test_target_to_and_lead_take_a_unique_start_of_a_name_as_character_does() -> None:
    driver = mettle_table()
    driver.do('/act action:attack character:Thug target:Vik results:"3 3 4 5"')
    driver.do("/mettle take", "dana")
    assert sheet(driver, "Viktor").mettle < 9
    driver.do('/order start lead:Thug characters:"Thug, Viktor, Kirin"')
    driver.do("/act action:use character:Thug")
    driver.do("/order handoff to:kir")
    driver.do("/act action:use", "troy")  # passes by itself to Viktor, the only one left
    driver.do("/act action:use", "dana")
    out = driver.do("/order next lead:Kir", "dana")
    assert "Kirin leads" in "\n".join(out.reply.text)


def test_a_name_not_found_offers_the_close_one() -> None:
    driver = mettle_table()
    driver.do('/char new name:"Zoë Ñúñez" concept:3 frame:4 motive:5 nature:4 poise:2')
    # Accents do not matter (issue 32): "zoe" begins Zoë Ñúñez as a plain keyboard types it.
    out = driver.do('/act action:attack character:Thug target:zoe results:"3 3 4 5"')
    assert "Zoë Ñúñez" in "\n".join(out.reply.text)
    error = driver.refused('/act action:attack character:Thug target:"zoe nunz" results:"3 3 4 5"')
    assert error == "There is no character called zoe nunz; did you mean Zoë Ñúñez?"
    error = driver.refused('/check character:Viktor pool:poise vs:"Thg poise" results:"1 1"')
    assert error == "There is no character called Thg; did you mean Thug?"
    driver.do('/order start lead:Zoë characters:"Zoë Ñúñez, Viktor"')
    error = driver.refused("/order handoff to:Vikor")
    assert error == "There is no character called Vikor; did you mean Viktor?"


def test_taking_gear_backstory_or_a_character_away_needs_the_whole_name() -> None:
    """Issue 32: a beginning is refused offering the whole name; case and accents still fit."""
    driver = mettle_table()
    driver.do('/char backstory character:Viktor text:"Raised in Zürich"', "dana")
    assert driver.refused("/char gear character:Viktor item:Sw remove:true", "dana") == (
        "Did you mean item:Sword? /char gear remove:true needs the whole name."
    )
    assert driver.refused("/char backstory character:Viktor text:Raised remove:true", "dana") == (
        'Did you mean text:"Raised in Zürich"? /char backstory remove:true needs the whole name.'
    )
    driver.do('/char backstory character:Viktor text:"raised in zurich" remove:true', "dana")
    driver.do("/char gear character:Viktor item:SWORD remove:true", "dana")
    assert not sheet(driver, "Viktor").gear
    assert not sheet(driver, "Viktor").backstories
    assert driver.refused("/char delete character:Bo") == (
        "Did you mean character:Boss? /char delete needs the whole name."
    )
    assert "Boss is deleted" in driver.do("/char delete character:boss").reply.text[0]
