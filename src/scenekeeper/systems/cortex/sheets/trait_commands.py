"""A Cortex sheet's own commands: ``/char new`` (with traits), ``/trait sets``, ``/char set``
and ``/char remove`` (rating traits, one or several at once) and SFX. Show, delete and import
are the shell's (``engine.sheets``), driven by ``sheet_schema``.

Cortex p.16-19: traits come in prime sets (by default Distinctions, Attributes, Skills); a trait
with no rating is a d4; a character has three distinctions, each a d8.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Annotated

from scenekeeper.dice import DiceError, Die
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.documents import short_name
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.names import resolve
from scenekeeper.engine.quoting import option, quoted
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.sheets.making import named_rating, new_one
from scenekeeper.engine.state import Person
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.sheets.drafts import drafted
from scenekeeper.systems.cortex.sheets.sheet import (
    DISTINCTION_COUNT,
    DISTINCTION_DIE,
    DISTINCTIONS,
    Character,
    clean_name,
    same_name,
)
from scenekeeper.systems.cortex.sheets.sheet_text import (
    TypedTrait,
    read_traits,
    several,
    trait_set,
)
from scenekeeper.systems.cortex.state import cortex, own_character

commands = CommandSet(systems=frozenset({"cortex"}))


@dataclass(frozen=True)
class TraitSets:
    names: Annotated[
        str, Opt('the prime trait sets in order, like "Distinctions, Attributes, Skills"')
    ]


@commands.command(
    "trait sets",
    help="Choose this game's prime trait sets (a pool takes one trait from each).",
    permission=Permission.GM,
    examples=('/trait sets names:"Distinctions, Values, Roles"',),
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
    game = cortex(ctx.require_state())
    made = new_one(
        ctx, game, args.name, gmc=args.gmc, owner=args.owner, gmc_word="GMCs", own=" character"
    )
    name, is_gm = made.name, made.by_gm
    claim, played = made.claimed(ctx)
    events: list[Event] = [
        ev.CharacterCreated(
            name=name,
            kind=made.kind,
            pp=0 if args.gmc else game.rules.start_points,
        ),
        *claim,
    ]
    ready = f"{'GMC' if args.gmc else 'Character'} {name} is ready{played}."
    if game.approve_characters and not is_gm and not args.gmc:
        draft, said = drafted(name)
        events.append(draft)
        ready = f"{ready} {said}"
    if args.traits is not None:
        fresh = Character(name=name, kind="gmc" if args.gmc else "pc")
        rated, lines = rate_traits(
            game.trait_sets,
            fresh,
            read_traits(args.traits, game.trait_sets, None),
            listed="traits",
        )
        return Decision(events=(*events, *rated), reply=Reply.say(ready, *lines))
    sets = ", ".join(game.trait_sets)
    return Decision(
        events=tuple(events),
        reply=Reply.say(
            ready,
            f'Rate traits with /char set "<set>: <trait> <d4..d12>, ...; <set>: ..." '
            f"{option('character', name)} (sets: {sets}), or bring a whole sheet with "
            "/char import file:<sheet>.",
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
    name = resolve(who.sfx, args.name, "SFX", whole="char sfx remove", option="name")
    if name is None:
        raise Refusal(f"{who.name} has no SFX called {args.name}.")
    return Decision(
        events=(ev.SfxRemoved(character=who.name, name=name),),
        reply=Reply.say(f"{who.name}: SFX {name} is off the sheet."),
    )


@dataclass(frozen=True)
class RateTrait:
    trait: Annotated[str | None, Opt("the trait's name, with its die if you like: Agility d10")] = (
        None
    )
    traits: Annotated[
        str | None,
        Opt('several at once, like "Attributes: Agility d10, Wits d6; Skills: Sneaking d8"'),
    ] = None
    character: Annotated[str | None, Opt("whose sheet (default: the character you play)")] = None
    die: Annotated[str | None, Opt("its rating, d4 to d12 (no rating is a d4)")] = None
    set: Annotated[str | None, Opt("its trait set (needed for a new trait)")] = None


@commands.command(
    "char set",
    help="Rate traits on a sheet (add them, change their dice, or move them to another set): "
    "one with trait:, or several with traits:.",
    summary="Rate traits on a sheet: add them, change their dice, or move them to another set.",
    permission=Permission.OWNER,
    examples=(
        '/char set character:"Ada Lark" trait:Fighting die:d8 set:Skills',
        '/char set character:"Ada Lark" trait:"Reckless Pilot" set:Distinctions',
        '/char set traits:"Distinctions: Cat Burglar; Attributes: Agility d10, Wits d6"',
        "/char set Agility d10",
        "/char set Agility d10 Wits d6",
    ),
)
def rate_trait(ctx: Context, args: RateTrait) -> Decision:
    who = own_character(ctx, args.character)
    game = cortex(ctx.require_state())
    typed = args.trait if args.traits is None and args.die is None else None
    if typed is not None and (":" in typed or several(typed)):
        # /char set "Skills: Climbing d6, Sneaking d10" or "Agility d10 Wits d6": several,
        # typed first.
        args = replace(args, traits=typed, trait=None)
    set_name = trait_set(game.trait_sets, args.set) if args.set is not None else None
    if args.traits is not None:
        if args.trait is not None or args.die is not None:
            raise Refusal("Give one trait (trait: and die:) or several (traits:), not both.")
        items = read_traits(args.traits, game.trait_sets, set_name)
    elif args.trait is not None:
        # /char set Agility d10: the die typed after the name (the bare words fill trait:).
        name, typed = named_rating(args.trait) if args.die is None else (args.trait, args.die)
        die = _die(typed) if typed else None
        items = [TypedTrait(set=set_name, name=short_name(clean_name(name), "trait"), die=die)]
    else:
        raise Refusal(
            'Name the trait: trait:Fighting die:d8 set:Skills, or several with traits:"Skills: '
            'Fighting d8, Sneaking d6".'
        )
    events, lines = rate_traits(game.trait_sets, who, items)
    return Decision(events=tuple(events), reply=Reply.say(*lines))


def rate_traits(
    sets: tuple[str, ...], who: Character, items: list[TypedTrait], *, listed: str = ""
) -> tuple[list[Event], list[str]]:
    """Rate each trait in turn on ``who``'s sheet, each seeing the ones before it (so a
    fourth distinction in one command is refused like one in its own command). ``listed``:
    the command's option the traits were listed in (``traits``), whose text names a new
    trait's set; empty when they were named one by one (``set:`` does)."""
    sheet = who
    events: list[Event] = []
    lines: list[str] = []
    for item in items:
        existing = sheet.find_trait(item.name)
        set_name = item.set or (existing[0] if existing else None)
        if set_name is None:
            if listed:
                raise Refusal(
                    f"{who.name} has no trait called {item.name}; to add it, open its group "
                    f'with its set, like {listed}:"{sets[-1]}: {item.name} {item.die or "d6"}" '
                    f"(sets: {', '.join(sets)})."
                )
            raise Refusal(
                f"{who.name} has no trait called {item.name}; to add it, say which set: "
                f"set:<{'|'.join(sets)}>."
            )
        trait = existing[1] if existing else item.name
        # No die: an existing trait keeps its rating (a move); a new one is rated by default.
        die = item.die or (existing[2] if existing else _default_die(set_name))
        if set_name == DISTINCTIONS:
            _check_distinction(sheet.distinctions(), trait, die)
        events.append(ev.TraitRated(character=who.name, set=set_name, trait=trait, die=die))
        lines.append(f"{who.name}: {trait} ({set_name}) is {die}.")
        sheet = sheet.with_trait(set_name, trait, die)
    return events, lines


