"""What every ``/char new`` shares: one name for one character, GM characters for GMs, and
who plays the new one (a player their own; a GM anyone seated, or no one)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pydantic

from scenekeeper.engine.commands import Context
from scenekeeper.engine.core.events import CharacterClaimed
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.sheets.schema import Roster
from scenekeeper.engine.sheets.several import is_rating, rated_name
from scenekeeper.engine.state import Person


@dataclass(frozen=True)
class NewOne:
    """A character about to be made: its name as stored, whether it is a GM's, its player."""

    name: str
    gmc: bool
    owner: Person | None
    by_gm: bool

    @property
    def kind(self) -> Literal["pc", "gmc"]:
        return "gmc" if self.gmc else "pc"

    def claimed(self, ctx: Context) -> tuple[tuple[Event, ...], str]:
        """The claim of its player (if any) and ", played by ..." for the reply."""
        if self.owner is None:
            return (), ""
        meta = ctx.require_state().meta
        owner_name = meta.names.get(self.owner.id, self.owner.name)
        claim = CharacterClaimed(character=self.name, owner=self.owner.id, name=owner_name)
        return (claim,), f", played by {owner_name}"


def new_one(
    ctx: Context,
    game: Roster[pydantic.BaseModel],
    typed: str,
    *,
    gmc: bool,
    owner: Person | None,
    gmc_word: str = "GM characters",
    own: str = "",
) -> NewOne:
    """The character ``/char new`` would make, or a refusal saying what to type instead."""
    meta = ctx.require_state().meta
    name = " ".join(typed.split())
    is_gm = meta.is_gm(ctx.actor.id)
    if (twin := game.find_character(name)) is not None:
        twin_name = getattr(twin, "name", name)
        reads = "" if twin_name == name else f" ({name} reads the same)"
        raise Refusal(
            f"There is a character called {twin_name} already{reads}; choose another name."
        )
    if gmc and not is_gm:
        raise Refusal(f"Only a GM makes {gmc_word}; leave out gmc:true to make your own{own}.")
    player = None if gmc else (owner or (None if is_gm else ctx.actor))
    if player is not None and player.id != ctx.actor.id and not is_gm:
        raise Refusal("Only a GM makes characters for someone else; leave out owner:.")
    if player is not None and not meta.is_seated(player.id):
        raise Refusal(f"{player.name} is not at this table; they type /game join first.")
    return NewOne(name=name, gmc=gmc, owner=player, by_gm=is_gm)


def named_rating(typed: str) -> tuple[str, str | None]:
    """``/char set Reflex d10``: a trait's name with its rating typed after it, as the bare
    words after a command fill its first option (``trait:``). The rating is the last word when
    it reads as one (a die ``d10``, a number, ``-`` for none); otherwise there is none."""
    words = typed.split()
    if len(words) > 1 and is_rating(words[-1]):
        return rated_name(words[:-1]), words[-1]
    return " ".join(words), None
