"""Damage, Soak and statuses (engine.md, Taking Damage, Status Effects; scenes.md, Attack,
Defend, Aid, Rally, Rattle; resources.md, Specials)."""

from __future__ import annotations

import pytest

from scenekeeper.systems.mettle.damage import half
from tests.mettle.helpers import game, mettle_table, sheet

HIT = '"3 3 3 4"'  # the Thug's 4 dice: Score 9, 1 Edge -- DM 6 + 1 = 7 before Soak


@pytest.mark.parametrize(("n", "halved"), [(0, 0), (1, 1), (2, 1), (5, 3), (6, 3)])
def test_halving_rounds_up(n: int, halved: int) -> None:
    assert half(n) == halved


def test_soak_is_frame_plus_armor_and_a_defend_adds_to_it() -> None:
    driver = mettle_table()
    driver.do("/char gear character:Viktor item:Chain", "dana")
    assert sheet(driver, "Viktor").soak == 5
    driver.do(f"/act character:Thug action:attack target:Viktor results:{HIT}")
    # Defend (Poise 2 + Sword 2) succeeds with 2 Edge: Soak +4; 7 - (5 + 4) leaves nothing.
    driver.do('/act action:defend results:"3 1 5 6"', "dana")
    assert sheet(driver, "Viktor").mettle == 9


def test_a_defend_can_undo_a_felling_blow() -> None:
    driver = mettle_table()
    driver.do("/mettle set character:Viktor value:4")
    driver.do(f"/act character:Thug action:attack target:Viktor results:{HIT}")
    driver.do('/act action:defend results:"1 2 2 6"', "dana")
    viktor = sheet(driver, "Viktor")
    assert viktor.mettle == 4 - (7 - (3 + 3))
    assert not viktor.has("fallen")


def test_a_felling_blow_fells_and_staggered_costs_one_more() -> None:
    driver = mettle_table()
    driver.do("/mettle set character:Viktor value:3")
    driver.do(f"/act character:Thug action:attack target:Viktor results:{HIT}")
    driver.do("/mettle take", "dana")
    viktor = sheet(driver, "Viktor")
    assert (viktor.mettle, viktor.has("fallen"), viktor.current("poise")) == (-1, True, 0)
    assert game(driver).felled == ("Viktor",)
    driver.do("/mettle stagger", "dana")
    viktor = sheet(driver, "Viktor")
    assert (viktor.mettle, viktor.has("fallen"), viktor.has("staggered")) == (-2, False, True)
    assert viktor.penalty() == 2


def test_any_damage_at_zero_or_below_fells_again() -> None:
    driver = mettle_table()
    driver.do("/mettle set character:Viktor value:0")
    driver.do("/status add character:Viktor status:staggered")
    driver.do("/mettle damage character:Viktor damage:4")
    assert sheet(driver, "Viktor").has("fallen")
    assert not sheet(driver, "Viktor").has("staggered")
    driver.do("/mettle damage character:Viktor damage:3")
    assert sheet(driver, "Viktor").mettle == -1


def test_the_staggered_choice_closes_with_the_next_check() -> None:
    driver = mettle_table()
    driver.do("/mettle set character:Viktor value:3")
    driver.do(f"/act character:Thug action:attack target:Viktor results:{HIT}")
    driver.do("/mettle take", "dana")
    driver.do('/check pool:poise vs:1 results:"1 1 1 1 1"', "troy")
    assert "none to deny" in driver.refused("/mettle stagger", "dana")
    assert game(driver).felled == ()


def test_gm_characters_stagger_only_with_the_mod() -> None:
    driver = mettle_table()
    driver.do("/mettle damage character:Boss damage:11")
    assert "do not take Staggered" in driver.refused("/mettle stagger character:Boss")
    driver.do("/undo")
    driver.do("/mods set mod:npc-staggered enabled:true")
    driver.do("/mettle damage character:Boss damage:11")
    driver.do("/mettle stagger character:Boss")
    assert sheet(driver, "Boss").has("staggered")


def test_stun_incapacitates_instead_of_felling_and_soft_halves_after_soak() -> None:
    driver = mettle_table()
    driver.do("/mettle set character:Viktor value:2")
    driver.do(f"/act character:Thug action:attack target:Viktor stun:true results:{HIT}")
    driver.do("/mettle take", "dana")
    viktor = sheet(driver, "Viktor")
    assert (viktor.mettle, viktor.has("incapacitated"), viktor.has("fallen")) == (2, True, False)
    # The Boss punches (Unarmed: Frame 5 DM, Soft): (5 + 2 - Soak 2), halved up = 3.
    driver.do('/act character:Boss action:attack target:Kirin results:"3 3 3 4 5"')
    driver.do("/mettle take", "troy")
    assert sheet(driver, "Kirin").mettle == 8 - 3


def test_falls_soak_with_poise_and_a_roll_stops_at_zero() -> None:
    driver = mettle_table()
    out = driver.do('/mettle damage character:Kirin damage:1d6-8 soak_with:poise results:"2"')
    assert "(a Roll never goes below 0)" in out.reply.text[0]
    driver.do('/mettle damage character:Kirin damage:1d6+4 soak_with:poise results:"6"')
    assert sheet(driver, "Kirin").mettle == 8 - (10 - 5)


def test_aid_stabilises_and_edge_restores_mettle_failure_kills() -> None:
    driver = mettle_table()
    driver.do("/mettle set character:Viktor value:-2")
    driver.do("/status add character:Viktor status:fallen")
    driver.do('/act action:aid target:Viktor results:"3 1 5 6"', "troy")
    viktor = sheet(driver, "Viktor")
    assert (viktor.stable, viktor.mettle) == (True, 0)
    driver.do("/mettle set character:Thug value:-3")
    driver.do("/status add character:Thug status:fallen")
    driver.do('/act action:aid target:Thug results:"1 1 5 6"', "troy")
    thug = sheet(driver, "Thug")
    assert thug.has("dead")
    assert not thug.has("fallen")


