"""The board of a Cortex table (``/board``, the live board): every player character's plot
points, stress, trauma, assets and complications; the GM's bank, doom pool and crisis pools;
the GMCs; the scene, the action order and a running contest. One fact a line, in Cortex's
words; Scions reads the same through its own words (``GameSystem.translate``).
"""

from __future__ import annotations

from collections.abc import Mapping

from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import BoardSection, GameSystem, mod_on
from scenekeeper.systems.cortex.roll.rolls import reading_of
from scenekeeper.systems.cortex.scene_state import Scene
from scenekeeper.systems.cortex.sheets.sheet import Asset, Character
from scenekeeper.systems.cortex.state import Contest, CortexState, RollRecord

_STATUS = {
    "stressed_out": "Stressed out.",
    "taken_out": "Taken out.",
    "removed": "Removed.",
    "draft": "Draft, waiting for a GM's /char approve.",
}


def board(system: GameSystem, state: TableState) -> tuple[BoardSection, ...]:
    """``GameSystem.board`` for the Cortex family (registered in ``systems/cortex``)."""
    del system
    game = state.game
    if not isinstance(game, CortexState):
        return ()
    pcs = [c for c in game.characters.values() if c.kind == "pc" and c.status != "removed"]
    gmcs = [c for c in game.characters.values() if c.kind == "gmc" and c.status != "removed"]
    sections = [BoardSection(_title(state, c), tuple(_pc_lines(c))) for c in pcs]
    if not pcs:
        sections.append(BoardSection("Characters", ("No player characters yet.",)))
    sections.append(BoardSection("GM", tuple(_gm_lines(state, game))))
    if gmcs:
        sections.append(BoardSection("GMCs", tuple(_gmc_line(c) for c in gmcs)))
    sections.append(BoardSection("Scene", tuple(_scene_lines(game))))
    order = _order_lines(game.scene)
    if order:
        sections.append(BoardSection("Order", tuple(order)))
    if game.contest is not None:
        sections.append(BoardSection("Contest", tuple(_contest_lines(game, game.contest))))
    if game.rolls:
        sections.append(BoardSection("Last roll", (_roll_line(game.rolls[-1]),)))
    return tuple(sections)


def _roll_line(roll: RollRecord) -> str:
    """The newest roll: who, its total and effect die, and whether its faces were typed."""
    typed = " (typed faces)" if roll.typed else ""
    if roll.hitch_only:
        # Taking Initiative's d6 (Cortex p.44): no total and no effect die to read, only
        # its face (a 1 is a hitch).
        faces = ", ".join(f"d{d.die.sides} {d.face}" for d in roll.dice)
        return f"#{roll.id} {roll.roller}: {roll.against or 'roll'} {faces}{typed}."
    reading = reading_of(roll)
    against = f", against {roll.difficulty}" if roll.difficulty is not None else ""
    return (
        f"#{roll.id} {roll.roller}: total {reading.total}, effect {reading.effect}{against}{typed}."
    )


def _title(state: TableState, character: Character) -> str:
    owner = state.meta.owner_of(character.name)
    return f"{character.name} ({state.meta.name_of(owner)})" if owner else character.name


def _pc_lines(character: Character) -> list[str]:
    lines = [_points(character.pp)]
    if character.status in _STATUS:
        lines.append(_STATUS[character.status])
    return lines + [f"{label}: {text}." for label, text in _troubles(character)]


def _gmc_line(character: Character) -> str:
    facts = [_STATUS[character.status].rstrip(".")] if character.status in _STATUS else []
    facts += [f"{label.lower()} {text}" for label, text in _troubles(character)]
    return f"{character.name}: {'; '.join(facts)}." if facts else f"{character.name}."


def _troubles(character: Character) -> list[tuple[str, str]]:
    """Stress, trauma, assets and complications, one kind each (none: nothing said)."""
    found = [
        (label, _dice(dice))
        for label, dice in (("Stress", character.stress), ("Trauma", character.trauma))
        if dice
    ]
    if character.assets:
        found.append(("Assets", _assets(character.assets)))
    if character.complications:
        found.append(("Complications", _dice(character.complications)))
    return found


def _points(count: int) -> str:
    # Lower case, so a game's own words replace them (Scions: legend points).
    return f"{count} plot point{'' if count == 1 else 's'}."


def _gm_lines(state: TableState, game: CortexState) -> list[str]:
    lines = [f"GM bank: {_points(game.gm_bank)}"]
    if game.doom_pool or mod_on(state, "doom-pool") or mod_on(state, "limited-doom-pool"):
        pool = " ".join(str(d) for d in sorted(game.doom_pool, key=lambda d: d.sides))
        lines.append(f"Doom pool: {pool or 'empty'}.")
    for name, dice in game.crisis_pools.items():
        lines.append(f"Crisis pool {name}: {' '.join(str(d) for d in dice) or 'empty'}.")
    return lines


def _scene_lines(game: CortexState) -> list[str]:
    scene = game.scene
    if scene is None:
        return ["No scene is running."]
    stakes = ", high stakes" if scene.high_stakes else ""
    lines = [f"{scene.name} ({scene.type}{stakes}), beat {scene.beat}."]
    if game.paused_scenes:
        lines.append(f"Paused for a flashback: {', '.join(s.name for s in game.paused_scenes)}.")
    if game.scene_assets:
        lines.append(f"Scene assets: {_assets(game.scene_assets)}.")
    if game.scene_complications:
        lines.append(f"Scene complications: {_dice(game.scene_complications)}.")
    timed = scene.timed_test
    if timed is not None:
        lines.append(
            f"Timed test for {timed.character}: test {timed.tests_done + 1} of "
            f"{timed.tests_total}, {timed.beats_left} beats left."
        )
    if scene.gang is not None:
        support = ", ".join(f"{n} {d}" for n, d in scene.gang.support) or "no support left"
        lines.append(f"{scene.gang.lead} leads a gang: {support}.")
    return lines


def _order_lines(scene: Scene | None) -> list[str]:
    if scene is None:
        return []
    order = scene.action_order
    if order is None:
        return [f"Dramatic order: {scene.dramatic_lead} leads."] if scene.dramatic_lead else []
    now = f"{order.current} acts" if order.current else f"{order.last_actor()} picks the lead"
    return [
        f"Round {order.round}: {now}.",
        f"Acted: {', '.join(order.acted) or 'nobody yet'}.",
        f"Waiting: {', '.join(order.waiting()) or 'nobody'}.",
    ]


def _contest_lines(game: CortexState, contest: Contest) -> list[str]:
    names = [c.name for c in contest.contestants]
    stakes = " (high stakes)" if contest.high_stakes else ""
    lines = [f"{' vs '.join(names)}{stakes}."]
    if contest.leader is not None:
        leader = contest.contestants[contest.leader]
        roll = game.roll_by_id(leader.roll_id) if leader.roll_id is not None else None
        if roll is not None:
            lines.append(f"Standing: {leader.name}'s {reading_of(roll).total}.")
    out = [c.name for c in contest.contestants if not c.still_in]
    if out:
        lines.append(f"Out: {', '.join(out)}.")
    lines.append(f"Next: {contest.contestants[contest.turn].name}.")
    return lines


def _dice(dice: Mapping[str, object]) -> str:
    return ", ".join(f"{name} {die}" for name, die in dice.items())


def _assets(assets: Mapping[str, Asset]) -> str:
    return ", ".join(
        f"{name} {a.die} ({a.duration}{', open' if a.open else ''})" for name, a in assets.items()
    )
