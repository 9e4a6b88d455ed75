"""How a Cortex pool reads the words typed for it: names with spaces, commas, dashes or
underscores, the start of a name, and the refusal that lists what a word could be or names
what the character has (Cortex p.16-17, as people type it)."""

from __future__ import annotations

from tests.cortex.helpers import cortex_table
from tests.support import TableDriver


def _rolled(driver: TableDriver, line: str, who: str = "ana") -> str:
    """The roll's first line: each die with what it is."""
    return str(driver.do(line, who).reply.text[0])


def test_a_name_is_typed_with_commas_underscores_or_a_space_for_its_dash() -> None:
    driver = cortex_table()
    assert _rolled(driver, '/roll pool:"Fighting,Agility" results:"3 2"') == (
        "Ada Lark rolls #1 (typed faces): Fighting (Skills) d8 3, Agility (Attributes) d8 2."
    )
    assert _rolled(driver, '/roll pool:"Fighting Reckless_Pilot" results:"3 2"') == (
        "Ada Lark rolls #2 (typed faces): Fighting (Skills) d8 3, "
        "Reckless Pilot (Distinctions) d8 2."
    )
    driver.do('/char set character:Thug trait:"Lock-Picking" die:d6 set:Skills')
    assert _rolled(
        driver, '/roll character:Thug pool:"Brawny Lock Picking" results:"3 2"', "gm"
    ) == ("Thug rolls #3 (typed faces): Brawny (Attributes) d10 3, Lock-Picking (Skills) d6 2.")


def test_the_first_words_of_a_name_are_enough() -> None:
    driver = cortex_table()
    assert _rolled(driver, '/roll pool:"Fighting Daughter of" results:"3 2"') == (
        "Ada Lark rolls #1 (typed faces): Fighting (Skills) d8 3, "
        "Daughter of the Stars (Distinctions) d8 2."
    )


def test_a_start_several_names_share_lists_every_one() -> None:
    driver = cortex_table()
    driver.do('/complication add character:"Ada Lark" name:Soaked die:d4')
    assert driver.refused('/roll pool:"Fighting S" results:"1 2"', "ana") == (
        "'S' could be Sneaking, Soaked or Strength; type more of the name."
    )
    driver.do('/complication add character:"Ada Lark" name:"Broken Arm" die:d8')
    driver.do('/complication add character:"Ada Lark" name:"Broken Ankle" die:d6')
    driver.do('/asset add character:"Ada Lark" name:"Broken Axe" die:d6')
    assert driver.refused('/roll pool:"Fighting Broken A" results:"1 2"', "ana") == (
        "'Broken A' could be Broken Ankle, Broken Arm or Broken Axe; type more of the name."
    )


def test_a_typo_is_no_start_of_a_name_and_the_refusal_offers_the_nearest() -> None:
    driver = cortex_table()
    driver.do('/stress add character:"Ada Lark" type:Physical die:d6')
    assert driver.refused('/roll pool:"Fighting Agilty" results:"1 2"', "ana") == (
        "'Agilty' is not a trait, asset, complication or die for Ada Lark's pool. Did you mean "
        "Agility? Known: Agility, Alertness, Daughter of the Stars, Fighting, Grandfather's "
        "Sword, Never Without a Plan, Physical stress, Reckless Pilot, Sneaking, Strength."
    )
    # A doubled letter is no start of "Lynx Eyes", however its words are joined.
    driver.do('/char set character:Thug trait:"Lynx Eyes" die:d6 set:Attributes')
    driver.do('/trauma add character:"Ada Lark" type:Mental die:d6')
    assert driver.refused('/roll character:Thug pool:"Lynxx" results:"1"') == (
        "'Lynxx' is not a trait, asset, complication or die for Thug's pool. Known: Ada Lark's "
        "Mental trauma, Ada Lark's Physical stress, Brawny, Fighting, Lynx Eyes."
    )


