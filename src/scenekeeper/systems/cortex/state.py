"""The state of a Cortex Prime table: characters, plot points, rolls in play, contests."""

from __future__ import annotations

from typing import ClassVar, Literal

import pydantic

from scenekeeper.dice import Die
from scenekeeper.engine.commands import Context
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.fields import DieField
from scenekeeper.engine.sheets import finding
from scenekeeper.engine.state import GameState, TableState
from scenekeeper.systems.cortex.scene_state import (
    Scene,
)
from scenekeeper.systems.cortex.sheets.sheet import (
    DEFAULT_TRAIT_SETS,
    Asset,
    Character,
    Model,
    Status,
    same_name,
)


class PoolDie(Model):
    """One rolled die and where it came from (a trait, an asset, a raw die, ...)."""

    die: DieField
    face: int
    source: str = ""
    #: Who the die belongs to when it is not the roller's own (an opponent's complication).
    owner: str = ""


Side = Literal["player", "gm"]
#: How many recent rolls stay in play (for /pick, plot point spends, hitches, vs:#id).
ROLLS_KEPT = 20


class RollRecord(Model):
    """A roll in play: its dice, the reading chosen, and what it was against.

    Kept so a person can change their reading (/pick), spend plot points on it, and the GM can
    activate its hitches; a later roll can be made against its total.
    """

    id: int
    side: Side
    roller: str  # a character's name, or "GM"
    by: str  # the person who rolled
    dice: tuple[PoolDie, ...]
    keep: int = 2
    effects: int = 1
    total_dice: tuple[int, ...] = ()
    effect_dice: tuple[int, ...] = ()
    difficulty: int | None = None
    against: str = ""
    against_roll: int | None = None
    hitches_activated: bool = False
    opportunities_used: int = 0
    #: Effect dice of this roll already used up (against a crisis pool, ...).
    effects_used: int = 0
    #: Action-based resolution: the reaction must exceed the action, so a tie succeeds.
    ties_succeed: bool = False
    #: Plot points earned on this roll (d4s, hinder) cannot be spent on it (Cortex p.29).
    pp_earned: int = 0
    #: A lone die whose 1 the rules call a hitch, not a botch (the d6 added to an initiative
    #: rating, Cortex p.99).
    hitch_only: bool = False
    #: Why the roll's reading is final ("" while after-roll spends and picks may still change
    #: it): another roll answered it, its roller rolled again, or what it decides is settled.
    closed: str = ""
    #: Earlier rolls this one answers (the action it reacts to, the total it must beat): they
    #: close when it is made.
    closes: tuple[int, ...] = ()
    #: Counts as a beat of the scene (Cortex p.88: an action or test a character attempts);
    #: None: a roll from before this was kept, which counted when a player made it.
    beat: bool | None = None
    #: What the roll is for, where a rule looks back at it ("recovery").
    purpose: str = ""
    #: The faces were typed by a person (results:, vs_results:), not rolled by the bot.
    typed: bool = False


class StressTaken(Model):
    """The stress a character took last, and how things stood before it -- so Scions' legend
    spend can change the type taken (undoing it and taking it as the other type)."""

    stress: str
    die: DieField
    #: The stress track of that type before, and after (d12 when it went past d12).
    before: DieField | None = None
    after: DieField
    status_before: Status = "active"
    trauma_before: DieField | None = None


class Contestant(Model):
    name: str
    #: Their newest roll in the contest; its reading (read live, so a /pick or a plot point
    #: spent on it counts) is their total and effect die.
    roll_id: int | None = None
    #: Failed to beat the standing total (they lose, and take a complication).
    failed: bool = False
    gave_in: bool = False

    @property
    def rolled(self) -> bool:
        return self.roll_id is not None

    @property
    def still_in(self) -> bool:
        return not (self.failed or self.gave_in)


class Contest(Model):
    """Cortex p.20-21: back and forth, each roll beating the last, until one gives in or fails."""

    contestants: tuple[Contestant, ...]
    high_stakes: bool = False
    #: Index of the contestant who acts next, and of the one whose total stands.
    turn: int = 0
    leader: int | None = None
    #: A contestant whose roll fell short but who may still spend a plot point to beat it.
    short: int | None = None

    def by_name(self, name: str) -> int | None:
        return next((i for i, c in enumerate(self.contestants) if same_name(c.name, name)), None)


