"""A control is found again by its table, the command that drew it, its place and its
fingerprint. A message drawn by another version of the bot (a deploy between the draw and the
click) can hold, at one place, a control that is no longer the one there: it is refused with what
to type, never run as the control that now sits in its place."""

from __future__ import annotations

import pytest

from scenekeeper.app import App
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


def _rolled(app_lines: tuple[str, ...] = ()) -> tuple[App, int]:
    app = make_app()
    for actor, line in (
        ("gm", "/game new system:cortex"),
        ("ana", "/game join"),
        ("ana", '/roll pool:"d8 d6" results:"5 4"'),
        *(("ana", line) for line in app_lines),
    ):
        assert app.handle("t", person(actor), line).ok, line
    return app, 3


def _refusal(app: App, seq: int) -> str:
    table = app.table("t")
    with pytest.raises(Refusal) as refused:
        clicked(table, seq, 0, "0000")
    return str(refused.value)


def test_a_control_of_an_undone_command_says_whether_redo_puts_it_back() -> None:
    app, seq = _rolled()
    assert app.handle("t", person("ana"), "/undo").ok
    assert _refusal(app, seq) == (
        f"Command #{seq} on this message was undone; nothing was changed (/redo puts it back)."
    )
    assert app.handle("t", person("ana"), '/roll pool:"d8" results:"3"').ok
    assert _refusal(app, seq) == f"Command #{seq} on this message was undone; nothing was changed."


def test_a_control_past_the_undo_window_is_too_old() -> None:
    app, seq = _rolled(tuple('/roll pool:"d8" results:"3"' for _ in range(100)))
    assert _refusal(app, seq) == (
        f"Command #{seq} on this message is past the last 100 commands, too old for its "
        "buttons; nothing was changed. Type the command instead."
    )


def test_a_control_of_an_ended_game_points_to_the_next() -> None:
    app, seq = _rolled()
    assert app.handle("t", person("gm"), "/game end confirm:true").ok
    assert _refusal(app, seq) == (
        "The game this message belongs to has ended; nothing was changed. This channel plays "
        "the next game: type its commands here."
    )


def test_undo_is_offered_in_plain_words_for_plain_output() -> None:
    app, seq = _rolled()
    table = app.table("t")
    assert display_of(table, seq).controls[-1].label == "↩ Undo"
    undo = display_of(table, seq, plain=True).controls[-1]
    assert (undo.label, undo.command, undo.options) == ("Undo", "undo", (("seq", str(seq)),))
    assert (undo.row, undo.edits) == (4, True)


def test_a_result_offers_its_game_controls_in_plain_words_for_plain_output() -> None:
    app, _ = _rolled(('/roll pool:"d8 d6" results:"1 4"',))  # a hitch: the GM may activate it
    table = app.table("t")
    seq = table.window[-1].seq
    assert [c.label for c in display_of(table, seq).controls] == [
        "🎲 +1 die in total (1 PP)",
        "✨ +1 effect die (1 PP)",
        "⚠ GM: activate the hitch",
        "↩ Undo",
    ]
    assert [c.label for c in display_of(table, seq, plain=True).controls] == [
        "+1 die in total (1 PP)",
        "+1 effect die (1 PP)",
        "GM: activate the hitch",
        "Undo",
    ]
