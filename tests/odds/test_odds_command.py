"""``/odds`` at a Cortex table: pools read like ``/roll`` reads them, ``vs:`` like ``/roll``'s,
exact answers in words and data, a chart attached, nothing rolled or recorded."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.engine.commands import Attachment, Context
from scenekeeper.odds import chance_line, cortex, opposing, percent
from scenekeeper.store.memory import MemoryStore
from scenekeeper.systems.cortex.roll import odds_commands
from scenekeeper.systems.cortex.roll.odds_commands import chance_before_roll
from tests.cortex.helpers import ADA
from tests.support import GM, TableDriver, person


@pytest.fixture
def table() -> TableDriver:
    registry = build_registry()
    if registry.find("odds", "cortex") is None:  # until the cortex package registers it
        registry.include(odds_commands.commands)
    driver = TableDriver(app=App(store=MemoryStore(), dice=SeededDice(1), registry=registry))
    driver.do('/game new system:cortex name:"Odds table"')
    driver.do("/game join", "ana")
    outcome = driver.app.handle(
        driver.table_id,
        GM,
        "/char import file:ada.yaml",
        read_file=lambda _p: Attachment("ada.yaml", ADA.encode()),
    )
    assert outcome.ok, outcome.error
    driver.do('/game claim character:"Ada Lark" user:ana')
    return driver


def frac(text: str) -> Fraction:
    return Fraction(text)


def test_a_players_traits_against_a_difficulty_level(table: TableDriver) -> None:
    outcome = table.do(
        '/odds pool:"Fighting Agility Grandfather\'s Sword" vs:hard chart:false', "ana"
    )
    assert outcome.events == ()  # nothing rolled, nothing recorded
    assert outcome.reply.files == ()
    text = outcome.reply.text
    assert text[0] == "Odds for d8 d8 d8, keeping 2 (exact over 512 outcomes):"
    assert text[1].startswith("Beat hard (d10 d10): ")
    data = outcome.reply.data
    assert data["pool"] == ["d8", "d8", "d8"]
    expected = cortex([8, 8, 8]).against(opposing([10, 10]))
    assert frac(data["against"]["success"]) == expected.success
    assert frac(data["against"]["heroic"]) == expected.heroic
    assert frac(data["p_beat"]["11"]) == cortex([8, 8, 8]).p_beat(11)


def test_raw_dice_keep_and_a_number(table: TableDriver) -> None:
    data = table.do('/odds pool:"d8 2d10" vs:11 keep:3 chart:false', "ana").reply.data
    assert data["keep"] == 3
    assert frac(data["against"]["success"]) == cortex([8, 10, 10], 3).p_beat(11)


def test_a_gm_asks_about_difficulty_dice_and_sees_the_ladder(table: TableDriver) -> None:
    text = table.do('/odds pool:"hard d6" chart:false').reply.text
    assert text[0].startswith("Odds for d6 d10 d10, keeping 2")
    assert any(line.startswith("Against difficulty dice: very easy (d4 d4) ") for line in text)
    assert "Chance to beat 3 " in "\n".join(text)


def test_vs_an_earlier_roll_uses_its_total(table: TableDriver) -> None:
    table.do('/gmroll pool:"d8 d8" results:"5 6"')
    text = table.do('/odds pool:"d8 d8" vs:#1 chart:false', "ana").reply.text
    assert text[1].startswith("Beat GM's roll #1 (11): 23.4%")


def test_static_difficulty_makes_a_level_a_number(table: TableDriver) -> None:
    table.do("/mods set mod:static-difficulty enabled:true")
    outcome = table.do('/odds pool:"d8 d8 d10" vs:challenging chart:false', "ana")
    assert outcome.reply.text[1].startswith("Beat challenging (11): 56.3%")
    assert "challenging 11 56.3%" in outcome.reply.text[-3]


def test_extra_traits_from_one_set_say_what_they_cost(table: TableDriver) -> None:
    text = table.do('/odds pool:"Fighting Sneaking" chart:false', "ana").reply.text
    assert text[-1] == "Extra traits from one set cost 1 PP when rolled."


def test_the_chart_is_attached_as_a_png(table: TableDriver) -> None:
    files = table.do('/odds pool:"d8 d10" vs:hard', "ana").reply.files
    assert [f.name for f in files] == ["odds.png"]
    assert files[0].content.startswith(b"\x89PNG\r\n\x1a\n")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('/odds pool:"Fighting Flying"', "'Flying' is not a trait"),
        ('/odds pool:"21d8"', "up to 20 dice"),
        ('/odds pool:"d8 d8" keep:9', "keep"),
        ('/odds pool:"d8 d8" vs:#9', "no roll #9"),
        ('/odds pool:"d8 d7"', "not a step die"),
    ],
)
def test_refusals_say_what_to_do(table: TableDriver, line: str, message: str) -> None:
    assert message in table.refused(line, "ana")


def context(table: TableDriver, actor: str = "ana") -> Context:
    return Context(
        table_id=table.table_id,
        table=table.app.table(table.table_id),
        actor=person(actor),
        dice=SeededDice(1),
        registry=table.app.registry,
        history=lambda _after: (),
    )


def test_the_chance_before_a_roll(table: TableDriver) -> None:
    ctx = context(table)
    assert chance_before_roll(ctx, [8, 8], 2, None) is None
    assert chance_before_roll(ctx, [8, 8], 2, "11") == (
        "Odds: 23.4% to beat 11 (heroic 1.6%); a hitch 23.4%."
    )
    assert chance_before_roll(ctx, [8, 8, 8], 2, "hard") == chance_line(
        [8, 8, 8], 2, [10, 10], label="hard (d10 d10)"
    )
    # What /roll would refuse is left to /roll to say; the chance line just stays out.
    assert chance_before_roll(ctx, [8, 8], 2, "impossible") is None
    assert chance_before_roll(ctx, [8, 8], 2, "#5") is None
    table.do('/gmroll pool:"d6 d6" results:"3 4"')
    line = chance_before_roll(context(table), [8, 8], 2, "last", "Ada Lark")
    assert line == chance_line([8, 8], 2, 7, label="GM's roll #1 (7)")


def test_vs_last_and_the_doom_pool(table: TableDriver) -> None:
    table.do('/gmroll pool:"d6 d6" results:"3 4"')
    text = table.do('/odds pool:"d8 d8" vs:last chart:false', "ana").reply.text
    assert text[1].startswith("Beat GM's roll #1 (7): ")
    table.do("/mods set mod:doom-pool enabled:true")
    table.do('/doom add dice:"d6 d8"')
    text = table.do('/odds pool:"d8 d8" vs:doom chart:false', "ana").reply.text
    expected = cortex([8, 8]).against(opposing([6, 8])).success
    assert text[1].startswith(f"Beat doom (d6 d8): {percent(expected)}")
