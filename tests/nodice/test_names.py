"""NoDice names Actors by the one rule (engine.names.resolve, issue 32): a side of a Conflict,
whose Hand, whose sheet -- case- and accent-free, or a unique beginning; /char delete takes the
whole name only."""

from __future__ import annotations

from tests.support import TableDriver

TRAITS = 'traits:"QUI 4 STR 5 FIT 5 AGI 4 WIL 3"'


def table() -> TableDriver:
    driver = TableDriver()
    driver.do('/game new system:nodice name:"Names"')
    driver.do(f'/char new name:"Bo Brave" gmc:true {TRAITS}')
    driver.do(f'/char new name:"Zoë Vale" gmc:true {TRAITS}')
    driver.do(f"/char new name:Thug gmc:true {TRAITS}")
    driver.do(f"/char new name:Thane gmc:true {TRAITS}")
    return driver


def test_sides_take_a_beginning_and_names_without_accents() -> None:
    driver = table()
    said = "\n".join(driver.do('/conflict start sides:"Bo, Zoe | thug"').reply.text)
    assert "Bo Brave, Zoë Vale vs Thug" in said


def test_an_ambiguous_side_lists_the_actors_it_could_be() -> None:
    driver = table()
    assert driver.refused('/conflict start sides:"Bo | Th"') == (
        "Th could be the Actor Thug or Thane; type more of the name."
    )


def test_whose_hand_and_sheet_take_the_same_names() -> None:
    driver = table()
    driver.do('/conflict start sides:"Bo | Thug"')
    out = driver.do("/hand ante character:bo aspect:Body ante:STR")
    assert out.ok
    assert driver.do("/char show character:zoe").reply.text[0].startswith("Zoë Vale")


def test_delete_needs_the_whole_name() -> None:
    driver = table()
    assert driver.refused("/char delete character:T") == (
        "Did you mean character:Thug or character:Thane? /char delete needs the whole name."
    )
    assert driver.refused("/char delete character:Zo") == (
        'Did you mean character:"Zoë Vale"? /char delete needs the whole name.'
    )
    assert "Zoë Vale is deleted" in driver.do('/char delete character:"zoe vale"').reply.text[0]
