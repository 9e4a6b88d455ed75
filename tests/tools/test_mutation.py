"""``make mutants`` (tools/mutation): what it reads of mutmut's work, how it names a survivor, what
it explains, and the copy it keeps -- checked on files mutmut itself mutates."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from mutmut.mutation.file_mutation import mutate_file_contents
from tools.mutation import explained, report, results, work
from tools.mutation.areas import AREAS, BAR, area_of

SOURCE = textwrap.dedent(
    '''\
    """A module for the test."""


    def is_gm(seat: str) -> bool:
        """One line of docs."""
        return seat == "gm"


    class Pot:
        def add(self, tokens: int) -> int:
            total = tokens + 1
            return total
    '''
)
PATH = "src/scenekeeper/engine/sample.py"


def mutated(tmp_path: Path, codes: dict[int, int | None] | None = None) -> list[results.Mutant]:
    """``SOURCE`` mutated by mutmut into a work folder shaped as mutmut leaves it."""
    made = mutate_file_contents(PATH, SOURCE)
    (tmp_path / PATH).parent.mkdir(parents=True)
    (tmp_path / PATH).write_text(SOURCE, encoding="utf-8")
    copy = tmp_path / "mutants" / PATH
    copy.parent.mkdir(parents=True)
    copy.write_text(made.code, encoding="utf-8")
    module = "scenekeeper.engine.sample."
    keys = [module + name for name in made.mutant_names]
    verdicts = codes or {}
    meta = {"exit_code_by_key": {key: verdicts.get(n, 1) for n, key in enumerate(keys)}}
    (tmp_path / "mutants" / f"{PATH}.meta").write_text(json.dumps(meta), encoding="utf-8")
    return results.read(tmp_path, PATH)


def test_each_mutant_is_read_with_its_function_line_and_change(tmp_path: Path) -> None:
    found = mutated(tmp_path)
    assert found, "mutmut made no mutants of the sample"
    flipped = [m for m in found if m.added == ('return seat != "gm"',)]
    assert len(flipped) == 1
    assert flipped[0].function == "is_gm"
    assert flipped[0].removed == ('return seat == "gm"',)
    assert flipped[0].line == 6  # the return line of the real file, not of mutmut's copy
    method = [m for m in found if m.function == "Pot.add"]
    assert method, "a method's mutants are named Class.method"
    assert {m.line for m in method} <= {11, 12}
    assert all(m.verdict == "killed" and m.caught for m in found)


def test_a_plain_copy_beside_an_old_meta_is_not_measured(tmp_path: Path) -> None:
    """A run over other files put the file back plain: its old verdicts cannot be shown (their
    changes are gone), so the file reads as not measured, not as empty-diff survivors."""
    assert mutated(tmp_path)
    (tmp_path / "mutants" / PATH).write_text(SOURCE, encoding="utf-8")
    assert results.read(tmp_path, PATH) == []


def test_verdicts_follow_mutmuts_exit_codes(tmp_path: Path) -> None:
    found = mutated(tmp_path, {0: 0, 1: 33, 2: 37, 3: 36, 4: None})
    assert [m.verdict for m in found[:5]] == [
        "survived",
        "no tests",
        "caught by mypy",
        "timeout",
        "not run",
    ]
    assert [m.caught for m in found[:5]] == [False, False, True, True, False]


def test_an_explained_survivor_counts_toward_the_score_and_only_that_one(tmp_path: Path) -> None:
    found = mutated(tmp_path, {0: 0, 1: 0})
    first, second = found[0], found[1]
    folder = tmp_path / "explained"
    folder.mkdir()
    (folder / "sample.toml").write_text(
        explained.entry_for(first).replace('why = ""', 'why = "same either way"'),
        encoding="utf-8",
    )
    entries = explained.load(folder)
    assert explained.reason(first, entries) == "same either way"
    assert explained.reason(second, entries) is None
    scored = report.score("sample", found, entries)
    assert (scored.made, scored.explained, scored.survived) == (len(found), 1, 1)
    assert scored.share == pytest.approx((len(found) - 1) / len(found))
    text = report.markdown(found, entries, took=60.0)
    assert "Explained: same either way" in text
    assert f"mutmut's name: `{second.key}`" in text


def test_an_entry_without_a_reason_is_refused(tmp_path: Path) -> None:
    found = mutated(tmp_path, {0: 0})
    (tmp_path / "bad.toml").write_text(explained.entry_for(found[0]), encoding="utf-8")
    with pytest.raises(ValueError, match="gives no reason"):
        explained.read(tmp_path / "bad.toml")


def test_a_file_of_an_area_under_the_bar_is_named_and_one_outside_an_area_is_not() -> None:
    def made(path: str, caught: int, total: int) -> report.Score:
        return report.Score(path, total, caught, 0)

    inside = made("src/scenekeeper/engine/secrets.py", 89, 100)
    at_bar = made("src/scenekeeper/engine/withheld.py", 90, 100)
    outside = made("src/scenekeeper/odds/text.py", 10, 100)
    assert area_of(outside.name) is None
    assert report.below_bar([inside, at_bar, outside]) == [inside]
    assert BAR == 0.90


def test_every_area_names_files_that_exist() -> None:
    sources = [p.as_posix() for p in (work.ROOT / "src").rglob("*.py")]
    for area in AREAS:
        for glob in area.globs:
            assert any(area.holds(f"src/{s.split('/src/', 1)[1]}") for s in sources), glob


def test_the_copy_drops_what_mutmut_would_keep_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tree = tmp_path / "tree"
    monkeypatch.setattr(work, "TREE", tree)
    (tree / "mutants" / "src" / "pkg").mkdir(parents=True)
    (tree / "src" / "pkg").mkdir(parents=True)

    def both(name: str, now: str, copied: str) -> Path:
        (tree / name).write_text(now, encoding="utf-8")
        (tree / "mutants" / name).write_text(copied, encoding="utf-8")
        return tree / "mutants" / name

    same = both("src/pkg/same.py", "x = 1\n", "x = 1\n")
    edited = both("src/pkg/edited.py", "x = 2\n", "x = 1\n")
    plain = both("src/pkg/chosen.py", "def f(): pass\n", "def f(): pass\n")
    gone = tree / "mutants" / "src" / "pkg" / "gone.py"
    gone.write_text("x = 1\n", encoding="utf-8")
    (tree / "mutants" / "mutmut-stats.json").write_text("{}", encoding="utf-8")
    work.refresh({"src/pkg/chosen.py"})
    assert same.exists()
    assert not edited.exists()
    assert not gone.exists()
    assert not plain.exists(), "a plain copy of a file now chosen would hide its mutants"
    assert (tree / "mutants" / "mutmut-stats.json").exists()


def test_the_copys_settings_mutate_only_the_chosen_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(work, "TREE", tmp_path)
    work.configure(["src/scenekeeper/engine/names.py"])
    text = (tmp_path / "pyproject.toml").read_text(encoding="utf-8")
    assert '[tool.mutmut]\nonly_mutate = ["src/scenekeeper/engine/names.py"]\n' in text
    assert "type_check_command" in text


def test_a_focused_run_names_its_tests_and_refuses_a_folder_that_is_not_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(work, "TREE", tmp_path)
    work.configure(["src/scenekeeper/engine/names.py"], ["tests/nodice", "tests/engine"])
    text = (tmp_path / "pyproject.toml").read_text(encoding="utf-8")
    assert 'pytest_add_cli_args_test_selection = ["tests/engine", "tests/nodice"]\n' in text
    work.configure(["src/scenekeeper/engine/names.py"])
    plain = (tmp_path / "pyproject.toml").read_text(encoding="utf-8")
    assert "pytest_add_cli_args_test_selection" not in plain
    with pytest.raises(SystemExit, match="no test file or folder 'tests/nodyce'"):
        work.configure(["src/scenekeeper/engine/names.py"], ["tests/nodyce"])


def test_a_focused_report_says_its_scores_are_a_lower_bound() -> None:
    assert report.focus_of([]) == ""
    focus = report.focus_of(["tests/nodice"])
    assert "tests/nodice" in focus
    assert "lower bound" in focus
    text = report.markdown([], [], 60.0, focus)
    assert focus in text


def test_a_test_that_hangs_fails_with_a_trace(tmp_path: Path) -> None:
    (tmp_path / "test_hang.py").write_text(
        "import time\n\ndef test_hangs():\n    time.sleep(30)\n", encoding="utf-8"
    )
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--timeout=1"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=25,
        check=False,
    )
    assert done.returncode == 1
    assert "Timeout" in done.stdout
    assert "time.sleep(30)" in done.stdout


def test_the_suite_has_a_time_limit_per_test() -> None:
    text = (work.ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "\ntimeout = " in text.split("[tool.pytest.ini_options]", 1)[1].split("\n[", 1)[0]


REGISTERED = textwrap.dedent(
    """\
    import functools


    @commands.command("spend", help="Spend a plot point.")
    def spend(ctx, args):
        return args.points - 1


    @evolves("PlotPointSpent")
    def spent(state, event):
        return state + event


    @functools.cache
    def cached(n):
        return n + 1
    """
)


def _mutmut_own(function: Any, saved: str) -> Any:
    """mutmut's own function under mutmut_cli's patch, found by the name the patch keeps it
    under (``_skip``, ``_arrange``)."""
    while not function.__module__.startswith("mutmut."):
        function = function.__globals__[saved]
    return function


def test_registered_handlers_are_mutated_and_registered_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from mutmut.mutation import file_mutation  # noqa: PLC0415
    from tools.mutation import mutmut_cli  # noqa: PLC0415

    # mutmut's own behaviour, even inside a mutation run: mutmut runs the suite in its own
    # process, where mutmut_cli (as __main__) has patched it already.
    skip = _mutmut_own(file_mutation.MutationVisitor._skip_node_and_children, "_skip")
    arrange = _mutmut_own(file_mutation.function_trampoline_arrangement, "_arrange")
    monkeypatch.setattr(file_mutation.MutationVisitor, "_skip_node_and_children", skip)
    monkeypatch.setattr(file_mutation, "function_trampoline_arrangement", arrange)
    plain = mutate_file_contents(PATH, REGISTERED)
    assert not any("spend" in n or "spent" in n for n in plain.mutant_names), (
        "mutmut alone skips decorated functions; if that changed, mutmut_cli may go"
    )
    monkeypatch.setattr(
        file_mutation.MutationVisitor,
        "_skip_node_and_children",
        mutmut_cli._skip_node_and_children,
    )
    monkeypatch.setattr(
        file_mutation,
        "function_trampoline_arrangement",
        mutmut_cli._function_trampoline_arrangement,
    )
    made = mutate_file_contents(PATH, REGISTERED)
    names = " ".join(made.mutant_names)
    assert "spend" in names
    assert "spent" in names
    assert "cached" not in names, "a decorator that is not a registration still keeps mutmut off"
    # The trampoline keeps the registration; the original and each mutant are bare copies.
    assert made.code.count('@commands.command("spend"') == 1
    assert made.code.count('@evolves("PlotPointSpent")') == 1
    assert made.code.count("@functools.cache") == 1


def test_only_our_registering_decorators_count() -> None:
    from tools.mutation.mutmut_cli import registers  # noqa: PLC0415

    def decorator(text: str) -> bool:
        module = __import__("libcst").parse_module(f"{text}\ndef f(): pass\n")
        return registers(module.body[0].decorators[0])

    assert decorator('@commands.command("x")')
    assert decorator('@evolves("X")')
    assert decorator('@starts_table("cortex")')
    assert not decorator("@functools.cache")
    assert not decorator("@property")
    assert not decorator('@log("x")')


def test_which_tests_reach_what_is_learnt_again_for_other_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run over another area kept the stats of the last, and found no test for any of its
    functions: the stats go when the files do, and stay while they are the same."""
    monkeypatch.setattr(work, "TREE", tmp_path / "tree")
    monkeypatch.setattr(work, "WORK", tmp_path)
    stats = tmp_path / "tree" / "mutants" / "mutmut-stats.json"
    stats.parent.mkdir(parents=True)
    stats.write_text("{}", encoding="utf-8")
    assert work.forget_stats_if_scope_changed(["src/a.py"]) is False  # a first run: kept
    assert stats.exists()
    assert work.forget_stats_if_scope_changed(["src/a.py"]) is False
    assert stats.exists()
    assert work.forget_stats_if_scope_changed(["src/b.py"]) is True
    assert not stats.exists()
    stats.write_text("{}", encoding="utf-8")
    # Other tests reach other functions: a focused run learns them again too.
    assert work.forget_stats_if_scope_changed(["src/b.py"], ["tests/nodice"]) is True
    assert not stats.exists()
    stats.write_text("{}", encoding="utf-8")
    assert work.forget_stats_if_scope_changed(["src/b.py"], ["tests/nodice"]) is False
