"""Roll at once (issue 16): ``/roll pool:"d8 d10 d6"`` by someone who plays no character is
read as a Cortex roll and recorded, with nothing charged to a sheet."""

from __future__ import annotations

import pytest

from scenekeeper.engine.errors import Refusal
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.roll.dice_roll import dice_pool
from scenekeeper.systems.cortex.roll.rolls import NO_CHARACTER
from scenekeeper.systems.cortex.state import CortexState
from tests.cortex.helpers import cortex_table
from tests.support import TableDriver


def _table(system: str = "cortex") -> TableDriver:
    driver = TableDriver()
    driver.do(f"/game new system:{system} name:T")
    driver.do("/game join", "ben")
    return driver


def _game(driver: TableDriver) -> CortexState:
    state = driver.app.table(driver.table_id).state
    assert state is not None
    assert isinstance(state.game, CortexState)
    return state.game


@pytest.mark.parametrize(
    ("text", "dice"),
    [("d8 d10 d6", ["d8", "d10", "d6"]), ("2d8 d6", ["d8", "d8", "d6"]), ("d12,d4", ["d12", "d4"])],
)
def test_a_pool_of_dice_only(text: str, dice: list[str]) -> None:
    assert [str(d) for d in dice_pool(text).dice] == dice


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("Fighting d8", "/game claim character:<name>"),
        ("d7", "not a step die"),
        ("", "Say what to roll"),
    ],
)
def test_what_is_not_dice_is_refused_with_the_way_on(text: str, says: str) -> None:
    with pytest.raises(Refusal, match=says):
        dice_pool(text)


@pytest.mark.parametrize("system", ["cortex", "scions"])
def test_the_roll_is_read_and_recorded_with_every_face_and_no_sheet(system: str) -> None:
    driver = _table(system)
    before = _game(driver)
    outcome = driver.do('/roll pool:"d8 d10 d6" results:"1 7 5"', "ben")
    assert outcome.reply.text[:2] == (
        "ben rolls #1 (typed faces): d8 1 (hitch), d10 7, d6 5.",
        "Total 12 (7 + 5), effect die d4.",
    )
    assert any("a hitch earns no" in line for line in outcome.reply.text)
    assert outcome.reply.data["hitches"] == 1
    (rolled,) = [e.event for e in outcome.events]
    assert isinstance(rolled, ev.Rolled)
    assert rolled.roll.roller == "ben"
    assert rolled.roll.purpose == NO_CHARACTER
    assert [d.face for d in rolled.roll.dice] == [1, 7, 5]
    after = _game(driver)
    # Nothing is charged or earned: no bank, no characters change.
    assert after.characters == before.characters
    assert after.gm_bank == before.gm_bank


def test_against_vs_a_tie_fails() -> None:
    driver = _table()
    text = driver.do('/roll pool:"d8 d6" vs:"d6 d6" results:"3 4" vs_results:"3 4"', "ben")
    assert "Against d6 d6 (#1, typed: d6 3, d6 4): difficulty 7." in text.reply.text
    assert text.reply.data["outcome"] == "failure"


def test_a_gm_is_pointed_to_gmroll_with_the_exact_command_once() -> None:
    driver = _table()
    first = driver.do('/roll pool:"d8 d10" vs:hard')
    assert first.reply.text[-1] == (
        "For the GM's dice, whose 1s are opportunities for the players, use "
        '/gmroll pool:"d8 d10" vs:"hard".'
    )
    again = driver.do('/roll pool:"d8 d10"')
    assert not any("/gmroll" in line for line in again.reply.text)


def test_a_player_is_pointed_to_a_character_once() -> None:
    driver = _table()
    first = driver.do('/roll pool:"d8 d10"', "ben")
    assert "/game claim character:<name>" in first.reply.text[-1]
    again = driver.do('/roll pool:"d8 d10"', "ben")
    assert not any("/game claim" in line for line in again.reply.text)


def test_options_that_act_on_a_sheet_are_refused_and_change_nothing() -> None:
    driver = _table()
    seq = driver.app.table(driver.table_id).seq
    assert "you play none here" in driver.refused('/roll pool:"d8 d8" push:Physical', "ben")
    assert driver.app.table(driver.table_id).seq == seq


def test_a_player_with_a_character_rolls_it_as_before() -> None:
    driver = cortex_table()
    outcome = driver.do('/roll pool:"Fighting d6" results:"4 3"', "ana")
    assert outcome.reply.text[0].startswith("Ada Lark rolls #1 (typed faces): Fighting (Skills)")
    (rolled,) = [e.event for e in outcome.events if isinstance(e.event, ev.Rolled)]
    assert rolled.roll.purpose != NO_CHARACTER