def test_the_known_names_stop_at_twenty_and_say_none_when_there_are_none() -> None:
    driver = TableDriver()
    driver.do('/game new system:cortex name:"Test table"')
    driver.do("/char new name:Nobody gmc:true")
    assert driver.refused('/roll character:Nobody pool:"Foo" results:"1"') == (
        "'Foo' is not a trait, asset, complication or die for Nobody's pool. Known: none."
    )
    for number in range(1, 23):
        driver.do(f"/complication add character:Nobody name:C{number:02} die:d6")
    listed = ", ".join(f"C{number:02}" for number in range(1, 21))
    assert driver.refused('/roll character:Nobody pool:"Foo" results:"1"') == (
        f"'Foo' is not a trait, asset, complication or die for Nobody's pool. Known: {listed}."
    )


def test_a_hindered_distinction_is_one_of_its_set_and_is_found_as_typed() -> None:
    driver = cortex_table()
    # Hindering one distinction keeps the others: a second from the set costs 1 PP.
    assert driver.refused(
        '/roll pool:"Fighting Daughter" hinder:Reckless results:"1 2 3"', "ana"
    ) == (
        "Daughter of the Stars and Reckless Pilot are both Distinctions: each trait after the "
        "first from a set costs 1 PP, 1 in all (Ada Lark has 1 PP). Add pay:1 to spend it, or "
        "leave one out."
    )
    assert driver.refused('/roll pool:"Fighting" hinder:Nope results:"1 2"', "ana") == (
        "Ada Lark has no Distinctions trait called Nope (those: Reckless Pilot, Daughter of the "
        "Stars, Never Without a Plan)."
    )
    driver.do('/char set character:Thug trait:"Reckless Driver" die:d8 set:Distinctions')
    driver.do('/char set character:Thug trait:"Reckless Pilot" die:d8 set:Distinctions')
    assert driver.refused('/roll character:Thug pool:"Fighting" hinder:Reck results:"1 2"') == (
        "Reck could be the distinction Reckless Driver or Reckless Pilot; type more of the name."
    )
    driver.do("/char new name:Nobody gmc:true")
    assert driver.refused('/roll character:Nobody pool:"d6" hinder:Foo results:"1 2"') == (
        "Nobody has no Distinctions trait called Foo (those: none)."
    )


def test_ones_own_name_wins_over_an_opponents_stress_or_trauma_typed_by_type() -> None:
    driver = cortex_table()
    driver.do('/stress add character:"Ada Lark" type:Physical die:d4')
    driver.do("/stress add character:Thug type:Physical die:d8")
    assert _rolled(driver, '/roll pool:"Fighting Physical stress" results:"3 2"') == (
        "Ada Lark rolls #1 (typed faces): Fighting (Skills) d8 3, Physical stress d4 2."
    )
    driver.do("/trauma add character:Thug type:Mental die:d6")
    driver.do('/complication add character:"Ada Lark" name:"Mental Trauma" die:d4')
    assert _rolled(driver, '/roll pool:"Fighting Mental Trauma" results:"3 2"') == (
        "Ada Lark rolls #2 (typed faces): Fighting (Skills) d8 3, "
        "Mental Trauma (complication) d4 2."
    )


def test_a_whole_name_wins_over_an_opponents_stress_by_its_type_alone() -> None:
    # "Ada Lark's Physical" is her Physical stress, unless she has a complication of that name.
    driver = cortex_table()
    driver.do('/stress add character:"Ada Lark" type:Physical die:d6')
    assert _rolled(
        driver, '/roll character:Thug pool:"Fighting Ada Lark\'s Physical" results:"3 2"', "gm"
    ) == ("Thug rolls #1 (typed faces): Fighting (Skills) d8 3, Physical stress (Ada Lark) d6 2.")
    driver.do('/complication add character:"Ada Lark" name:Physical die:d8')
    assert _rolled(
        driver, '/roll character:Thug pool:"Fighting Ada Lark\'s Physical" results:"3 2"', "gm"
    ) == (
        "Thug rolls #2 (typed faces): Fighting (Skills) d8 3, "
        "Physical (Ada Lark's complication) d8 2."
    )
