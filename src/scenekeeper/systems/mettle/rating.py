"""A METTLE sheet's own commands (characters.md; guidance.md, NPC Creation): ``/char new``,
``/char set``, ``/char backstory`` and ``/char gear``. Show, delete and import are the shell's
(``engine.sheets``), driven by ``sheet_schema``.

Five Attributes, each with an optional Descriptor; Mettle is Motive + the highest non-Frame
Attribute; as many Backstories as that highest Attribute. A GM character may be one NPC pool
for every Attribute and Mettle, with exceptions ("Pool 4 (Frame 7)").
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.names import resolve
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.sheets.making import named_rating, new_one
from scenekeeper.engine.sheets.several import one_by_one, rated_parts
from scenekeeper.engine.state import Person
from scenekeeper.systems.mettle import events as ev
from scenekeeper.systems.mettle.damage import land_before_change
from scenekeeper.systems.mettle.evolve import rated_sheet
from scenekeeper.systems.mettle.gear_tables import MAX_GEAR, known, like, made_item
from scenekeeper.systems.mettle.plan import Plan
from scenekeeper.systems.mettle.sheet import (
    ATTRIBUTES,
    Gear,
    attribute_named,
    clean_name,
    same_name,
    title,
)
from scenekeeper.systems.mettle.state import mettle, own_character

#: The highest rating a sheet takes (an Attribute, an NPC pool), by command as by file.
MAX_RATING = 30
commands = CommandSet(systems=frozenset({"mettle"}))
RATED = (*ATTRIBUTES, "pool", "credit")
MAX_CREDIT = 6
_RATING = Opt("its rating (1-6 to start; the Guide allows more)", min_value=0, max_value=30)
_NEW = Opt("its rating (1-6 to start; the Guide allows more)", min_value=1, max_value=30)


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
    summary="Make a character: rate its Attributes, or give a GM character one NPC pool.",
    permission=Permission.PLAYER,
    examples=(
        "/char new name:Viktor concept:5 frame:3 motive:4 nature:3 poise:2",
        "/char new name:Thug gmc:true npc_pool:3",
    ),
)
def new_character(ctx: Context, args: NewCharacter) -> Decision:
    game = mettle(ctx.require_state())
    made = new_one(ctx, game, args.name, gmc=args.gmc, owner=None if args.gmc else args.owner)
    if args.npc_pool is not None and not args.gmc:
        raise Refusal("An NPC pool is for GM characters: add gmc:true (players rate Attributes).")
    name = made.name
    rated = {a: getattr(args, a) for a in ATTRIBUTES if getattr(args, a) is not None}
    claim, played = made.claimed(ctx)
    events: list[Event] = [
        ev.CharacterMade(name=name, kind=made.kind, pool=args.npc_pool, attributes=rated),
        *claim,
    ]
    lines = [f"{'GM character' if args.gmc else 'Character'} {name} is ready{played}."]
    lines += [above_six(rated)] if above_six(rated) else []
    missing = [title(a) for a in ATTRIBUTES if a not in rated]
    if args.npc_pool is None and missing:
        lines.append(
            f'Still to rate: {", ".join(missing)} (/char set <Attribute> <n> character:"{name}", '
            f'like /char set {missing[0]} 3 character:"{name}"), or bring a sheet with '
            "/char import file:<sheet>."
        )
    return Decision(events=tuple(events), reply=Reply.say(*lines))


@dataclass(frozen=True)
class RateAttribute:
    trait: Annotated[
        str | None, Opt("the Attribute (or pool, credit) with its rating, like Poise 4")
    ] = None
    character: Annotated[str | None, Opt("whose sheet (default: the character you play)")] = None
    attribute: Annotated[
        str | None, Opt("an Attribute, or pool (NPC) or credit", choices=RATED)
    ] = None
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
        "/char set Poise 4",
        "/char set Concept 3 Frame 4 Poise 2",
    ),
)
def rate(ctx: Context, args: RateAttribute) -> Decision:
    if args.trait is not None and args.attribute is None and args.value is None:
        parts = rated_parts(args.trait)
        if len(parts) > 1 and args.descriptor is None:
            # /char set Concept 3 Frame 4: each in turn (engine.sheets.several).
            return one_by_one(ctx, args, parts, _rate_one)
    return _rate_one(ctx, args)


def _rate_one(ctx: Context, args: RateAttribute) -> Decision:
    plan = Plan(ctx)
    who = own_character(ctx, args.character)
    attribute, value = _rated(args)
    args = replace(args, value=value)
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


def _rated(args: RateAttribute) -> tuple[str, int | None]:
    """The Attribute (or pool, credit) and value: attribute: and value:, or typed first
    (``/char set Poise 4``)."""
    typed, rating = named_rating(args.trait or "")
    if args.attribute is not None and args.trait is not None:
        raise Refusal("Name the Attribute once: trait:<name> or attribute:<name>.")
    named = args.attribute or typed
    if not named:
        raise Refusal("Name the Attribute: /char set Poise 4, or attribute:poise value:4.")
    word = named.strip().casefold()
    attribute = word if word in ("pool", "credit") else attribute_named(named)
    if rating is not None and args.value is None:
        if not rating.isdigit() or int(rating) > MAX_RATING:
            raise Refusal(f"{title(attribute)} is rated as a number, like {title(attribute)} 4.")
        return attribute, int(rating)
    return attribute, args.value


@dataclass(frozen=True)
class Backstory:
    text: Annotated[str, Opt('the Backstory, like "Raised in Baltimore (English)"', max_length=200)]
    character: Annotated[str | None, Opt("whose sheet (default: the character you play)")] = None
    remove: Annotated[bool, Opt("true to take it off the sheet")] = False


@commands.command(
    "char backstory",
    help="Add a Backstory (an extra Concept; as many as the highest non-Frame Attribute), or "
    "remove one.",
    permission=Permission.OWNER,
    examples=('/char backstory character:Viktor text:"Master fencer who lost his dream"',),
)
def backstory(ctx: Context, args: Backstory) -> Decision:
    who = own_character(ctx, args.character)
    text = clean_name(args.text)
    have = next((b for b in who.backstories if same_name(b, text)), None)
    if args.remove:
        # Taking it off takes its whole name (engine.names.resolve).
        have = resolve(
            who.backstories, text, "Backstory", whole="char backstory remove:true", option="text"
        )
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
    item: Annotated[str, Opt("the weapon, armor or item (table names fill in)", max_length=60)]
    character: Annotated[str | None, Opt("whose sheet (default: the character you play)")] = None
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
    who = own_character(ctx, args.character)
    have = next((g for g in who.gear if same_name(g.name, args.item)), None)
    if args.remove:
        names = [g.name for g in who.gear]
        found = resolve(names, args.item, "item", whole="char gear remove:true", option="item")
        have = next((g for g in who.gear if g.name == found), None)
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