class Stakes(Model):
    """A contest's outcome waiting to be written on the loser's sheet (the winner names it)."""

    loser: str
    winner: str
    die: DieField
    #: The roll whose reading decided it: after-roll spends on that roll decide it again, and
    #: settling it closes that roll.
    roll_id: int | None = None
    #: High stakes with the winner's effect die larger: taken out, unless 1 PP keeps them in.
    taken_out: bool = False
    #: High stakes with the stress mod and the winner's effect die larger: stress replaces
    #: being taken out, so it must be stress (Cortex p.39).
    stress_only: bool = False


class CortexRules(Model):
    """What a game built on the Cortex engine does differently; the defaults are Cortex Prime's.

    Scions of the Old Gods, for one, is Cortex with these changed (systems/scions).
    """

    #: Points a new character starts with (Cortex p.29: at least 1).
    start_points: int = 1
    #: Points for each trait after the first from one set (Cortex p.17: 1).
    extra_trait_cost: int = 1
    #: The set whose traits can be hindered: rolled as d4 for a point (Cortex: distinctions).
    hinder_set: str = "Distinctions"
    #: The doom pool at the start of a session or act.
    doom_start: tuple[DieField, ...] = (Die.D6, Die.D6)
    #: Hitches into the doom pool: a die the size of each hitched die (Cortex), or a d6 for the
    #: first and a doom die stepped up for each more.
    doom_from_hitches: Literal["hitched-die", "d6-then-step-up"] = "hitched-die"
    #: Trauma recovery outcomes: Cortex's table, or beat with a larger effect -> step back,
    #: otherwise stable, failure -> step up.
    trauma_recovery: Literal["cortex", "simple"] = "cortex"
    #: Stressed-out characters at the end of the scene: back in play, or they also lose all
    #: their stress.
    stressed_out_scene_end: Literal["return", "clear-stress"] = "return"
    #: A loser who takes stress earns points by its size (d8 1, d10 2, d12 3).
    loser_earns_by_stress: bool = False
    #: Opponents add a character's stress or trauma, not both, unless the GM pays a point.
    stress_or_trauma: bool = False
    #: The smallest doom die that interrupts the action order; None: the next PC's largest trait.
    interrupt_min: DieField | None = None
    #: Scene dice added to the doom pool when it is the opposition (Scions: d6 d6).
    doom_scene_dice: tuple[DieField, ...] = ()
    #: Every doom d12 the GM spends gives the affected players a point or an XP.
    d12_rewards: bool = False
    #: The winner may pull their punches: stressed out without trauma.
    pull_punches: bool = False
    #: How long an asset made from a test's effect die lasts (Scions: one use).
    effect_asset_duration: Literal["beat", "scene"] = "scene"
    #: When the doom pool starts afresh: each session (Cortex, gaps 1.6) or each act (Scions).
    doom_resets: Literal["session", "act"] = "session"
    #: A new session gives each player character with no points one (Cortex p.29); Scions has
    #: no automatic refresh.
    session_refresh: bool = True
    #: What a GMC pays to use a winning reaction's effect die: a GM bank point (Cortex) or a
    #: doom die of any size (Scions).
    gmc_reaction_cost: Literal["bank", "doom"] = "bank"
    #: The GM may spend doom dice for more dice in a GM roll's total or effect (Scions).
    doom_boosts: bool = False


class Recovery(Model):
    """A recovery test (Cortex p.37, p.40-41) and the track as it stood before it, so
    after-roll spends on its roll can decide it again from there."""

    roll_id: int
    character: str
    kind: Literal["stress", "trauma", "complication"]
    name: str
    #: The die before and after the test (None: none), the status before, trauma of that
    #: type before (stress stepped past d12 gives trauma), and whether a retry lock came.
    before: DieField | None = None
    after: DieField | None = None
    status_before: Status = "active"
    status_after: Status = "active"
    trauma_before: DieField | None = None
    trauma_after: DieField | None = None
    locked: bool = False


