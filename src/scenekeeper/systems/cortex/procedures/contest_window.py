"""Contests after the roll: a roll that fell short may still be saved with plot points, the
standing total may still rise, and an interferer may still beat it (Cortex p.20-22; gaps 1.3,
1.5). Each is decided again when after-roll spends change the roll's reading
(:func:`redecide`), so the contest goes the way the final readings say.
"""

from __future__ import annotations

from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.quoting import option
from scenekeeper.engine.state import TableState
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.procedures.contest_rules import move_on, standing_total
from scenekeeper.systems.cortex.roll.choices import spendable
from scenekeeper.systems.cortex.roll.rolls import outcome_of, reading_of
from scenekeeper.systems.cortex.sheets.sheet import Character
from scenekeeper.systems.cortex.state import Contest, CortexState, RollRecord

#: A roll made to interfere in a contest (``RollRecord.purpose``).
INTERFERE = "interfere"


def points_for(game: CortexState, who: Character, record: RollRecord) -> int:
    """How many more dice ``who`` could still buy for ``record``'s total: their plot points
    not earned on it (a GMC: the GM bank, and doom dice where the game spends them so)."""
    if who.kind == "pc":
        return max(spendable(who, record), 0)
    return game.gm_bank + (len(game.doom_pool) if game.rules.doom_boosts else 0)


def rescue(
    game: CortexState, who: Character, record: RollRecord, standing: int
) -> tuple[int, int] | None:
    """The fewest dice bought for the total that beat ``standing``, and the total they make
    (None: no number ``who`` can pay for beats it). Every non-hitch die not in the total can
    join it, the effect die last of all (gaps 1.5)."""
    read = reading_of(record)
    used = set(read.total_dice)
    faces = sorted(
        (d.face for i, d in enumerate(record.dice) if i not in used and d.face != 1),
        reverse=True,
    )
    total = read.total
    for count, face in enumerate(faces[: points_for(game, who, record)], start=1):
        total += face
        if total > standing:
            return count, total
    return None


def rescue_line(
    game: CortexState, who: Character, record: RollRecord, standing: int, bought: tuple[int, int]
) -> str:
    """The window after a short roll: how many dice would save it, and the command."""
    count, reaches = bought
    dice = "one more die" if count == 1 else f"{count} more dice"
    total = reading_of(record).total
    if who.kind == "pc":
        cost, how = f"{count} PP", "/pp spend on:total"
    elif game.gm_bank >= count:
        cost = f"{count} PP from the GM bank"
        how = f"/pp spend on:total {option('character', who.name)}"
    else:
        cost = "a doom die" if count == 1 else f"{count} doom dice"
        how = f"/doom boost roll:{record.id} on:total die:<doom die>"
    return (
        f"{who.name}'s {total} does not beat {standing}, but {cost} for {dice} makes it "
        f"{reaches}: {how} (it then stands). Or /contest stand to lose."
    )


def redecide(
    state: TableState, game: CortexState, roll_id: int
) -> tuple[list[Event], list[str]] | None:
    """A contest roll decided again on its new reading (None: no contest waits on it)."""
    roll = game.roll_by_id(roll_id)
    contest = game.contest
    if roll is None or contest is None:
        return None
    index = next((i for i, c in enumerate(contest.contestants) if c.roll_id == roll_id), None)
    if index is None:
        return _interference(game, contest, roll) if roll.purpose == INTERFERE else None
    name = contest.contestants[index].name
    total = reading_of(roll).total
    if contest.short == index:
        standing = standing_total(game, contest)
        if standing is not None and total <= standing:
            return [], [
                f"{name}'s {total} still does not beat {standing}: spend more, or /contest "
                "stand to lose."
            ]
        moved = contest.model_copy(update={"leader": index, "short": None})
        step = move_on(game, moved, index, stress_on=mod_on(state, "stress"))
        return step.events, [f"{name}'s {total} now beats {standing}.", *step.lines]
    if contest.leader == index:
        result = outcome_of(roll)
        if result is not None and not result.succeeded:
            raise Refusal(
                f"Roll #{roll_id} holds the standing total: it must still beat {roll.difficulty}; "
                "choose a reading that does."
            )
        return [], [f"{name}'s standing total is now {total}."]
    return None


def _interference(
    game: CortexState, contest: Contest, roll: RollRecord
) -> tuple[list[Event], list[str]] | None:
    """A failed interference whose new reading beats the total it had to beat halts the
    contest after all, and the complication it was to take is gone (Cortex p.21)."""
    result = outcome_of(roll)
    if result is None:
        return None
    total = reading_of(roll).total
    if not result.succeeded:
        return [], [f"{roll.roller}'s {total} still does not beat {roll.difficulty}."]
    rolls = tuple(c.roll_id for c in contest.contestants if c.roll_id is not None)
    return [
        ev.ContestChanged(
            contest=None,
            stakes=tuple(s for s in game.stakes if s.roll_id != roll.id),
            gave_in_to=game.gave_in_to,
            note=f"{roll.roller} interfered and halted the contest",
        ),
        ev.RollsClosed(roll_ids=(*rolls, roll.id), reason="the contest was halted"),
    ], [f"{roll.roller}'s {total} now beats {roll.difficulty}: the contest halts."]
