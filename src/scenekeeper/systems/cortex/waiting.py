"""What a Cortex table is waiting for, and the GM's ``/cancel`` for what has no other way out.

Every pending state has a way forward (the command that moves it on) and a GM's way to call it
off: an action waiting for its reaction (``/react``; ``/cancel what:action``), an outcome waiting
to be written (``/contest settle``; ``/cancel what:outcome``), a contest (``/contest roll`` or
``givein``; ``/contest end``), a short roll (``/pp spend`` or ``/contest stand``), a timed test
(``/timed roll``; ``/timed end``), the action order (``/order handoff`` or ``next``; ``/order
end``), drama and initiative rolls (``/drama lead``, ``/order start``; ``/cancel``), a scene
paused for a flashback (``/scene end``). ``/game show`` lists them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.quoting import option
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.waits import Wait
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.procedures.scene_rules import current_scene, scene_change
from scenekeeper.systems.cortex.procedures.timed_rules import beats
from scenekeeper.systems.cortex.scene_state import Scene
from scenekeeper.systems.cortex.sheets.sheet import same_name
from scenekeeper.systems.cortex.state import CortexState, cortex
from scenekeeper.systems.cortex.troubles.out_of_scene import handoff_waits

commands = CommandSet(systems=frozenset({"cortex"}))
CANCELS = ("action", "outcome", "drama", "initiative")


def waits(game: CortexState) -> list[Wait]:
    """What the table waits for, each with the command that moves it on and the GM's cancel,
    and whose move it is."""
    lines: list[Wait] = []
    scene = game.scene
    if scene is not None:
        lines += _scene_lines(scene)
    contest = game.contest
    if contest is not None:
        if contest.short is not None:
            short = contest.contestants[contest.short]
            who = game.find_character(short.name)
            spend = "/pp spend on:total"
            if who is not None and who.kind == "gmc" and game.rules.doom_boosts:
                spend += f" or /doom boost roll:{short.roll_id} on:total"
            lines.append(
                Wait(
                    f"{short.name}'s contest roll falls short: {spend}, or /contest stand to "
                    "lose; a GM can /contest end.",
                    (short.name,),
                )
            )
        else:
            name = contest.contestants[contest.turn].name
            lines.append(
                Wait(
                    f"{name}'s turn in the contest: /contest roll or /contest givein; a GM can "
                    "/contest end.",
                    (name,),
                )
            )
    for stake in game.stakes:
        loser = option("character", stake.loser)
        lines.append(
            Wait(
                f"{stake.loser} takes {stake.die} from {stake.winner}: /contest settle {loser} "
                f'complication:"<name>"; a GM can /cancel what:outcome {loser}.',
                (stake.loser,),
            )
        )
    for paused in game.paused_scenes:
        lines.append(Wait(f"{paused.name} waits for the flashback to end: /scene end."))
    return lines


def _scene_lines(scene: Scene) -> list[Wait]:
    lines: list[Wait] = []
    if scene.pending_action is not None:
        actor, target, roll_id = scene.pending_action
        lines.append(
            Wait(
                f"{target}'s reaction to {actor}'s action (roll #{roll_id}): /react "
                f'{option("character", target)} pool:"..."; a GM can /cancel what:action.',
                (target,),
            )
        )
    order = scene.action_order
    if order is not None:
        if handoff_waits(order):
            lines.append(
                Wait(
                    "The action order: the one acting left the scene; a GM hands the turn on "
                    "with /order handoff to:<name> (or /order end)."
                )
            )
        elif order.current is not None:
            lines.append(
                Wait(
                    f"{order.current}'s turn in the action order: act, then /order handoff; a GM "
                    "can /order end.",
                    (order.current,),
                )
            )
        else:
            last = order.last_actor()
            lines.append(
                Wait(
                    f"{last} picks who leads round {order.round + 1}: /order next lead:<name>; a "
                    "GM can /order end.",
                    (last,) if last else (),
                )
            )
    timed = scene.timed_test
    if timed is not None and not timed.finished:
        lines.append(
            Wait(
                f"{timed.character}'s timed test, test {timed.tests_done + 1} of "
                f"{timed.tests_total} ({timed.difficulties[timed.tests_done]}), "
                f"{beats(timed.beats_left)} left: /timed roll; a GM can /timed end.",
                (timed.character,),
            )
        )
    if scene.drama_rolls:
        names = ", ".join(n for n, _ in scene.drama_rolls)
        lines.append(
            Wait(
                f"Rolls to go first ({names}): the GM names the dramatic lead with /drama lead "
                "against:<opponent>; a GM can /cancel what:drama."
            )
        )
    if scene.initiative_rolls and scene.action_order is None:
        names = ", ".join(n for n, _ in scene.initiative_rolls)
        lines.append(
            Wait(
                f"Initiative rolls ({names}): the GM starts the order with /order start "
                "method:rolls (or sides); a GM can /cancel what:initiative."
            )
        )
    return lines


@dataclass(frozen=True)
class Cancel:
    what: Annotated[
        str,
        Opt(
            "action (its reaction awaited), outcome (to be settled), drama or initiative "
            "(rolls to go first)",
            choices=CANCELS,
        ),
    ]
    character: Annotated[str | None, Opt("outcome: whose outcome (the loser)")] = None


@commands.command(
    "cancel",
    help="Call off what the table is waiting for: an action waiting for its reaction, an outcome "
    "waiting to be settled, or the rolls to go first (drama, initiative). /game show lists it.",
    summary="Call off what the table waits for: an action's reaction, an outcome, or the rolls to "
    "go first.",
    permission=Permission.GM,
    examples=("/cancel what:action", '/cancel what:outcome character:"Ada Lark"'),
)
def cancel(ctx: Context, args: Cancel) -> Decision:
    game = cortex(ctx.require_state())
    if args.what == "outcome":
        return _outcome(game, args.character)
    if args.character is not None:
        raise Refusal("character: goes with what:outcome; leave it out.")
    scene = current_scene(game)
    if args.what == "action":
        if scene.pending_action is None:
            raise Refusal("No action is waiting for a reaction.")
        actor, target, roll_id = scene.pending_action
        return called_off(
            game,
            scene.model_copy(update={"pending_action": None}),
            (roll_id,),
            f"{actor}'s action against {target} is called off: nothing comes of it.",
        )
    rolls = scene.drama_rolls if args.what == "drama" else scene.initiative_rolls
    if not rolls:
        raise Refusal(
            f"Nobody has rolled {'to go first' if args.what == 'drama' else 'for initiative'}."
        )
    field = "drama_rolls" if args.what == "drama" else "initiative_rolls"
    names = ", ".join(n for n, _ in rolls)
    return called_off(
        game,
        scene.model_copy(update={field: ()}),
        tuple(r for _, r in rolls),
        f"The rolls {'to go first' if args.what == 'drama' else 'for initiative'} are set aside "
        f"({names}).",
    )


def called_off(game: CortexState, scene: Scene, rolls: tuple[int, ...], line: str) -> Decision:
    """``scene`` as it stands once what it waited for is called off, the rolls that waited
    closed (those still in play), and ``line`` said."""
    events: list[Event] = [scene_change(game, scene, line)]
    live = tuple(r for r in rolls if game.roll_by_id(r) is not None)
    if live:
        events.append(ev.RollsClosed(roll_ids=live, reason="called off by the GM"))
    return Decision(events=tuple(events), reply=Reply.say(line))


def _outcome(game: CortexState, name: str | None) -> Decision:
    if not game.stakes:
        raise Refusal("No outcome is waiting to be settled.")
    if name is None:
        waiting = ", ".join(s.loser for s in game.stakes)
        raise Refusal(f"Say whose outcome: character:<{waiting.replace(', ', '|')}>.")
    stake = next((s for s in game.stakes if same_name(s.loser, name)), None)
    if stake is None:
        waiting = ", ".join(s.loser for s in game.stakes)
        raise Refusal(f"{name} has no outcome waiting (waiting: {waiting}).")
    events: list[Event] = [
        ev.ContestChanged(
            contest=game.contest,
            stakes=tuple(s for s in game.stakes if s is not stake),
            gave_in_to=game.gave_in_to,
            note=f"the GM called off {stake.loser}'s outcome",
        )
    ]
    if stake.roll_id is not None and game.roll_by_id(stake.roll_id) is not None:
        events.append(ev.RollsClosed(roll_ids=(stake.roll_id,), reason="called off by the GM"))
    return Decision(
        events=tuple(events),
        reply=Reply.say(
            f"{stake.loser}'s outcome ({stake.die} from {stake.winner}) is called off: nothing "
            "is written."
        ),
    )
