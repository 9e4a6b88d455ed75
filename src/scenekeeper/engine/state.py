"""A table's state: who sits at it (meta) and the game's own state (one model per game).

States are immutable values; ``evolve`` returns new ones that share unchanged parts, which is
what makes undo cheap (see ``aggregate``). Mappings inside states are never mutated in place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

import pydantic

from scenekeeper.engine.errors import CorruptHistory
from scenekeeper.engine.frozen import Frozen
from scenekeeper.engine.names import fold


@dataclass(frozen=True)
class Person:
    """Someone acting at a table: a stable id (Discord user id, console name) and a name."""

    id: str
    name: str

    def __str__(self) -> str:
        return self.name


class GameState(Frozen):
    """Base of every game's state model (Cortex characters, doom pool, NoDice hands, ...)."""

    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    #: Counters of the numbers people type and write down (a roll's #3): undo and redo never
    #: take them back, so a number never names two rolls (``aggregate.keeping_numbers``).
    NUMBERS: ClassVar[tuple[str, ...]] = ()

    def numbers(self) -> dict[str, int]:
        return {name: int(getattr(self, name)) for name in self.NUMBERS}

    def keeping_numbers(self, used: dict[str, int]) -> GameState:
        """This state with each counter at least as high as ``used`` says."""
        update = {n: v for n, v in used.items() if n in self.NUMBERS and v > getattr(self, n)}
        return self.model_copy(update=update) if update else self


class TableMeta(Frozen):
    """Who is at the table and how it is set up, common to every game."""

    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    name: str
    system: str
    gm: str
    co_gms: tuple[str, ...] = ()
    players: tuple[str, ...] = ()
    #: Display names by person id, as last seen.
    names: dict[str, str] = pydantic.Field(default_factory=dict)
    #: Character name -> owning person id (games add characters; ownership is common).
    owners: dict[str, str] = pydantic.Field(default_factory=dict)
    #: Mods switched per table (Cortex stress, doom pool, ...), by mod name.
    mods: dict[str, bool] = pydantic.Field(default_factory=dict)
    #: Accessible output: plain text (no embeds, tables or emoji; one fact a line) for the
    #: whole table, or for the people listed.
    plain_text: bool = False
    plain_text_people: tuple[str, ...] = ()
    #: People who switched off being told when the table waits for them (``/game mentions``).
    unmentioned: tuple[str, ...] = ()
    #: People whose reminders reach them by direct message (``/game reminders by:dm``).
    reminded_by_dm: tuple[str, ...] = ()
    #: Play by post (``engine.pace``): hours someone may hold the table up before a reminder
    #: (0: no pace), and what the table waits for with since when (kept while a pace is set).
    pace_hours: int = 0
    waiting: dict[str, str] = pydantic.Field(default_factory=dict)
    #: The newest posts (``/say``) that may still be edited or deleted: post number -> (its
    #: author's id, the character who spoke it or "" for the narrator, its rolls' [[...]]).
    posts: dict[int, tuple[str, str, str]] = pydantic.Field(default_factory=dict)
    #: The picture each speaker's posts carry (``engine.core.pictures``): character name (""
    #: for the narrator) -> the picture's name, ``<sha256>.png``; its bytes are in the history.
    pictures: dict[str, str] = pydantic.Field(default_factory=dict)
    #: Side scenes: threads of the table's channel play this table (unless they start a game
    #: of their own). Only the Discord bot has threads; the console keeps the flag.
    threads_follow: bool = False
    #: Who may type the faces of real dice (engine/core/typed_dice.py): everyone, own, none.
    typed_dice: Literal["everyone", "own", "none"] = "everyone"

    def wants_plain_text(self, person_id: str) -> bool:
        return self.plain_text or person_id in self.plain_text_people

    def name_of(self, person_id: str) -> str:
        return self.names.get(person_id, person_id)

    def owner_of(self, character: str) -> str | None:
        """The owner of ``character`` (names match whatever their case)."""
        key = self.character_key(character)
        return self.owners.get(key) if key is not None else None

    def character_key(self, character: str) -> str | None:
        """The stored spelling of a claimed character's name."""
        wanted = fold(character)
        return next((name for name in self.owners if fold(name) == wanted), None)

    def is_gm(self, person_id: str) -> bool:
        """The GM or a co-GM (delegate): both run the game."""
        return person_id == self.gm or person_id in self.co_gms

    def is_seated(self, person_id: str) -> bool:
        return self.is_gm(person_id) or person_id in self.players

    def with_name(self, person: Person) -> TableMeta:
        if self.names.get(person.id) == person.name:
            return self
        return self.model_copy(update={"names": {**self.names, person.id: person.name}})


@dataclass(frozen=True)
class TableState:
    """Meta plus the game's state; equal states compare equal field by field."""

    meta: TableMeta
    game: GameState

    def replace(
        self, *, meta: TableMeta | None = None, game: GameState | None = None
    ) -> TableState:
        return TableState(meta=meta or self.meta, game=game or self.game)

    def to_json(self) -> dict[str, Any]:
        return {
            "meta": self.meta.model_dump(mode="json"),
            "game": self.game.model_dump(mode="json"),
        }


#: Each game's state model by game name (``systems.register_system`` adds them); a game not
#: imported yet is imported by the hook ``on_unknown_game`` installs (``engine.systems``), as
#: an event's type is (``events.on_unknown_type``): so a table's state is read back here,
#: before any game module, and ``aggregate`` needs nothing of the games.
_GAME_STATES: dict[str, type[GameState]] = {}
_LOAD_GAME: list[Callable[[str], bool]] = []


def register_game_state(system: str, state_type: type[GameState]) -> None:
    _GAME_STATES[system] = state_type


def on_unknown_game(load: Callable[[str], bool]) -> None:
    _LOAD_GAME[:] = [load]


def decode_state(data: Mapping[str, Any]) -> TableState:
    """Rebuild a ``TableState`` from ``TableState.to_json()`` output."""
    try:
        meta = TableMeta.model_validate(data["meta"])
        state_type = _GAME_STATES.get(meta.system)
        if state_type is None and any(load(meta.system) for load in _LOAD_GAME):
            state_type = _GAME_STATES.get(meta.system)
        if state_type is None:
            raise CorruptHistory(f"unknown game {meta.system!r}")
        game = state_type.model_validate(data["game"])
    except (KeyError, TypeError, pydantic.ValidationError) as error:
        raise CorruptHistory(f"invalid table state: {error}") from None
    return TableState(meta=meta, game=game)
