"""``CommandRecord.holding``: a command of the undo window holding a state, every other field
the same (it replaces ``dataclasses.replace`` on the command path, issue 36)."""

from __future__ import annotations

import dataclasses

from scenekeeper.engine.aggregate import CommandRecord


def test_a_command_holding_a_state_is_the_same_command_in_every_field() -> None:
    record = CommandRecord(3, "gm", "/roll dice:d6", (), undone_by="", after=None)
    state = object()
    held = record.holding(state)  # type: ignore[arg-type]
    assert [f.name for f in dataclasses.fields(CommandRecord)] == [
        "seq",
        "actor",
        "command",
        "events",
        "undone_by",
        "after",
    ]  # a new field must be copied by holding() too
    assert (held.seq, held.actor, held.command, held.events, held.undone_by) == (
        3,
        "gm",
        "/roll dice:d6",
        (),
        "",
    )
    assert held.after is state
    undone = held.holding(None, undone_by="ana")
    assert (undone.undone_by, undone.after) == ("ana", None)
    assert undone.holding(None).undone_by == "ana"  # kept unless given
