"""``/char``: Cybergod sheets -- create, set a value, show, import, delete.

The sheet (gaps 3): Attributes Body, Reflex, Mind, Cyber rated D6-D12 (or absent); six
Aptitudes 0-3, each with three Skills 0-4; Engrams 1-5 set Resolve and the Stress die.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import Attachment, CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.core.events import CharacterClaimed
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import Person
from scenekeeper.engine.who import whose_sheet
from scenekeeper.systems.cybergod import events as ev
from scenekeeper.systems.cybergod.names import character, cybergod
from scenekeeper.systems.cybergod.sheet import (
    APTITUDE_OF,
    APTITUDES,
    ATTRIBUTES,
    MAX_APTITUDE,
    MAX_SKILL,
    SIZES,
    TIERS,
    Character,
    clean_name,
    die_text,
    find_aptitude,
    find_attribute,
    find_skill,
    key,
    stress_dice,
)
from scenekeeper.systems.cybergod.sheet_file import read_sheets
from scenekeeper.systems.cybergod.sheet_lines import sheet_lines
from scenekeeper.systems.cybergod.sheet_rights import player_parts

commands = CommandSet(systems=frozenset({"cybergod"}))
_OTHER = ("engrams", "resolve", "stress")


@dataclass(frozen=True)
class NewCharacter:
    name: Annotated[str, Opt("the character's name", max_length=60)]
    owner: Annotated[Person | None, Opt("who plays it (GMs only; default: you)")] = None
    gmc: Annotated[bool, Opt("true for a GM character (the GM plays it)")] = False


@commands.command(
    "char new",
    help="Make a character (Attributes start at D6, Aptitudes and Skills at 0); players make "
    "their own, GMs make GM characters and characters for others.",
    permission=Permission.PLAYER,
    examples=("/char new name:Marko", "/char new name:Guard gmc:true"),
)
def new_character(ctx: Context, args: NewCharacter) -> Decision:
    state = ctx.require_state()
    meta, game = state.meta, cybergod(state)
    name = clean_name(args.name)
    is_gm = meta.is_gm(ctx.actor.id)
    if (twin := game.find_character(name)) is not None:
        reads = "" if twin.name == name else f" ({name} reads the same)"
        raise Refusal(
            f"There is a character called {twin.name} already{reads}; choose another name."
        )
    if args.gmc and not is_gm:
        raise Refusal("Only a GM makes GM characters; leave out gmc:true to make your own.")
    owner = None if args.gmc else (args.owner or (None if is_gm else ctx.actor))
    if owner is not None and owner.id != ctx.actor.id and not is_gm:
        raise Refusal("Only a GM makes characters for someone else; leave out owner:.")
    if owner is not None and not meta.is_seated(owner.id):
        raise Refusal(f"{owner.name} is not at this table; they type /game join first.")
    events: list[Event] = [ev.CharacterCreated(name=name, kind="gmc" if args.gmc else "pc")]
    played = ""
    if owner is not None:
        owner_name = meta.names.get(owner.id, owner.name)
        events.append(CharacterClaimed(character=name, owner=owner.id, name=owner_name))
        played = f", played by {owner_name}"
    return Decision(
        events=tuple(events),
        reply=Reply.say(
            f"{'GM character' if args.gmc else 'Character'} {name} is ready{played}.",
            f"Write the sheet with /char set character:{_quoted(name)} trait:<name>: "
            "die:<d6-d12> for an Attribute (- if the frame lacks it), value: for an Aptitude "
            "(0-3), a Skill (0-4) or engrams (1-5); or bring one with /char import file:<sheet>.",
        ),
    )


def _quoted(name: str) -> str:
    return f'"{name}"' if " " in name else name


@dataclass(frozen=True)
class SetValue:
    character: Annotated[str, Opt("whose sheet")]
    trait: Annotated[
        str, Opt("what to set, by name (a trait, or a game's own value)", max_length=60)
    ]
    die: Annotated[
        str | None, Opt("its rating as a die, like d8 (Cybergod: - for an absent Attribute)")
    ] = None
    value: Annotated[int | None, Opt("its rating as a number", min_value=0, max_value=99)] = None


@commands.command(
    "char set",
    help="Set a value on a sheet: an Attribute (die:d6..d12, or die:- if the frame lacks it), "
    "an Aptitude (value:0-3), a Skill (0-4), engrams (1-5), resolve (its maximum; no value: "
    "as the Engrams) or stress.",
    permission=Permission.OWNER,
    examples=(
        "/char set character:Marko trait:Cyber die:d10",
        "/char set character:Marko trait:Hacking value:2",
        "/char set character:Drone trait:Mind die:-",
    ),
)
def set_value(ctx: Context, args: SetValue) -> Decision:
    who = character(ctx, args.character)
    attribute = find_attribute(args.trait)
    if attribute is not None:
        if args.die is None:
            raise Refusal(
                f"{attribute} is rated as a die: die:d6, d8, d10 or d12 (die:- when the frame "
                "lacks it)."
            )
        size = _attribute_size(attribute, args.die.strip())
        return Decision(
            events=(
                ev.SheetWritten(character=who.name, trait=attribute, value=size, attribute=True),
            ),
            reply=Reply.say(f"{who.name}: {attribute} {die_text(size)}."),
        )
    aptitude, skill = find_aptitude(args.trait), find_skill(args.trait)
    word = key(args.trait)
    if aptitude is not None:
        trait, high = aptitude, MAX_APTITUDE
    elif skill is not None:
        trait, high = skill, MAX_SKILL
    elif word in _OTHER:
        trait, high = word, {"engrams": len(TIERS), "resolve": 9, "stress": 99}[word]
    else:
        raise Refusal(
            f"{args.trait} is not on a Cybergod sheet: set an Attribute ({', '.join(ATTRIBUTES)}),"
            f" an Aptitude ({', '.join(APTITUDES)}), a Skill, engrams, resolve or stress."
        )
    if args.die is not None:
        raise Refusal(f"{trait} is a number, not a die: value:<number>.")
    low = 1 if trait == "engrams" else 0
    number = args.value
    if number is None and trait != "resolve":
        raise Refusal(
            f"Give the new value: /char set character:{_quoted(who.name)} trait:{trait} "
            f"value:<{low}-{high}>."
        )
    if number is not None and not low <= number <= high:
        raise Refusal(f"{trait} is a whole number from {low} to {high}, not {number}.")
    if trait == "stress" and not ctx.require_state().meta.is_gm(ctx.actor.id):
        _owed(who)
    reply = f"{who.name}: {trait} {number if number is not None else 'as the Engrams'}."
    if trait == "engrams" and number is not None:
        tier, stress_die = TIERS[number]
        stress = "immune to Stress" if stress_die is None else f"Stress die D{stress_die}"
        engrams = f"{number} engram{'' if number == 1 else 's'}"
        reply = f"{who.name}: {engrams}, {tier}: Resolve {number}, {stress}."
    elif skill is not None and number is not None:
        linked = APTITUDE_OF[skill]
        rating = who.aptitude(linked)
        dice = number + rating
        reply = (
            f"{who.name}: {skill} {number} (with {linked} {rating}: {dice} "
            f"{'die' if dice == 1 else 'dice'})."
        )
    return Decision(
        events=(ev.SheetWritten(character=who.name, trait=trait, value=number),),
        reply=Reply.say(reply),
    )


def _owed(who: Character) -> None:
    """Setting Stress settles the Stress Saves and breakdowns owed: a GM's waiver, never a
    player's (corebook 07 "Stress"; the board says a GM waives them)."""
    name = _quoted(who.name)
    if who.stress_saves_due:
        count = len(who.stress_saves_due)
        saves = "a Stress Save" if count == 1 else f"{count} Stress Saves"
        raise Refusal(
            f"{who.name} owes {saves} (roll {stress_dice(who, who.stress_saves_due[0])}); "
            f"setting Stress would waive it, which only a GM does. Roll it: /save kind:stress "
            f"character:{name}."
        )
    if who.breakdowns_due:
        raise Refusal(
            f"{who.name} owes a Mental Breakdown; setting Stress would waive it, which only a GM "
            f"does. Roll it: /save kind:breakdown character:{name}."
        )


