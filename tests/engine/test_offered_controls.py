"""A control is found again by its table, the command that drew it, its place and its
fingerprint. A message drawn by another version of the bot (a deploy between the draw and the
click) can hold, at one place, a control that is no longer the one there: it is refused with what
to type, never run as the control that now sits in its place."""

from __future__ import annotations

import pytest

from scenekeeper.engine.controls import fingerprint
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.offered import clicked, display_of
from tests.support import make_app, person


def test_a_control_whose_fingerprint_differs_is_refused_and_the_right_one_runs() -> None:
    app = make_app()
    for actor, line in (
        ("gm", "/game new system:cortex"),
        ("ana", "/game join"),
        ("ana", "/char new name:Ada"),
        ("ana", "/char set character:Ada trait:Fighting die:d8 set:Skills"),
        ("ana", '/roll pool:"Fighting d6" results:"5 4"'),
    ):
        assert app.handle("t", person(actor), line).ok, line
    table = app.table("t")
    seq = table.window[-1].seq
    controls = display_of(table, seq).controls
    assert len(controls) >= 3
    # Drawn by an older bot: the first place held what is now the second control.
    with pytest.raises(Refusal, match=f"no longer match command #{seq}"):
        clicked(table, seq, 0, fingerprint(controls[1]))
    found = clicked(table, seq, 1, fingerprint(controls[1]))
    assert found.control == controls[1]
    assert found.name == controls[1].command


def test_a_control_past_the_end_of_the_list_is_refused_with_what_to_type() -> None:
    """A message drawn when the result offered more controls (a click on its last one, now
    gone): refused, never an error and never another control."""
    app = make_app()
    for actor, line in (
        ("gm", "/game new system:cortex"),
        ("ana", "/game join"),
        ("ana", "/char new name:Ada"),
        ("ana", '/roll pool:"d8 d6" results:"5 4"'),
    ):
        assert app.handle("t", person(actor), line).ok, line
    table = app.table("t")
    seq = table.window[-1].seq
    controls = display_of(table, seq).controls
    last = fingerprint(controls[-1])
    for index in (len(controls), len(controls) + 3):
        with pytest.raises(Refusal) as refused:
            clicked(table, seq, index, last)
        assert str(refused.value) == (
            f"This message's buttons no longer match command #{seq}; nothing was changed. "
            "Type the command instead."
        )
