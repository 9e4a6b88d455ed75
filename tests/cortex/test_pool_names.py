"""The names a pool accepts, as suggestions offer them (issue 12): an opponent's stress by the
names people use, and a character's own complications first among the difficulty dice."""

from __future__ import annotations

from scenekeeper.systems.cortex.roll.pools import opposition_names, pool_names
from scenekeeper.systems.cortex.state import CortexState
from tests.cortex.helpers import cortex_table


def _game() -> CortexState:
    driver = cortex_table()
    driver.do('/complication add character:"Ada Lark" name:"Broken Arm" die:d8')
    driver.do('/complication add character:"Ada Lark" name:"Scraped Knee" die:d4')
    driver.do('/stress add character:"Ada Lark" type:Physical die:d6')
    table = driver.app.table(driver.table_id)
    assert table.state is not None
    game = table.state.game
    assert isinstance(game, CortexState)
    return game


def test_an_opponents_pool_offers_her_stress_and_complications() -> None:
    game = _game()
    thug = game.characters["Thug"]
    names = pool_names(game, thug)
    assert "Ada Lark's Physical stress" in names
    assert "Broken Arm" in names
    assert "Fighting" in names  # his own traits


def test_the_difficulty_offers_the_rollers_own_complications_first() -> None:
    game = _game()
    ada = game.characters["Ada Lark"]
    names = opposition_names(game, ada)
    # Her d8 complication and d6 stress join the difficulty when they apply (Cortex p.27,
    # p.39); a d4 goes in her own pool, so it is not offered.
    assert names[:2] == ["Broken Arm", "Ada Lark's Physical stress"]
    assert "Scraped Knee" not in names[:2]
    assert "hard" in names


def test_the_difficulty_offers_the_rollers_stress_in_the_order_it_was_taken() -> None:
    driver = cortex_table()
    driver.do('/stress add character:"Ada Lark" type:Physical die:d6')
    driver.do('/stress add character:"Ada Lark" type:Mental die:d8')
    driver.do('/stress add character:"Ada Lark" type:Social die:d4')
    table = driver.app.table(driver.table_id)
    assert table.state is not None
    game = table.state.game
    assert isinstance(game, CortexState)
    names = opposition_names(game, game.characters["Ada Lark"])
    # Her d6 and d8 first, as taken; the rest sorted after (her d4 goes in her own pool).
    assert names[:3] == [
        "Ada Lark's Physical stress",
        "Ada Lark's Mental stress",
        "Ada Lark's Social stress",
    ]
