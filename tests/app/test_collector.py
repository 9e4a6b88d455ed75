"""A process that serves for hours settles the garbage collector once it has started
(``bootstrap.settle_collector``, issue 36): what start-up built is kept out of later
collections, and the youngest generation is collected less often."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

import pytest

from scenekeeper import bootstrap, cli

_SETTLE_TWICE = """
import gc
from scenekeeper.bootstrap import YOUNG_COLLECTION_EVERY, settle_collector
assert gc.get_freeze_count() == 0
settle_collector()
frozen = gc.get_freeze_count()
print(frozen > 1000, gc.get_threshold()[0] == YOUNG_COLLECTION_EVERY)
made_after = [{} for _ in range(5000)]
settle_collector()
print(gc.get_freeze_count() == frozen)
"""


def test_it_freezes_what_start_up_built_once_and_collects_the_young_less_often() -> None:
    # In a fresh process: freezing is for good, so not in the test process itself.
    ran = subprocess.run(
        [sys.executable, "-c", _SETTLE_TWICE],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.split() == ["True", "True", "True"]
    assert gc_default_threshold() < bootstrap.YOUNG_COLLECTION_EVERY


def gc_default_threshold() -> int:
    found = subprocess.run(
        [sys.executable, "-c", "import gc; print(gc.get_threshold()[0])"],
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return int(found.stdout)


def test_the_console_settles_the_collector_once_it_has_opened_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settled: list[bool] = []
    monkeypatch.setattr(cli, "settle_collector", lambda: settled.append(True))
    script = tmp_path / "s.txt"
    script.write_text("/game new system:generic name:Friday\n", encoding="utf-8")
    assert cli.main(["play", "--db", str(tmp_path / "t.sqlite3"), "--script", str(script)]) == 0
    assert settled == [True]


def test_a_console_that_cannot_open_its_database_settles_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settled: list[bool] = []
    monkeypatch.setattr(cli, "settle_collector", lambda: settled.append(True))
    (tmp_path / "not-a-db").mkdir()
    assert cli.main(["play", "--db", str(tmp_path / "not-a-db"), "--script", "-"]) == 2
    assert settled == []


def test_settling_in_this_process_freezes_once_and_is_undone_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # As the subprocess test, where mutation testing sees it; gc.unfreeze undoes the freeze.
    monkeypatch.setattr(bootstrap, "_SETTLED", [])
    threshold = gc.get_threshold()
    before = gc.get_freeze_count()
    try:
        bootstrap.settle_collector()
        frozen = gc.get_freeze_count()
        assert frozen > before
        assert gc.get_threshold() == (bootstrap.YOUNG_COLLECTION_EVERY, *threshold[1:])
        made_after = [{} for _ in range(1000)]
        bootstrap.settle_collector()
        assert gc.get_freeze_count() == frozen
        assert made_after
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
