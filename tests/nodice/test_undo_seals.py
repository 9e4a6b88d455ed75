"""Taking back and putting back sealed commits (G2): a GM refused a player's sealed bid is told
the one way on a bid leaves (/conflict end, no fold after Step 2); a refused redo says it is the
sealer's to put back; a history from before SEALER_UNDO is decided as it was then (a GM's
undo and redo of a commit stand)."""

from __future__ import annotations

import pytest

from scenekeeper.engine.errors import Refusal
from scenekeeper.systems.nodice import SYSTEM
from scenekeeper.systems.nodice import events as ev
from tests.nodice.helpers import played
from tests.nodice.test_undo_commits import ANA, GM, table


def test_a_gm_refused_a_players_sealed_bid_is_told_only_conflict_end() -> None:
    app = played(
        [
            (ANA, "/hand ante aspect:Mind ante:QUI"),
            (GM, "/hand ante character:Brute aspect:Mind ante:STR"),  # a tie: no tokens won
            (ANA, "/hand bid action:QUI bid:2"),
        ],
        table(),
    )
    assert app.handle("t", GM, "/undo").error == (
        "That command sealed Ada's commit, which only ana (who sealed it) may take back: a "
        "sealed choice is its sealer's. If the table waits, a GM can /conflict end."
    )


def test_a_gm_refused_a_redo_is_told_it_is_the_sealers_to_put_back() -> None:
    app = played([(ANA, "/hand ante aspect:Mind ante:QUI"), (ANA, "/undo")], table())
    assert app.handle("t", GM, "/redo").error == (
        "That command sealed Ada's commit, which only ana (who sealed it) may put back: a "
        "sealed choice is its sealer's. If the table waits, a GM can /hand fold "
        "character:Ada or /conflict end."
    )


def test_a_history_from_before_sealer_undo_lets_a_gm_undo_and_redo_a_commit() -> None:
    state = table().table("t").state
    assert state is not None
    sealed = (ev.AnteSealed(character="Ada", aspect="Mind", ante="QUI", by="ana"),)
    assert SYSTEM.undoing(state.meta, "gm", sealed, sealer=False) is None
    SYSTEM.redoing(state.meta, "gm", sealed, sealer=False)  # no refusal
    # As this version decides it, both are the sealer's.
    with pytest.raises(Refusal, match="which only ana"):
        SYSTEM.undoing(state.meta, "gm", sealed)
    with pytest.raises(Refusal, match="which only ana"):
        SYSTEM.redoing(state.meta, "gm", sealed)
