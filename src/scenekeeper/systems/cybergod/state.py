"""The state of a Cybergod table: sheets, the tests and saves in play, the scene, and effects
that last (Core Mechanics, Structure of play and Measurements > Time)."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import pydantic

from scenekeeper.engine import who
from scenekeeper.engine.commands import Context
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.sheets import finding
from scenekeeper.engine.state import GameState, TableState
from scenekeeper.engine.systems import mod_on
from scenekeeper.systems.cybergod.sheet import Character, Model, same_name

#: Measurements > Time: Instant (one action), Short (a round), Moderate (the scene), Long
#: (until downtime).
Duration = Literal["instant", "short", "moderate", "long"]
DURATIONS: tuple[Duration, ...] = ("instant", "short", "moderate", "long")
SaveKind = Literal[
    "other", "ammo", "knockdown", "death", "evasion", "mental", "stress", "breakdown"
]
SAVE_KINDS: tuple[SaveKind, ...] = (
    "other",
    "ammo",
    "knockdown",
    "death",
    "evasion",
    "mental",
    "stress",
    "breakdown",
)
SceneMode = Literal["freeform", "turn-based"]
#: How many recent rolls stay in play (for vs:#N, /pick, /effect, /resolve reroll).
ROLLS_KEPT = 30
#: The roller of a test or save the GM makes for no character.
GM_ROLLER = "GM"


class Complication(Model):
    """Complications: "a rating of 1-5 depicting how difficult the complication is"."""

    name: str
    rating: int = pydantic.Field(ge=1, le=5)


class SpentEffect(Model):
    """Effect Points spent on one Effect, by whoever holds the roll's EP."""

    name: str
    cost: int = pydantic.Field(ge=1)
    lasts: Duration = "instant"
    by: str


class TestRecord(Model):
    """A test in play: the pool as written, every modifier, the faces, what it was against
    and the complications on it. Its outcome is read from these (``reading``), so a re-roll
    or a new complication choice is read afresh."""

    kind: Literal["test"] = "test"
    id: int
    roller: str  # a character's name, or "GM"
    by: str  # the person who rolled
    written: str  # "Hacking x Cyber" or "4d10"
    die: int
    #: Dice before modifiers, the net modifier asked, the wound penalty, what was counted
    #: (after the cap) and the dice rolled (0 to 10).
    base: int
    modifier: int = 0
    wound_penalty: int = 0
    applied: int = 0
    dice: int
    faces: tuple[int, ...]
    #: The Success Threshold (simple test) or the margin needed (opposed); None: no
    #: difficulty, the successes are only reported.
    threshold: int | None = None
    difficulty: str = ""
    against: int | None = None
    #: The opposed roll's roller and successes when this was rolled (read live while it is
    #: still in play).
    their_roller: str = ""
    their_successes: int | None = None
    complications: tuple[Complication, ...] = ()
    #: The complications chosen to overcome; None: the default (in the order listed).
    overcome: tuple[str, ...] | None = None
    burned: bool = False
    impossible: bool = False
    #: Faces replaced by Resolve re-rolls, oldest first.
    rerolls: tuple[tuple[int, ...], ...] = ()
    effects: tuple[SpentEffect, ...] = ()
    label: str = ""
    #: A person typed faces of this test (results:, here or in a Resolve re-roll), not the bot.
    typed: bool = False

    @property
    def ep_spent(self) -> int:
        return sum(e.cost for e in self.effects)


class SaveRecord(Model):
    """A save: "If you roll the highest face on the die, the save will fail"."""

    kind: Literal["save"] = "save"
    id: int
    save: SaveKind
    roller: str
    by: str
    dice: int
    die: int
    faces: tuple[int, ...]
    weapon: str = ""
    label: str = ""
    #: A person typed the faces (results:), not the bot.
    typed: bool = False

    @property
    def failed_dice(self) -> int:
        return sum(1 for f in self.faces if f == self.die)

    @property
    def passed(self) -> bool:
        return self.failed_dice == 0


Roll = Annotated[TestRecord | SaveRecord, pydantic.Field(discriminator="kind")]


class Scene(Model):
    """Structure of play: a scene is freeform, or turn-based and divided into Rounds."""

    number: int
    name: str
    mode: SceneMode = "freeform"
    round: int = 0


class LastingEffect(Model):
    """An Effect bought with a duration, until its interval ends."""

    name: str
    by: str
    roll: int
    lasts: Duration
    scene: int | None = None
    round: int = 0


