"""The state of a Cortex Prime table: characters, plot points, rolls in play, contests."""

from __future__ import annotations

from typing import Literal

import pydantic

from scenekeeper.engine.fields import DieField
from scenekeeper.engine.state import GameState
from scenekeeper.systems.cortex.sheet import (
    DEFAULT_TRAIT_SETS,
    Asset,
    Character,
    Model,
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
    #: Plot points earned on this roll (d4s, hinder) cannot be spent on it (Cortex p.29).
    pp_earned: int = 0


class CortexState(GameState):
    trait_sets: tuple[str, ...] = DEFAULT_TRAIT_SETS
    characters: dict[str, Character] = pydantic.Field(default_factory=dict)
    #: Cortex p.29: the GM's bank of plot points for GMCs (1 per player per session).
    gm_bank: int = 0
    doom_pool: tuple[DieField, ...] = ()
    #: Assets and complications of the scene itself rather than of a character.
    scene_assets: dict[str, Asset] = pydantic.Field(default_factory=dict)
    scene_complications: dict[str, DieField] = pydantic.Field(default_factory=dict)
    #: The newest roll of each roller (character name or "GM"), and a counter for roll ids.
    rolls: dict[str, RollRecord] = pydantic.Field(default_factory=dict)
    roll_count: int = 0

    def find_character(self, name: str) -> Character | None:
        return next((c for n, c in self.characters.items() if same_name(n, name)), None)

    def with_character(self, character: Character) -> CortexState:
        return self.model_copy(
            update={"characters": {**self.characters, character.name: character}}
        )

    def roll_by_id(self, roll_id: int) -> RollRecord | None:
        return next((r for r in self.rolls.values() if r.id == roll_id), None)
