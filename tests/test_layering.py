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


def _package_graph() -> dict[str, set[str]]:
    """Every module of the package and the modules of it that it imports, anywhere in it (a
    ``TYPE_CHECKING`` or function-level import counts: a reader follows it too)."""
    names = {
        ".".join(f.relative_to(SRC.parent).with_suffix("").parts).removesuffix(".__init__"): f
        for f in SRC.rglob("*.py")
    }
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    whole = f"{node.module}.{alias.name}"
                    found.add(whole if whole in names else node.module)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        graph[name] = {m for m in found if m in names and m != name}
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_no_modules_import_each_other_in_a_circle() -> None:
    # Issue 36: the command path ran through a circle of six engine modules. The order a
    # command flows in is the order the modules import each other: state -> aggregate ->
    # options -> registry -> commands -> systems (and the games after them).
    graph = _package_graph()
    assert "scenekeeper.engine.registry" in graph["scenekeeper.engine.commands"]
    assert _circles(graph) == []
    looped = {**graph, "scenekeeper.engine.state": {"scenekeeper.engine.commands"}}
    assert _circles(looped) != []  # the search finds a circle where there is one