def _attribute_size(attribute: str, text: str) -> int | None:
    if text.casefold() in ("-", "none", "absent"):
        return None
    digits = text.casefold().removeprefix("d")
    if not digits.isdigit() or int(digits) not in SIZES:
        raise Refusal(
            f"{attribute} is rated d6, d8, d10 or d12 (or - when the frame lacks it), not {text}."
        )
    return int(digits)


@dataclass(frozen=True)
class ShowCharacter:
    character: Annotated[str | None, Opt("whose sheet (default: the character you play)")] = None


@commands.command(
    "char show", help="Show a character's sheet and state.", permission=Permission.ANYONE
)
def show(ctx: Context, args: ShowCharacter) -> Decision:
    state = ctx.require_state()
    known = tuple(cybergod(state).characters)
    who = character(ctx, whose_sheet(state.meta, ctx.actor.id, args.character, known))
    state = ctx.require_state()
    owner = state.meta.owner_of(who.name)
    lines = sheet_lines(who, state.meta.name_of(owner) if owner else None)
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
    who = character(ctx, args.character)
    return Decision(
        events=(ev.CharacterDeleted(name=who.name),),
        reply=Reply.say(f"{who.name} is deleted (/undo brings them back)."),
    )


@dataclass(frozen=True)
class ImportSheet:
    file: Annotated[Attachment, Opt("a YAML or JSON sheet (see docs/cybergod-sheets.md)")]


