"""The catalog of games (``scenekeeper.systems.catalog``) says what the games' packages say,
and ``scenekeeper play`` imports only the games its table plays (and no heavy library it does
not use). No timings here: ``benchmarks/startup.py`` measures the first line."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from scenekeeper.bootstrap import build_registry
from scenekeeper.engine.systems import get_system
from scenekeeper.systems import commands_of
from scenekeeper.systems.catalog import GAMES

#: Never imported by ``play`` unless a command uses them (charts, PostgreSQL, Discord, the web
#: board, the odds cross-check, sheet files).
HEAVY = ("discord", "matplotlib", "psycopg", "psycopg_pool", "icepool", "numpy", "aiohttp")


def _declared(game: str) -> frozenset[str]:
    return frozenset(s.name for s in build_registry().all_specs() if game in (s.systems or ()))


def _catalog_lines(game: str) -> str:
    text = ", ".join(sorted(_declared(game)))
    return "\n".join(f'"{part}"' for part in textwrap.wrap(text, 84, drop_whitespace=False))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_catalog_names_each_games_commands_and_state_version(game: str) -> None:
    known = GAMES[game]
    assert known.module == f"scenekeeper.systems.{game}"
    assert known.state_version == get_system(game).state_version
    assert known.commands == _declared(game), (
        f"systems/catalog.py is out of date for {game}; its commands are:\n{_catalog_lines(game)}"
    )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_games_package_declares_all_its_commands_and_no_other_games(game: str) -> None:
    sets = commands_of(game)
    assert {s.name for c in sets for s in c} == set(_declared(game))
    assert all(c.systems == frozenset({game}) for c in sets)


def test_a_lazy_registry_answers_as_an_eager_one() -> None:
    eager, lazy = build_registry(), build_registry(every_game=False)
    assert lazy.max_words() == eager.max_words()
    assert lazy.word_tree() == eager.word_tree()
    for name in ("hand bid", "legend declare", "roll", "help", "no such thing"):
        assert lazy.games_of(name) == eager.games_of(name)
    for game in sorted(GAMES):
        assert lazy.names(game) == eager.names(game)
        assert lazy.left_out_at("roll", game) == eager.left_out_at("roll", game)
    # Within a name, its versions are listed in the order their games loaded.
    assert sorted((s.name, sorted(s.systems or ())) for s in lazy.all_specs()) == sorted(
        (s.name, sorted(s.systems or ())) for s in eager.all_specs()
    )


_PLAY = """
import json, sys
from scenekeeper.cli import main
main(["play", "--db", sys.argv[1], "--script", sys.argv[2]])
games = sorted({m.split(".")[2] for m in sys.modules if m.count(".") >= 2
                and m.startswith("scenekeeper.systems.") and m != "scenekeeper.systems.catalog"})
heavy = sorted({m.split(".")[0] for m in sys.modules} & set(sys.argv[3:]))
print(json.dumps({"games": games, "heavy": heavy}))
"""


def _play(tmp_path: Path, lines: str) -> dict[str, list[str]]:
    script = tmp_path / "script.txt"
    script.write_text(lines, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", _PLAY, str(tmp_path / "t.sqlite3"), str(script), *HEAVY],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    found: dict[str, list[str]] = json.loads(done.stdout.splitlines()[-1])
    return found


def test_play_at_a_new_table_imports_no_game_and_nothing_heavy(tmp_path: Path) -> None:
    assert _play(tmp_path, "/help\n/roll dice:2d6\n") == {"games": [], "heavy": []}


def test_play_at_a_cortex_table_imports_cortex_alone(tmp_path: Path) -> None:
    lines = '/game new system:cortex name:"One shot"\n/roll d8 d6\n/undo\n/hand bid\n'
    assert _play(tmp_path, lines) == {"games": ["cortex"], "heavy": []}
    # A second session at the same table (loaded from the file) likewise.
    assert _play(tmp_path, "/game show\n/history\n") == {"games": ["cortex"], "heavy": []}
