"""Who may do what. Enforced here, in the engine, so every adapter gets the same answers."""

from __future__ import annotations

from typing import Any

from scenekeeper.engine.commands import CommandSpec, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.names import fold, resolve
from scenekeeper.engine.state import Person, TableState
from scenekeeper.engine.systems import get_system
from scenekeeper.engine.typed import check_typed

NO_GAME = (
    "There is no game at this table yet. Start one with /game new system:<game> name:<name>, "
    "or bring one in with /game import file:<export>."
)


def authorise(
    state: TableState | None, actor: Person, spec: CommandSpec[Any], args: object = None
) -> None:
    """Raise ``Refusal`` (saying what to do instead) unless ``actor`` may use ``spec`` now."""
    if state is None:
        if spec.needs_table:
            raise Refusal(NO_GAME)
        return
    meta = state.meta
    # Typed faces: whether this person may type them at this table (``/results``).
    check_typed(meta, actor.id, args)
    permission = spec.permission
    if permission is Permission.ANYONE:
        return
    if permission in (Permission.PLAYER, Permission.OWNER) and not meta.is_seated(actor.id):
        # Acting for a character needs a seat too: someone who left owns nothing here.
        raise Refusal(
            f"You are not at this table yet, {actor.name}: type /game join, then /{spec.name}."
        )
    if permission is Permission.GM and not meta.is_gm(actor.id):
        raise Refusal(
            f"Only the GM or a co-GM can use /{spec.name}. Ask {meta.name_of(meta.gm)} "
            f"(the GM) to do it, or to make you a co-GM with /game gm add user:{actor.id}."
        )
    named = getattr(args, "character", None)
    if permission is Permission.OWNER and not meta.is_gm(actor.id) and named is not None:
        # No character named: the command acts for the one the actor plays, or refuses.
        character = str(named)
        system = get_system(meta.system)
        known = system.known_characters(state.game)
        # As the game's own lookup reads it: a unique start or first name is the character.
        character = resolve(known or meta.owners, character) or character
        owner = meta.owner_of(character)
        if known is not None and not any(_same(c, character) for c in known):
            listed = ", ".join(known) or "none yet"
            raise Refusal(f"There is no character called {character} (characters: {listed}).")
        claimable = system.characters(state.game)
        if (
            owner is None
            and claimable is not None
            and not any(_same(c, character) for c in claimable)
        ):
            raise Refusal(
                f"{character} is not a player's character; only a GM can use /{spec.name} on it."
            )
        if owner is None:
            raise Refusal(
                f"{character} has no player; claim it first with /game claim "
                f'character:"{character}", or ask a GM.'
            )
        if owner != actor.id:
            raise Refusal(
                f"{character} is {meta.name_of(owner)}'s character; only they or a GM can use "
                f"/{spec.name} on it."
            )
    if permission is Permission.HEAD_GM and actor.id != meta.gm:
        raise Refusal(
            f"Only {meta.name_of(meta.gm)}, the GM who runs this table, can use /{spec.name}."
        )


def _same(a: str, b: str) -> bool:
    return fold(a) == fold(b)
