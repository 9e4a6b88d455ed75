"""Volleyball Initiative (scenes.md, Initiative) on the engine's handoff order: the target goes
next, else the actor picks; Rounds; the last to act leads on (checklist D8); Waits, Splits,
the Free Move, Delay and lost Actions."""

from __future__ import annotations

from scenekeeper.systems.mettle.split import even
from scenekeeper.systems.mettle.state import Initiative
from tests.mettle.helpers import game, mettle_table, sheet
from tests.support import TableDriver, as_before

MISS = '"1 4 5"'  # Kirin's 3 dice: Score 1, fails against any Poise


def initiative(driver: TableDriver) -> Initiative:
    init = game(driver).initiative
    assert init is not None
    return init


def started(lead: str = "Kirin", who: str = '"Kirin, Viktor, Thug, Boss"') -> TableDriver:
    driver = mettle_table()
    driver.do(f"/order start lead:{lead} characters:{who}")
    return driver


def test_the_target_goes_next_when_they_have_an_action() -> None:
    driver = started()
    driver.do(f"/act action:attack target:Thug results:{MISS}", "troy")
    init = initiative(driver)
    assert init.order.current == "Thug"
    assert init.order.acted == ("Kirin",)
    assert init.passed_by == "Kirin"


def test_without_a_target_the_actor_picks_anyone_with_an_action() -> None:
    driver = started()
    driver.do("/act action:use", "troy")
    init = initiative(driver)
    assert init.passing
    assert init.order.current == "Kirin"
    refused = driver.refused("/order handoff to:Kirin", "troy")
    assert refused == "Kirin has taken their Action this Round; pass to Viktor|Thug|Boss."
    driver.do("/order handoff to:Boss", "troy")
    assert initiative(driver).order.current == "Boss"


def test_with_one_choice_initiative_passes_by_itself() -> None:
    driver = started(who='"Kirin, Viktor"')
    out = driver.do("/act action:use", "troy")
    assert "Initiative passes to Viktor (the only one with an Action)." in out.reply.text
    assert initiative(driver).order.current == "Viktor"


def test_the_round_ends_and_the_last_actors_target_leads() -> None:
    driver = started(who='"Kirin, Thug"')
    driver.do("/act action:use", "troy")
    out = driver.do('/act character:Thug action:attack target:Kirin results:"1 4 5 6"')
    assert "Round 2 begins: everyone with an Action has it back; Kirin leads." in out.reply.text
    init = initiative(driver)
    assert (init.order.round, init.order.current, init.order.acted) == (2, "Kirin", ())


def test_the_last_actor_leads_themselves_only_without_a_target() -> None:
    driver = started(who='"Kirin, Thug"')
    driver.do(f"/act action:attack target:Thug results:{MISS}", "troy")
    driver.do("/act character:Thug action:use")
    # No target: the Thug (the GM) picks, himself too.
    assert initiative(driver).order.current is None
    driver.do("/order next lead:Thug")
    assert initiative(driver).order.current == "Thug"


def test_free_round_lead_lets_the_last_actor_pick_past_their_target() -> None:
    driver = started(who='"Kirin, Viktor, Thug"')
    driver.do("/mods set mod:free-round-lead enabled:true")
    driver.do("/act action:use", "troy")
    driver.do("/order handoff to:Viktor", "troy")
    driver.do("/act action:use", "dana")
    driver.do('/act character:Thug action:attack target:Kirin results:"1 4 5 6"')
    init = initiative(driver)
    assert init.order.current is None
    refused = driver.refused("/order next lead:Thug")
    assert refused == "Thug cannot lead Round 2; Thug picks Kirin, Viktor."
    driver.do("/order next lead:Viktor")
    assert initiative(driver).order.current == "Viktor"


def test_a_waiter_is_not_handed_initiative_and_interrupts_without_moving_it() -> None:
    driver = started(who='"Kirin, Viktor, Thug"')
    driver.do("/order wait action:attack", "troy")
    assert "Kirin" not in initiative(driver).order.waiting()
    driver.do("/order handoff to:Viktor", "troy")
    driver.do(f"/act action:attack target:Viktor results:{MISS}", "troy")
    init = initiative(driver)
    assert init.order.current == "Viktor"
    assert init.waiting == {}
    refused = driver.refused(f"/act action:attack target:Thug results:{MISS}", "troy")
    assert "Kirin has acted this Round" in refused


def test_a_wait_kept_into_the_next_round_sits_it_out_until_rejoining() -> None:
    driver = started(who='"Kirin, Thug"')
    driver.do("/order wait action:attack", "troy")
    out = driver.do("/act character:Thug action:use")
    assert "No Action this Round: Kirin (waiting to attack)." in out.reply.text
    init = initiative(driver)
    assert init.order.round == 2
    assert "Kirin" in init.order.out
    driver.do("/order rejoin", "troy")
    init = initiative(driver)
    assert "Kirin" not in init.order.out
    assert init.waiting == {}


