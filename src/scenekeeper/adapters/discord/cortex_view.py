"""Cortex rolls at a Discord table: dice as faces, the buttons a roll offers, and the commands
those buttons send.

Pure (no discord import): the embed is described as fields and a colour; ``render`` builds it.
Every button click becomes an ordinary command (``/pick``, ``/pp spend``, ``/hitch``,
``/contest givein``) run through ``App.handle``; the engine decides whether it is allowed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scenekeeper.adapters.discord import ids
from scenekeeper.adapters.discord.identity import (
    check_contest,
    checked_roll,
    contest_start,
    roll_maker,
)
from scenekeeper.adapters.discord.ids import Control
from scenekeeper.app import Outcome
from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.state import TableState
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.choices import pick
from scenekeeper.systems.cortex.names import mod_on
from scenekeeper.systems.cortex.reading import Reading, hitches, is_botch
from scenekeeper.systems.cortex.render import roll_data, worth_offering
from scenekeeper.systems.cortex.rolls import GM_ROLLER, reading_of, steps
from scenekeeper.systems.cortex.state import Contest, CortexState, RollRecord

#: Embed colours: success, heroic success, failure, a roll with no difficulty, a botch.
COLOURS = {
    "success": 0x2ECC71,
    "heroic": 0xF1C40F,
    "failure": 0xE74C3C,
    None: 0x5865F2,
    "botch": 0x992D22,
}
#: How many other readings are offered as buttons (Discord rows hold five).
MAX_ALTERNATIVES = 4
Command = tuple[str, dict[str, object]]


@dataclass(frozen=True)
class Field:
    name: str
    value: str
    inline: bool = False


def game_of(table: Table | None) -> CortexState | None:
    state = table.state if table is not None else None
    return state.game if state is not None and isinstance(state.game, CortexState) else None


def roll_ids(events: Iterable[Event]) -> list[int]:
    """The rolls a command made or changed, in order."""
    found: dict[int, None] = {}
    for event in events:
        if isinstance(event, ev.Rolled):
            found[event.roll.id] = None
        elif isinstance(event, ev.ReadingChosen | ev.HitchesActivated):
            found[event.roll_id] = None
    return list(found)


def rolls_of(outcome: Outcome, table: Table | None) -> list[RollRecord]:
    """The rolls a command touched, as they read now (a pick or plot point included)."""
    game = game_of(table)
    made = {e.event.roll.id: e.event.roll for e in outcome.events if isinstance(e.event, ev.Rolled)}
    rolls = []
    for roll_id in roll_ids(e.event for e in outcome.events):
        current = game.roll_by_id(roll_id) if game is not None else None
        roll = current or made.get(roll_id)
        if roll is not None:
            rolls.append(roll)
    return rolls


def main_roll(rolls: Sequence[RollRecord]) -> RollRecord | None:
    """The roll a message is about: the newest one that is not the GM's difficulty dice."""
    own = [r for r in rolls if not r.against.startswith("difficulty for")] or list(rolls)
    return own[-1] if own else None


def _md(text: str) -> str:
    """Names people typed, shown literally inside the markdown of a field."""
    return "".join(f"\\{c}" if c in "\\*_~`|" else c for c in text)


def faces_line(roll: RollRecord) -> str:
    """The start of the engine's line listing the faces, which the dice display replaces."""
    return f"{roll.roller} rolls #{roll.id}:"


def colour(roll: RollRecord) -> int:
    if is_botch(steps(roll)):
        return COLOURS["botch"]
    return COLOURS.get(roll_data(roll)["outcome"], COLOURS[None])


def fields(rolls: Sequence[RollRecord]) -> list[Field]:
    """The dice of each roll as faces, then the main roll's total, effect die and outcome."""
    main = main_roll(rolls)
    out: list[Field] = []
    for roll in rolls:
        if roll is main:
            out.append(Field(f"Roll #{roll.id} · {_md(roll.roller)}", "\n".join(_face_lines(roll))))
        else:
            name = f"#{roll.id} {_md(roll.roller)}: {_md(roll.against)}"
            out.append(Field(name[:256], _compact(roll)))
    if main is not None:
        out += _summary(main)
    return out


