"""What the end of a scene and a rest do to a Cortex table, for the scene rules to call.

Cortex p.35: assets last the scene unless made longer (a beat-long one is gone already after
its roll). Cortex p.22 and p.40: a taken-out or stressed-out character is out for the rest of
the scene, so a new scene brings them back. A rest (``stress_commands.rest_events``) steps
stress down.
"""

from __future__ import annotations

from scenekeeper.engine.events import Event
from scenekeeper.engine.state import TableState
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.state import cortex

ENDS_WITH_SCENE = ("beat", "scene")


def scene_end_events(state: TableState) -> tuple[list[Event], list[str]]:
    game = cortex(state)
    events: list[Event] = []
    lines: list[str] = []
    for who in game.characters.values():
        for name, asset in who.assets.items():
            if asset.duration in ENDS_WITH_SCENE:
                events.append(ev.AssetRemoved(owner=who.name, name=name))
                lines.append(f"{who.name}'s {name} ends with the scene.")
        if who.status == "taken_out":
            # Cortex p.22: taken out of *the scene*; the next scene has them back. (The d6
            # complication is for coming back within the scene, /char return.)
            events.append(
                ev.StatusChanged(character=who.name, status="active", reason="a new scene")
            )
            lines.append(f"{who.name}, taken out of this scene, is back for the next.")
        if who.status == "stressed_out":
            events.append(
                ev.StatusChanged(character=who.name, status="active", reason="a new scene")
            )
            if game.rules.stressed_out_scene_end == "clear-stress":
                # Scions: stressed-out characters lose all their stress at the end of the scene.
                events += [ev.StressRemoved(character=who.name, stress=k) for k in who.stress]
                lines.append(f"{who.name} is back for the next scene and loses all stress.")
            else:
                lines.append(f"{who.name} is back for the next scene (still stressed).")
    for name, asset in game.scene_assets.items():
        if asset.duration in ENDS_WITH_SCENE:
            events.append(ev.AssetRemoved(owner="", name=name))
            lines.append(f"The scene's {name} ends with it.")
    for name in game.scene_complications:
        # The scene's own complications (and Scions' hindering scene distinctions) are the
        # scene's: they end with it.
        events.append(ev.ComplicationRemoved(owner="", name=name))
        lines.append(f"The scene's {name} ends with it.")
    return events, lines
