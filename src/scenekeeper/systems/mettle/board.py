"""The table at a glance (``GameSystem.board``), what it is waiting for
(``GameSystem.waiting_for``) and the export (docs/export-format.md, METTLE Core tables)."""

from __future__ import annotations

from typing import Any

from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import BoardSection
from scenekeeper.engine.waits import Wait
from scenekeeper.systems.mettle.checks import quality
from scenekeeper.systems.mettle.initiative import has_action
from scenekeeper.systems.mettle.sheet import ATTRIBUTES, Character
from scenekeeper.systems.mettle.state import MettleState
from scenekeeper.systems.mettle.status_text import order_lines, short
from scenekeeper.systems.mettle.volley import candidates, gm_characters, next_out


def board(state: TableState) -> tuple[BoardSection, ...]:
    game = state.game
    assert isinstance(game, MettleState)
    sections = []
    scene = game.scene
    scene_lines = [f"Scene {scene.number}: {scene.name}."] if scene else ["No Scene running."]
    if game.team is not None:
        team = game.team
        rolled = ", ".join(f"{m} {'succeeds' if ok else 'fails'}" for m, ok in team.results.items())
        scene_lines.append(
            f"Teamwork: {', '.join(team.members)} vs {team.difficulty_text}"
            + (f"; {rolled}." if rolled else ".")
        )
    sections.append(BoardSection("Scene", tuple(scene_lines)))
    if game.initiative is not None:
        sections.append(BoardSection("Initiative", tuple(order_lines(game))))
    players = [c for c in game.characters.values() if c.kind == "pc"]
    guide = [c for c in game.characters.values() if c.kind == "gmc"]
    if players:
        sections.append(BoardSection("Characters", tuple(_line(state, c) for c in players)))
    if guide:
        sections.append(BoardSection("GM characters", tuple(short(c) for c in guide)))
    return tuple(sections)  # what the table waits for: the shell adds it (``waiting_for``)


def _line(state: TableState, who: Character) -> str:
    owner = state.meta.owner_of(who.name)
    played = f" ({state.meta.name_of(owner)})" if owner else ""
    return short(who).replace(f"{who.name}:", f"{who.name}{played}:", 1)


def waits(game: MettleState) -> list[Wait]:
    """What the table waits for, and whose move it is."""
    out = []
    hit = game.held_hit
    if hit is not None:
        out.append(
            Wait(
                f"a Defend against {hit.attacker}'s hit on {hit.target} ({hit.damage} damage "
                "before Soak): /act action:defend, or /mettle take to let it land.",
                (hit.target,),
            )
        )
    for name in game.felled:
        out.append(
            Wait(f"{name}'s player: take Staggered instead of Fallen (/mettle stagger)?", (name,))
        )
    init = game.initiative
    if init is not None:
        out += _initiative(game)
    team = game.team
    if team is not None and not team.done:
        left = [m for m in team.members if m not in team.results]
        out.append(
            Wait(
                f"teamwork Checks by {', '.join(left)}: /check (no pool:); a GM can /team end.",
                tuple(left),
            )
        )
    return out


def _initiative(game: MettleState) -> list[Wait]:
    init = game.initiative
    assert init is not None
    order = init.order
    current = order.current
    if current is None:
        if game.felled:
            return [Wait(f"then Round {order.round + 1}: /order next starts it.")]
        if all(p in next_out(game, init, order.round + 1) for p in order.participants):
            return [
                Wait(
                    f"nobody has an Action for Round {order.round + 1}: the waiting to /order "
                    "rejoin (or take their Action), or a GM to /order end."
                )
            ]
        last = order.last_actor()
        return [
            Wait(
                f"{last} to pick who leads Round {order.round + 1}: /order next lead:<name>.",
                (last,) if last else (),
            )
        ]
    if init.gm_picks:
        left = gm_characters(game, candidates(init, current, finished=True))
        return [Wait(f"the Guide to pick who goes next: /order handoff to:<{'|'.join(left)}>.")]
    if init.passing:
        left = candidates(init, current, finished=not init.parts_left(current))
        return [
            Wait(f"{current} to pass Initiative: /order handoff to:<{'|'.join(left)}>.", (current,))
        ]
    parts = init.parts_left(current)
    if parts:
        shown = ", ".join(f"{p.action} {p.dice}D" for p in parts)
        return [Wait(f"{current}'s split Action ({shown} left): /act action:<part>.", (current,))]
    return [
        Wait(f"{current}'s Action: /act action:<action>, /order wait or /order split.", (current,))
    ]


def export(game: MettleState) -> dict[str, Any]:
    """The state as documented in docs/export-format.md (METTLE Core tables)."""
    init = game.initiative
    check = game.last_check
    return {
        "characters": {name: _sheet(c) for name, c in game.characters.items()},
        "scene": {"name": game.scene.name, "number": game.scene.number} if game.scene else None,
        "scenes": game.scenes,
        "initiative": None
        if init is None
        else {
            "round": init.order.round,
            "lead": init.order.lead,
            "current": init.order.current,
            "acted": list(init.order.acted),
            "has_action": [p for p in init.order.participants if has_action(init, p)],
            "lost": dict(init.lost),
            "waiting": dict(init.waiting),
            "split": {
                n: [p.model_dump(mode="json") for p in parts] for n, parts in init.splits.items()
            },
            "passing": init.passing,
            "target": init.target,
            "moved": list(init.moved),
        },
        "held_hit": game.held_hit.model_dump(mode="json") if game.held_hit else None,
        "last_check": None
        if check is None
        else {
            "id": check.id,
            "roller": check.roller,
            "action": check.action,
            "dice": check.dice,
            "raises": check.raises,
            "faces": list(check.faces),
            "kept": list(check.kept),
            "difficulty": check.difficulty,
            "score": check.score,
            "edge": check.edge,
            "success": check.success,
            "quality": quality(check.edge) if check.success else None,
            "twists": check.twists,
            "open": game.window_open,
        },
        "team": game.team.model_dump(mode="json") if game.team else None,
    }


def _sheet(who: Character) -> dict[str, Any]:
    return {
        "kind": who.kind,
        "pool": who.pool,
        "attributes": {a: who.rating(a) for a in ATTRIBUTES},
        "descriptors": dict(who.descriptors),
        "modified": who.modified(),
        "mettle": {"current": who.mettle, "max": who.max_mettle},
        "soak": who.soak,
        "statuses": sorted(who.statuses),
        "status_values": {s: v for s, v in sorted(who.statuses.items()) if v},
        "affliction": who.affliction.model_dump(mode="json") if who.affliction else None,
        "stable": who.stable,
        "delayed": who.delayed,
        "backstories": list(who.backstories),
        "gear": [g.model_dump(mode="json") for g in who.gear],
        "load": who.load,
        "vouchers": who.vouchers,
        "spent_vouchers": list(who.spent_vouchers),
        "xp": who.xp,
        "credit": who.credit,
    }
