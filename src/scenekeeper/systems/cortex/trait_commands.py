"""``/char set`` and ``/char remove``: rating traits on a Cortex sheet, one or several at once.

Cortex p.16-19: traits come in prime sets (by default Distinctions, Attributes, Skills); a trait
with no rating is a d4; a character has three distinctions, each a d8.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import DiceError, Die
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.reply import Reply
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.names import cortex, own_character
from scenekeeper.systems.cortex.sheet import (
    DISTINCTION_COUNT,
    DISTINCTION_DIE,
    DISTINCTIONS,
    Character,
    clean_name,
    same_name,
)
from scenekeeper.systems.cortex.sheet_text import TypedTrait, read_traits, trait_set

commands = CommandSet(systems=frozenset({"cortex"}))


@dataclass(frozen=True)
class RateTrait:
    traits: Annotated[
        str | None,
        Opt('several at once, like "Attributes: Agility d10, Wits d6; Skills: Sneaking d8"'),
    ] = None
    character: Annotated[str | None, Opt("whose sheet (default: the character you play)")] = None
    trait: Annotated[str | None, Opt("the trait's name", max_length=60)] = None
    die: Annotated[str | None, Opt("its rating, d4 to d12 (no rating is a d4)")] = None
    set: Annotated[str | None, Opt("its trait set (needed for a new trait)")] = None


@commands.command(
    "char set",
    help="Rate traits on a sheet (add them, change their dice, or move them to another set): "
    "one with trait:, or several with traits:.",
    permission=Permission.OWNER,
    examples=(
        '/char set character:"Ada Lark" trait:Fighting die:d8 set:Skills',
        '/char set character:"Ada Lark" trait:"Reckless Pilot" set:Distinctions',
        '/char set traits:"Distinctions: Cat Burglar; Attributes: Agility d10, Wits d6"',
    ),
)
def rate_trait(ctx: Context, args: RateTrait) -> Decision:
    who = own_character(ctx, args.character)
    game = cortex(ctx.require_state())
    set_name = trait_set(game.trait_sets, args.set) if args.set is not None else None
    if args.traits is not None:
        if args.trait is not None or args.die is not None:
            raise Refusal("Give one trait (trait: and die:) or several (traits:), not both.")
        items = read_traits(args.traits, game.trait_sets, set_name)
    elif args.trait is not None:
        die = _die(args.die) if args.die else None
        items = [TypedTrait(set=set_name, name=clean_name(args.trait), die=die)]
    else:
        raise Refusal(
            'Name the trait: trait:Fighting die:d8 set:Skills, or several with traits:"Skills: '
            'Fighting d8, Sneaking d6".'
        )
    events, lines = rate_traits(game.trait_sets, who, items)
    return Decision(events=tuple(events), reply=Reply.say(*lines))


def rate_traits(
    sets: tuple[str, ...], who: Character, items: list[TypedTrait]
) -> tuple[list[Event], list[str]]:
    """Rate each trait in turn on ``who``'s sheet, each seeing the ones before it (so a
    fourth distinction in one command is refused like one in its own command)."""
    sheet = who
    events: list[Event] = []
    lines: list[str] = []
    for item in items:
        existing = sheet.find_trait(item.name)
        set_name = item.set or (existing[0] if existing else None)
        if set_name is None:
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
    existing = who.find_trait(args.trait)
    if existing is None:
        raise Refusal(f"{who.name} has no trait called {args.trait}.")
    return Decision(
        events=(ev.TraitRemoved(character=who.name, trait=existing[1]),),
        reply=Reply.say(f"{who.name}: {existing[1]} is off the sheet."),
    )
