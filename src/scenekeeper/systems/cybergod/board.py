"""The table at a glance (``GameSystem.board``) and what it is waiting for
(``GameSystem.waiting_for``), in Cybergod's words."""

from __future__ import annotations

from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import BoardSection, mod_on
from scenekeeper.engine.waits import Wait
from scenekeeper.systems.cybergod.reading import ep_holder, ep_left, read, their_successes
from scenekeeper.systems.cybergod.render import plural
from scenekeeper.systems.cybergod.scenes import scene_lines
from scenekeeper.systems.cybergod.sheet import Character, die_text, pasteable, stress_dice
from scenekeeper.systems.cybergod.state import CybergodState, SaveRecord, TestRecord

#: The newest rolls the board lists.
BOARD_ROLLS = 5


def board(state: TableState, game: CybergodState) -> tuple[BoardSection, ...]:
    meta = state.meta
    characters = []
    wounds_on = mod_on(state, "wounds")
    for who in game.characters.values():
        owner = meta.owner_of(who.name)
        played = f" ({meta.name_of(owner)})" if owner else " (GM)" if who.kind == "gmc" else ""
        characters.append(f"{who.name}{played}: {character_summary(who, wounds_on)}.")
    sections = [
        BoardSection("Scene", tuple(scene_lines(game))),
        BoardSection("Characters", tuple(characters) or ("None yet: /char new name:<name>.",)),
    ]
    rolls = [roll_summary(game, r) for r in game.rolls[-BOARD_ROLLS:]]
    if rolls:
        sections.append(BoardSection("Rolls in play", tuple(rolls)))
    return tuple(sections)


def character_summary(who: Character, wounds_on: bool = True) -> str:
    parts = [f"Resolve {who.resolve_left}/{who.resolve}", f"Stress {who.stress}"]
    wounds = who.wounds
    if wounds.dead:
        parts.append("dead")
    elif wounds.dying and wounds_on:
        parts.append(f"dying ({plural(wounds.lethal, 'Lethal wound')})")
    elif wounds.any:
        taken = [
            f"{w.capitalize()} {wounds.count(w)}"
            for w in ("bruise", "minor", "major", *(() if wounds_on else ("lethal",)))
            if wounds.count(w)
        ]
        penalty = f", -{wounds.penalty}D" if wounds.penalty else ""
        penalty = penalty if wounds_on else " (not counted: the wounds mod is off)"
        parts.append(f"wounds {' '.join(taken)}{penalty}")
    for name, weapon in who.weapons.items():
        state = "needs a reload" if weapon.reload else plural(weapon.marks, "ammo mark")
        parts.append(f"{name} {die_text(weapon.die)} {state}")
    return ", ".join(parts)


def roll_summary(game: CybergodState, roll: TestRecord | SaveRecord) -> str:
    if isinstance(roll, SaveRecord):
        verdict = "passed" if roll.passed else "failed"
        if roll.save == "breakdown":
            verdict = f"rolled {roll.faces[0]}"
        return f"#{roll.id} {roll.roller}: {roll.save} save, {verdict}{_typed(roll)}."
    reading = read(roll, their_successes(roll, game))
    line = f"#{roll.id} {roll.roller}: {roll.written}, {plural(reading.successes, 'success')}"
    line += f", {reading.outcome}"
    holder = ep_holder(roll, reading)
    if holder is not None:
        line += f", {ep_left(roll, reading)} of {plural(reading.ep, 'EP')} left ({holder})"
    return line + _typed(roll) + "."


def _typed(roll: TestRecord | SaveRecord) -> str:
    """The mark of a roll whose faces a person typed (results:), not the bot."""
    return " (typed faces)" if roll.typed else ""


def waits(game: CybergodState) -> list[Wait]:
    """What the table waits for, each with the command that moves it on, and whose move it
    is (an opposed roll and a reload are offers: nobody owes them)."""
    lines = []
    newest = game.rolls[-1] if game.rolls else None
    if (
        isinstance(newest, TestRecord)
        and newest.threshold is None
        and newest.against is None
        and not any(t.against == newest.id for t in game.tests())
    ):
        successes = plural(read(newest).successes, "success")
        lines.append(
            Wait(
                f"{newest.roller}'s #{newest.id} ({successes}, no difficulty) may be opposed: "
                f'/test vs:"#{newest.id}" (or roll on).',
                owed=False,
            )
        )
    scene = game.scene
    for who in game.characters.values():
        if who.wounds.dead:
            continue  # the dead owe nothing: no saves, no reloads
        name = pasteable(who.name)
        if (
            who.wounds.dying
            and scene is not None
            and scene.mode == "turn-based"
            and who.wounds.death_save_at != (scene.number, scene.round)
        ):
            lines.append(
                Wait(
                    f"{who.name}'s Death Save this round: /save kind:death character:{name} (a "
                    f"GM ends the dying with /wound heal character:{name} wound:lethal).",
                    (who.name,),
                )
            )
        waive = (
            f"a GM waives it by setting Stress: /char set character:{name} trait:stress value:<n>"
        )
        for dice in who.stress_saves_due:
            lines.append(
                Wait(
                    f"{who.name}'s Stress Save (roll {stress_dice(who, dice)}): /save "
                    f"kind:stress character:{name} ({waive}).",
                    (who.name,),
                )
            )
        if who.breakdowns_due:
            many = who.breakdowns_due
            what = "Mental Breakdown" if many == 1 else f"{many} Mental Breakdowns"
            each = "" if many == 1 else ", one at a time"
            lines.append(
                Wait(
                    f"{who.name}'s {what}: /save kind:breakdown character:{name}{each} ({waive}).",
                    (who.name,),
                )
            )
        for weapon_name, weapon in who.weapons.items():
            if weapon.reload:
                lines.append(
                    Wait(
                        f"{who.name}'s {weapon_name} is out of ammo: /reload "
                        f"weapon:{pasteable(weapon_name)} character:{name}.",
                        owed=False,
                    )
                )
    return lines
