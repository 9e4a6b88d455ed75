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


def roll_controls(state: TableState | None, roll: RollRecord, plain: bool) -> list[Control]:
    """What a roll offers: other readings, plot points for more dice, the GM's hitches."""
    if state is None or not isinstance(state.game, CortexState):
        return []
    game = state.game
    if game.roll_by_id(roll.id) is None or roll.roller == GM_ROLLER:
        return []
    controls: list[Control] = []
    botch = is_botch(steps(roll))
    if not botch and not mod_on(state, "let-the-dice-fall"):
        for other in worth_offering(roll, reading_of(roll))[:MAX_ALTERNATIVES]:
            if _pickable(roll, other):
                effect = ", ".join(str(e) for e in other.effects)
                controls.append(
                    Control(
                        ids.pick(roll.id, other.total_dice, other.effect_dice),
                        f"Total {other.total}, effect {effect}"[:80],
                        "primary",
                        row=0,
                    )
                )
    if not botch:
        total, effect = ("+1 die in total (1 PP)", "+1 effect die (1 PP)")
        if not plain:
            total, effect = f"🎲 {total}", f"✨ {effect}"
        controls.append(Control(ids.spend("total", roll.id), total, "success", row=1))
        controls.append(Control(ids.spend("effect", roll.id), effect, "success", row=1))
    count = hitches(steps(roll))
    if roll.side == "player" and count and not roll.hitches_activated:
        label = f"GM: activate {'the hitch' if count == 1 else f'{count} hitches'}"
        controls.append(Control(ids.hitch(roll.id), label if plain else f"⚠ {label}", "danger", 2))
    return controls


def contest_controls(state: TableState | None, plain: bool) -> list[Control]:
    contest = _contest(state)
    if contest is None:
        return []
    mark = _mark(contest)
    if contest.short is not None:
        # A roll fell short: a plot point for one more die may save it (the roll's own
        # button), or it stands and loses; giving in waits until it is settled.
        return [Control(ids.contest("stand", mark), "Let it stand", row=3)]
    return [Control(ids.contest("givein", mark), "Give in" if plain else "🏳 Give in", row=3)]


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


def _mark(contest: Contest) -> str:
    return ids.fingerprint([c.name for c in contest.contestants])


# -- the commands buttons send ---------------------------------------------------------------


def _roll(table: Table, roll_id: int) -> tuple[TableState, RollRecord]:
    state = table.state
    game = game_of(table)
    roll = game.roll_by_id(roll_id) if game is not None else None
    if state is None or roll is None:
        raise Refusal(f"Roll #{roll_id} is no longer in play (it was undone, or is too old).")
    return state, roll


def pick_command(
    table: Table, roll_id: int, total: Sequence[int], effect: Sequence[int]
) -> Command:
    _, roll = _roll(table, roll_id)
    raw: dict[str, object] = {
        "total": _words(roll, total),
        "character": roll.roller,
        "roll": roll.id,
    }
    if effect:
        raw["effect"] = _words(roll, effect)
    return "pick", raw


def spend_command(table: Table, on: str, roll_id: int) -> Command:
    _, roll = _roll(table, roll_id)
    return "pp spend", {"on": on, "roll": roll.id, "character": roll.roller}


def hitch_command(table: Table, roll_id: int, complication: str | None) -> Command:
    _, roll = _roll(table, roll_id)
    raw: dict[str, object] = {"character": roll.roller, "roll": roll.id}
    if complication:
        raw["complication"] = complication
    return "hitch", raw


def hitch_asks_doom(table: Table, roll_id: int) -> bool:
    """Whether leaving the complication out means doom dice (the hitches-to-doom-pool mod).
    A roll whose hitches are spent already is said so before the GM types a name for nothing
    (the engine refuses it anyway)."""
    state, roll = _roll(table, roll_id)
    if roll.hitches_activated:
        raise Refusal(f"The hitches of roll #{roll.id} are activated already.")
    return mod_on(state, "hitches-to-doom-pool")


def contest_command(table: Table, step: str, mark: str) -> Command:
    contest = _contest(table.state)
    if contest is None or _mark(contest) != mark:
        raise Refusal("That contest is over; /contest show says what is running now.")
    return f"contest {step}", {}


def _words(roll: RollRecord, indices: Sequence[int]) -> str:
    """Dice of a roll as /pick names them: the trait's name when only one die has it, else
    the die's size (/pick takes the highest face of a size for the total)."""
    names = [_name(d.source) for d in roll.dice]
    words = []
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
