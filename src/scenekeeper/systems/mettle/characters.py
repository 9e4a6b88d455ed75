"""``/char``: METTLE character sheets (characters.md; guidance.md, NPC Creation).

Five Attributes, each with an optional Descriptor; Mettle is Motive + the highest non-Frame
Attribute; as many Backstories as that highest Attribute. A GM character may be one NPC pool
for every Attribute and Mettle, with exceptions ("Pool 4 (Frame 7)").
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
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.state import Person
from scenekeeper.engine.who import whose_sheet
from scenekeeper.systems.mettle import events as ev
from scenekeeper.systems.mettle.damage import land_before_change
from scenekeeper.systems.mettle.evolve import rated_sheet
from scenekeeper.systems.mettle.gear_tables import MAX_GEAR, known, like, made_item
from scenekeeper.systems.mettle.names import character, mettle, title
from scenekeeper.systems.mettle.plan import Plan
from scenekeeper.systems.mettle.sheet import ATTRIBUTES, Gear, clean_name, same_name
from scenekeeper.systems.mettle.sheet_file import MAX_RATING, read_sheets
from scenekeeper.systems.mettle.sheet_rights import new_player_character, player_parts
from scenekeeper.systems.mettle.status_text import sheet_lines

commands = CommandSet(systems=frozenset({"mettle"}))
RATED = (*ATTRIBUTES, "pool", "credit")
MAX_CREDIT = 6
_RATING = Opt("its rating (1-6 to start; the Guide allows more)", min_value=0, max_value=30)
_NEW = Opt("its rating (1-6 to start; the Guide allows more)", min_value=1, max_value=30)
# (30: MAX_RATING, below; Opt's bounds are read when the class is made.)


@dataclass(frozen=True)
class NewCharacter:
    name: Annotated[str, Opt("the character's name", max_length=60)]
    owner: Annotated[Person | None, Opt("who plays it (GMs only; default: you)")] = None
    gmc: Annotated[bool, Opt("true for a GM character (the GM plays it)")] = False
    npc_pool: Annotated[
        int | None,
        Opt(
            "a GM character's NPC pool: every Attribute and Mettle",
            min_value=1,
            max_value=MAX_RATING,
        ),
    ] = None
    concept: Annotated[int | None, _NEW] = None
    frame: Annotated[int | None, _NEW] = None
    motive: Annotated[int | None, _NEW] = None
    nature: Annotated[int | None, _NEW] = None
    poise: Annotated[int | None, _NEW] = None


@commands.command(
    "char new",
    # One Discord command for every game's /char new shows this (the richest) description.
    help="Make a character; players make their own, GMs make GM characters and characters for "
    "others (METTLE: rate the Attributes, or give a GM character one NPC pool).",
    permission=Permission.PLAYER,
    examples=(
        "/char new name:Viktor concept:5 frame:3 motive:4 nature:3 poise:2",
        "/char new name:Thug gmc:true npc_pool:3",
    ),
)
def new_character(ctx: Context, args: NewCharacter) -> Decision:
    state = ctx.require_state()
    meta, game = state.meta, mettle(state)
    name = clean_name(args.name)
    is_gm = meta.is_gm(ctx.actor.id)
    if (twin := game.find(name)) is not None:
        reads = "" if twin.name == name else f" ({name} reads the same)"
        raise Refusal(
            f"There is a character called {twin.name} already{reads}; choose another name."
        )
    if args.gmc and not is_gm:
        raise Refusal("Only a GM makes GM characters; leave out gmc:true to make your own.")
    if args.npc_pool is not None and not args.gmc:
        raise Refusal("An NPC pool is for GM characters: add gmc:true (players rate Attributes).")
    owner = None if args.gmc else (args.owner or (None if is_gm else ctx.actor))
    if owner is not None and owner.id != ctx.actor.id and not is_gm:
        raise Refusal("Only a GM makes characters for someone else; leave out owner:.")
    if owner is not None and not meta.is_seated(owner.id):
        raise Refusal(f"{owner.name} is not at this table; they type /game join first.")
    rated = {a: getattr(args, a) for a in ATTRIBUTES if getattr(args, a) is not None}
    events: list[Event] = [
        ev.CharacterMade(
            name=name, kind="gmc" if args.gmc else "pc", pool=args.npc_pool, attributes=rated
        )
    ]
    played = ""
    if owner is not None:
        owner_name = meta.names.get(owner.id, owner.name)
        events.append(CharacterClaimed(character=name, owner=owner.id, name=owner_name))
        played = f", played by {owner_name}"
    lines = [f"{'GM character' if args.gmc else 'Character'} {name} is ready{played}."]
    lines += [above_six(rated)] if above_six(rated) else []
    missing = [title(a) for a in ATTRIBUTES if a not in rated]
    if args.npc_pool is None and missing:
        lines.append(
            f'Still to rate: {", ".join(missing)} (/char set character:"{name}" '
            "attribute:<name> value:<n>), or bring a sheet with /char import file:<sheet>."
        )
    return Decision(events=tuple(events), reply=Reply.say(*lines))


@dataclass(frozen=True)
class RateAttribute:
    character: Annotated[str, Opt("whose sheet")]
    attribute: Annotated[str, Opt("an Attribute, or pool (NPC) or credit", choices=RATED)]
    value: Annotated[int | None, _RATING] = None
    descriptor: Annotated[
        str | None, Opt("the Descriptor: what the Attribute covers", max_length=80)
    ] = None


@commands.command(
    "char set",
    help="Rate an Attribute (or an NPC pool, or Credit) and write its Descriptor; Mettle follows.",
    permission=Permission.OWNER,
    examples=(
        '/char set character:Viktor attribute:concept value:5 descriptor:"Itinerant Gambler"',
    ),
)
def rate(ctx: Context, args: RateAttribute) -> Decision:
    plan = Plan(ctx)
    who = character(ctx, args.character)
    attribute = args.attribute
    if args.value is None and args.descriptor is None:
        raise Refusal("Give value:<n>, descriptor:<text>, or both.")
    if attribute in ("pool", "credit") and args.descriptor is not None:
        raise Refusal(f"{title(attribute)} has no Descriptor; leave out descriptor:.")
    if attribute == "pool" and who.kind != "gmc":
        raise Refusal("An NPC pool is for GM characters; rate this character's Attributes.")
    if args.value is not None:
        if attribute == "credit" and not 0 <= args.value <= MAX_CREDIT:
            raise Refusal(
                "Credit runs from 1 (Needy) to 6 (Rich), or 0 while a digit is lost to a "
                "purchase (characters.md, Credit)."
            )
        if attribute != "credit" and args.value < 1:
            raise Refusal(f"{title(attribute)} is at least 1 (1-6 to start): value:1 or more.")
    land_before_change(plan, who.name)
    who = plan.get(who.name)
    event = ev.AttributeRated(
        character=who.name, attribute=attribute, value=args.value, descriptor=args.descriptor
    )
    after = rated_sheet(who, event)
    plan.add(event)
    said = f"{title(attribute)} {args.value}" if args.value is not None else title(attribute)
    said += f' ("{args.descriptor}")' if args.descriptor else ""
    plan.say(f"{who.name}: {said}; maximum Mettle {after.max_mettle}.")
    if args.value is not None and attribute in ATTRIBUTES:
        plan.say(above_six({attribute: args.value}))
    return plan.decision()


@dataclass(frozen=True)
class Backstory:
    character: Annotated[str, Opt("whose sheet")]
    text: Annotated[str, Opt('the Backstory, like "Raised in Baltimore (English)"', max_length=200)]
    remove: Annotated[bool, Opt("true to take it off the sheet")] = False


@commands.command(
    "char backstory",
    help="Add a Backstory (an extra Concept; as many as the highest non-Frame Attribute), or "
    "remove one.",
    permission=Permission.OWNER,
    examples=('/char backstory character:Viktor text:"Master fencer who lost his dream"',),
)
def backstory(ctx: Context, args: Backstory) -> Decision:
    who = character(ctx, args.character)
    text = clean_name(args.text)
    have = next((b for b in who.backstories if same_name(b, text)), None)
    if args.remove:
        if have is None:
            raise Refusal(f'{who.name} has no Backstory "{text}".')
        return Decision(
            events=(ev.BackstoryWritten(character=who.name, text=have, removed=True),),
            reply=Reply.say(f'{who.name} no longer has the Backstory "{have}".'),
        )
    if have is not None:
        raise Refusal(f"{who.name} has that Backstory already.")
    if len(who.backstories) >= who.highest:
        raise Refusal(
            f"{who.name} has {len(who.backstories)} Backstories, as many as their highest "
            f"non-Frame Attribute ({who.highest}) allows (characters.md, Step 4)."
        )
    return Decision(
        events=(ev.BackstoryWritten(character=who.name, text=text),),
        reply=Reply.say(
            f'{who.name}: Backstory "{text}" ({len(who.backstories) + 1} of {who.highest}).'
        ),
    )


@dataclass(frozen=True)
class GearArgs:
    character: Annotated[str, Opt("whose sheet")]
    item: Annotated[str, Opt("the weapon, armor or item (table names fill in)", max_length=60)]
    remove: Annotated[bool, Opt("true to take it off the sheet")] = False
    hit: Annotated[
        int | None, Opt("weapon Hit: +nD to Attacks and Defends", min_value=0, max_value=MAX_GEAR)
    ] = None
    dm: Annotated[str | None, Opt("weapon damage: a number or Frame+n", max_length=12)] = None
    soak: Annotated[int | None, Opt("armor Soak", min_value=0, max_value=MAX_GEAR)] = None
    load: Annotated[int | None, Opt("Load", min_value=0, max_value=MAX_GEAR)] = None
    special: Annotated[
        str | None, Opt('specials, like "Range 2, Stun" or "Defend +1"', max_length=120)
    ] = None


@commands.command(
    "char gear",
    help="Add gear (weapons and armor from the tables by name, or your own numbers), or remove it.",
    permission=Permission.OWNER,
    examples=("/char gear character:Viktor item:Sword", "/char gear character:Viktor item:Leather"),
)
def gear(ctx: Context, args: GearArgs) -> Decision:
    plan = Plan(ctx)
    who = character(ctx, args.character)
    have = next((g for g in who.gear if same_name(g.name, args.item)), None)
    if args.remove:
        if have is None:
            raise Refusal(f"{who.name} carries no {args.item}.")
        land_before_change(plan, who.name)
        plan.add(ev.GearChanged(character=who.name, name=have.name))
        plan.say(f"{who.name} puts away {have.name}.")
        return plan.decision()
    item, note = gear_from(args)
    if have is not None:
        item = item.model_copy(update={"name": have.name})
    land_before_change(plan, who.name)
    plan.add(ev.GearChanged(character=who.name, name=item.name, gear=item))
    plan.say(f"{who.name} carries {item.describe()}.", note)
    return plan.decision()


def gear_from(args: GearArgs) -> tuple[Gear, str]:
    """The item and a note for the reply: a table name fills in its numbers (any given
    replace them); a name not on the tables that reads like one is refused with that name; any
    other is an item of one's own, with the numbers given (or none, said so)."""
    name = clean_name(args.item)
    numbers = (args.hit, args.dm, args.soak, args.load, args.special)
    base = known(name)
    if base is None and all(n is None for n in numbers):
        meant = like(name)
        if meant:
            options = " or ".join(f'item:"{m}"' for m in meant)
            raise Refusal(
                f"{name} is not on the gear tables; did you mean {options}? For an item of "
                "your own, give its numbers (soak:, load:, hit: with dm:, special:)."
            )
        return Gear(name=name), (
            f"{name} is not on the gear tables: it carries no numbers (give soak:, load:, hit: "
            "with dm:, or special: to add them)."
        )
    if base is not None and all(n is None for n in numbers):
        return base, ""
    specials = [w for w in args.special.split(",") if w.strip()] if args.special else []
    item = made_item(
        name, hit=args.hit, dm=args.dm, soak=args.soak, load=args.load, specials=specials
    )
    return item, ""


