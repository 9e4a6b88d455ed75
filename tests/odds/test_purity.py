"""The odds package stays pure: the standard library and ``scenekeeper.dice`` only, no clock,
and matplotlib only inside the chart module's drawing function (never on import)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ODDS = Path(__file__).parents[2] / "src" / "scenekeeper" / "odds"
#: The modules that draw, each loading matplotlib only inside its drawing function.
CHARTS = {"chart.py", "cybergod_chart.py"}


def imports(path: Path, *, top_level_only: bool) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    names: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", sorted(ODDS.glob("*.py")), ids=lambda p: p.name)
def test_odds_imports_only_the_standard_library_and_dice(path: Path) -> None:
    for name in imports(path, top_level_only=False):
        top = name.split(".")[0]
        if name.startswith(("scenekeeper.dice", "scenekeeper.odds")) or name == "__future__":
            continue
        if path.name in CHARTS and top == "matplotlib":
            assert name not in imports(path, top_level_only=True), "matplotlib must load lazily"
            continue
        assert top in sys.stdlib_module_names, f"{path.name} imports {name}"
        assert top not in {"time", "datetime", "random", "secrets"}, f"{path.name}: no clock/rng"


def test_importing_the_odds_and_the_command_does_not_load_matplotlib() -> None:
    code = (
        "import sys, scenekeeper.odds, scenekeeper.odds.chart, scenekeeper.odds_cli; "
        "import scenekeeper.systems.cortex.roll.odds_commands, scenekeeper.odds.cybergod_chart; "
        "import scenekeeper.systems.cybergod.odds_commands; "
        "print('matplotlib' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "False"
