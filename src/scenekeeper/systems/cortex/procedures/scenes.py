"""``/scene``: scenes and beats (Cortex p.88-96).

The scene type switches subsystems: an opening scene has no tests or contests; a tag scene no
contests; a bridge scene is downtime -- every stress die steps down, recovery is easier (d6 d6
base instead of d8 d8) and it is time for milestones; a flashback pauses the running scene and
returns to it when it ends. Scene-long assets end with the scene, stressed-out characters come
back for the next one, and a scene change lets time pass (recovery retries, giving in).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, cast

from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.evolve import apply
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.procedures.scene_hooks import scene_end_events
from scenekeeper.systems.cortex.procedures.scene_rules import (
    NO_SCENE,
    WHAT_IT_DOES,
    current_scene,
    scene_export,
)
from scenekeeper.systems.cortex.procedures.timed_rules import standing
from scenekeeper.systems.cortex.scene_state import Scene, SceneType
from scenekeeper.systems.cortex.sheets.sheet import clean_name
from scenekeeper.systems.cortex.state import CortexState, cortex
from scenekeeper.systems.cortex.troubles.stress_commands import rest_events

commands = CommandSet(systems=frozenset({"cortex"}))
TYPES = ("opening", "action", "bridge", "exploration", "flashback", "tag")


@dataclass(frozen=True)
class StartScene:
    type: Annotated[str, Opt("the kind of scene", choices=TYPES)]
    name: Annotated[str | None, Opt("what the scene is", max_length=80)] = None
    high_stakes: Annotated[bool, Opt("losing a contest can take a character out")] = False


@commands.command(
    "scene start",
    help="Frame a scene: opening, action, bridge, exploration, flashback or tag (ends the one "
    "running, except a flashback, which pauses it).",
    summary="Frame a scene: opening, action, bridge, exploration, flashback or tag.",
    permission=Permission.GM,
    examples=('/scene start type:action name:"Rooftop chase" high_stakes:true',),
)
def start(ctx: Context, args: StartScene) -> Decision:
    state = ctx.require_state()
    game = cortex(state)
    kind = cast(SceneType, args.type)
    name = clean_name(args.name) if args.name else kind.capitalize()
    resting = kind == "bridge" and mod_on(state, "stress")
    scene = Scene(type=kind, name=name, high_stakes=args.high_stakes, rested=resting)
    if game.paused_scenes and kind != "flashback":
        waiting = game.paused_scenes[-1].name
        raise Refusal(
            f"A flashback is running and {waiting} waits for it: /scene end the flashback first "
            "(or start a flashback within it)."
        )
    events: list[Event] = []
    lines: list[str] = []
    if game.scene is not None and kind == "flashback":
        paused = (*game.paused_scenes, game.scene)
        events.append(
            ev.SceneChanged(scene=scene, paused=paused, note=f"flashback: {name}", fresh=True)
        )
        lines.append(f"{game.scene.name} pauses for a flashback.")
    else:
        if game.scene is not None:
            ended, said = _end(state, game, game.scene)
            events += ended
            lines += said
        events.append(
            ev.SceneChanged(
                scene=scene, paused=game.paused_scenes, note=f"scene {name} ({kind})", fresh=True
            )
        )
    lines.append(
        f"Scene: {name}. {WHAT_IT_DOES[kind]}" + (" High stakes." if args.high_stakes else "")
    )
    if resting:
        # The rest is of the table as the old scene left it: a stressed-out character who
        # lost all stress with it (Scions) has none left to step down.
        after: TableState | None = state
        for event in events:
            after = apply(after, event)
        assert after is not None  # a scene's events never end the game
        rested, said = rest_events(after)
        events += rested
        lines += said
    return Decision(events=tuple(events), reply=Reply.say(*lines))


def _end(state: TableState, game: CortexState, scene: Scene) -> tuple[list[Event], list[str]]:
    events, lines = scene_end_events(state)
    if game.contest is not None:
        events.append(
            ev.ContestChanged(
                contest=None, stakes=game.stakes, gave_in_to=(), note="the scene ended"
            )
        )
        lines.append("The contest ends with the scene.")
    events.append(ev.TimePassed(reason=f"the end of {scene.name}"))
    beats = f"{scene.beat} beat{'' if scene.beat == 1 else 's'}"
    return events, [f"Scene {scene.name} ends ({beats}).", *lines]


@commands.command(
    "scene end",
    help="End the scene: scene assets end, stressed-out characters come back, time passes; "
    "a flashback returns to the paused scene.",
    summary="End the scene: scene assets end, stressed-out characters come back, time passes.",
    permission=Permission.GM,
)
def end(ctx: Context, _args: NoOptions) -> Decision:
    if cortex(ctx.require_state()).scene is None:
        # A routine end with nothing running says so; it is no mistake.
        return Decision(reply=Reply.say("No scene is running: nothing to end."))
    events, lines = scene_ended(ctx.require_state())
    return Decision(events=tuple(events), reply=Reply.say(*lines))


def scene_ended(state: TableState) -> tuple[list[Event], list[str]]:
    """The running scene ends (a flashback returns to the scene it paused): /scene end, and
    the doom pool's d12 d12 (gaps 1.6)."""
    game = cortex(state)
    scene = current_scene(game)
    if scene.type == "flashback" and game.paused_scenes:
        back = game.paused_scenes[-1]
        event = ev.SceneChanged(
            scene=back, paused=game.paused_scenes[:-1], note=f"back to {back.name}", fresh=True
        )
        return [event], [f"The flashback ends; back to {back.name}."]
    events, lines = _end(state, game, scene)
    events.append(ev.SceneChanged(scene=None, paused=(), note=f"{scene.name} ended"))
    return events, lines


@commands.command(
    "scene show",
    help="The scene: its type, beats, action order, timed test.",
    permission=Permission.ANYONE,
)
def show(ctx: Context, _args: NoOptions) -> Decision:
    game = cortex(ctx.require_state())
    if game.scene is None:
        return Decision(reply=Reply.say(NO_SCENE))
    scene = current_scene(game)
    stakes = ", high stakes" if scene.high_stakes else ""
    lines = [f"Scene: {scene.name} ({scene.type}){stakes}, beat {scene.beat}."]
    if game.paused_scenes:
        paused = ", ".join(s.name for s in game.paused_scenes)
        lines.append(f"Paused for a flashback: {paused}.")
    order = scene.action_order
    if order is not None:
        now = f"{order.current} acts" if order.current else f"{order.last_actor()} picks the lead"
        acted = ", ".join(order.acted) or "nobody"
        waiting = ", ".join(order.waiting()) or "nobody"
        lines.append(
            f"Action order, round {order.round}: {now}; acted: {acted}; waiting: {waiting}."
        )
    timed = scene.timed_test
    if timed is not None and timed.finished:
        lines.append(f"Timed test for {timed.character}: over ({' '.join(standing(timed))})")
    elif timed is not None:
        lines.append(
            f"Timed test for {timed.character}: test {timed.tests_done + 1} of "
            f"{timed.tests_total}, {timed.beats_left} beats left."
        )
    if scene.gang is not None:
        support = ", ".join(f"{n} {d}" for n, d in scene.gang.support) or "no support left"
        lines.append(f"{scene.gang.lead} leads a gang: {support}.")
    return Decision(reply=Reply.say(*lines, data=scene_export(scene)))
