"""``scenekeeper odds`` at the terminal: text, the documented JSON, a chart file."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from scenekeeper.odds import cortex
from scenekeeper.odds_cli import main


def test_json_is_the_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pool:d8 d8 d10", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["pool", "keep", "denominator", "joint", "p_beat"]
    assert data["pool"] == ["d8", "d8", "d10"]
    assert data["keep"] == 2
    assert data["denominator"] == 640
    odds = cortex([8, 8, 10])
    assert {(t, e, h): c for t, e, h, c in data["joint"]} == dict(odds.joint)
    assert sum(c for *_, c in data["joint"]) == 640
    assert {int(d): Fraction(p) for d, p in data["p_beat"].items()} == odds.beat_table()
    assert data["p_beat"]["18"] == "0/1"


def test_json_with_an_opposition_and_keep(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pool:d8 d8 d10", "vs:hard", "keep:3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["keep"] == 3
    assert data["against"]["label"] == "hard (d10 d10)"
    assert Fraction(data["against"]["success"]) > 0


def test_text_bare_dice_and_a_static_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["d8", "d8", "vs:very-hard", "--static"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Odds for d8 d8, keeping 2 (exact over 64 outcomes):"
    assert out[1].startswith("Beat very hard (19): 0.0%")


def test_chart_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "odds.png"
    assert main(["pool:d6 d8 d10", "vs:11", "--chart", str(target)]) == 0
    assert target.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert capsys.readouterr().out.splitlines()[-1] == f"Saved {target}"


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["pool:d8 d7"], "not a step die"),
        (["pool:d8 d8", "keep:0"], "keeps 1 to 5"),
        (["pool:d8 d8", "keep:two"], "keep: takes a number"),
        (["vs:hard"], "Name the pool"),
    ],
)
def test_bad_questions_exit_2_with_a_message(
    words: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(words) == 2
    assert message in capsys.readouterr().err


def test_every_game_with_dice_is_answered(capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 21: METTLE and Cybergod as their tables' /odds says them, Scions as Cortex.
    assert main(["--game", "mettle", "pool:4", "vs:daunting", "raises:1"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "4 dice, 1 raised.",
        "Beat Daunting 6: 4.6% (a tie fails); with a Twist on a failure: 32.8%.",
        "Success with Edge: 1 Good 4.6%.",
    ]
    assert main(["--game", "cybergod", "pool:4d10", "vs:moderate", "complications:Sys Op 1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2:4] == ["To reach Moderate (2): 84.6%.", "And overcome 1 in complications: 58.1%."]
    assert main(["--game", "scions", "d8", "d8", "vs:hard"]) == 0
    assert capsys.readouterr().out.startswith("Odds for d8 d8, keeping 2")


def test_a_tables_mods_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "mettle", "--mod", "repeat-twists", "3", "vs:5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == {
        "dice": 3,
        "raises": 0,
        "against": 5,
        "success": "13/108",
        "with_twist": "17/27",
    }
    assert main(["--game", "cybergod", "--mod", "resolve=off", "pool:4d8", "vs:moderate"]) == 0
    assert "Resolve" not in capsys.readouterr().out


def test_a_game_at_a_table_refuses_as_its_table_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--game", "cybergod", "pool:4d8", "vs:0"]) == 2
    assert capsys.readouterr().err == (
        "scenekeeper odds: vs:0: a threshold (or the margin against a roll) is 1 to 20; leave "
        "the number out for a margin of 1.\n"
    )
    assert main(["--game", "mettle", "3", "--chart", str(tmp_path / "x.png")]) == 2
    assert "mettle's odds have no chart" in capsys.readouterr().err
    target = tmp_path / "odds.png"
    assert main(["--game", "cybergod", "pool:3d10", "--chart", str(target)]) == 0
    assert target.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_mods_are_for_the_games_at_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--mod", "doom-pool", "d8", "d8"]) == 2
    assert capsys.readouterr().err == (
        "scenekeeper odds: --mod is for --game mettle or cybergod; Cortex odds take none.\n"
    )
