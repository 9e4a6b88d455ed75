"""Issue 16's measure: an expert GM's whole evening (three players; an action scene in the
action order with stress, a contest, a timed test, recovery) typed with what the console offers
now takes at least 30% fewer characters than the same evening typed as before.

``tests/transcripts/evening/today.txt`` is the evening as it was typed before issue 16 (every
option by name, full names, one trait a command); ``expert.txt`` is the same evening the short
way. Both run as transcripts (tests/test_transcripts.py checks every reply); here they must also
leave the table in the same state -- the same evening, not a shorter one -- and the count is
taken of what people type: each command line, without the console's ``@name`` (who is acting,
which Discord knows without typing).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from scenekeeper.adapters.console.session import ConsoleSession
from scenekeeper.engine.state import Person
from tests.support import make_app
from tests.test_transcripts import _SEED

EVENING = Path(__file__).parents[1] / "transcripts" / "evening"
_ACTOR = re.compile(r"^@\S+ ")


def typed(path: Path) -> list[str]:
    """The commands of a transcript as people type them (without ``@name``)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [_ACTOR.sub("", line[2:]) for line in lines if line.startswith("> ")]


def characters_typed(path: Path) -> int:
    return sum(len(line) for line in typed(path))


def final_state(path: Path) -> dict[str, object]:
    text = path.read_text(encoding="utf-8")
    seed = int(m.group(1)) if (m := _SEED.search(text)) else 1
    app = make_app(seed=seed)
    session = ConsoleSession(
        app=app, table_id="evening", out=io.StringIO(), actor=Person("gm", "gm")
    )
    session.run_lines(line[2:] for line in text.splitlines() if line.startswith("> "))
    state = app.table("evening").state
    assert state is not None
    return state.to_json()


def test_the_expert_evening_is_at_least_30_percent_shorter() -> None:
    before, after = (
        characters_typed(EVENING / "today.txt"),
        characters_typed(EVENING / "expert.txt"),
    )
    print(f"characters typed: before {before}, now {after} ({1 - after / before:.1%} fewer)")
    assert after <= 0.70 * before


def test_both_scripts_play_the_same_evening() -> None:
    assert final_state(EVENING / "expert.txt") == final_state(EVENING / "today.txt")


def test_the_count_is_of_what_is_typed(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("# note\n> @ana /game join\nana joins.\n> /roll d8\n", encoding="utf-8")
    assert typed(script) == ["/game join", "/roll d8"]
    assert characters_typed(script) == len("/game join") + len("/roll d8")