def _face_lines(roll: RollRecord) -> list[str]:
    reading = reading_of(roll)
    botch = is_botch(steps(roll))
    one = "opportunity" if roll.side == "gm" else "hitch"
    lines = []
    for index, die in enumerate(roll.dice):
        name = die.source if die.source and die.source != str(die.die) else ""
        label = f" {_md(name)}" if name else ""
        if die.face == 1:
            lines.append(f"`{die.die}` ~~1~~{label} ⚠ {one}")
        elif not botch and index in reading.total_dice:
            lines.append(f"`{die.die}` **{die.face}**{label} ⟵ total")
        elif not botch and index in reading.effect_dice:
            lines.append(f"`{die.die}` {die.face}{label} ⟵ **effect {die.die}**")
        else:
            lines.append(f"`{die.die}` {die.face}{label}")
    return lines


def _compact(roll: RollRecord) -> str:
    faces = " ".join(f"`{d.die}` {'~~1~~' if d.face == 1 else d.face}" for d in roll.dice)
    return f"{faces} → **{reading_of(roll).total}**"


def _summary(roll: RollRecord) -> list[Field]:
    data = roll_data(roll)
    if data["botch"]:
        return [Field("Botch", "Every die is a hitch: total 0, effect d4.")]
    extra = [str(e) for e in reading_of(roll).effects[1:]]  # effect dice bought with PP
    out = [
        Field("Total", f"**{data['total']}**", inline=True),
        Field("Effect", f"**{', '.join([data['effect'], *extra])}**", inline=True),
    ]
    if data["outcome"] is not None:
        margin = data["margin"]
        word = {
            "success": f"Success by {margin}",
            "heroic": f"Heroic success by {margin}",
            "failure": "Failure: " + ("a tie fails" if margin == 0 else f"short by {-margin}"),
        }
        out.append(Field("Outcome", word[data["outcome"]], inline=True))
    return out


def roll_controls(table: Table | None, roll: RollRecord, plain: bool) -> list[Control]:
    """What a roll offers: other readings, plot points for more dice, the GM's hitches. Each
    button names the roll by the command that made it (``identity``); a roll whose command is
    past the undo window offers none (its buttons could not tell it from an undone roll)."""
    state = table.state if table is not None else None
    if table is None or state is None or not isinstance(state.game, CortexState):
        return []
    game = state.game
    seq = roll_maker(table, roll.id)
    if seq is None or game.roll_by_id(roll.id) is None or roll.roller == GM_ROLLER:
        return []
    controls: list[Control] = []
    botch = is_botch(steps(roll))
    if not botch and not mod_on(state, "let-the-dice-fall"):
        for other in worth_offering(roll, reading_of(roll))[:MAX_ALTERNATIVES]:
            if _pickable(roll, other):
                effect = ", ".join(str(e) for e in other.effects)
                controls.append(
                    Control(
                        ids.pick(roll.id, seq, other.total_dice, other.effect_dice),
                        f"Total {other.total}, effect {effect}"[:80],
                        "primary",
                        row=0,
                    )
                )
    if not botch:
        total, effect = ("+1 die in total (1 PP)", "+1 effect die (1 PP)")
        if not plain:
            total, effect = f"🎲 {total}", f"✨ {effect}"
        controls.append(Control(ids.spend("total", roll.id, seq), total, "success", row=1))
        controls.append(Control(ids.spend("effect", roll.id, seq), effect, "success", row=1))
    count = hitches(steps(roll))
    if roll.side == "player" and count and not roll.hitches_activated:
        label = f"GM: activate {'the hitch' if count == 1 else f'{count} hitches'}"
        control = Control(ids.hitch(roll.id, seq), label if plain else f"⚠ {label}", "danger", 2)
        controls.append(control)
    return controls


