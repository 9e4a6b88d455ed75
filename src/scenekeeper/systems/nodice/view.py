"""The Hand panel (``GameSystem.display``): what a NoDice result offers next, each the command
a person would type. Commit buttons ask their sealed values in a form, so the values travel
only in the submitter's own form and never in a control's id or label; the panel itself says
only what is public (who is waited for, G4).

Read from the table just after the command, so the same command always offers the same.
"""

from __future__ import annotations

from scenekeeper.engine.controls import Ask, Choice, Control, Display, View
from scenekeeper.systems.nodice import events as ev
from scenekeeper.systems.nodice.state import Conflict, NoDiceState
from scenekeeper.systems.nodice.trine import ASPECT_OF, ASPECTS, ATTRIBUTES

#: The events after which the Hand panel is shown again (the Hand moved on).
_MOVES = (
    ev.ConflictStarted,
    ev.Engaged,
    ev.AnteSealed,
    ev.BidSealed,
    ev.Retreated,
    ev.AspectsRevealed,
    ev.TokensAssigned,
    ev.DamageSpread,
    ev.HandClosed,
)
_WHO = Ask("character", "Actor (blank: the one you play)", required=False, max_length=60)
# The same entries for everyone (the panel is public): what the rules allow a card to be, never
# what anyone holds; the command refuses a card the actor cannot play, privately.
_CARDS = tuple(Choice(aspect, aspect) for aspect in ASPECTS)
_ATTRIBUTES = tuple(Choice(f"{a} ({ASPECT_OF[a]})", a) for a in ATTRIBUTES)
_YES_NO = (Choice("No", "false"), Choice("Yes", "true"))


def display(view: View) -> Display:
    state = view.table.state
    if state is None or not isinstance(state.game, NoDiceState):
        return Display()
    conflict = state.game.conflict
    if conflict is None or not any(isinstance(e, _MOVES) for e in view.record.events):
        return Display()
    return Display(controls=panel(conflict), panel=True)


def panel(conflict: Conflict) -> tuple[Control, ...]:
    """The open step's controls: commit (a form), and Step 2's fold; assign and spread."""
    show = Control("My commit / the Hand", "conflict show", row=1)
    if conflict.step == "ante":
        commit = Control(
            "Commit: TA card and ante",
            "hand ante",
            style="primary",
            form=(
                Ask("aspect", "TA card", "Mind, Body or Spirit", "Mind", choices=_CARDS),
                Ask("ante", "Ante from", "an Attribute with a token", "QUI", choices=_ATTRIBUTES),
                _WHO,
            ),
            form_title="Seal your TA card and ante",
        )
        return (commit, Control("Fold (retreat)", "hand fold", style="danger"), show)
    if conflict.step == "bid":
        controls = [
            Control(
                "Commit: Action card and bid",
                "hand bid",
                style="primary",
                form=(
                    Ask(
                        "action",
                        "Action card",
                        "an Attribute of your TA card",
                        "QUI",
                        choices=_ATTRIBUTES,
                    ),
                    Ask("bid", "Bid", "0 to that Attribute's AV", "3", max_length=3),
                    Ask("wildcard", "Wildcard", required=False, choices=_YES_NO),
                    Ask("face_up", "Face up", required=False, choices=_YES_NO),
                    _WHO,
                ),
                form_title="Seal your Action card and bid",
            )
        ]
        if any(f.unassigned for f in conflict.fighters.values()):
            controls.append(
                Control(
                    "Assign won tokens",
                    "hand assign",
                    form=(Ask("tokens", "Tokens", "like QUI 1, REA 1", "QUI 1"), _WHO),
                    form_title="Put your won tokens on Attributes",
                )
            )
        return (*controls, show)
    spread = Control(
        "Spread damage",
        "hand spread",
        style="primary",
        form=(Ask("points", "Damage", "like REA 2, QUI 1 (GMs: auto)", "REA 1"), _WHO),
        form_title="Spread the damage you took",
    )
    return (spread, show)
