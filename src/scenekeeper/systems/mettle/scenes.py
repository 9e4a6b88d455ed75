"""``/scene``: METTLE Scenes (scenes.md, Staging; engine.md, Mettle and Taking Damage).

Mettle above zero refills when a new Scene starts; at zero or below it stays. Rattles last
until the Scene ends. The Fallen are presumed dead unless Aided during the next Scene at the
latest (checklist D17, D18): when a Scene ends, the stabilised Fallen get up (Staggered if their
Mettle is still 0 or below), the unaided Fallen of an earlier Scene die, and those felled in
this one are dying.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Opt, Permission
from scenekeeper.engine.reply import Reply
from scenekeeper.systems.mettle import events as ev
from scenekeeper.systems.mettle.damage import die, land
from scenekeeper.systems.mettle.initiative import set_initiative
from scenekeeper.systems.mettle.plan import Plan
from scenekeeper.systems.mettle.sheet import clean_name
from scenekeeper.systems.mettle.state import Scene, mettle
from scenekeeper.systems.mettle.status_text import held_line, order_lines

commands = CommandSet(systems=frozenset({"mettle"}))
#: What ends with the Scene: the sting of a Rattle, Cover, Surprise.
_SCENE_LONG = ("rattled", "partial-cover", "total-cover", "surprised")


def end_scene(plan: Plan) -> None:
    game = plan.game
    scene = game.scene
    number = scene.number if scene else game.scenes
    plan.close_window()
    if game.held_hit is not None:
        land(plan, game.held_hit)
    if plan.game.initiative is not None:
        set_initiative(plan, None, "initiative ends with the scene")
        plan.say("Initiative ends with the Scene.")
    if plan.game.team is not None:
        plan.add(ev.TeamChanged(team=None, note="teamwork ends with the scene"))
    for name in list(plan.game.characters):
        who = plan.get(name)
        for status in _SCENE_LONG:
            if who.has(status):
                plan.add(ev.StatusLost(character=name, status=status, reason="the Scene ended"))
        if who.delayed:
            plan.add(ev.DelayChanged(character=name, delayed=False))
        if who.has("fallen") and not who.has("dead"):  # the Dead are out of play (R83)
            _fallen(plan, name, number)
    if scene is not None:
        plan.say(f"Scene {scene.number}, {scene.name}, ends.")


def _fallen(plan: Plan, name: str, number: int) -> None:
    who = plan.get(name)
    if who.stable:
        plan.add(ev.StatusLost(character=name, status="fallen", reason="stabilised"))
        if who.mettle <= 0:
            plan.add(ev.StatusGained(character=name, status="staggered", reason="stabilised"))
            plan.say(f"{name}, stabilised, gets up Staggered at Mettle {who.mettle}.")
        else:
            plan.say(f"{name}, stabilised, gets up.")
    elif who.statuses["fallen"] < number:
        die(plan, name, "not Aided in time")
        plan.say(f"{name} was not Aided by the end of the Scene after the felling: {name} dies.")
    else:
        plan.say(
            f"{name} is dying: Aid them (/act action:aid) during the next Scene at the latest."
        )


@dataclass(frozen=True)
class StartScene:
    name: Annotated[str | None, Opt("what the scene is", max_length=80)] = None


@commands.command(
    "scene start",
    help="Start a new Scene (ending the one running): Mettle above 0 refills; Rattles, Cover "
    "and Surprise end; the unaided Fallen of the Scene before die.",
    summary="Start a new Scene (ending the one running): Mettle above 0 refills.",
    permission=Permission.GM,
    examples=('/scene start name:"The antique shop"',),
)
def start(ctx: Context, args: StartScene) -> Decision:
    plan = Plan(ctx)
    if plan.game.scene is not None:
        end_scene(plan)
    number = plan.game.scenes + 1
    name = clean_name(args.name) if args.name else f"Scene {number}"
    plan.add(ev.SceneChanged(scene=Scene(name=name, number=number), note=f"scene {number}: {name}"))
    plan.say(f"Scene {number}: {name}.")
    refilled, stays = [], []
    for who in plan.game.characters.values():
        if who.has("dead"):
            continue
        if who.mettle > 0 and who.mettle < who.max_mettle:
            plan.add(
                ev.MettleChanged(character=who.name, mettle=who.max_mettle, reason="a new Scene")
            )
            refilled.append(f"{who.name} {who.max_mettle}")
        elif who.mettle <= 0:
            stays.append(f"{who.name} {who.mettle}")
    if refilled:
        plan.say(f"Mettle refills: {', '.join(refilled)}.")
    if stays:
        plan.say(f"At 0 or below, Mettle stays: {', '.join(stays)}.")
    return plan.decision()


@commands.command(
    "scene end",
    help="End the Scene: Initiative ends, Rattles, Cover and Surprise end, the Fallen are "
    "stabilised, dying or dead.",
    summary="End the Scene: Initiative ends; the Fallen are stabilised, dying or dead.",
    permission=Permission.GM,
)
def end(ctx: Context, _args: NoOptions) -> Decision:
    plan = Plan(ctx)
    if plan.game.scene is None:
        # A routine end with nothing running says so; it is no mistake.
        return Decision(reply=Reply.say("No Scene is running: nothing to end."))
    end_scene(plan)
    plan.add(ev.SceneChanged(scene=None, note="the scene ended"))
    return plan.decision()


@commands.command(
    "scene show", help="The Scene, Initiative and any held hit.", permission=Permission.ANYONE
)
def show(ctx: Context, _args: NoOptions) -> Decision:
    game = mettle(ctx.require_state())
    scene = game.scene
    if scene is None:
        lines = [f"No Scene is running ({game.scenes} played so far)."]
    else:
        lines = [f"Scene {scene.number}: {scene.name}."]
    if game.initiative is not None:
        lines += order_lines(game)
    elif game.held_hit is not None:
        lines.append(held_line(game))
    data = {"name": scene.name, "number": scene.number} if scene else None
    return Decision(reply=Reply.say(*lines, data=data))