def _die(text: str) -> Die:
    try:
        return Die.parse(text)
    except DiceError as error:
        raise Refusal(str(error)) from None


def _default_die(set_name: str) -> Die:
    # Cortex p.18: distinctions are d8; any other trait with no rating is a d4.
    return DISTINCTION_DIE if set_name == DISTINCTIONS else Die.D4


def _check_distinction(current: dict[str, Die], trait: str, die: Die) -> None:
    if die is not DISTINCTION_DIE:
        raise Refusal(
            f"Distinctions are always {DISTINCTION_DIE} (hinder one to roll it as a d4); "
            "leave out die:."
        )
    others = [name for name in current if not same_name(name, trait)]
    if len(others) >= DISTINCTION_COUNT:
        raise Refusal(
            f"A character has {DISTINCTION_COUNT} distinctions: with {', '.join(others)}, "
            f"{trait} would be one more; remove one first with /char remove."
        )


@dataclass(frozen=True)
class RemoveTrait:
    trait: Annotated[str, Opt("the trait to take off the sheet")]
    character: Annotated[str | None, Opt("whose sheet (default: the character you play)")] = None


@commands.command(
    "char remove",
    help="Take a trait off a sheet.",
    permission=Permission.OWNER,
    examples=('/char remove character:"Ada Lark" trait:Sneaking',),
)
def remove_trait(ctx: Context, args: RemoveTrait) -> Decision:
    who = own_character(ctx, args.character)
    named = resolve(who.trait_names(), args.trait, "trait", whole="char remove", option="trait")
    existing = who.find_trait(named or args.trait)
    if existing is None:
        raise Refusal(f"{who.name} has no trait called {args.trait}.")
    return Decision(
        events=(ev.TraitRemoved(character=who.name, trait=existing[1]),),
        reply=Reply.say(f"{who.name}: {existing[1]} is off the sheet."),
    )