@commands.command(
    "char import",
    help="Bring in whole sheets from a YAML or JSON file (new characters, or your own again).",
    permission=Permission.PLAYER,
    examples=("/char import file:marko.yaml",),
)
def import_sheets(ctx: Context, args: ImportSheet) -> Decision:
    state = ctx.require_state()
    meta, game = state.meta, cybergod(state)
    is_gm = meta.is_gm(ctx.actor.id)
    events: list[Event] = []
    lines = []
    for data in read_sheets(args.file.content, args.file.name):
        sheet = data.character
        existing = game.find_character(sheet.name)
        if existing and not is_gm and meta.owner_of(existing.name) != ctx.actor.id:
            raise Refusal(
                f"{existing.name} is someone else's character; a player imports only their "
                "own characters or new ones."
            )
        if sheet.kind == "gmc" and not is_gm:
            raise Refusal(f"{sheet.name} is a GM character; only a GM imports those.")
        imported = data.onto(existing) if existing else sheet
        left_out: dict[str, str] = {}
        if not is_gm:
            # A file is another way to type commands: a player's sets only what theirs can.
            imported, left_out = player_parts(existing or Character(name=sheet.name), imported)
        events.append(ev.SheetImported(character=imported))
        if existing is None and not is_gm and sheet.kind == "pc":
            events.append(
                CharacterClaimed(character=sheet.name, owner=ctx.actor.id, name=ctx.actor.name)
            )
        if existing:
            lines.append(
                f"Updated {existing.name} from {args.file.name}: {', '.join(data.parts())}."
            )
        else:
            lines.append(f"Imported {sheet.name} from {args.file.name}.")
        if left_out:
            said = "; ".join(f"{part} (the file says {what})" for part, what in left_out.items())
            lines.append(f"Kept as they were, since the GM and play set them: {said}.")
    return Decision(events=tuple(events), reply=Reply.say(*lines))


__all__ = ["commands"]
