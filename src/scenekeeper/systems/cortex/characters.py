"""``/char``: Cortex character sheets -- create, rate traits, SFX, show, import, delete.

Cortex p.16-19: traits come in prime sets (by default Distinctions, Attributes, Skills); a trait
with no rating is a d4; a character has three distinctions, each a d8.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

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
from scenekeeper.engine.events import Event
from scenekeeper.engine.names import resolve
from scenekeeper.engine.quoting import option, quoted
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import Person
from scenekeeper.engine.who import whose_sheet
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.drafts import drafted
from scenekeeper.systems.cortex.names import character, cortex, mod_on, own_character
from scenekeeper.systems.cortex.render import sheet_lines
from scenekeeper.systems.cortex.shaken import shaken_traits
from scenekeeper.systems.cortex.sheet import (
    DISTINCTIONS,
    Character,
    clean_name,
    same_name,
)
from scenekeeper.systems.cortex.sheet_file import read_sheets
from scenekeeper.systems.cortex.sheet_rights import new_player_character, player_parts
from scenekeeper.systems.cortex.sheet_text import read_traits
from scenekeeper.systems.cortex.trait_commands import rate_traits

commands = CommandSet(systems=frozenset({"cortex"}))


@dataclass(frozen=True)
class TraitSets:
    names: Annotated[
        str, Opt('the prime trait sets in order, like "Distinctions, Attributes, Skills"')
    ]


@commands.command(
    "game sets",
    help="Choose this game's prime trait sets (a pool takes one trait from each).",
    permission=Permission.GM,
    examples=('/game sets names:"Distinctions, Values, Roles"',),
)
def choose_sets(ctx: Context, args: TraitSets) -> Decision:
    game = cortex(ctx.require_state())
    sets = tuple(clean_name(n) for n in args.names.split(",") if n.strip())
    if not sets:
        raise Refusal('Name at least one set: names:"Distinctions, Attributes, Skills".')
    doubled = next((s for s in sets if [t.casefold() for t in sets].count(s.casefold()) > 1), None)
    if doubled is not None:
        listed = ", ".join(dict.fromkeys(sets))
        raise Refusal(f"{doubled} is named twice; name each set once, like names:{quoted(listed)}.")
    # Keep the spelling sheets already use (a set renamed only in case stays the same set).
    known = (DISTINCTIONS, *game.trait_sets)
    sets = tuple(next((k for k in known if same_name(k, s)), s) for s in sets)
    for who in game.characters.values():
        dropped = [s for s in who.traits if not any(same_name(s, n) for n in sets)]
        if dropped:
            raise Refusal(
                f"{who.name} has traits in {', '.join(dropped)}; move or remove them before "
                "dropping that set."
            )
    if sets == game.trait_sets:
        raise Refusal(f"The trait sets are {', '.join(sets)} already.")
    return Decision(
        events=(ev.TraitSetsChosen(sets=sets),),
        reply=Reply.say(f"Prime trait sets: {', '.join(sets)}. A pool takes one trait from each."),
    )


@dataclass(frozen=True)
class NewCharacter:
    name: Annotated[str, Opt("the character's name", max_length=60)]
    owner: Annotated[Person | None, Opt("who plays it (GMs only; default: you)")] = None
    gmc: Annotated[bool, Opt("true for a GM character (the GM plays it)")] = False
    traits: Annotated[
        str | None,
        Opt('its traits, like "Distinctions: Cat Burglar; Attributes: Agility d10, Wits d6"'),
    ] = None


@commands.command(
    "char new",
    help="Make a character; players make their own, GMs make GMCs and characters for others.",
    permission=Permission.PLAYER,
    examples=(
        '/char new name:"Ada Lark"',
        "/char new name:Thug gmc:true",
        '/char new name:Thug gmc:true traits:"Attributes: Brawny d8; Skills: Fighting d6"',
    ),
)
def new_character(ctx: Context, args: NewCharacter) -> Decision:
    state = ctx.require_state()
    meta, game = state.meta, cortex(state)
    name = clean_name(args.name)
    is_gm = meta.is_gm(ctx.actor.id)
    if (twin := game.find_character(name)) is not None:
        reads = "" if twin.name == name else f" ({name} reads the same)"
        raise Refusal(
            f"There is a character called {twin.name} already{reads}; choose another name."
        )
    if args.gmc and not is_gm:
        raise Refusal("Only a GM makes GMCs; leave out gmc:true to make your own character.")
    owner = None if args.gmc else (args.owner or (None if is_gm else ctx.actor))
    if owner is not None and owner.id != ctx.actor.id and not is_gm:
        raise Refusal("Only a GM makes characters for someone else; leave out owner:.")
    if owner is not None and not meta.is_seated(owner.id):
        raise Refusal(f"{owner.name} is not at this table; they type /game join first.")
    events: list[Event] = [
        ev.CharacterCreated(
            name=name,
            kind="gmc" if args.gmc else "pc",
            pp=0 if args.gmc else game.rules.start_points,
        )
    ]
    played = ""
    if owner is not None:
        owner_name = meta.names.get(owner.id, owner.name)
        events.append(CharacterClaimed(character=name, owner=owner.id, name=owner_name))
        played = f", played by {owner_name}"
    ready = f"{'GMC' if args.gmc else 'Character'} {name} is ready{played}."
    if game.approve_characters and not is_gm and not args.gmc:
        draft, said = drafted(name)
        events.append(draft)
        ready = f"{ready} {said}"
    if args.traits is not None:
        fresh = Character(name=name, kind="gmc" if args.gmc else "pc")
        rated, lines = rate_traits(
            game.trait_sets, fresh, read_traits(args.traits, game.trait_sets, None)
        )
        return Decision(events=(*events, *rated), reply=Reply.say(ready, *lines))
    sets = ", ".join(game.trait_sets)
    return Decision(
        events=tuple(events),
        reply=Reply.say(
            ready,
            f"Rate traits with /char set {option('character', name)} "
            f'traits:"<set>: <trait> <d4..d12>, ...; <set>: ..." (sets: {sets}), '
            "or bring a whole sheet with /char import file:<sheet>.",
        ),
    )


@dataclass(frozen=True)
class WriteSfx:
    name: Annotated[str, Opt("the SFX's name", max_length=60)]
    text: Annotated[str, Opt("what it does, as the sheet says it", max_length=400)]
    character: Annotated[str | None, Opt("whose sheet (default: the character you play)")] = None


@commands.command(
    "char sfx add",
    help="Write an SFX on a sheet (or rewrite one).",
    permission=Permission.OWNER,
    examples=('/char sfx add character:"Ada Lark" name:"Hit Hard" text:"Spend 1 PP to ..."',),
)
def add_sfx(ctx: Context, args: WriteSfx) -> Decision:
    who = own_character(ctx, args.character)
    name = next((n for n in who.sfx if same_name(n, args.name)), clean_name(args.name))
    return Decision(
        events=(ev.SfxWritten(character=who.name, name=name, text=args.text),),
        reply=Reply.say(f"{who.name}: SFX {name}: {args.text}"),
    )


@dataclass(frozen=True)
class RemoveSfx:
    name: Annotated[str, Opt("the SFX's name")]
    character: Annotated[str | None, Opt("whose sheet (default: the character you play)")] = None


@commands.command("char sfx remove", help="Take an SFX off a sheet.", permission=Permission.OWNER)
def remove_sfx(ctx: Context, args: RemoveSfx) -> Decision:
    who = own_character(ctx, args.character)
    name = resolve(who.sfx, args.name, "SFX")
    if name is None:
        raise Refusal(f"{who.name} has no SFX called {args.name}.")
    return Decision(
        events=(ev.SfxRemoved(character=who.name, name=name),),
        reply=Reply.say(f"{who.name}: SFX {name} is off the sheet."),
    )


@dataclass(frozen=True)
class ShowCharacter:
    character: Annotated[str | None, Opt("whose sheet (default: the character you play)")] = None


@commands.command(
    "char show", help="Show a character's sheet and state.", permission=Permission.ANYONE
)
def show(ctx: Context, args: ShowCharacter) -> Decision:
    state = ctx.require_state()
    game = cortex(state)
    who = character(
        ctx, whose_sheet(state.meta, ctx.actor.id, args.character, tuple(game.characters))
    )
    meta = ctx.require_state().meta
    owner = meta.owner_of(who.name)
    game = cortex(ctx.require_state())
    lines = sheet_lines(who, meta.name_of(owner) if owner else None, game.trait_sets)
    if mod_on(ctx.require_state(), "shaken-stricken") and shaken_traits(game, who):
        shaken = ", ".join(shaken_traits(game, who))
        lines.append(f"Shaken ({shaken}): one die makes the total.")
    boosts = game.boosts.get(who.name, 0)
    if boosts:
        lines.append(
            f"Boosts: {boosts} (step up one die of a coming pool: add boost:<die> to the roll)."
        )
    return Decision(reply=Reply.say(*lines, data=who.model_dump(mode="json")))


@dataclass(frozen=True)
class DeleteCharacter:
    character: Annotated[str, Opt("the character to delete")]


@commands.command(
    "char delete",
    help="Delete a character and its sheet (undo brings it back).",
    permission=Permission.GM,
)
def delete(ctx: Context, args: DeleteCharacter) -> Decision:
    who = own_character(ctx, args.character)
    return Decision(
        events=(ev.CharacterDeleted(name=who.name),),
        reply=Reply.say(f"{who.name} is deleted (/undo brings them back)."),
    )


@dataclass(frozen=True)
class ImportSheet:
    file: Annotated[Attachment, Opt("a YAML or JSON sheet (see docs/cortex-sheets.md)")]


@commands.command(
    "char import",
    help="Bring in whole sheets from a YAML or JSON file (new characters, or your own again).",
    permission=Permission.PLAYER,
    examples=("/char import file:ada-lark.yaml",),
)
def import_sheets(ctx: Context, args: ImportSheet) -> Decision:
    state = ctx.require_state()
    meta, game = state.meta, cortex(state)
    is_gm = meta.is_gm(ctx.actor.id)
    sheets = read_sheets(args.file.content, args.file.name, game.trait_sets)
    events: list[Event] = []
    lines = []
    for data in sheets:
        sheet = data.character
        existing = game.find_character(sheet.name)
        owner = meta.owner_of(sheet.name) if existing else None
        if existing and not is_gm and owner != ctx.actor.id:
            raise Refusal(
                f"{existing.name} is someone else's character; a player imports only their "
                "own characters or new ones."
            )
        if sheet.kind == "gmc" and not is_gm:
            raise Refusal(f"{sheet.name} is a GMC; only a GM imports GMCs.")
        name = existing.name if existing else sheet.name
        # Updating a sheet keeps what the file does not mention (plot points, stress, ...); a
        # new sheet without plot points starts with the game's starting points.
        if existing:
            imported = data.onto(existing)
        elif "pp" in data.given:
            imported = sheet
        else:
            imported = sheet.model_copy(update={"pp": game.rules.start_points})
        left_out: dict[str, str] = {}
        if not is_gm:
            # A file is another way to type commands: a player's sets only what theirs can.
            before = existing or new_player_character(imported.name, game.rules.start_points)
            imported, left_out = player_parts(before, imported)
        events.append(ev.SheetImported(character=imported))
        if existing is None and not is_gm and sheet.kind == "pc":
            events.append(CharacterClaimed(character=name, owner=ctx.actor.id, name=ctx.actor.name))
        if existing:
            parts = ", ".join(sorted(p for p in data.parts() if p not in left_out)) or "nothing"
            lines.append(f"Updated {name} from {args.file.name}: {parts}.")
        else:
            lines.append(f"Imported {name} from {args.file.name}.")
        if left_out:
            said = "; ".join(f"{part} (the file says {what})" for part, what in left_out.items())
            lines.append(
                f"Kept as they were, since a GM sets them: {said}. A GM can set them in play "
                "(/pp give, /asset add, /complication add) or import the file."
            )
    return Decision(events=tuple(events), reply=Reply.say(*lines))
