"""How a Cortex result displays (``GameSystem.display``): a roll's dice as faces with what each
does, its total, effect die and outcome, and the next steps it offers -- other readings
(``/pick``), a plot point for one more die (``/pp spend``), the GM's hitches (``/hitch``, a
form asking the complication), and the contest's next step (``/contest givein`` or ``stand``).

Read from the table just after the command (``View``), so the same command always displays
the same; field values are Markdown, with names people typed shown literally.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scenekeeper.engine.aggregate import Table
from scenekeeper.engine.controls import Ask, Control, Display, Field, Tone, View, literal
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.render import roll_data, worth_offering
from scenekeeper.systems.cortex.roll.choices import pick
from scenekeeper.systems.cortex.roll.reading import Reading, hitches, is_botch
from scenekeeper.systems.cortex.roll.rolls import GM_ROLLER, reading_of, steps
from scenekeeper.systems.cortex.state import Contest, CortexState, RollRecord

Options = tuple[tuple[str, str], ...]
#: How many other readings are offered (a row holds five).
MAX_ALTERNATIVES = 4
CONTEST = "contest:"
HITCHES = "hitches:"


def display(view: View) -> Display:
    table, record = view.table, view.record
    state = table.state
    if state is None or not isinstance(state.game, CortexState):
        return Display()
    game = state.game
    # Taking Initiative's d6 (hitch_only) has no total or effect die to show or pick: its
    # reply says its face and how to activate a hitch.
    rolls = [r for r in touched_rolls(game, record.events) if not r.hitch_only]
    main = main_roll(rolls)
    controls: list[Control] = []
    if main is not None:
        controls += roll_controls(state, main, view.plain)
    if (
        touches_contest(record.events)
        or record.command.startswith("/contest")
        or (main is not None and in_contest(state, main.id))
    ):
        controls += contest_controls(table, view.plain)
    if not rolls:
        return Display(controls=tuple(controls))
    return Display(
        fields=tuple(fields(rolls)),
        tone=tone(main) if main is not None else None,
        replaces=tuple(line for r in rolls for line in faces_lines(r)),
        controls=tuple(controls),
    )


def control_guard(table: Table, guard: str) -> None:
    if guard.startswith(CONTEST):
        check_contest(table, int(guard.removeprefix(CONTEST)))
    elif guard.startswith(HITCHES) and isinstance(game := _game(table), CortexState):
        # Said before the GM types a complication for nothing (the engine refuses it anyway).
        roll = game.roll_by_id(int(guard.removeprefix(HITCHES)))
        if roll is not None and roll.hitches_activated:
            raise Refusal(f"The hitches of roll #{roll.id} are activated already.")


def _game(table: Table) -> object:
    return table.state.game if table.state is not None else None


# -- which rolls a result is about -----------------------------------------------------------


def roll_ids(events: Iterable[Event]) -> list[int]:
    """The rolls a command made or changed, in order."""
    found: dict[int, None] = {}
    for event in events:
        if isinstance(event, ev.Rolled):
            found[event.roll.id] = None
        elif isinstance(event, ev.ReadingChosen | ev.HitchesActivated):
            found[event.roll_id] = None
    return list(found)


def touched_rolls(game: CortexState, events: Iterable[Event]) -> list[RollRecord]:
    """The rolls a command touched as they read after it, a changed roll with the roll it
    was against (a pick's message shows both, as the roll's own did)."""
    made = {e.roll.id: e.roll for e in events if isinstance(e, ev.Rolled)}
    rolls: list[RollRecord] = []
    for roll_id in roll_ids(events):
        roll = game.roll_by_id(roll_id) or made.get(roll_id)
        if roll is None:
            continue
        against = game.roll_by_id(roll.against_roll) if roll.against_roll else None
        if roll_id not in made and against is not None and against not in rolls:
            rolls.append(against)
        rolls.append(roll)
    return rolls


def main_roll(rolls: Sequence[RollRecord]) -> RollRecord | None:
    """The roll a message is about: the newest one that is not the GM's difficulty dice."""
    own = [r for r in rolls if not r.against.startswith("difficulty for")] or list(rolls)
    return own[-1] if own else None


def in_contest(state: TableState, roll_id: int) -> bool:
    contest = _contest(state)
    return contest is not None and any(c.roll_id == roll_id for c in contest.contestants)


def touches_contest(events: Iterable[Event]) -> bool:
    return any(isinstance(e, ev.ContestChanged) for e in events)


def _contest(state: TableState | None) -> Contest | None:
    if state is None or not isinstance(state.game, CortexState):
        return None
    return state.game.contest


# -- the dice display -------------------------------------------------------------------------


def faces_lines(roll: RollRecord) -> tuple[str, ...]:
    """How the reply line listing a roll's faces starts (typed faces or not): the dice
    display stands for it."""
    head = f"{roll.roller} rolls #{roll.id}"
    return (f"{head}:", f"{head} (")


