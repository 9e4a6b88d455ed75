"""The benchmarks' command scripts still run: a renamed option must not break ``make bench``
quietly (the benchmarks themselves are never part of the test suite)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from benchmarks import (
    command_path,
    cpu_per_command,
    import_export,
    many_processes,
    many_tables,
    memory,
    peer,
    startup,
)

from tests.support import make_app


def test_the_command_path_script_is_all_accepted() -> None:
    app = make_app()
    for actor, line in command_path.script(60):
        outcome = app.handle("bench", actor, line)
        assert outcome.ok, f"{line!r}: {outcome.error}"


def test_the_cpu_benchmark_plays_every_mix_and_splits_it_by_stage() -> None:
    registry = make_app().registry
    for name, mix in cpu_per_command.mixes().items():
        assert len(cpu_per_command.play(registry, mix, 12)) == 12, name  # exits on a refusal
    split = cpu_per_command.stages(registry, cpu_per_command.mixes()["cortex-rolls"], 6)
    assert split["decide"] > 0
    assert split["parse"] > 0
    assert split["append (encode, hash)"] > 0
    assert set(split) == {*cpu_per_command.STAGES, "decide", "append (encode, hash)", "the rest"}


def test_the_cpu_benchmark_counts_a_commands_python_calls() -> None:
    registry = make_app().registry
    mixes = cpu_per_command.mixes()
    rolls = cpu_per_command.calls(registry, mixes["cortex-rolls"], 8)
    state = cpu_per_command.calls(registry, mixes["cortex-state"], 8)
    # A roll reads its dice, its odds and every alternative: well over a state command's
    # (1.7x over these first few commands, 2.2x warm, since the rolls' calls were cut in the
    # eighth session; 2x before it).
    assert state > 50
    assert rolls > 1.5 * state


def test_the_campaign_script_is_all_accepted() -> None:
    app = make_app()
    for actor, line in (*import_export.SET_UP, *import_export.CYCLE):
        outcome = app.handle("campaign", actor, line)
        assert outcome.ok, f"{line!r}: {outcome.error}"


def test_the_memory_benchmark_scripts_are_all_accepted() -> None:
    for game, (_set_up, cycle) in memory.GAMES.items():
        app = memory.play(game, len(cycle) * 2, seed=0)  # exits naming a refused line
        assert app.store.head("t") > len(cycle), game


def test_the_memory_benchmarks_undo_and_redo_a_whole_window_of_every_game() -> None:
    for game in memory.GAMES:
        timings = memory.undo_times(game)  # exits naming a refused /undo or /redo
        assert len(timings) >= 2, game


def test_the_many_tables_script_is_all_accepted() -> None:
    app = make_app()
    for line in many_tables.table_script(25):
        outcome = app.handle("bench", many_tables.GM, line)
        assert outcome.ok, f"{line!r}: {outcome.error}"


def test_the_many_processes_script_is_all_accepted() -> None:
    app = make_app()
    for line in many_processes.table_script("p0.bench", 25):
        outcome = app.handle("bench", many_processes.GM, line)
        assert outcome.ok, f"{line!r}: {outcome.error}"
    tables = many_processes.servers(40)
    assert len({s.table_id for s in tables}) == 40
    assert len({s.guild for s in tables}) == 20  # two channels a server


def test_the_peer_comparison_script_is_all_accepted() -> None:
    app = make_app()
    for line in peer.SET_UP + [peer.CYCLE[step][0] for step in peer.cycle(len(peer.CYCLE) * 2)]:
        outcome = app.handle("bench", many_tables.GM, line)
        assert outcome.ok, f"{line!r}: {outcome.error}"


def test_the_peer_comparison_runs_ours_alone_without_a_peer_checkout(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["peer.py", "--commands", "50", "--runs", "1", "--tables", "4", "--workers", "2"]
    monkeypatch.setattr(sys, "argv", argv)
    peer.main()
    out = capsys.readouterr().out
    assert "ours" in out
    assert "--peer" in out  # says how to get the peer
    assert "command path alone at 4 tables" in out  # the ceiling without disk or threads


def test_the_startup_benchmark_starts_the_console(tmp_path: Path) -> None:
    first, last = startup.piped(tmp_path / "new.sqlite3", "/help")
    assert 0 < first <= last
    _first, done = startup.piped(startup.cortex_table(tmp_path), "/game show")
    assert done > 0


def test_the_command_path_benchmark_splits_a_durable_commands_time(tmp_path: Path) -> None:
    lines = command_path.script(40)
    split = command_path.time_split(tmp_path / "split.sqlite3", lines)
    # The script's commands that change the table append (rolls, undo, redo, joins); /game show
    # and /history do not.
    assert 0 < split.appends < len(lines)
    assert split.append_cpu <= split.append_wall * 1.05  # one thread: CPU within its wall
    assert split.cpu <= split.wall * 1.05
    assert split.cpu > 0
    # The appends are part of the commands: their time together is less than the whole run's.
    assert split.append_wall * split.appends < split.wall * len(lines)
    assert split.raw_cpu > 0
    assert split.raw_wall >= split.raw_cpu


def test_the_many_processes_benchmark_reports_how_busy_the_cores_were() -> None:
    first = many_processes.Report("p0", started=100.0, finished=102.0, cpu=1.0)
    second = many_processes.Report("p1", started=100.5, finished=101.0, cpu=0.5)
    first.ticks_started, first.ticks_finished = (1_000, 5_000), (1_300, 5_400)
    second.ticks_started, second.ticks_finished = (1_100, 5_100), (1_200, 5_200)
    busy, ours = many_processes.cores_used([first, second]) or (0.0, 0.0)
    # From the first start's ticks to the last finish's: 300 busy of 400.
    assert busy == 0.75
    cores = os.cpu_count() or 1
    assert ours == 1.5 / (2.0 * cores)  # both processes' CPU over the span, every core
    second.ticks_finished = None  # no /proc/stat: nothing to say
    assert many_processes.cores_used([first, second]) is None
    now = many_processes.machine_ticks()
    if now is not None:  # Linux
        assert 0 <= now[0] <= now[1]
