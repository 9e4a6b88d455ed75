"""A fixed-seed sample of the fuzz run (the whole 100,000 lines: ``make fuzz``): lines made
from the schema with mutated, huge, Unicode and injection-like values and random bytes, at a
Cortex, a Scions and a NoDice table. No internal error, and no refused line changes anything."""

from __future__ import annotations

import pytest

from scenekeeper.fuzzing import fuzz, set_up
from tests.support import make_app


@pytest.mark.parametrize(
    ("system", "seed"), [("cortex", 1), ("scions", 2), ("cortex", 3), ("nodice", 4)]
)
def test_made_up_lines_never_break_a_table(system: str, seed: int) -> None:
    app = make_app(seed=seed)
    set_up(app, "fuzz", system)
    findings = fuzz(app, "fuzz", system, 1500, seed=seed, slow_after=float("inf"))
    assert findings.lines == 1500
    assert findings.internal_errors == []
    assert findings.refused_but_changed == []
    # The sample must reach past the parser: some lines are real commands that land.
    assert app.store.head("fuzz") > 40  # the set-up is 13 (NoDice's 15)