def test_a_twist_replaces_a_failed_aids_death() -> None:
    driver = mettle_table()
    driver.do("/mettle set character:Viktor value:-2")
    driver.do("/status add character:Viktor status:fallen")
    driver.do('/act action:aid target:Viktor results:"1 1 5 6"', "troy")
    assert sheet(driver, "Viktor").has("dead")
    driver.do('/twist kind:waste results:"1 1"', "troy")
    viktor = sheet(driver, "Viktor")
    assert (viktor.has("dead"), viktor.has("fallen"), viktor.stable) == (False, True, True)


def test_rally_restores_within_the_maximum_and_ends_a_rattle() -> None:
    driver = mettle_table()
    driver.do("/mettle set character:Viktor value:6")
    driver.do('/act character:Boss action:rattle target:Viktor results:"3 3 2 1 6"')
    assert sheet(driver, "Viktor").statuses["rattled"] == 3
    driver.do('/act action:rally results:"3 3 3 6"', "dana")  # 9 against 6 + 3: a tie fails
    viktor = sheet(driver, "Viktor")
    assert (viktor.mettle, viktor.has("rattled")) == (7, True)
    driver.do('/act action:rally results:"3 3 3 6"', "dana")  # 9 against 7 + 3: fails again
    driver.do("/status remove character:Viktor status:rattled")
    driver.do('/act action:rally results:"3 3 3 6"', "dana")  # 9 against 8: +3, capped at 9
    assert sheet(driver, "Viktor").mettle == 9


def test_rattles_do_not_stack() -> None:
    driver = mettle_table()
    driver.do('/act character:Boss action:rattle target:Viktor results:"3 3 3 1 6"')
    driver.do('/act character:Thug action:rattle target:Viktor results:"3 3 3"')
    assert sheet(driver, "Viktor").statuses["rattled"] == 3


def test_a_new_scene_refills_mettle_above_zero_and_ends_rattles() -> None:
    driver = mettle_table()
    driver.do("/mettle set character:Viktor value:2")
    driver.do("/mettle set character:Kirin value:-1")
    driver.do("/status add character:Kirin status:staggered")
    driver.do("/status add character:Viktor status:rattled")
    driver.do("/scene start name:Next")
    viktor, kirin = sheet(driver, "Viktor"), sheet(driver, "Kirin")
    assert (viktor.mettle, viktor.has("rattled")) == (9, False)
    assert (kirin.mettle, kirin.has("staggered")) == (-1, True)


def test_the_unaided_fallen_die_when_the_next_scene_ends() -> None:
    driver = mettle_table()
    driver.do("/mettle damage character:Thug damage:9")
    assert sheet(driver, "Thug").statuses["fallen"] == 1
    driver.do("/scene end")
    assert sheet(driver, "Thug").has("fallen")
    driver.do("/scene start name:Two")
    driver.do("/scene end")
    assert sheet(driver, "Thug").has("dead")


def test_poison_ticks_each_round_without_soak_until_it_runs_out() -> None:
    driver = mettle_table()
    driver.do('/status add character:Kirin status:afflicted kind:poison dose:1d6 results:"4"')
    affliction = sheet(driver, "Kirin").affliction
    assert affliction is not None
    assert (affliction.kind, affliction.left) == ("poison", 2)
    driver.do('/order start lead:Kirin characters:"Kirin, Thug"')
    for _ in range(3):
        driver.do("/act action:use", "troy")
        driver.do("/act character:Thug action:use")
        driver.do("/order next lead:Kirin")
    kirin = sheet(driver, "Kirin")
    assert (kirin.mettle, kirin.affliction, kirin.has("afflicted")) == (6, None, False)


def test_the_dose_is_shown_only_to_the_gm() -> None:
    driver = mettle_table()
    out = driver.do("/status add character:Kirin status:afflicted kind:poison dose:3d6")
    assert not any("Dose" in line for line in out.reply.text)
    (secret,) = out.reply.private
    assert secret.startswith("Dose 3d6 (")
    history = driver.do("/history", "troy").reply.text
    (line,) = [h for h in history if "afflicted" in h]
    assert line.endswith("→ Kirin is afflicted (poison)")


def test_a_twist_puts_back_only_what_the_outcome_changed() -> None:
    driver = mettle_table()
    driver.do("/mettle set character:Viktor value:5")
    driver.do('/act action:rally results:"1 1 1 4"', "dana")  # fails: +1
    assert sheet(driver, "Viktor").mettle == 6
    driver.do("/char gear character:Viktor item:Leather", "dana")
    driver.do('/twist kind:expose results:"3"', "dana")  # 6 against 5: +2 +0 instead
    viktor = sheet(driver, "Viktor")
    assert viktor.mettle == 7
    assert [g.name for g in viktor.gear] == ["Sword", "Leather"]


def test_a_twist_on_a_plain_check_does_not_undo_a_hit_taken_since() -> None:
    driver = mettle_table()
    driver.do('/check pool:poise vs:5 results:"1 5"', "dana")
    driver.do("/mettle damage character:Viktor damage:5")
    assert "no Check to Twist" in driver.refused("/twist", "dana")
    assert sheet(driver, "Viktor").mettle == 9 - 2


def test_damage_typed_as_a_sum_of_numbers_rolls_no_dice() -> None:
    driver = mettle_table()
    out = driver.do("/mettle damage character:Kirin damage:2+3 soak_with:none")
    assert out.reply.text[0] == "Damage: 2+3 = 5."
    assert sheet(driver, "Kirin").mettle == 8 - 5
