"""What a METTLE result offers next (``GameSystem.display``), each the command a player would
type: after a failed Check with Edge, a Twist (Delay, or another kind from a select); when an
Attack's hit is held, the target's Defend or letting it land (Soak follows by itself); a felled
character's player may take Staggered instead of Fallen; and when Initiative is to be passed,
a select of whom to hand off to (volleyball Initiative).

Read from the table just after the command, so the same command always offers the same. What a
command cannot check by itself is guarded on the click (``control_guard``): a Twist acts on the
newest Check, so its control names the Check; a Defend the hit held then; a handoff the turn.
"""

from __future__ import annotations

from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.controls import Choice, Control, Display, View
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.mettle import events as ev
from scenekeeper.systems.mettle.state import CheckRecord, MettleState
from scenekeeper.systems.mettle.volley import candidates, gm_characters

TWISTS = ("delay", "confuse", "dismay", "expose", "imperil", "waste")
CHECK, HELD, TURN = "check:", "held:", "turn:"


def display(view: View) -> Display:
    state = view.table.state
    if state is None or not isinstance(state.game, MettleState):
        return Display()
    game = state.game
    events = view.record.events
    controls: list[Control] = []
    check = game.last_check
    if check is not None and any(isinstance(e, ev.CheckRolled | ev.TwistCalled) for e in events):
        controls += _twists(check, mod_on(state, "repeat-twists"))
    hit = game.held_hit
    if hit is not None and any(isinstance(e, ev.HitHeld) and e.hit for e in events):
        # Whoever clicks Defends with their own character: the target, or an ally of theirs.
        guard = f"{HELD}{view.record.seq}"
        defend = (("action", "defend"),)
        controls.append(Control("Defend", "act", defend, "primary", row=1, guard=guard))
        controls.append(Control("Let it land", "mettle take", row=1, guard=guard))
    for name in game.felled:
        label = f"{name}: Staggered, not Fallen"[:80]
        controls.append(Control(label, "mettle stagger", (("character", name),), row=2))
    controls += _handoff(game)
    return Display(controls=tuple(controls))


def _twists(check: CheckRecord, repeat: bool) -> list[Control]:
    failed = check.dice > 0 and check.difficulty is not None and not check.success
    if not failed or not check.edge or (check.twists and not repeat):
        return []
    if check.score + 3 * check.edge <= check.difficulty:  # type: ignore[operator]
        return []  # no re-roll of the Edge dice can turn it: the failure stands
    guard = f"{CHECK}{check.id}"
    who = (("character", check.roller),) if check.roller else ()
    delay = Control("Twist: Delay", "twist", who, "primary", row=0, guard=guard)
    others = tuple(Choice(kind.title(), kind) for kind in TWISTS[1:])
    another = Control(
        "Another Twist…", "twist", who, row=0, choices=others, choose="kind", guard=guard
    )
    return [delay, another]


def _handoff(game: MettleState) -> list[Control]:
    init = game.initiative
    if init is None or init.order.current is None:
        return []
    current = init.order.current
    if init.gm_picks:
        left = gm_characters(game, candidates(init, current, finished=True))
    elif init.passing:
        left = candidates(init, current, finished=not init.parts_left(current))
    else:
        return []
    if not left:
        return []
    guard = f"{TURN}{init.order.round}:{current}"
    choices = tuple(Choice(name, name) for name in left[:25])
    return [
        Control(
            f"{current}: hand off to…"[:80],
            "order handoff",
            row=3,
            choices=choices,
            choose="to",
            guard=guard,
        )
    ]


def control_guard(table: Table, guard: str) -> None:
    game = table.state.game if table.state is not None else None
    if not isinstance(game, MettleState):
        return
    if guard.startswith(CHECK):
        check = game.last_check
        wanted = int(guard.removeprefix(CHECK))
        if check is None or check.id != wanted:
            raise Refusal(
                f"Check #{wanted} is no longer the newest; a Twist is for the newest Check "
                "only. Nothing was changed."
            )
    elif guard.startswith(HELD):
        if game.held_hit is None or _held_by(table) != int(guard.removeprefix(HELD)):
            raise Refusal("That hit has landed or was answered already; nothing was changed.")
    elif guard.startswith(TURN):
        init = game.initiative
        turn = f"{init.order.round}:{init.order.current}" if init is not None else ""
        if turn != guard.removeprefix(TURN):
            raise Refusal(
                "That turn has passed; /order show says whose it is. Nothing was changed."
            )


def _held_by(table: Table) -> int | None:
    """The seq of the standing command that held the hit waiting now."""
    for record in reversed(table.window):
        if any(isinstance(e, ev.HitHeld) and e.hit for e in record.events):
            return record.seq
    return None