def above_six(ratings: dict[str, int]) -> str:
    """characters.md, Step 3 (checklist R38): 1-6 for starting characters; higher values only
    at the Guide's discretion -- a warning, never a refusal."""
    high = [f"{title(a)} {n}" for a, n in ratings.items() if a in ATTRIBUTES and n > 6]
    if not high:
        return ""
    return (
        f"Above 6 ({', '.join(high)}): Attributes run 1-6 for starting characters; more is for "
        "highly experienced adventurers, at the Guide's discretion (characters.md)."
    )


@dataclass(frozen=True)
class ShowCharacter:
    character: Annotated[str | None, Opt("whose sheet (default: the character you play)")] = None


@commands.command(
    "char show", help="Show a character's sheet and state.", permission=Permission.ANYONE
)
def show(ctx: Context, args: ShowCharacter) -> Decision:
    state = ctx.require_state()
    known = tuple(mettle(state).characters)
    who = character(ctx, whose_sheet(state.meta, ctx.actor.id, args.character, known))
    meta = ctx.require_state().meta
    owner = meta.owner_of(who.name)
    lines = sheet_lines(who, meta.name_of(owner) if owner else None)
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
    game = mettle(ctx.require_state())
    if game.initiative is not None and who.name in game.initiative.order.participants:
        raise Refusal(f"{who.name} is in the running Initiative; /order end it first.")
    hit = game.held_hit
    if hit is not None and who.name in (hit.attacker, hit.target):
        raise Refusal(f"A hit by or on {who.name} waits for a Defend; let it land first.")
    if game.team is not None and who.name in game.team.members:
        raise Refusal(f"{who.name} is in the teamwork Check; a GM ends it first (/team end).")
    # A Twist puts back sheets as they were: none may come back from deletion.
    closed = (ev.WindowClosed(),) if game.window_open else ()
    return Decision(
        events=(*closed, ev.CharacterDeleted(name=who.name)),
        reply=Reply.say(f"{who.name} is deleted (/undo brings them back)."),
    )