def tone(roll: RollRecord) -> Tone | None:
    if is_botch(steps(roll)):
        return "botch"
    outcome = roll_data(roll)["outcome"]
    return outcome if outcome in ("success", "heroic", "failure") else None


def fields(rolls: Sequence[RollRecord]) -> list[Field]:
    """The dice of each roll as faces, then the main roll's total, effect die and outcome."""
    main = main_roll(rolls)
    out: list[Field] = []
    for roll in rolls:
        if roll is main:
            name = f"Roll #{roll.id} · {literal(roll.roller)}"
            out.append(Field(name, "\n".join(_face_lines(roll))))
        else:
            name = f"#{roll.id} {literal(roll.roller)}: {literal(roll.against)}"
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
        label = f" {literal(name)}" if name else ""
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


# -- the next steps a roll offers --------------------------------------------------------------


def roll_controls(state: TableState, roll: RollRecord, plain: bool) -> list[Control]:
    """Other readings, plot points for more dice, the GM's hitches -- for a roll still in play
    that a character made (the GM's own dice offer none)."""
    game = state.game
    assert isinstance(game, CortexState)
    if game.roll_by_id(roll.id) is None or roll.roller == GM_ROLLER:
        return []
    controls: list[Control] = []
    botch = is_botch(steps(roll))
    mine: Options = (("roll", str(roll.id)), ("character", roll.roller))
    if not botch and not mod_on(state, "let-the-dice-fall"):
        for other in worth_offering(roll, reading_of(roll))[:MAX_ALTERNATIVES]:
            if _pickable(roll, other):
                effect = ", ".join(str(e) for e in other.effects)
                options: Options = (("total", _words(roll, other.total_dice)), *mine)
                if other.effect_dice:
                    options += (("effect", _words(roll, other.effect_dice)),)
                label = f"Total {other.total}, effect {effect}"[:80]
                controls.append(Control(label, "pick", options, "primary", row=0, edits=True))
    if not botch:
        total, effect = ("+1 die in total (1 PP)", "+1 effect die (1 PP)")
        if not plain:
            total, effect = f"🎲 {total}", f"✨ {effect}"
        for on, label in (("total", total), ("effect", effect)):
            spend = (("on", on), *mine)
            controls.append(Control(label, "pp spend", spend, "success", row=1, edits=True))
    count = hitches(steps(roll))
    if roll.side == "player" and count and not roll.hitches_activated:
        label = f"GM: activate {'the hitch' if count == 1 else f'{count} hitches'}"
        controls.append(_hitch(state, roll, label if plain else f"⚠ {label}", mine))
    return controls


def _hitch(
    state: TableState, roll: RollRecord, label: str, mine: tuple[tuple[str, str], ...]
) -> Control:
    doom = mod_on(state, "hitches-to-doom-pool")
    hint = "Leave it empty for doom dice instead." if doom else "It starts at d6."
    ask = Ask(
        "complication",
        "Complication",
        hint=f"Create or step up a complication. {hint}",
        placeholder="Twisted Ankle",
        required=not doom,
        max_length=60,
    )
    return Control(
        label,
        "hitch",
        mine,
        "danger",
        row=2,
        edits=True,
        form=(ask,),
        form_title=f"Activate the hitches of roll #{roll.id}",
        guard=f"{HITCHES}{roll.id}",
    )


def contest_controls(table: Table, plain: bool) -> list[Control]:
    contest = _contest(table.state)
    seq = contest_start(table) if contest is not None else None
    if contest is None or seq is None:
        return []
    guard = f"{CONTEST}{seq}"
    if contest.short is not None:
        # A roll fell short: a plot point for one more die may save it (the roll's own
        # button), or it stands and loses; giving in waits until it is settled.
        return [Control("Let it stand", "contest stand", row=3, guard=guard)]
    label = "Give in" if plain else "🏳 Give in"
    return [Control(label, "contest givein", row=3, guard=guard)]


def contest_start(table: Table) -> int | None:
    """The seq of the standing command that started the running contest (None: no contest,
    or it started before the undo window)."""
    base = table.start.game if table.start is not None else None
    running = isinstance(base, CortexState) and base.contest is not None
    start: int | None = None
    for record in table.window:
        for event in record.events:
            if isinstance(event, ev.ContestChanged):
                if event.contest is not None and not running:
                    start = record.seq
                elif event.contest is None:
                    start = None
                running = event.contest is not None
    return start if running else None


def check_contest(table: Table, seq: int) -> None:
    """Refuse a contest control unless its contest (started by command ``seq``) is running."""
    running = _contest(table.state) is not None
    start = contest_start(table)
    if running and start is None:
        raise Refusal(
            "This contest is too old for its buttons (it started more than 100 commands ago); "
            "nothing was changed. Type /contest givein or /contest stand."
        )
    if not running or start != seq:
        raise Refusal("That contest is over; /contest show says what is running now.")


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
    """Whether /pick, given the words a control sends, reads the roll exactly this way."""
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
