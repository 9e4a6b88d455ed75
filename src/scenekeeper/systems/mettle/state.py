"""What a METTLE Core table keeps: characters, the Scene, Initiative, the held hit, the
newest Check (for a Twist) and teamwork (checklist section 1)."""

from __future__ import annotations

import difflib
import unicodedata
from typing import ClassVar, Literal

import pydantic

from scenekeeper.engine.commands import Context
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.frozen import Frozen
from scenekeeper.engine.names import fold, resolve
from scenekeeper.engine.sheets import finding
from scenekeeper.engine.state import GameState, TableState
from scenekeeper.engine.turns import TurnOrder
from scenekeeper.systems.mettle.sheet import Character, same_name


class _Frozen(Frozen):
    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")


class Scene(_Frozen):
    name: str
    #: The running number: Mettle refills "upon starting a new Scene"; the Fallen die unless
    #: Aided "during the next Scene at the latest" (engine.md, Mettle and Taking Damage).
    number: int


class SplitPart(_Frozen):
    """scenes.md, Split Actions: one of the Actions a split pool was divided between."""

    action: str
    dice: int
    done: bool = False


class Initiative(_Frozen):
    """scenes.md, Initiative: volleyball on the engine's handoff order."""

    order: TurnOrder
    #: The target of the last finished Action and who made it: the target goes next.
    target: str | None = None
    target_of: str | None = None
    #: The one acting has taken their Action and must choose who goes next.
    passing: bool = False
    #: The actor let the Guide pick which of their characters goes next.
    gm_picks: bool = False
    #: Who passed Initiative to the one acting (a gracious ally may lend Nature to a Rally).
    passed_by: str | None = None
    #: Who has used their Free Move this Round.
    moved: tuple[str, ...] = ()
    #: Who is waiting, and the Action type they hold.
    waiting: dict[str, str] = pydantic.Field(default_factory=dict)
    #: Split Actions declared this Round.
    splits: dict[str, tuple[SplitPart, ...]] = pydantic.Field(default_factory=dict)
    #: Why someone has no Action this Round (Fallen, Surprised, Delay, waiting, ...).
    lost: dict[str, str] = pydantic.Field(default_factory=dict)
    #: Surprised: no Action in the first Round (scenes.md, Sneak).
    surprised: tuple[str, ...] = ()

    def parts_left(self, name: str) -> tuple[SplitPart, ...]:
        return tuple(p for p in self.splits.get(name, ()) if not p.done)


class HeldHit(_Frozen):
    """A successful Attack waiting for a Defend (scenes.md, Defend: the very next Action)."""

    attacker: str
    target: str
    #: DM + Edge, before Soak.
    damage: int
    soft: bool = False
    #: A Stun Attack; ``stun_weapon``: made with a Stun weapon (full damage).
    stun: bool = False
    stun_weapon: bool = False
    stun_only: bool = False
    #: Made with a firearm: the first such hit on BP armor is halved after Soak (R56).
    firearm: bool = False
    check: int = 0


class CheckRecord(_Frozen):
    """A Check as rolled: every face, what it was against, and what a Twist needs."""

    id: int
    #: The character who rolled, or "" for a pool the Guide rolls for no one.
    roller: str
    #: One of the twelve Actions, "other", or "check" (a Check that is no Action).
    action: str
    label: str = ""
    target: str | None = None
    pool_text: str
    dice: int
    raises: int = 0
    #: The faces of the newest roll (raised dice are not rolled).
    faces: tuple[int, ...] = ()
    #: Score faces kept from earlier rolls (a Twist keeps the Score).
    kept: tuple[int, ...] = ()
    difficulty: int | None = None
    difficulty_text: str = ""
    #: The Difficulty holds a secret part (a tranquilizer's Dose, R154): its number is not said.
    secret: bool = False
    twists: int = 0
    #: Characters as they were before the Check's effects: a Twist replaces those effects.
    before: dict[str, Character] = pydantic.Field(default_factory=dict)
    held_before: HeldHit | None = None
    #: An Attack's damage before Edge, and its kind; a Defend's hit.
    dm: int | None = None
    hit: HeldHit | None = None
    team: bool = False

    @property
    def score(self) -> int:
        return sum(self.kept) + sum(f for f in self.faces if f <= 3)

    @property
    def edge(self) -> int:
        return sum(1 for f in self.faces if f >= 4) + (self.raises if not self.twists else 0)

    @property
    def success(self) -> bool:
        # engine.md, Success & Failure: the Score must *beat* the Difficulty (gaps 4).
        return self.difficulty is not None and self.dice > 0 and self.score > self.difficulty


