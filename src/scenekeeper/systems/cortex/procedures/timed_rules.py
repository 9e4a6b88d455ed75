"""Timed tests, the rules (Cortex p.101-103), decided on the rolls' readings.

Each stage's roll costs beats by its outcome -- heroic none, success one, failure two -- and a
PC buying time gains one beat back (two on a heroic success) or, failing, is barred from
helping again. The newest stage roll and the newest attempt to buy time are decided again when
after-roll spends change their readings (:func:`redecide`); the next stage's roll (or an
attempt to buy time) closes the one before, so each is decided once on its final reading.
"""

from __future__ import annotations

from scenekeeper.engine.events import Event
from scenekeeper.systems.cortex.procedures.scene_rules import scene_change
from scenekeeper.systems.cortex.roll.rolls import outcome_of
from scenekeeper.systems.cortex.scene_state import TimedTest
from scenekeeper.systems.cortex.state import CortexState, RollRecord

#: Cortex p.101: what each roll costs.
COST = {"heroic": 0, "success": 1, "failure": 2}
#: Cortex p.103: what buying time gains (-1: failed, and barred from helping again).
GAIN = {"heroic": 2, "success": 1, "failure": -1}


def beats(count: int, none: str = "no beats") -> str:
    """'1 beat', '3 beats'; a count below one (time has run out) is ``none``."""
    if count <= 0:
        return none
    return f"{count} beat{'s' if count != 1 else ''}"


def stage(timed: TimedTest, record: RollRecord) -> tuple[TimedTest, list[str]]:
    """The timed test after the roll of its next stage, and how that reads."""
    result = outcome_of(record)
    assert result is not None  # a stage roll is made against the stage's difficulty
    cost = COST[result.kind]
    moved = timed.model_copy(
        update={
            "beats_left": timed.beats_left - cost,
            "tests_done": timed.tests_done + 1,
            "bought_this_beat": False,
            "stage_roll": record.id,
            "stage_cost": cost,
            "buy": None,
        }
    )
    return moved, _stage_lines(moved, result.kind, cost)


def _stage_lines(timed: TimedTest, kind: str, cost: int) -> list[str]:
    line = (
        f"Test {timed.tests_done} of {timed.tests_total}: {kind}, "
        f"{beats(cost, none='no beat')}; {beats(timed.beats_left)} left."
    )
    if kind == "failure":
        line += " The task still moves on."
    return [line, *standing(timed)]


def standing(timed: TimedTest) -> list[str]:
    """Cortex p.103: how the timed test stands."""
    finished = timed.tests_done >= timed.tests_total
    if finished and timed.beats_left > 0:
        return [
            f"{timed.character} finishes with {beats(timed.beats_left)} to spare: full success."
        ]
    if finished and timed.beats_left == 0:
        return [
            f"{timed.character} finishes with no beats left: success, but choose -- the "
            "objective, or a secondary benefit (a clean getaway, saving resources)."
        ]
    consequence = [f"Consequence: {timed.consequence}"] if timed.consequence else []
    if finished:
        return [
            "The last test costs more beats than were left: time runs out, failure.",
            *consequence,
        ]
    if timed.beats_left <= 0:
        return [f"Time runs out before {timed.character} finishes: failure.", *consequence]
    return [f"Next: test {timed.tests_done + 1} ({timed.difficulties[timed.tests_done]})."]


def bought(timed: TimedTest, helper: str, record: RollRecord) -> tuple[TimedTest, str]:
    """The timed test after ``helper``'s attempt to buy time, and how that reads."""
    result = outcome_of(record)
    assert result is not None  # buying time is a test against a difficulty
    gained = GAIN[result.kind]
    if gained < 0:
        moved = timed.model_copy(
            update={
                "barred": (*timed.barred, helper),
                "bought_this_beat": True,
                "buy": (helper, record.id, -1),
            }
        )
        return moved, f"{helper} fails to buy time and cannot help again in this timed test."
    if timed.budget is not None:
        # It regains lost beats: never more than the starting budget.
        gained = min(gained, timed.budget - timed.beats_left)
    moved = timed.model_copy(
        update={
            "beats_left": timed.beats_left + gained,
            "bought_this_beat": True,
            "buy": (helper, record.id, gained),
        }
    )
    return moved, f"{helper} buys {beats(gained)} back: {beats(moved.beats_left)} left."


def _unbuy(timed: TimedTest) -> TimedTest:
    """The timed test as it stood before its newest attempt to buy time."""
    assert timed.buy is not None
    helper, _, gained = timed.buy
    if gained < 0:
        barred = list(timed.barred)
        barred.remove(helper)
        return timed.model_copy(update={"barred": tuple(barred), "buy": None})
    return timed.model_copy(update={"beats_left": timed.beats_left - gained, "buy": None})


def redecide(
    game: CortexState, roll_id: int, record: RollRecord
) -> tuple[list[Event], list[str]] | None:
    """The stage or the attempt to buy time that ``record`` is, decided again on its new
    reading (None: it is neither)."""
    scene = game.scene
    timed = scene.timed_test if scene is not None else None
    if scene is None or timed is None:
        return None
    if timed.buy is not None and timed.buy[1] == roll_id:
        moved, line = bought(_unbuy(timed), timed.buy[0], record)
        lines = [line]
    elif timed.stage_roll == roll_id and timed.buy is None:
        before = timed.model_copy(
            update={
                "beats_left": timed.beats_left + timed.stage_cost,
                "tests_done": timed.tests_done - 1,
            }
        )
        moved, lines = stage(before, record)
    else:
        return None
    if moved == timed:
        return [], lines
    note = f"timed test for {timed.character}, decided again"
    return [scene_change(game, scene.model_copy(update={"timed_test": moved}), note)], lines
