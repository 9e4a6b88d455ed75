"""The odds a player reads before a roll are the odds of the roll as the table reads it (issue
21): every chance /odds and the "Odds:" line give, checked exactly against an independent count
-- every face of every die, read by the same reading a test gets (``cybergod.reading.read``) or
by the METTLE rules written out here."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

from scenekeeper.odds import cybergod_pool, mettle_check
from scenekeeper.systems.cybergod.reading import read
from scenekeeper.systems.cybergod.state import Complication
from scenekeeper.systems.cybergod.state import TestRecord as Record
from tests.support import TableDriver


def _faces(dice: int, size: int) -> list[tuple[int, ...]]:
    return list(itertools.product(range(1, size + 1), repeat=dice))


def _test(faces: tuple[int, ...], size: int, threshold: int, **more: object) -> Record:
    return Record(
        id=2,
        roller="Ana",
        by="ana",
        written=f"{len(faces)}d{size}",
        die=size,
        base=len(faces),
        dice=len(faces),
        faces=faces,
        threshold=threshold,
        **more,  # type: ignore[arg-type]
    )


def _count(
    dice: int, size: int, threshold: int, ratings: tuple[int, ...], theirs: list[int] | None
) -> tuple[Fraction, Fraction, dict[int, Fraction]]:
    """Success, success overcoming every complication, and EP -> chance, by reading every
    roll (against every roll of the opposing dice, if any)."""
    complications = tuple(Complication(name=f"C{i}", rating=r) for i, r in enumerate(ratings))
    own = _faces(dice, size)
    other_rolls = theirs if theirs is not None else [None]
    whole = len(own) * len(other_rolls)
    won = paying = Fraction(0)
    ep: dict[int, Fraction] = {}
    for faces in own:
        for their in other_rolls:
            more = {"against": 1, "their_successes": their} if their is not None else {}
            record = _test(faces, size, threshold, complications=complications, **more)
            reading = read(record, their)
            if reading.outcome == "success":
                won += Fraction(1, whole)
                if not reading.not_overcome:
                    paying += Fraction(1, whole)
                ep[reading.ep] = ep.get(reading.ep, Fraction(0)) + Fraction(1, whole)
    return won, paying, dict(sorted(ep.items()))


def _fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


@pytest.fixture(scope="module")
def table() -> TableDriver:
    driver = TableDriver()
    driver.do("/game new system:cybergod name:Odds")
    return driver


@pytest.mark.parametrize(("dice", "size"), [(1, 10), (2, 8), (3, 6), (3, 12)])
@pytest.mark.parametrize("threshold", [1, 2, 3])
@pytest.mark.parametrize("ratings", [(), (1,), (2, 1), (3, 1)])
def test_cybergod_odds_against_a_threshold(
    table: TableDriver, dice: int, size: int, threshold: int, ratings: tuple[int, ...]
) -> None:
    won, paying, ep = _count(dice, size, threshold, ratings, None)
    listed = ", ".join(f"C{i} {r}" for i, r in enumerate(ratings))
    line = f"/odds pool:{dice}d{size} vs:{threshold} chart:false"
    data = table.do(line + (f' complications:"{listed}"' if ratings else "")).reply.data
    assert isinstance(data, dict)
    assert data["success"] == _fraction(won)
    assert data.get("ep", {}) == {str(k): _fraction(v) for k, v in ep.items()}
    assert sum(ep.values()) == won  # the EP spread covers every success
    if ratings:
        assert data["success_paying"] == _fraction(paying)


@pytest.mark.parametrize(
    ("dice", "size", "their_dice", "their_size"), [(2, 8, 2, 8), (3, 6, 1, 12)]
)
@pytest.mark.parametrize("margin", [1, 2])
@pytest.mark.parametrize("ratings", [(), (1,), (2, 1)])
def test_cybergod_opposed_odds_with_complications(  # noqa: PLR0917 -- one parameter each
    table: TableDriver,
    dice: int,
    size: int,
    their_dice: int,
    their_size: int,
    margin: int,
    ratings: tuple[int, ...],
) -> None:
    their = [
        sum(2 if f >= 10 else f >= 5 for f in faces) for faces in _faces(their_dice, their_size)
    ]
    won, paying, ep = _count(dice, size, margin, ratings, their)
    listed = ", ".join(f"C{i} {r}" for i, r in enumerate(ratings))
    vs = f'vs:"{margin} {their_dice}d{their_size}"'
    line = f"/odds pool:{dice}d{size} {vs} chart:false"
    data = table.do(line + (f' complications:"{listed}"' if ratings else "")).reply.data
    assert isinstance(data, dict)
    opposed = data["opposed"]
    assert opposed["success"] == _fraction(won)
    assert opposed["ep"] == {str(k): _fraction(v) for k, v in ep.items()}
    if ratings:
        assert opposed["success_paying"] == _fraction(paying)


def test_the_odds_line_before_a_test_counts_only_the_complications_chosen() -> None:
    driver = TableDriver()
    driver.do("/game new system:cybergod name:Odds")
    out = driver.do(
        '/test pool:4d10 vs:moderate complications:"Alarm 2, Trace 1" overcome:Trace '
        'results:"1 1 1 1"'
    )
    assert out.reply.text[0] == (
        "Odds: 84.6% to reach Moderate (2) with 4 D10; 58.1% to overcome Trace too."
    )
    pool = cybergod_pool(4, 10)
    assert f"{float(pool.p_success(2, paid=1)):.1%}" == "58.1%"
    assert f"{float(pool.p_success(2, paid=3)):.1%}" == "9.3%"  # both: what it said before


@pytest.mark.parametrize("line", ["/odds pool:4d8 vs:0", '/odds pool:4d8 vs:"0 3d10"'])
def test_a_threshold_or_margin_of_0_is_refused(table: TableDriver, line: str) -> None:
    message = table.refused(line)
    assert "a threshold (or the margin against a roll) is 1 to 20" in message


def test_resolve_rerolls_are_odds_only_with_the_resolve_mod() -> None:
    driver = TableDriver()
    driver.do("/game new system:cybergod name:Odds")
    with_resolve = driver.do("/odds pool:4d8 vs:moderate chart:false").reply.text
    assert any("Resolve re-roll" in line for line in with_resolve)
    driver.do("/mods set mod:resolve enabled:false")
    for line in ("/odds pool:4d8 vs:moderate chart:false", "/odds pool:4d8 chart:false"):
        assert not any("Resolve" in said for said in driver.do(line).reply.text)


# -- METTLE ---------------------------------------------------------------------------------


def _mettle_repeated(dice: int, difficulty: int) -> Fraction:
    """Twisted while it fails with Edge, by the rules step by step (engine.md, Twists): each
    Twist re-rolls the Edge dice, keeps the Score and adds the new Score faces. Counted as a
    sum over how many Twists it takes, to the point where what is left cannot change it."""
    total = Fraction(0)
    # state: (score, edge dice) -> chance, still failing with Edge
    start: dict[tuple[int, int], Fraction] = {}
    for faces in _faces(dice, 6):
        score = sum(f for f in faces if f <= 3)
        edge = sum(1 for f in faces if f >= 4)
        p = Fraction(1, 6**dice)
        if score > difficulty:
            total += p
        elif edge:
            start[(score, edge)] = start.get((score, edge), Fraction(0)) + p
    state = start
    for _ in range(200):  # each round leaves a fraction of at most (1/2)^1 still going
        nxt: dict[tuple[int, int], Fraction] = {}
        for (score, edge), p in state.items():
            for faces in _faces(edge, 6):
                more = sum(f for f in faces if f <= 3)
                left = sum(1 for f in faces if f >= 4)
                q = p / 6**edge
                if score + more > difficulty:
                    total += q
                elif left:
                    key = (score + more, left)
                    nxt[key] = nxt.get(key, Fraction(0)) + q
        state = nxt
        if sum(state.values(), Fraction(0)) < Fraction(1, 10**30):
            break
    return total


@pytest.mark.parametrize(("dice", "difficulty"), [(1, 1), (2, 3), (3, 5), (3, 8), (4, 6)])
def test_mettle_odds_with_repeated_twists(dice: int, difficulty: int) -> None:
    exact = mettle_check(dice).p_success(difficulty, twist=True, repeat=True)
    stepped = _mettle_repeated(dice, difficulty)
    assert abs(exact - stepped) < Fraction(1, 10**20)
    # And as /check says it, with the mod on.
    driver = TableDriver()
    driver.do("/game new system:mettle name:Odds")
    driver.do("/mods set mod:repeat-twists enabled:true")
    data = driver.do(f"/odds pool:{dice} vs:{difficulty}").reply.data
    assert isinstance(data, dict)
    assert data["with_twist"] == _fraction(exact)


def test_mettle_odds_say_impossible_and_the_0_dice_rule() -> None:
    driver = TableDriver()
    driver.do("/game new system:mettle name:Odds")
    ladder = driver.do("/odds pool:3").reply.text[1]
    assert ladder.endswith("formidable 10 impossible, nigh-impossible 15 impossible.")
    assert driver.do("/odds pool:0 vs:0").reply.text == (
        "0 dice.",
        "No dice: the Check fails without a roll, with nothing to Twist.",
    )
    assert json.dumps(driver.do("/odds pool:0 vs:0").reply.data) == (
        '{"dice": 0, "raises": 0, "against": 0, "with_twist": "0/1", "success": "0/1"}'
    )