class Team(_Frozen):
    """engine.md, Teamwork: everyone Checks, lower pools get +1D; the group's result."""

    members: tuple[str, ...]
    attribute: str
    difficulty: int
    difficulty_text: str
    #: all must succeed, each counts alone, any one is enough -- or, rivals racing (Move,
    #: Travel, Race), the highest Edge among the successes gets there first.
    succeed: Literal["all", "each", "any", "first"]
    #: Member -> success, and their Edge, as they roll (a Twist updates them).
    results: dict[str, bool] = pydantic.Field(default_factory=dict)
    edges: dict[str, int] = pydantic.Field(default_factory=dict)

    @property
    def done(self) -> bool:
        return all(m in self.results for m in self.members)


class MettleState(GameState):
    characters: dict[str, Character] = pydantic.Field(default_factory=dict)
    scene: Scene | None = None
    #: Scenes started so far (the number of the next is one more).
    scenes: int = 0
    initiative: Initiative | None = None
    held_hit: HeldHit | None = None
    checks: int = 0
    NUMBERS: ClassVar[tuple[str, ...]] = ("checks",)
    last_check: CheckRecord | None = None
    #: Whether the newest Check may still be Twisted and the felled may still take Staggered:
    #: until the next Action, Check or handoff (checklist D19, D29).
    window_open: bool = False
    #: Who was just felled and may take Staggered instead (while the window is open).
    felled: tuple[str, ...] = ()
    team: Team | None = None

    def find_character(self, name: str) -> Character | None:
        return self.find(name)

    def find(self, name: str) -> Character | None:
        key = self.key(name)
        return self.characters[key] if key is not None else None

    def key(self, name: str) -> str | None:
        return next((n for n in self.characters if same_name(n, name)), None)

    def with_character(self, character: Character) -> MettleState:
        return self.model_copy(
            update={"characters": {**self.characters, character.name: character}}
        )


def mettle(state: TableState) -> MettleState:
    game = state.game
    if not isinstance(game, MettleState):  # the registry only routes METTLE tables here
        raise Refusal("This is not a METTLE table.")
    return game


def named(game: MettleState, name: str) -> Character:
    """The one lookup for every option that names a character (character:, target:, to:,
    lead:, characters:, vs:"<name> poise"): the name as people say it (a unique start or first
    name, engine/names.py); if none, a refusal that offers the close name, if any."""
    found = game.find(resolve(game.characters, name) or name)
    if found is not None:
        return found
    close = _close(game, name)
    if close is not None:
        raise Refusal(f"There is no character called {name}; did you mean {close}?")
    known = ", ".join(game.characters) or "none yet; make one with /char new name:<name>"
    raise Refusal(f"There is no character called {name} (characters: {known}).")


def _bare(name: str) -> str:
    """A name without accents (Zoë -> zoe), to offer what a plain keyboard missed."""
    decomposed = unicodedata.normalize("NFKD", fold(name))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _close(game: MettleState, name: str) -> str | None:
    typed = _bare(name)
    if not typed:
        return None
    bare = {_bare(n): n for n in game.characters}
    fits = [n for b, n in bare.items() if b.startswith(typed) or typed in b.split()]
    if len(fits) == 1:
        return fits[0]
    near = difflib.get_close_matches(typed, list(bare), n=2, cutoff=0.75)
    return bare[near[0]] if len(near) == 1 else None


def character(ctx: Context, name: str) -> Character:
    return named(mettle(ctx.require_state()), name)


def own_character(ctx: Context, name: str | None) -> Character:
    """The character named, or the one the acting person plays when they play exactly one."""
    if name:
        return character(ctx, name)
    return finding.own_character(ctx, mettle(ctx.require_state()), None)


def may_act_for(ctx: Context, character: Character) -> None:
    """Players act for their own characters; GMs for anyone."""
    finding.may_act_for(ctx, character.name)


def is_gm(ctx: Context) -> bool:
    return ctx.require_state().meta.is_gm(ctx.actor.id)


def same_side(a: Character, b: Character) -> bool:
    """Allies: players' characters with each other, the Guide's with each other."""
    return a.kind == b.kind


def names_list(names: list[str] | tuple[str, ...]) -> str:
    return ", ".join(names) if names else "nobody"
