"""``/scene``: scenes, rounds and downtime (Structure of play; Measurements > Time).

"A scene can be freeform ... or it can be played out in a more structured turn-based order, in
which case the action is divided into Rounds." Effects last Instant (an action), Short (a
round), Moderate (the scene) or Long (until downtime). Downtime refreshes spent Resolve
(corebook 05). EP belong to their test until the scene ends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cybergod import events as ev
from scenekeeper.systems.cybergod.resolve import refresh_events
from scenekeeper.systems.cybergod.sheet import clean_name, pasteable
from scenekeeper.systems.cybergod.state import CybergodState, Scene, SceneMode, cybergod

commands = CommandSet(systems=frozenset({"cybergod"}))
MODES = ("freeform", "turn-based")


@dataclass(frozen=True)
class StartScene:
    type: Annotated[str, Opt("the kind of scene", choices=MODES)]
    name: Annotated[str | None, Opt("what the scene is", max_length=80)] = None


@commands.command(
    "scene start",
    help="Start a scene, freeform or turn-based (in Rounds); the scene running ends first.",
    permission=Permission.GM,
    examples=(
        '/scene start type:turn-based name:"Warehouse firefight"',
        "/scene start type:freeform",
    ),
)
def start(ctx: Context, args: StartScene) -> Decision:
    state = ctx.require_state()
    game = cybergod(state)
    mode: SceneMode = "turn-based" if args.type == "turn-based" else "freeform"
    number = game.scene_count + 1
    name = clean_name(args.name) if args.name else f"Scene {number}"
    events, ended = _end(game) if game.scene is not None else ([], [])
    scene = Scene(number=number, name=name, mode=mode, round=1 if mode == "turn-based" else 0)
    events.append(ev.SceneChanged(scene=scene, note=f"scene {name} ({mode})"))
    # The new scene comes first: a reply's first line heads its section of the session log.
    lines = [f"Scene: {name}, {mode}" + (", round 1." if mode == "turn-based" else ".")]
    lines += [*ended, *_dying(game, scene)]
    return Decision(events=tuple(events), reply=Reply.say(*lines))


def _end(game: CybergodState) -> tuple[list[Event], list[str]]:
    """The scene's end: Short and Moderate effects end, its tests leave play (and their EP)."""
    scene = game.scene
    assert scene is not None
    events: list[Event] = []
    lines = [f"Scene {scene.name} ends."]
    ending = [e for e in game.lasting if e.lasts in ("short", "moderate")]
    if ending:
        events.append(ev.EffectsEnded(lasts=("short", "moderate")))
        lines.append(f"Effects ending: {', '.join(e.name for e in ending)}.")
    if game.rolls:
        events.append(ev.RollsCleared(reason=f"the end of {scene.name}"))
        lines.append("Its tests and saves leave play; unspent EP are gone.")
    return events, lines


@commands.command(
    "scene round",
    help="Start the next round of a turn-based scene: Short effects end; dying characters "
    "roll their Death Saves.",
    summary="Start the next round of a turn-based scene: Short effects end, the dying roll Death "
    "Saves.",
    permission=Permission.GM,
)
def next_round(ctx: Context, _args: NoOptions) -> Decision:
    game = cybergod(ctx.require_state())
    scene = _running(game)
    if scene.mode != "turn-based":
        raise Refusal(
            f"{scene.name} is freeform, with no rounds; start a turn-based scene with "
            "/scene start type:turn-based."
        )
    after = scene.model_copy(update={"round": scene.round + 1})
    events: list[Event] = []
    lines = [f"{scene.name}: round {after.round}."]
    ending = [e for e in game.lasting if e.lasts == "short"]
    if ending:
        events.append(ev.EffectsEnded(lasts=("short",)))
        lines.append(f"Short effects end: {', '.join(e.name for e in ending)}.")
    events.append(ev.SceneChanged(scene=after, note=f"{scene.name} round {after.round}"))
    lines += _dying(game, after)
    return Decision(events=tuple(events), reply=Reply.say(*lines))


def _dying(game: CybergodState, scene: Scene) -> list[str]:
    if scene.mode != "turn-based":
        return []
    return [
        f"{c.name} is dying: roll a Death Save, /save kind:death character:{pasteable(c.name)}."
        for c in game.characters.values()
        if c.wounds.dying
    ]


def _running(game: CybergodState) -> Scene:
    if game.scene is None:
        raise Refusal(
            "No scene is running; start one with /scene start type:<freeform|turn-based>."
        )
    return game.scene


@commands.command(
    "scene end",
    help="End the scene: Short and Moderate effects end, its tests leave play with their EP.",
    permission=Permission.GM,
)
def end(ctx: Context, _args: NoOptions) -> Decision:
    state = ctx.require_state()
    game = cybergod(state)
    if game.scene is None:
        # A routine end with nothing running says so; it is no mistake.
        return Decision(reply=Reply.say("No scene is running: nothing to end."))
    scene = _running(game)
    events, lines = _end(game)
    events.append(ev.SceneChanged(scene=None, note=f"{scene.name} ended"))
    return Decision(events=tuple(events), reply=Reply.say(*lines))


@commands.command(
    "scene downtime",
    help="Downtime: the scene ends, Long effects end, spent Resolve is refreshed in full.",
    permission=Permission.GM,
)
def downtime(ctx: Context, _args: NoOptions) -> Decision:
    state = ctx.require_state()
    game = cybergod(state)
    events: list[Event] = []
    lines: list[str] = []
    if game.scene is not None:
        events, lines = _end(game)
        events.append(ev.SceneChanged(scene=None, note=f"{game.scene.name} ended"))
    elif game.rolls:
        events.append(ev.RollsCleared(reason="downtime"))
    lines.append("Downtime.")
    lasting = [e for e in game.lasting if e.lasts == "long"]
    if lasting:
        events.append(ev.EffectsEnded(lasts=("long",)))
        lines.append(f"Long effects end: {', '.join(e.name for e in lasting)}.")
    if mod_on(state, "resolve"):
        refreshed, said = refresh_events(list(game.characters.values()), "downtime")
        events += refreshed
        lines += said or ["No spent Resolve to refresh."]
    return Decision(events=tuple(events), reply=Reply.say(*lines))


@commands.command(
    "scene show",
    help="The scene: its name, freeform or turn-based and the round, effects lasting, tests "
    "in play.",
    permission=Permission.ANYONE,
)
def show(ctx: Context, _args: NoOptions) -> Decision:
    game = cybergod(ctx.require_state())
    lines = scene_lines(game)
    data = {
        "scene": game.scene.model_dump(mode="json") if game.scene else None,
        "lasting": [e.model_dump(mode="json") for e in game.lasting],
        "rolls": [r.id for r in game.rolls],
    }
    return Decision(reply=Reply.say(*lines, data=data))


def scene_lines(game: CybergodState) -> list[str]:
    scene = game.scene
    if scene is None:
        lines = ["No scene is running."]
    elif scene.mode == "turn-based":
        lines = [f"Scene: {scene.name}, turn-based, round {scene.round}."]
    else:
        lines = [f"Scene: {scene.name}, freeform."]
    for effect in game.lasting:
        lines.append(f"Lasting ({effect.lasts}): {effect.name}, by {effect.by} (#{effect.roll}).")
    if game.rolls:
        ids = ", ".join(f"#{r.id}" for r in game.rolls[-8:])
        lines.append(f"Rolls in play: {ids}.")
    return lines
