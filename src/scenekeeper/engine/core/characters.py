"""``/game claim`` and ``/game release``: who plays which character.

Ownership is common to every game (the engine's OWNER permission reads it); which characters
exist is the game's business (``GameSystem.characters``; a game without sheets takes any name).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.core.events import CharacterClaimed, CharacterReleased
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.names import resolve
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import Person, TableState
from scenekeeper.engine.systems import get_system

commands = CommandSet()


@dataclass(frozen=True)
class Claim:
    character: Annotated[str, Opt("the character's name", max_length=60)]
    user: Annotated[Person | None, Opt("who plays it (GMs only; default: you)")] = None


@commands.command(
    "game claim",
    help="Play a character: claim it for yourself, or (GMs) hand it to a player.",
    permission=Permission.PLAYER,
    examples=('/game claim character:"Ada Lark"', "/game claim character:Brick user:ben"),
    whole_names=True,
)
def claim(ctx: Context, args: Claim) -> Decision:
    state = ctx.require_state()
    meta = state.meta
    is_gm = meta.is_gm(ctx.actor.id)
    player = args.user or ctx.actor
    if player.id != ctx.actor.id and not is_gm:
        raise Refusal("Only a GM can hand a character to someone else; claim it for yourself.")
    if not meta.is_seated(player.id):
        raise Refusal(f"{player.name} is not at this table; they type /game join first.")
    # Handing a character to someone else takes its whole name (engine.names.resolve).
    handed = "game claim" if player.id != ctx.actor.id else None
    character = _known_character(state, args.character, handed)
    owner = meta.owner_of(character)
    if owner == player.id:
        raise Refusal(f"{meta.name_of(player.id)} plays {character} already.")
    if owner is not None and not is_gm:
        raise Refusal(
            f"{character} is {meta.name_of(owner)}'s character; they can /game release it, "
            "or a GM can hand it over."
        )
    name = meta.names.get(player.id, player.name)
    return Decision(
        events=(CharacterClaimed(character=character, owner=player.id, name=name),),
        reply=Reply.say(f"{name} plays {character}."),
    )


@dataclass(frozen=True)
class Release:
    character: Annotated[str, Opt("the character's name", max_length=60)]


@commands.command(
    "game release",
    help="Stop playing a character (its player or a GM).",
    permission=Permission.OWNER,
    examples=("/game release character:Brick",),
)
def release(ctx: Context, args: Release) -> Decision:
    meta = ctx.require_state().meta
    character = resolve(meta.owners, args.character, whole="game release")
    if character is None:
        raise Refusal(f"{args.character} has no player to release.")
    return Decision(
        events=(CharacterReleased(character=character),),
        reply=Reply.say(f"{meta.name_of(meta.owners[character])} no longer plays {character}."),
    )


def _known_character(state: TableState, wanted: str, whole: str | None = None) -> str:
    """The character's stored spelling, checked against the game's own list if it has one."""
    existing = state.meta.character_key(wanted)
    names = get_system(state.meta.system).characters(state.game)
    if names is None:
        return existing or " ".join(wanted.split())
    match = resolve(names, wanted, whole=whole)
    if match is None:
        listed = ", ".join(names) or "none yet"
        every: tuple[str, ...] = get_system(state.meta.system).known_characters(state.game) or ()
        gm_own = resolve([n for n in every if n not in names], wanted, whole=whole)
        if gm_own is not None:  # a GM character: it exists, and no player claims it
            raise Refusal(
                f"{gm_own} is a GM character: the GM plays it, and no player claims it "
                f"(players' characters: {listed})."
            )
        raise Refusal(f"There is no character called {wanted} here (characters: {listed}).")
    return match