def test_split_parts_share_the_highest_pool_evenly_under_their_caps() -> None:
    # scenes.md: a 5D Attack makes two Attacks, 3D and 2D; no part above its own pool.
    assert even(5, [5, 5]) == [3, 2]
    assert even(6, [6, 2, 6]) == [2, 2, 2]
    assert even(7, [7, 1, 7]) == [3, 1, 3]


def test_split_parts_pass_to_the_target_and_come_back() -> None:
    driver = started(who='"Kirin, Viktor, Thug"')
    driver.do('/order split parts:"attack, move"', "troy")
    # Unarmed, Kirin's Attack is Nature 3; his Move is Poise 5: 5 dice, at most 3 to the Attack.
    assert [p.dice for p in initiative(driver).splits["Kirin"]] == [3, 2]
    driver.do('/act action:attack target:Thug results:"1 4 5"', "troy")
    init = initiative(driver)
    assert init.order.current == "Thug"
    assert init.order.has_turn("Kirin")
    driver.do("/act character:Thug action:use")
    driver.do("/order handoff to:Kirin")
    driver.do("/act action:move", "troy")
    init = initiative(driver)
    assert "Kirin" in init.order.acted
    assert init.order.current == "Viktor"


def test_a_split_part_with_no_target_goes_on_at_once_when_nobody_else_can() -> None:
    driver = started(who='"Kirin, Thug"', lead="Thug")
    driver.do("/act character:Thug action:use")
    driver.do('/order split parts:"use, move"', "troy")
    out = driver.do("/act action:use", "troy")
    assert "Kirin goes on with the next part of the split Action." in out.reply.text
    out = driver.do("/act action:move", "troy")
    assert "Everyone has acted: Round 1 is over." in out.reply.text


def test_the_free_move_comes_once_a_round_before_the_action() -> None:
    driver = started(who='"Kirin, Viktor"')
    driver.do("/order move", "troy")
    assert driver.refused("/order move", "troy").endswith("has used their Free Move this Round.")
    driver.do("/act action:use", "troy")
    refused = driver.refused("/order move", "troy")
    assert "before their Action, never after" in refused


def test_a_delay_costs_this_rounds_action_if_it_is_still_to_come() -> None:
    driver = started(who='"Kirin, Viktor, Thug"')
    driver.do('/check pool:poise vs:5 results:"1 5"', "dana")
    driver.do('/twist results:"2"', "dana")
    init = initiative(driver)
    assert init.lost == {"Viktor": "Delay"}
    assert "Viktor" in init.order.out
    assert not sheet(driver, "Viktor").delayed


def test_a_delay_after_acting_costs_the_next_rounds_action() -> None:
    driver = started(who='"Kirin, Thug"')
    driver.do('/act action:know vs:3 results:"1 1 4 5"', "troy")
    driver.do('/twist results:"4 4"', "troy")
    assert sheet(driver, "Kirin").delayed
    out = driver.do("/act character:Thug action:use")
    assert "No Action this Round: Kirin (Delay)." in out.reply.text
    assert not sheet(driver, "Kirin").delayed
    assert initiative(driver).order.current == "Thug"


def test_the_felled_lose_their_action_and_staggered_gives_it_back() -> None:
    driver = started(who='"Kirin, Viktor, Thug"')
    driver.do("/mettle set character:Viktor value:1")
    driver.do("/act action:use", "troy")
    driver.do("/order handoff to:Thug", "troy")
    driver.do('/act character:Thug action:attack target:Viktor results:"3 3 3 4"')
    driver.do("/mettle take", "dana")
    # It was Viktor's turn (the target goes next): felled, he cannot act, and waits to choose.
    init = initiative(driver)
    assert init.lost.get("Viktor") == "Fallen"
    assert (init.order.current, init.passing) == ("Viktor", True)
    assert (
        driver.refused("/act action:use", "dana")
        == "Viktor is Fallen: no Action (engine.md, Taking Damage)."
    )
    driver.do("/mettle stagger", "dana")
    init = initiative(driver)
    assert init.order.current == "Viktor"
    assert "Viktor" not in init.lost
    assert sheet(driver, "Viktor").has("staggered")


