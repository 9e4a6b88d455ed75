"""METTLE Checks Twisted again and again (the repeat-twists mod), Edge and all, against the
rules step by step (rules/mettle/engine.md, Twists); and the answers of a fresh process, which
works out its tables of dice before it keeps them."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from scenekeeper.odds import mettle
from scenekeeper.odds.mettle import MettleCheck
from tests.odds.test_mettle import brute
from tests.support import TableDriver

#: Far below any chance a table reads: what is left when the steps stop.
NEGLIGIBLE = Fraction(1, 10**30)


@cache
def _dice(count: int) -> dict[tuple[int, int], int]:
    """(Score added, Edge) -> ways over 6 ** count, one die at a time."""
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for _ in range(count):
        nxt: dict[tuple[int, int], int] = {}
        for (score, edge), count_ in ways.items():
            for face in range(1, 7):
                key = (score + face, edge) if face <= 3 else (score, edge + 1)
                nxt[key] = nxt.get(key, 0) + count_
        ways = nxt
    return ways


def _stepped(dice: int, raises: int, difficulty: int) -> dict[tuple[bool, int], Fraction]:
    """(succeeded, final Edge) -> chance: each failure with Edge Twisted, again and again."""
    out: dict[tuple[bool, int], Fraction] = {}
    going: dict[tuple[int, int], Fraction] = {}
    rolled = dice - raises
    for (score, rolled_edge), ways in _dice(rolled).items():
        p = Fraction(ways, 6**rolled)
        edge = rolled_edge + raises
        if score > difficulty or not edge:
            out[(score > difficulty, edge)] = out.get((score > difficulty, edge), 0) + p
        else:
            going[(score, edge)] = going.get((score, edge), 0) + p
    while sum(going.values(), Fraction(0)) > NEGLIGIBLE:
        nxt: dict[tuple[int, int], Fraction] = {}
        for (score, edge), p in going.items():
            for (more, left), ways in _dice(edge).items():
                q = p * Fraction(ways, 6**edge)
                total = score + more
                if total > difficulty or not left:
                    out[(total > difficulty, left)] = out.get((total > difficulty, left), 0) + q
                else:
                    nxt[(total, left)] = nxt.get((total, left), 0) + q
        going = nxt
    return out


@pytest.mark.parametrize(("dice", "raises"), [(1, 0), (2, 0), (2, 1), (3, 0), (3, 2), (4, 1)])
@pytest.mark.parametrize("difficulty", [0, 2, 5])
def test_twists_again_and_again_end_as_the_rules_play_them(
    dice: int, raises: int, difficulty: int
) -> None:
    # A Check of its own, not the kept one: its answers are worked out by this question.
    check = MettleCheck(dice, raises)
    exact = check.outcomes(difficulty, twist=True, repeat=True)
    stepped = _stepped(dice, raises, difficulty)
    assert set(exact) == {key for key, p in stepped.items() if p}
    for key, p in stepped.items():
        assert abs(exact.get(key, Fraction(0)) - p) < NEGLIGIBLE * 10
    won = {edge: p for (success, edge), p in sorted(exact.items()) if success}
    assert check.edge_on_success(difficulty, twist=True, repeat=True) == won
    # The success chance alone is counted another way (every die ends on a Score face).
    fresh = MettleCheck(dice, raises).p_success(difficulty, twist=True, repeat=True)
    assert fresh == sum(won.values(), Fraction(0))


def test_odds_with_the_mod_say_the_edge_after_twists_again_and_again() -> None:
    driver = TableDriver()
    driver.do("/game new system:mettle name:Odds")
    driver.do("/mods set mod:repeat-twists enabled:true")
    # 20/63, 34/63 and 1/7 (MettleCheck(3).edge_on_success(2, twist=True, repeat=True)).
    assert driver.do("/odds pool:3 vs:2 twist:true").reply.text[-1] == (
        "Success with Edge (with Twists while each failure has Edge): 0 OK 31.7%, 1 Good 54.0%, "
        "2 Great 14.3%."
    )


@pytest.mark.parametrize("twist", [False, True])
def test_a_fresh_process_works_its_tables_out_as_every_roll_counts(
    monkeypatch: pytest.MonkeyPatch, twist: bool
) -> None:
    # Nothing kept yet: the tables of dice are worked out by this question, the largest first.
    monkeypatch.setattr(mettle, "_SCORE_ONLY", [(1,)])
    monkeypatch.setattr(mettle, "_OVER", {})
    for dice, raises, difficulty in ((4, 1, 3), (3, 0, 1), (4, 0, 6), (2, 2, 0), (1, 0, 0)):
        check = MettleCheck(dice, raises)
        counts = brute(dice, raises, difficulty, twist)
        whole = 6 ** (dice - raises) * 6**dice
        expected = {key: Fraction(ways, whole) for key, ways in sorted(counts.items())}
        assert check.outcomes(difficulty, twist=twist) == expected
