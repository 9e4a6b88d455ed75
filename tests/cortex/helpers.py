"""A Cortex table with two characters, for the Cortex tests."""

from __future__ import annotations

from scenekeeper.engine.commands import Attachment
from tests.support import GM, TableDriver

ADA = """\
name: Ada Lark
distinctions: [Reckless Pilot, Daughter of the Stars, Never Without a Plan]
attributes: {Agility: d8, Alertness: d6, Strength: }
skills: {Fighting: d8, Sneaking: d6}
sfx: {Hit Hard: Spend 1 PP to step up your effect die.}
assets: {Grandfather's Sword: d8}
"""


def cortex_table() -> TableDriver:
    driver = TableDriver()
    driver.do('/game new system:cortex name:"Test table"')
    driver.do("/game join", "ana")
    # The GM imports Ada (her signature asset is a GM's to set) and hands her to ana.
    outcome = driver.app.handle(
        driver.table_id,
        GM,
        "/char import file:ada.yaml",
        read_file=lambda _p: Attachment("ada.yaml", ADA.encode()),
    )
    assert outcome.ok, outcome.error
    driver.do('/game claim character:"Ada Lark" user:ana')
    driver.do("/char new name:Thug gmc:true")
    driver.do("/char set character:Thug trait:Fighting die:d8 set:Skills")
    driver.do("/char set character:Thug trait:Brawny die:d10 set:Attributes")
    return driver