def test_an_allys_defend_uses_their_action_and_does_not_move_initiative() -> None:
    driver = started(who='"Kirin, Viktor, Thug"', lead="Thug")
    driver.do('/act character:Thug action:attack target:Kirin results:"3 3 3 4"')
    assert initiative(driver).order.current == "Kirin"
    driver.do('/act action:defend results:"1 1 1 5"', "dana")
    init = initiative(driver)
    assert init.order.current == "Kirin"
    assert "Viktor" in init.order.out
    assert game(driver).held_hit is None
    # A failed Defend still adds 1 to Soak: 7 - (3 + 1) = 3 on Viktor, none on Kirin.
    assert (sheet(driver, "Viktor").mettle, sheet(driver, "Kirin").mettle) == (6, 8)


def test_the_surprised_have_no_action_in_round_one_only() -> None:
    driver = started(who='"Kirin, Thug"', lead="Kirin")
    driver.do("/order end")
    driver.do('/order start lead:Kirin characters:"Kirin, Thug" surprised:Thug')
    assert initiative(driver).lost == {"Thug": "Surprised"}
    assert sheet(driver, "Thug").has("surprised")
    out = driver.do("/act action:use", "troy")
    assert "Kirin picks who leads Round 2: /order next lead:<Kirin|Thug>." in out.reply.text
    driver.do("/order next lead:Kirin", "troy")
    init = initiative(driver)
    assert (init.order.round, init.order.current) == (2, "Kirin")
    assert not sheet(driver, "Thug").has("surprised")
    assert init.order.has_turn("Thug")


def test_undo_puts_initiative_back_exactly() -> None:
    driver = started()
    before = driver.app.table(driver.table_id).state
    driver.do(f"/act action:attack target:Thug results:{MISS}", "troy")
    driver.do("/undo")
    now = driver.app.table(driver.table_id).state
    assert now == as_before(before, now)
    assert game(driver).checks == 1  # #1 stays used


def test_a_wait_to_defend_answers_a_hit_on_an_ally_who_has_acted() -> None:
    driver = started(who='"Viktor, Kirin, Thug"', lead="Viktor")
    driver.do("/order wait action:defend", "dana")
    driver.do("/order handoff to:Kirin", "dana")
    driver.do("/act action:use", "troy")
    # The Thug hits Kirin, who has acted: Viktor's Wait to Defend can still answer it.
    driver.do('/act character:Thug action:attack target:Kirin results:"3 3 3 4"')
    assert game(driver).held_hit is not None
    driver.do('/act action:defend results:"3 3 1 5"', "dana")
    init = initiative(driver)
    assert game(driver).held_hit is None
    assert init.waiting == {}
    assert sheet(driver, "Kirin").mettle == 8


def test_a_held_hit_lands_when_its_last_possible_defender_gives_up_the_action() -> None:
    driver = started(who='"Viktor, Thug, Kirin"', lead="Viktor")
    driver.do('/act action:attack target:Thug results:"1 2 3 4 5"', "dana")
    assert game(driver).held_hit is not None
    out = driver.do("/order handoff to:Kirin")
    assert "Nobody can Defend the held hit any more: it lands." in out.reply.text
    assert game(driver).held_hit is None
    assert sheet(driver, "Thug").mettle < 3


def test_when_everyone_waits_order_show_gives_the_way_on_that_works() -> None:
    driver = mettle_table()
    driver.do('/order start lead:Viktor characters:"Viktor, Thug"')
    driver.do("/order wait action:attack", "dana")
    driver.do("/order wait action:defend character:Thug")
    shown = driver.do("/order show").reply.text
    assert "lead:<name>" not in "\n".join(shown)
    assert "nobody has an Action for Round 2" in shown[1]
    assert "/order rejoin" in shown[1]
    board = driver.do("/board show").reply.text
    assert not any("lead:<name>" in line for line in board)
    driver.do('/act action:attack target:Thug results:"3 3 3 1 1"', "dana")
    driver.do("/mettle take")
    shown = driver.do("/order show").reply.text
    assert not any("Viktor (waiting" in line for line in shown)
    driver.do("/order next lead:Viktor")
    assert "No Action this Round: Thug (waiting to defend)." in driver.do("/order show").reply.text


def test_a_wait_used_in_a_later_round_is_no_longer_shown_as_the_reason() -> None:
    driver = mettle_table()
    driver.do('/order start lead:Viktor characters:"Viktor, Kirin, Thug"')
    driver.do("/order wait action:attack", "dana")
    driver.do("/order handoff to:Kirin", "dana")
    driver.do("/act action:use", "troy")
    driver.do("/act character:Thug action:use")
    driver.do("/order next lead:Kirin")
    before = driver.do("/order show").reply.text
    assert "No Action this Round: Viktor (waiting to attack)." in before
    driver.do('/act action:attack target:Thug results:"3 3 3 1 1"', "dana")
    shown = driver.do("/order show").reply.text
    assert not any("Viktor (waiting" in line for line in shown), shown
