"""The mutant catalogues (``tools/mutants``) stay runnable: each change's text occurs exactly once
in its file, so a module split or a rewrite that moves the text shows up here, not as a
catalogue that quietly no longer runs."""

from __future__ import annotations

from pathlib import Path

import pytest
from tools.mutants.__main__ import CATALOGUES
from tools.mutants.mutant import Mutant

SOURCE = Path(__file__).resolve().parents[1] / "src" / "scenekeeper"
EVERY = [m for mutants in CATALOGUES.values() for m in mutants]


@pytest.mark.parametrize("mutant", EVERY, ids=[m.id for m in EVERY])
def test_each_change_applies_to_its_file(mutant: Mutant) -> None:
    text = (SOURCE / mutant.path).read_text(encoding="utf-8")
    assert text.count(mutant.old) == 1, f"{mutant.id}: not exactly once in {mutant.path}"
    assert mutant.apply(text) != text


def test_change_ids_are_unique() -> None:
    ids = [m.id for m in EVERY]
    assert len(ids) == len(set(ids))
