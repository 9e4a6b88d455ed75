"""The layering rules: pure packages import no discord, no database driver and no clock;
only adapters/discord imports discord."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).parents[1] / "src" / "scenekeeper"
PURE = ["engine", "dice", "odds", "systems"]
DRIVERS = {"sqlite3", "psycopg", "psycopg_pool", "asyncpg", "aiosqlite", "sqlalchemy", "redis"}
CLOCKS = {"time", "datetime"}
OUTER = {"scenekeeper.store", "scenekeeper.app", "scenekeeper.adapters", "scenekeeper.bootstrap"}


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def pure_files() -> list[Path]:
    return [
        f for package in PURE if (SRC / package).exists() for f in (SRC / package).rglob("*.py")
    ]


@pytest.mark.parametrize("path", pure_files(), ids=lambda p: str(p.relative_to(SRC)))
def test_pure_packages_import_no_driver_clock_discord_or_outer_layer(path: Path) -> None:
    bad = set()
    for name in imported_modules(path):
        top = name.split(".")[0]
        if top in DRIVERS | CLOCKS | {"discord"} or any(
            name == outer or name.startswith(outer + ".") for outer in OUTER
        ):
            bad.add(name)
    assert not bad, f"{path.relative_to(SRC)} imports {sorted(bad)}"


def test_only_the_discord_adapter_imports_discord() -> None:
    offenders = [
        str(f.relative_to(SRC))
        for f in SRC.rglob("*.py")
        if "adapters/discord" not in f.as_posix()
        and any(n.split(".")[0] == "discord" for n in imported_modules(f))
    ]
    assert offenders == []


def test_the_scan_finds_files() -> None:
    assert len(pure_files()) > 10


def test_no_adapter_imports_a_game() -> None:
    # A game declares (its display, controls, suggestions, sheets); the shell draws. An adapter
    # that imported a game would be that game's adapter, and the next game's would not work.
    offenders = {
        str(f.relative_to(SRC)): sorted(
            n for n in imported_modules(f) if n.startswith("scenekeeper.systems")
        )
        for f in (SRC / "adapters").rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def _module_imports(path: Path, package: str) -> set[str]:
    """The modules of ``package`` that ``path`` imports, anywhere in it (a function-level
    import is a circle too, only hidden)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == package:
                found.update(alias.name for alias in node.names)
            elif node.module.startswith(package + "."):
                found.add(node.module[len(package) + 1 :].split(".")[0])
    return found


@pytest.mark.parametrize(
    "game", sorted(p.name for p in (SRC / "systems").iterdir() if (p / "__init__.py").exists())
)
def test_a_games_modules_import_no_circle(game: str) -> None:
    package = f"scenekeeper.systems.{game}"
    folder = SRC / "systems" / game
    graph = {
        f.stem: _module_imports(f, package) - {f.stem}
        for f in folder.glob("*.py")
        if f.stem != "__init__"
    }

    def circle_from(start: str, path: list[str]) -> list[str] | None:
        for nxt in sorted(graph.get(path[-1], ())):
            if nxt == start:
                return [*path, nxt]
            if nxt not in path and nxt in graph:
                found = circle_from(start, [*path, nxt])
                if found:
                    return found
        return None

    circles = [c for m in sorted(graph) if (c := circle_from(m, [m]))]
    assert circles == [], f"{game}: {' -> '.join(circles[0])}"
