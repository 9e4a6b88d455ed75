"""``/char show``, ``/char delete`` and ``/char import``: the same commands at every table whose
game declares a sheet (``GameSystem.sheet``); the game's schema says what differs.

A game's ``/char new`` and ``/char set`` are its own (what a sheet is rated in is the game's),
built on ``making`` and ``finding``; ``rating`` reads the value typed with a trait's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from scenekeeper.engine.commands import (
    Attachment,
    CommandSet,
    Context,
    Decision,
    Opt,
    Permission,
)
from scenekeeper.engine.core.events import CharacterClaimed
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.sheets import finding, rights
from scenekeeper.engine.sheets.schema import Imported, SheetSchema
from scenekeeper.engine.state import Person, TableState
from scenekeeper.engine.systems import get_system
from scenekeeper.engine.who import whose_sheet


def schema_of(state: TableState) -> SheetSchema[Any]:
    """The sheet the table's game declares."""
    sheet = get_system(state.meta.system).sheet
    if sheet is None:  # only games with a sheet have these commands
        raise Refusal("This game keeps no character sheets.")
    return sheet


@dataclass(frozen=True)
class ShowCharacter:
    character: Annotated[str | None, Opt("whose sheet (default: the character you play)")] = None


def show(ctx: Context, args: ShowCharacter) -> Decision:
    state = ctx.require_state()
    schema = schema_of(state)
    game = schema.roster(state)
    named = whose_sheet(state.meta, ctx.actor.id, args.character, tuple(game.characters))
    who = finding.character(game, named)
    owner = state.meta.owner_of(who.name)
    lines = schema.shown(state, who, state.meta.name_of(owner) if owner else None)
    return Decision(reply=Reply.say(*lines, data=who.model_dump(mode="json")))


@dataclass(frozen=True)
class DeleteCharacter:
    character: Annotated[str, Opt("the character to delete")]


def delete(ctx: Context, args: DeleteCharacter) -> Decision:
    state = ctx.require_state()
    schema = schema_of(state)
    who = finding.character(schema.roster(state), args.character, whole="char delete")
    first = schema.before_delete(state, who)
    return Decision(
        events=(*first, schema.deleted.model_validate({"name": who.name})),
        reply=Reply.say(f"{who.name} is deleted (/undo brings them back)."),
    )


@dataclass(frozen=True)
class ImportSheet:
    file: Annotated[
        Attachment,
        Opt("a YAML or JSON sheet (docs/cortex-sheets.md, mettle-sheets.md, cybergod-sheets.md)"),
    ]
    owner: Annotated[Person | None, Opt("GMs: who plays the new characters (default: you)")] = None


def import_sheets(ctx: Context, args: ImportSheet) -> Decision:
    state = ctx.require_state()
    meta, schema = state.meta, schema_of(state)
    is_gm = meta.is_gm(ctx.actor.id)
    if args.owner is not None and not is_gm:
        raise Refusal("Only a GM imports characters for someone else; leave out owner:.")
    if args.owner is not None and not meta.is_seated(args.owner.id):
        raise Refusal(f"{args.owner.name} is not at this table; they type /game join first.")
    player = args.owner or (None if is_gm else ctx.actor)
    stage = schema.stage(ctx)
    for data in schema.read_file(args.file.content, args.file.name, state.game):
        sheet = data.character
        existing = schema.roster(stage.state).find_character(sheet.name)
        if existing is not None:
            if why := schema.frozen(stage.state.game, existing.name):
                raise Refusal(why)
            schema.before_change(stage, existing.name)
            existing = schema.roster(stage.state).find_character(existing.name)
        if existing and not is_gm and meta.owner_of(existing.name) != ctx.actor.id:
            raise Refusal(
                f"{existing.name} is someone else's character; a player imports only their "
                "own characters or new ones."
            )
        if sheet.kind == "gmc" and not is_gm and not schema.players_kind_kept:
            raise Refusal(f"{sheet.name} is a {schema.gmc}; only a GM imports {schema.gmcs}.")
        game = stage.state.game
        if existing is not None:
            imported = data.onto(existing)
        else:
            imported = schema.fresh(data, game) if schema.fresh else data.fresh()
        left_out: dict[str, str] = {}
        if not is_gm:
            # A file is another way to type commands: a player's sets only what theirs can.
            imported, left_out = rights.player_import(schema, game, existing, imported)
        stage.add(schema.imported.model_validate({"character": imported}))
        if existing is None and player is not None and imported.kind == "pc":
            name = meta.names.get(player.id, player.name)
            stage.add(CharacterClaimed(character=imported.name, owner=player.id, name=name))
        stage.say(*schema.said(Imported(existing, imported, data, left_out, args.file.name)))
        if left_out:
            said = "; ".join(
                f"{rights.part_words(part)} (the file says {what})"
                for part, what in left_out.items()
            )
            stage.say(f"Kept as they were, since {schema.kept_by}: {said}.{schema.kept_hint}")
    return stage.decision()


def for_game(system: str) -> CommandSet:
    """These commands for one game (each game's command sets name it)."""
    commands = CommandSet(systems=frozenset({system}))
    commands.command(
        "char show", help="Show a character's sheet and state.", permission=Permission.ANYONE
    )(show)
    commands.command(
        "char delete",
        help="Delete a character and its sheet (undo brings it back).",
        permission=Permission.GM,
    )(delete)
    commands.command(
        "char import",
        help="Bring in whole sheets from a YAML or JSON file (new characters, or your own again).",
        permission=Permission.PLAYER,
        examples=("/char import file:ada-lark.yaml",),
    )(import_sheets)
    return commands
