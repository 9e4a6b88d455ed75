"""Scene rules other commands consult (kept apart from the /scene commands so rolls,
contests and recovery can ask without importing them)."""

from __future__ import annotations

from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.state import TableState
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.scene_state import Scene
from scenekeeper.systems.cortex.state import CortexState, cortex

#: Cortex p.89-96, in a line each, for the reply that frames a scene.
WHAT_IT_DOES = {
    "opening": "Opening scene: framing only, no tests or contests.",
    "action": "Action scene: conflict -- tests, contests, action order.",
    "bridge": "Bridge scene: downtime. Stress steps down; recovering stress or a complication "
    "is against d6 d6 plus the die (trauma stays d8 d8); check milestones and growth.",
    "exploration": "Exploration scene: tests against the environment; clues as assets.",
    "flashback": "Flashback: a short scene in the past to make an asset; /scene end returns to "
    "the scene that was running. Prefer tests to contests.",
    "tag": "Tag scene: no contests; wrap up trait statements, milestones and growth.",
}


def scene_change(game: CortexState, scene: Scene | None, note: str = "") -> Event:
    return ev.SceneChanged(scene=scene, paused=game.paused_scenes, note=note)


NO_SCENE = "No scene is running; the GM frames one with /scene start type:<type>."


def current_scene(game: CortexState) -> Scene:
    if game.scene is None:
        raise Refusal(NO_SCENE)
    return game.scene


def refuse_in_scene(state: TableState, what: str, forbidden: tuple[str, ...]) -> None:
    """Scene types switch subsystems off (Cortex p.89, p.96)."""
    scene = cortex(state).scene
    if scene is not None and scene.type in forbidden:
        raise Refusal(
            f"{WHAT_IT_DOES[scene.type].split(':')[0]}s have no {what} (Cortex p.89); the GM can "
            "frame another scene with /scene start."
        )


def scene_export(scene: Scene | None) -> dict[str, object] | None:
    """The scene as documented in docs/export-format.md."""
    if scene is None:
        return None
    order = scene.action_order
    timed = scene.timed_test
    return {
        "type": scene.type,
        "name": scene.name,
        "high_stakes": scene.high_stakes,
        "beat": scene.beat,
        "action_order": None
        if order is None
        else {
            "round": order.round,
            "lead": order.lead,
            "acted": list(order.acted),
            "current": order.current,
        },
        "timed_test": None
        if timed is None
        else {
            "beats_left": timed.beats_left,
            "tests_done": timed.tests_done,
            "tests_total": timed.tests_total,
        },
    }
