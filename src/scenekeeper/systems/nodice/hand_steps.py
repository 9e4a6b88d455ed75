"""What every ``/hand`` command shares: which step is open, and the decision a command makes
once the Hand has moved on as far as it can by itself (``flow.move_on``)."""

from __future__ import annotations

from typing import Any

from scenekeeper.engine.commands import Decision
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.reply import Reply
from scenekeeper.systems.nodice.flow import Flow, move_on, owed_lines
from scenekeeper.systems.nodice.state import Conflict

_STEP = {
    # The sealed options are not written out: typed inline at a shared screen they would show
    # the card to the room (the console asks for them without echo; Discord has its fields).
    "ante": "Step 2 is open: seal your TA card and ante with /hand ante",
    "bid": "Step 3 is open: seal your Action card and bid with /hand bid",
    "spread": "Step 5 is open: the damaged spread their damage with /hand spread points:<ABC n>",
}


def step_open(conflict: Conflict, wanted: str) -> None:
    """R29: a command for another step is refused with the step that is open."""
    if conflict.step != wanted:
        raise Refusal(f"{_STEP[conflict.step]}.", public=True)


def _public(conflict: Conflict) -> dict[str, Any]:
    """What anyone may read of the open step (G4)."""
    return {
        "hand": conflict.hand,
        "step": conflict.step,
        "waiting": conflict.waiting(),
        "pot": len(conflict.antes) + conflict.jackpot if conflict.step == "ante" else None,
    }


def decided(flow: Flow, first: list[str], private: tuple[str, ...], data: Any) -> Decision:
    move_on(flow)
    conflict = flow.conflict
    public: dict[str, Any] = _public(conflict) if conflict is not None else {"conflict": "ended"}
    public.update(flow.data)
    extra = owed_lines(conflict) if conflict is not None and conflict.step == "spread" else []
    return Decision(
        events=tuple(flow.events),
        reply=Reply(
            text=(*first, *flow.lines, *extra), private=private, data=public, private_data=data
        ),
    )
