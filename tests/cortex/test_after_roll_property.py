"""After-roll spends and hitches decide everything a roll decides (issue 12; gaps 1.5).

For random rolls followed by random after-roll operations -- a plot point for one more die in
the total or one more effect die, a different reading picked, the GM activating the hitches,
a counter -- the outcome the table ends with equals the outcome of deciding once on the roll's
final reading. The reference below restates each rule from the texts with plain numbers; it
shares no code with the engine (Cortex p.19 heroic steps, p.37-40 recovery, p.98-103 action
order and timed tests, p.20-22 contests).
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support import TableDriver

SIZES = (4, 6, 8, 10, 12)
#: Ada's pool and the Thug's, by die size, in pool order.
ADA_POOL = "Agility Fighting d6 d6"
ADA_DICE = (8, 8, 6, 6)
THUG_POOL = "Fighting Brawny d6"
THUG_DICE = (8, 8, 6)


def _faces(sizes: tuple[int, ...]) -> st.SearchStrategy[list[int]]:
    return st.tuples(*(st.integers(1, s) for s in sizes)).map(list)


OPS = st.lists(
    st.sampled_from(["total", "effect", "pick-low", "pick-high", "hitch", "counter"]),
    max_size=5,
)


def _table() -> TableDriver:
    driver = TableDriver()
    driver.do("/game new system:cortex name:Property")
    driver.do("/game join", "ana")
    driver.do('/char new name:"Ada"', "ana")
    driver.do("/char set character:Ada trait:Agility die:d8 set:Attributes", "ana")
    driver.do("/char set character:Ada trait:Fighting die:d8 set:Skills", "ana")
    driver.do("/pp give character:Ada amount:5")
    driver.do("/pp bank amount:3")
    driver.do("/char new name:Thug gmc:true")
    driver.do("/char set character:Thug trait:Fighting die:d8 set:Skills")
    driver.do("/char set character:Thug trait:Brawny die:d8 set:Attributes")
    driver.do("/scene start type:action")
    return driver


def _game(driver: TableDriver) -> Any:
    table = driver.app.table(driver.table_id)
    assert table.state is not None
    return table.state.game


def _operate(driver: TableDriver, roll_id: int, ops: list[str], roller: str = "Ada") -> None:
    """Whatever each operation does -- it may well be refused -- the table stays sound."""
    for op in ops:
        roll = _game(driver).roll_by_id(roll_id)
        sizes = [f"d{int(d.die)}" for d in roll.dice if d.face != 1]
        low = sizes[-1] if sizes else "d4"
        line = {
            "total": f"/pp spend on:total character:{roller} roll:{roll_id}",
            "effect": f"/pp spend on:effect character:{roller} roll:{roll_id} anyway:true",
            "pick-low": f"/pick character:{roller} roll:{roll_id} total:{low}",
            "pick-high": f'/pick character:{roller} roll:{roll_id} total:"{" ".join(sizes[:2])}" '
            f"effect:{sizes[-1] if len(sizes) > 2 else 'd4'}",
            "hitch": f'/hitch character:{roller} roll:{roll_id} complication:"Shaken Up"',
            "counter": "/counter",
        }[op]
        driver.try_(line, "ana" if roller == "Ada" and op not in ("hitch",) else "gm")


# --- the reference: the rules restated with plain numbers ------------------------------------


def _read(roll: Any) -> tuple[int, int]:
    """The final reading: its total, and its primary (largest) effect die (d4 when none)."""
    total = sum(roll.dice[i].face for i in roll.total_dice)
    effects = [int(roll.dice[i].die) for i in roll.effect_dice]
    return total, max(effects, default=4)


def _up(size: int, steps: int) -> int:
    """Stepped up; 13 means past d12."""
    return min(size + 2 * steps, 13)


def _largest_effect(roll: Any) -> int:
    """A loser's largest possible effect die: the largest non-hitch die, when another is left
    for the total (Cortex 1.1: the total is at least one die); else a d4."""
    usable = sorted((int(d.die) for d in roll.dice if d.face != 1), reverse=True)
    return usable[0] if len(usable) >= 2 else 4


def _stake(won: int, lost: int | None) -> int | None:
    """Not high stakes: the winner's effect die, stepped down once if the loser's is equal or
    larger (None: below d4, nothing)."""
    won = min(won, 12)
    if lost is not None and lost >= won:
        return won - 2 if won > 4 else None
    return won


# --- the properties ---------------------------------------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(action=_faces(THUG_DICE), reaction=_faces(ADA_DICE), ops=OPS)
def test_a_reaction_decides_on_its_final_reading(
    action: list[int], reaction: list[int], ops: list[str]
) -> None:
    driver = _table()
    faces = " ".join(map(str, action))
    driver.do(f'/action character:Thug pool:"{THUG_POOL}" target:Ada results:"{faces}"')
    faces = " ".join(map(str, reaction))
    driver.do(f'/react pool:"{ADA_POOL}" results:"{faces}"', "ana")
    game = _game(driver)
    action_id, reaction_id = game.scene.exchange.action_id, game.scene.exchange.reaction_id
    _operate(driver, reaction_id, ops)
    game = _game(driver)
    act, react = game.roll_by_id(action_id), game.roll_by_id(reaction_id)
    a_total, a_effect = _read(act)
    r_total, r_effect = _read(react)
    stakes = {s.loser: int(s.die) for s in game.stakes if s.roll_id == reaction_id}
    if r_total > a_total:
        # The reaction exceeds the action: it fails; a paid counter turns it round.
        if game.scene.exchange.countered:
            won = _up(r_effect, (r_total - a_total) // 5)
            expected = _stake(won, _largest_effect(act))
            assert stakes == ({"Thug": expected} if expected else {})
        else:
            assert stakes == {}
        return
    # Ties go to the actor; the actor's effect die steps up once per full 5 (Cortex p.19).
    won = _up(a_effect, (a_total - r_total) // 5)
    expected = _stake(won, _largest_effect(react))
    assert stakes == ({"Ada": expected} if expected else {})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    first=_faces(ADA_DICE),
    second=_faces(ADA_DICE),
    difficulty=st.tuples(_faces((10, 10)), _faces((10, 10))),
    ops=st.tuples(OPS, OPS),
)
def test_a_timed_test_charges_beats_on_final_readings(
    first: list[int],
    second: list[int],
    difficulty: tuple[list[int], list[int]],
    ops: tuple[list[str], list[str]],
) -> None:
    driver = _table()
    driver.do('/timed start character:Ada difficulties:"hard, hard" beats:4')
    costs = []
    for faces, vs, more in zip((first, second), difficulty, ops, strict=True):
        if _game(driver).scene.timed_test.finished:
            break
        rolled = " ".join(map(str, faces))
        against = " ".join(map(str, vs))
        driver.do(f'/timed roll pool:"{ADA_POOL}" results:"{rolled}" vs_results:"{against}"', "ana")
        roll_id = _game(driver).roll_count
        _operate(driver, roll_id, more)
        roll = _game(driver).roll_by_id(roll_id)
        total, _ = _read(roll)
        margin = total - roll.difficulty
        # Cortex p.101: fail (a tie fails) two beats, success one, heroic none.
        costs.append(2 if margin <= 0 else 0 if margin >= 5 else 1)
    assert _game(driver).scene.timed_test.beats_left == 4 - sum(costs)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    before=st.sampled_from(SIZES),
    faces=_faces(ADA_DICE),
    vs=_faces((8, 8)),
    ops=OPS,
)
def test_a_recovery_decides_on_its_final_reading(
    before: int, faces: list[int], vs: list[int], ops: list[str]
) -> None:
    driver = _table()
    driver.do(f"/stress add character:Ada type:Physical die:d{before}")
    rolled = " ".join(map(str, faces))
    against = " ".join(map(str, [*vs, 2]))  # the stress die shows 2
    driver.do(
        f'/recover stress:Physical pool:"{ADA_POOL}" results:"{rolled}" vs_results:"{against}"',
        "ana",
    )
    roll_id = _game(driver).roll_count
    _operate(driver, roll_id, ops)
    game = _game(driver)
    roll = game.roll_by_id(roll_id)
    total, effect = _read(roll)
    margin = total - roll.difficulty
    hitches = sum(1 for d in roll.dice if d.face == 1)
    ada = game.characters["Ada"]
    now = int(ada.stress["Physical"]) if "Physical" in ada.stress else 0
    locked = ("Ada", "stress", "Physical") in game.recovery_locks
    # Cortex p.40: the recovery table.
    if margin <= 0 and hitches:
        stepped = _up(before, hitches)
        assert now == min(stepped, 12)
        assert ada.status == ("stressed_out" if stepped == 13 else "active")
    elif margin <= 0:
        assert (now, locked) == (before, False)
    elif _up(effect, margin // 5) > before:
        assert (now, locked) == (0, False)
    else:
        assert (now, locked) == (before - 2 if before > 4 else 0, True)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first=_faces(THUG_DICE), second=_faces(ADA_DICE), ops=OPS)
def test_a_contest_roll_decides_on_its_final_reading(
    first: list[int], second: list[int], ops: list[str]
) -> None:
    driver = _table()
    driver.do("/contest start character:Thug against:Ada")
    driver.do(f'/contest roll pool:"{THUG_POOL}" results:"{" ".join(map(str, first))}"')
    driver.do(f'/contest roll pool:"{ADA_POOL}" results:"{" ".join(map(str, second))}"', "ana")
    game = _game(driver)
    thug_id, ada_id = game.roll_count - 1, game.roll_count
    _operate(driver, ada_id, [op for op in ops if op != "counter"])
    if _game(driver).contest is not None and _game(driver).contest.short is not None:
        driver.do("/contest stand", "ana")
    game = _game(driver)
    thug_total, thug_effect = _read(game.roll_by_id(thug_id))
    ada_total, _ = _read(game.roll_by_id(ada_id))
    if ada_total > thug_total:
        # She beats the standing total: she leads, and it is the Thug's turn to beat her.
        assert game.contest is not None
        assert game.contest.contestants[game.contest.leader].name == "Ada"
        assert game.stakes == ()
        return
    # She fails to beat it and loses: the Thug's effect die against her largest one.
    assert game.contest is None
    expected = _stake(thug_effect, _largest_effect(game.roll_by_id(ada_id)))
    assert {s.loser: int(s.die) for s in game.stakes} == ({"Ada": expected} if expected else {})