class CybergodState(GameState):
    characters: dict[str, Character] = pydantic.Field(default_factory=dict)
    rolls: tuple[Roll, ...] = ()
    roll_count: int = 0
    NUMBERS: ClassVar[tuple[str, ...]] = ("roll_count",)
    scene: Scene | None = None
    scene_count: int = 0
    lasting: tuple[LastingEffect, ...] = ()

    def find_character(self, name: str) -> Character | None:
        return next((c for n, c in self.characters.items() if same_name(n, name)), None)

    def with_character(self, character: Character) -> CybergodState:
        """The character added, or replaced where it stands (the board keeps its order)."""
        characters = {
            character.name if same_name(n, character.name) else n: (
                character if same_name(n, character.name) else c
            )
            for n, c in self.characters.items()
        }
        characters.setdefault(character.name, character)
        return self.model_copy(update={"characters": characters})

    def roll_by_id(self, roll_id: int) -> TestRecord | SaveRecord | None:
        return next((r for r in self.rolls if r.id == roll_id), None)

    def test_by_id(self, roll_id: int) -> TestRecord | None:
        found = self.roll_by_id(roll_id)
        return found if isinstance(found, TestRecord) else None

    def with_roll(self, roll: TestRecord | SaveRecord) -> CybergodState:
        """The roll added (a new one, kept among the newest) or replaced (same id)."""
        if any(r.id == roll.id for r in self.rolls):
            rolls = tuple(roll if r.id == roll.id else r for r in self.rolls)
            return self.model_copy(update={"rolls": rolls})
        rolls = (*self.rolls, roll)[-ROLLS_KEPT:]
        return self.model_copy(update={"rolls": rolls, "roll_count": max(self.roll_count, roll.id)})

    def tests(self) -> tuple[TestRecord, ...]:
        return tuple(r for r in self.rolls if isinstance(r, TestRecord))


def cybergod(state: TableState) -> CybergodState:
    game = state.game
    if not isinstance(game, CybergodState):  # the registry only routes Cybergod tables here
        raise Refusal("This is not a Cybergod table.")
    return game


def character(ctx: Context, name: str) -> Character:
    return finding.character(cybergod(ctx.require_state()), name)


def acting_character(ctx: Context, name: str | None) -> Character | None:
    """The character named, or the one the acting person plays; None for a GM who plays
    none and names none (the GM rolls for the opposition or a hazard)."""
    if name:
        named = character(ctx, name)
        may_act_for(ctx, named)
        return named
    state = ctx.require_state()
    game = cybergod(state)
    known = who.played(state.meta, ctx.actor.id, lambda c: game.find_character(c) is not None)
    if len(known) == 1:
        return character(ctx, known[0])
    if state.meta.is_gm(ctx.actor.id) and not known:
        return None
    raise who.name_the_character(known)


def own_character(ctx: Context, name: str | None) -> Character:
    """The character named, or the one the acting person plays when they play exactly one."""
    return finding.own_character(ctx, cybergod(ctx.require_state()), name)


def may_act_for(ctx: Context, character: Character) -> None:
    """Players act for their own characters; GMs for anyone."""
    finding.may_act_for(ctx, character.name)


def may_act_for_roller(ctx: Context, roller: str) -> None:
    """The GM's rolls (no character) are the GM's; a character's, its player's or a GM's."""
    state = ctx.require_state()
    found = cybergod(state).find_character(roller)
    if found is not None:
        may_act_for(ctx, found)
    elif not state.meta.is_gm(ctx.actor.id):
        raise Refusal("That roll is the GM's; only a GM can do that.")


def roll_in_play(ctx: Context, roll_id: int) -> TestRecord:
    game = cybergod(ctx.require_state())
    found = game.roll_by_id(roll_id)
    if found is None:
        raise Refusal(
            f"There is no roll #{roll_id} in play (rolls leave play when their scene ends; "
            "/scene show lists the newest)."
        )
    if not isinstance(found, TestRecord):
        raise Refusal(f"#{roll_id} is a save, not a test; name a test's number (/scene show).")
    return found


def require_mod(state: TableState, name: str, what: str) -> None:
    if not mod_on(state, name):
        raise Refusal(
            f"{what} belongs to the {name} mod, which is off at this table; a GM switches it "
            f"on with /mods set mod:{name} enabled:true."
        )
