"""Events every table has, whatever the game: seating, roles and plain dice rolls."""

from __future__ import annotations

from typing import Any, ClassVar

import pydantic

from scenekeeper.dice import DiceError, parse_expression
from scenekeeper.engine.events import Event
from scenekeeper.engine.evolve import evolves, starts_table
from scenekeeper.engine.frozen import Frozen
from scenekeeper.engine.state import Person, TableMeta, TableState
from scenekeeper.engine.systems import get_system


class TableCreated(Event):
    """A game started at this table; ``game`` is the game's initial state as stored."""

    type_name: ClassVar[str] = "table.created@1"
    undoable: ClassVar[bool] = False
    system: str
    name: str
    gm: str
    gm_name: str
    mods: dict[str, bool] = pydantic.Field(default_factory=dict)
    game: dict[str, Any] = pydantic.Field(default_factory=dict)

    def describe(self) -> str:
        return f"{self.gm_name} started '{self.name}' ({self.system})"


class PlayerJoined(Event):
    type_name: ClassVar[str] = "table.player_joined@1"
    player: str
    name: str

    def describe(self) -> str:
        return f"{self.name} joined as a player"


class PlayerLeft(Event):
    type_name: ClassVar[str] = "table.player_left@1"
    player: str
    name: str

    def describe(self) -> str:
        return f"{self.name} left the table"


class CoGmAdded(Event):
    type_name: ClassVar[str] = "table.co_gm_added@1"
    person: str
    name: str

    def describe(self) -> str:
        return f"{self.name} became a co-GM"


class CoGmRemoved(Event):
    type_name: ClassVar[str] = "table.co_gm_removed@1"
    person: str
    name: str

    def describe(self) -> str:
        return f"{self.name} is no longer a co-GM"


class CharacterClaimed(Event):
    """``owner`` now plays ``character`` (a claim, or a GM handing it over)."""

    type_name: ClassVar[str] = "table.character_claimed@1"
    character: str
    owner: str
    name: str

    def describe(self) -> str:
        return f"{self.name} plays {self.character}"


class CharacterReleased(Event):
    type_name: ClassVar[str] = "table.character_released@1"
    character: str

    def describe(self) -> str:
        return f"{self.character} has no player now"


class ModSwitched(Event):
    type_name: ClassVar[str] = "table.mod_switched@1"
    mod: str
    on: bool

    def describe(self) -> str:
        return f"mod {self.mod} switched {'on' if self.on else 'off'}"


class OutputChosen(Event):
    """Plain-text output switched for one person (``person``) or, with "", the whole table."""

    type_name: ClassVar[str] = "table.output_chosen@1"
    person: str
    plain: bool

    def describe(self) -> str:
        who = self.person or "the table"
        return f"{who}: {'plain text' if self.plain else 'standard'} output"


class RolledDie(Frozen):
    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")
    sides: int
    face: int


class DiceRolled(Event):
    """A plain dice expression (``/roll dice:``): every face is recorded, so nothing re-rolls."""

    type_name: ClassVar[str] = "dice.rolled@1"
    expression: str
    dice: tuple[RolledDie, ...]
    total: int
    by: str
    label: str = ""
    #: A person typed the faces (results:), not the bot.
    typed: bool = False
    #: Rolled in secret (a GM's ``secret:true``): only GMs read the dice and the total.
    secret: bool = False
    added_fields: ClassVar[frozenset[str]] = frozenset({"secret"})

    def sealed(self) -> bool:
        return self.secret

    def visible_to(self, meta: TableMeta, viewer: str, actor: str) -> bool:
        return not self.secret or viewer == actor or meta.is_gm(viewer)

    def describe_sealed(self) -> str:
        label = f" for {self.label}" if self.label else ""
        return f"{self.by} rolled{label} in secret"

    @pydantic.model_validator(mode="after")
    def _faces_make_the_total(self) -> DiceRolled:
        # A stored roll must add up: a damaged or edited record is refused on read.
        try:
            expression = parse_expression(self.expression)
            if tuple(d.sides for d in self.dice) != expression.dice_sides():
                raise ValueError(f"the dice do not match {self.expression}")
            total = expression.evaluate(tuple(d.face for d in self.dice)).total
        except DiceError as error:
            raise ValueError(str(error)) from None
        if total != self.total:
            raise ValueError(f"the faces of {self.expression} make {total}, not {self.total}")
        return self

    def describe(self) -> str:
        faces = ", ".join(str(d.face) for d in self.dice)
        return f"{self.by} rolled {self.expression} ({faces}) = {self.total}"


@starts_table(TableCreated)
def _created(_state: TableState | None, event: TableCreated) -> TableState:
    system = get_system(event.system)
    meta = TableMeta(
        name=event.name,
        system=event.system,
        gm=event.gm,
        names={event.gm: event.gm_name},
        mods=dict(event.mods),
    )
    return TableState(meta=meta, game=system.state_type.model_validate(event.game))


@evolves(PlayerJoined)
def _joined(state: TableState, event: PlayerJoined) -> TableState:
    meta = state.meta.with_name(Person(event.player, event.name))
    return state.replace(meta=meta.model_copy(update={"players": (*meta.players, event.player)}))


@evolves(PlayerLeft)
def _left(state: TableState, event: PlayerLeft) -> TableState:
    players = tuple(p for p in state.meta.players if p != event.player)
    return state.replace(meta=state.meta.model_copy(update={"players": players}))


@evolves(CoGmAdded)
def _co_gm_added(state: TableState, event: CoGmAdded) -> TableState:
    meta = state.meta.with_name(Person(event.person, event.name))
    return state.replace(meta=meta.model_copy(update={"co_gms": (*meta.co_gms, event.person)}))


@evolves(CoGmRemoved)
def _co_gm_removed(state: TableState, event: CoGmRemoved) -> TableState:
    co_gms = tuple(p for p in state.meta.co_gms if p != event.person)
    return state.replace(meta=state.meta.model_copy(update={"co_gms": co_gms}))


@evolves(CharacterClaimed)
def _claimed(state: TableState, event: CharacterClaimed) -> TableState:
    meta = state.meta.with_name(Person(event.owner, event.name))
    owners = {**meta.owners, event.character: event.owner}
    return state.replace(meta=meta.model_copy(update={"owners": owners}))


@evolves(CharacterReleased)
def _released(state: TableState, event: CharacterReleased) -> TableState:
    owners = {k: v for k, v in state.meta.owners.items() if k != event.character}
    return state.replace(meta=state.meta.model_copy(update={"owners": owners}))


@evolves(ModSwitched)
def _mod_switched(state: TableState, event: ModSwitched) -> TableState:
    mods = {**state.meta.mods, event.mod: event.on}
    return state.replace(meta=state.meta.model_copy(update={"mods": mods}))


@evolves(OutputChosen)
def _output(state: TableState, event: OutputChosen) -> TableState:
    meta = state.meta
    if not event.person:
        return state.replace(meta=meta.model_copy(update={"plain_text": event.plain}))
    people = tuple(p for p in meta.plain_text_people if p != event.person)
    if event.plain:
        people = (*people, event.person)
    return state.replace(meta=meta.model_copy(update={"plain_text_people": people}))


@evolves(DiceRolled)
def _rolled(state: TableState, _event: DiceRolled) -> TableState:
    # A plain roll is part of the record (history, audit) but changes no game state.
    return state