@dataclass(frozen=True)
class ImportSheet:
    file: Annotated[
        Attachment, Opt("a YAML or JSON sheet (docs/cortex-sheets.md, docs/mettle-sheets.md)")
    ]
    owner: Annotated[Person | None, Opt("GMs: who plays the new characters (default: you)")] = None


@commands.command(
    "char import",
    help="Bring in whole sheets from a YAML or JSON file (new characters, or your own again).",
    permission=Permission.PLAYER,
    examples=("/char import file:viktor.yaml",),
)
def import_sheets(ctx: Context, args: ImportSheet) -> Decision:
    state = ctx.require_state()
    meta, game = state.meta, mettle(state)
    is_gm = meta.is_gm(ctx.actor.id)
    if args.owner is not None and not is_gm:
        raise Refusal("Only a GM imports characters for someone else; leave out owner:.")
    if args.owner is not None and not meta.is_seated(args.owner.id):
        raise Refusal(f"{args.owner.name} is not at this table; they type /game join first.")
    player = args.owner or (None if is_gm else ctx.actor)
    plan = Plan(ctx)
    for data in read_sheets(args.file.content, args.file.name):
        sheet = data.character
        existing = game.find(sheet.name)
        if existing is not None:
            # A held hit on them lands on the sheet as it was, before the file changes it.
            land_before_change(plan, existing.name)
            existing = plan.get(existing.name)
        owner = meta.owner_of(sheet.name) if existing else None
        if existing and not is_gm and owner != ctx.actor.id:
            raise Refusal(
                f"{existing.name} is someone else's character; a player imports only their "
                "own characters or new ones."
            )
        if sheet.kind == "gmc" and not is_gm:
            raise Refusal(f"{sheet.name} is a GM character; only a GM imports those.")
        imported = data.onto(existing) if existing else data.fresh()
        left_out: dict[str, str] = {}
        if not is_gm:
            # A file is another way to type commands: a player's sets only what theirs can.
            before = existing or new_player_character(imported)
            imported, left_out = player_parts(before, imported)
        plan.add(ev.SheetImported(character=imported))
        if existing is None and player is not None and sheet.kind == "pc":
            name = meta.names.get(player.id, player.name)
            plan.add(CharacterClaimed(character=imported.name, owner=player.id, name=name))
        verb = "Updated" if existing else "Imported"
        plan.say(
            f"{verb} {imported.name} from {args.file.name}: Mettle {imported.mettle} of "
            f"{imported.max_mettle}."
        )
        plan.say(above_six({a: n for a, n in sheet.attributes.items() if a in data.given}))
        bare = [g.name for g in sheet.gear if g == Gear(name=g.name) and known(g.name) is None]
        if bare:
            plan.say(f"Not on the gear tables, so with no numbers: {', '.join(bare)}.")
        if left_out:
            said = "; ".join(f"{part} (the file says {what})" for part, what in left_out.items())
            plan.say(f"Kept as they were, since the Guide and play set them: {said}.")
    return plan.decision()
