"""Rolls in play: making a roll record from a built pool, and reading it as it now stands."""

from __future__ import annotations

from collections.abc import Sequence

from scenekeeper.dice import Die
from scenekeeper.engine.kept import KeptByIdentity, OnePerValue
from scenekeeper.systems.cortex.roll.pools import BuiltPool
from scenekeeper.systems.cortex.roll.reading import (
    Outcome,
    Reading,
    check_choice,
    read_outcome,
    suggest,
)
from scenekeeper.systems.cortex.state import PoolDie, RollRecord, Side

GM_ROLLER = "GM"


#: A roll's reading, kept while the record's dice and choice (frozen) are the same objects: a
#: roll is read three to five times while it is decided and shown (issue 36).
_READINGS: KeptByIdentity[Reading] = KeptByIdentity(256)


def steps(roll: RollRecord) -> tuple[PoolDie, ...]:
    """The dice as a reading reads them: the record's own (each has its die and face)."""
    return roll.dice


def _chosen(roll: RollRecord) -> tuple[object, ...]:
    """What a roll's reading is made of (kept by these objects: a copy of the record with
    another field changed -- closed, against -- shares them, and reads the same)."""
    return (roll.dice, roll.total_dice, roll.effect_dice, roll.keep, roll.effects)


def reading_of(roll: RollRecord) -> Reading:
    """The reading in force: the dice the roller chose (or the suggestion they kept)."""
    return _READINGS.get(
        _chosen(roll),
        lambda: check_choice(
            steps(roll), roll.total_dice, roll.effect_dice, roll.keep, roll.effects
        ),
    )


def outcome_of(roll: RollRecord, reading: Reading | None = None) -> Outcome | None:
    """What the roll (read as it stands, or as ``reading``) does against its difficulty."""
    reading = reading or reading_of(roll)
    return read_outcome(
        reading.total, reading.effect, roll.difficulty, ties_succeed=roll.ties_succeed
    )


#: One rolled die of each kind (die, face, source, owner), shared by every roll it shows in: a
#: table rolls the same traits roll after roll, a face from a dozen, and each die a roll keeps
#: is a frozen model (issue 36). Bounded: past the limit it starts afresh.
_pool_die = OnePerValue[tuple[Die, int, str, str], PoolDie](
    lambda key: PoolDie.trusted(die=key[0], face=key[1], source=key[2], owner=key[3])
)


#: The purpose of a roll with no character behind it (/roll pool:"d8 d10" by someone who plays
#: none): no sheet earns plot points or takes complications from it.
NO_CHARACTER = "no character"


def make_roll(  # noqa: PLR0917 -- who rolled what: six facts every roll has
    roll_id: int,
    side: Side,
    roller: str,
    by: str,
    pool: BuiltPool,
    faces: Sequence[int],
    *,
    policy: str = "best",
    keep: int = 2,
    difficulty: int | None = None,
    against: str = "",
    against_roll: int | None = None,
    typed: bool = False,
    ties_succeed: bool = False,
    closes: tuple[int, ...] = (),
    beat: bool | None = None,
    purpose: str = "",
) -> RollRecord:
    # Trusted (issue 36): every value here is the engine's own -- the pool's terms, faces the
    # dice source rolled or ``typed_faces`` checked -- so nothing is validated again. Every
    # fact is given here, not copied in after: a copy of a record is a record made twice.
    dice = tuple(
        [_pool_die((t.die, f, t.source, t.owner)) for t, f in zip(pool.terms, faces, strict=True)]
    )
    suggested = suggest(dice, keep, 1, policy)
    record = RollRecord.trusted(
        id=roll_id,
        side=side,
        roller=roller,
        by=by,
        dice=dice,
        keep=keep,
        effects=1,
        total_dice=suggested.total_dice,
        effect_dice=suggested.effect_dice,
        difficulty=difficulty,
        against=against,
        against_roll=against_roll,
        ties_succeed=ties_succeed,
        pp_earned=pool.pp_earned(),
        closes=closes,
        beat=beat,
        purpose=purpose,
        typed=typed,
    )
    # The suggestion is the reading its choice makes (check_choice builds it the same way).
    _READINGS.put(_chosen(record), suggested)
    return record