def contest_controls(table: Table | None, plain: bool) -> list[Control]:
    state = table.state if table is not None else None
    contest = _contest(state)
    seq = contest_start(table) if table is not None else None
    if contest is None or seq is None:
        return []
    if contest.short is not None:
        # A roll fell short: a plot point for one more die may save it (the roll's own
        # button), or it stands and loses; giving in waits until it is settled.
        return [Control(ids.contest("stand", seq), "Let it stand", row=3)]
    return [Control(ids.contest("givein", seq), "Give in" if plain else "🏳 Give in", row=3)]


def in_contest(state: TableState | None, roll_id: int) -> bool:
    contest = _contest(state)
    return contest is not None and any(c.roll_id == roll_id for c in contest.contestants)


def touches_contest(events: Iterable[Event]) -> bool:
    return any(isinstance(e, ev.ContestChanged) for e in events)


def touches_roll(events: Iterable[Event], roll_id: int) -> bool:
    return roll_id in roll_ids(events)


def _contest(state: TableState | None) -> Contest | None:
    if state is None or not isinstance(state.game, CortexState):
        return None
    return state.game.contest


# -- the commands buttons send ---------------------------------------------------------------


def pick_command(
    table: Table, roll_id: int, seq: int | None, total: Sequence[int], effect: Sequence[int]
) -> Command:
    roll = checked_roll(table, roll_id, seq, f"/pick roll:{roll_id}")
    raw: dict[str, object] = {
        "total": _words(roll, total),
        "character": roll.roller,
        "roll": roll.id,
    }
    if effect:
        raw["effect"] = _words(roll, effect)
    return "pick", raw


def spend_command(table: Table, on: str, roll_id: int, seq: int | None) -> Command:
    roll = checked_roll(table, roll_id, seq, f"/pp spend on:{on} roll:{roll_id}")
    return "pp spend", {"on": on, "roll": roll.id, "character": roll.roller}


def hitch_command(table: Table, roll_id: int, seq: int | None, complication: str | None) -> Command:
    roll = checked_roll(table, roll_id, seq, f"/hitch roll:{roll_id}")
    raw: dict[str, object] = {"character": roll.roller, "roll": roll.id}
    if complication:
        raw["complication"] = complication
    return "hitch", raw


def hitch_asks_doom(table: Table, roll_id: int, seq: int | None) -> bool:
    """Whether leaving the complication out means doom dice (the hitches-to-doom-pool mod).
    A roll whose hitches are spent already is said so before the GM types a name for nothing
    (the engine refuses it anyway)."""
    roll = checked_roll(table, roll_id, seq, f"/hitch roll:{roll_id}")
    if roll.hitches_activated:
        raise Refusal(f"The hitches of roll #{roll.id} are activated already.")
    state = table.state
    return state is not None and mod_on(state, "hitches-to-doom-pool")


def contest_command(table: Table, step: str, seq: int | None) -> Command:
    check_contest(table, seq)
    return f"contest {step}", {}


def _words(roll: RollRecord, indices: Sequence[int]) -> str:
    """Dice of a roll as /pick names them: the trait's name when only one die has it, else
    the die's size (/pick takes the highest face of a size for the total)."""
    names = [_name(d.source) for d in roll.dice]
    words = []
    if any(not 0 <= i < len(roll.dice) for i in indices):
        raise Refusal(f"Roll #{roll.id} has no such dice; nothing was changed.")
    for index in indices:
        name = names[index]
        die = roll.dice[index]
        unique = name and names.count(name) == 1 and name != str(die.die)
        words.append(die.source.split(" (", 1)[0] if unique else str(die.die))
    return " ".join(words)


def _pickable(roll: RollRecord, reading: Reading) -> bool:
    """Whether /pick, given the words a button sends, reads the roll exactly this way."""
    try:
        effect = _words(roll, reading.effect_dice) or None
        got, _ = pick(roll, _words(roll, reading.total_dice), effect)
    except Refusal:
        return False
    return (sorted(got.total_dice), sorted(got.effect_dice)) == (
        sorted(reading.total_dice),
        sorted(reading.effect_dice),
    )


def _name(source: str) -> str:
    return source.split(" (", 1)[0].casefold()