class CortexState(GameState):
    rules: CortexRules = pydantic.Field(default_factory=CortexRules)
    trait_sets: tuple[str, ...] = DEFAULT_TRAIT_SETS
    stress_types: tuple[str, ...] = ("Physical", "Mental", "Social")
    #: Shaken and Stricken mod: the trait set whose traits take stress (Cortex p.42).
    shaken_set: str = "Attributes"
    characters: dict[str, Character] = pydantic.Field(default_factory=dict)
    #: A player's new character is a draft until a GM approves it (systems/cortex/sheets/drafts.py).
    approve_characters: bool = False
    #: Cortex p.29: the GM's bank of plot points for GMCs (1 per player per session).
    gm_bank: int = 0
    doom_pool: tuple[DieField, ...] = ()
    #: The GM's chosen start for the doom pool (bigger stakes); None: the game's own.
    doom_start: tuple[DieField, ...] | None = None
    #: Doom dice lent to NPCs' pools that may come back (Scions, for a legend point).
    doom_lent: tuple[DieField, ...] = ()
    #: Crisis pools mod: a pool of dice per local problem (gaps 1.6).
    crisis_pools: dict[str, tuple[DieField, ...]] = pydantic.Field(default_factory=dict)
    #: Assets and complications of the scene itself rather than of a character.
    scene_assets: dict[str, Asset] = pydantic.Field(default_factory=dict)
    scene_complications: dict[str, DieField] = pydantic.Field(default_factory=dict)
    #: The newest rolls, oldest first (a later roll may be made against one, a reading changed,
    #: hitches or opportunities activated), and a counter for roll ids.
    rolls: tuple[RollRecord, ...] = ()
    roll_count: int = 0
    NUMBERS: ClassVar[tuple[str, ...]] = ("roll_count",)
    contest: Contest | None = None
    stakes: tuple[Stakes, ...] = ()
    #: (who gave in, to whom): no new contest between them straight away (Cortex p.21).
    gave_in_to: tuple[tuple[str, str], ...] = ()
    #: (character, "stress" | "trauma" | "complication", name): recovery tried, no retry until
    #: time passes (Cortex p.37, p.40-41).
    recovery_locks: tuple[tuple[str, str, str], ...] = ()
    #: Dice a character may step up in a coming pool (Scions: an activated GM 1).
    boosts: dict[str, int] = pydantic.Field(default_factory=dict)
    scene: Scene | None = None
    #: The newest stress each character took (Scions: legend changes the type taken).
    stress_taken: dict[str, StressTaken] = pydantic.Field(default_factory=dict)
    #: Scenes paused by a flashback, to return to (Cortex p.96).
    paused_scenes: tuple[Scene, ...] = ()
    #: The newest recovery test, decided again while its roll is open.
    recovery: Recovery | None = None

    def find_character(self, name: str) -> Character | None:
        return next((c for n, c in self.characters.items() if same_name(n, name)), None)

    def with_character(self, character: Character) -> CortexState:
        return self.model_copy(
            update={"characters": {**self.characters, character.name: character}}
        )

    def roll_by_id(self, roll_id: int) -> RollRecord | None:
        return next((r for r in self.rolls if r.id == roll_id), None)

    def latest_roll(self, roller: str) -> RollRecord | None:
        return next((r for r in reversed(self.rolls) if same_name(r.roller, roller)), None)

    def doom_start_dice(self) -> tuple[Die, ...]:
        """The doom pool's start: the GM's choice, else the game's."""
        return self.doom_start if self.doom_start is not None else self.rules.doom_start

    def doom_scene_dice(self) -> tuple[Die, ...]:
        """Dice the doom pool adds as generic opposition: the scene's, else the game's."""
        if self.scene is not None and self.scene.doom_dice is not None:
            return self.scene.doom_dice
        return self.rules.doom_scene_dice

    def with_roll(self, roll: RollRecord) -> CortexState:
        """Record a new roll, or replace the one with its id."""
        rolls, count = self.rolls_with(roll, self.rolls)
        return self.model_copy(update={"rolls": rolls, "roll_count": count})

    def rolls_with(
        self, roll: RollRecord, rolls: tuple[RollRecord, ...]
    ) -> tuple[tuple[RollRecord, ...], int]:
        """``rolls`` (this state's, or a change of them) with ``roll`` recorded -- new, or in
        place of the one with its id -- and the roll count after it."""
        # A roll numbered past every roll so far is new (no search for it).
        if roll.id <= self.roll_count and any(r.id == roll.id for r in rolls):
            return tuple(roll if r.id == roll.id else r for r in rolls), self.roll_count
        return (*rolls, roll)[-ROLLS_KEPT:], max(self.roll_count, roll.id)


def cortex(state: TableState) -> CortexState:
    game = state.game
    if not isinstance(game, CortexState):  # the registry only routes Cortex tables here
        raise Refusal("This is not a Cortex table.")
    return game


def character(ctx: Context, name: str, whole: str | None = None) -> Character:
    """The character ``name`` means (``whole``: a command that takes only its whole name)."""
    return finding.character(cortex(ctx.require_state()), name, whole)


def own_character(ctx: Context, name: str | None) -> Character:
    """The character named, or the one the acting person plays when they play exactly one."""
    return finding.own_character(ctx, cortex(ctx.require_state()), name)


def may_act_for(ctx: Context, character: Character) -> None:
    """Players act for their own characters; GMs for anyone."""
    finding.may_act_for(ctx, character.name)
