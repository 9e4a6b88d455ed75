"""A Cybergod sheet's own commands: ``/char new`` and ``/char set`` (show, delete and import
are the shell's, ``engine.sheets``, driven by ``sheet_schema``).

The sheet (gaps 3): Attributes Body, Reflex, Mind, Cyber rated D6-D12 (or absent); six
Aptitudes 0-3, each with three Skills 0-4; Engrams 1-5 set Resolve and the Stress die.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.sheets.making import named_rating, new_one
from scenekeeper.engine.sheets.several import one_by_one, rated_parts
from scenekeeper.engine.state import Person
from scenekeeper.systems.cybergod import events as ev
from scenekeeper.systems.cybergod.sheet import (
    APTITUDE_OF,
    APTITUDES,
    ATTRIBUTES,
    MAX_APTITUDE,
    MAX_SKILL,
    MAX_STRESS,
    SIZES,
    TIERS,
    Character,
    die_text,
    find_aptitude,
    find_attribute,
    find_skill,
    key,
    pasteable,
    stress_dice,
)
from scenekeeper.systems.cybergod.state import cybergod, own_character

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
    summary="Make a character: Attributes start at D6, Aptitudes and Skills at 0.",
    permission=Permission.PLAYER,
    examples=("/char new name:Marko", "/char new name:Guard gmc:true"),
)
def new_character(ctx: Context, args: NewCharacter) -> Decision:
    made = new_one(ctx, cybergod(ctx.require_state()), args.name, gmc=args.gmc, owner=args.owner)
    name = made.name
    claim, played = made.claimed(ctx)
    events: list[Event] = [ev.CharacterCreated(name=name, kind=made.kind), *claim]
    return Decision(
        events=tuple(events),
        reply=Reply.say(
            f"{'GM character' if args.gmc else 'Character'} {name} is ready{played}.",
            f"Write the sheet with /char set <trait> <rating> character:{pasteable(name)}: a die "
            "(d6-d12, or - if the frame lacks it) for an Attribute, a number for an Aptitude "
            "(0-3), a Skill (0-4) or engrams (1-5), like /char set Reflex d10 or /char set "
            "Hacking 2; or bring one with /char import file:<sheet>.",
        ),
    )


@dataclass(frozen=True)
class SetValue:
    trait: Annotated[
        str,
        Opt(
            "what to set, by name, like Reflex d10 (a trait, or a game's own value)", max_length=60
        ),
    ]
    character: Annotated[str | None, Opt("whose sheet (default: the character you play)")] = None
    die: Annotated[
        str | None, Opt("its rating as a die, like d8 (Cybergod: - for an absent Attribute)")
    ] = None
    # The range is the trait's own, said by name (Technical 0-3), so the option takes a wide one.
    value: Annotated[int | None, Opt("its rating as a number", min_value=-9999, max_value=9999)] = (
        None
    )


@commands.command(
    "char set",
    help="Set a value on a sheet: an Attribute (die:d6..d12, or die:- if the frame lacks it), "
    "an Aptitude (value:0-3), a Skill (0-4), engrams (1-5), resolve (its maximum; no value: "
    "as the Engrams) or stress.",
    summary="Set a value on a sheet: an Attribute, Aptitude, Skill, Engrams, Resolve or Stress.",
    permission=Permission.OWNER,
    examples=(
        "/char set trait:Cyber die:d10 character:Marko",
        "/char set Reflex d10",
        "/char set Reflex d10, Hacking 2",
        "/char set character:Marko trait:Hacking value:2",
        "/char set character:Drone trait:Mind die:-",
    ),
)
def set_value(ctx: Context, args: SetValue) -> Decision:
    if args.die is None and args.value is None:
        parts = rated_parts(args.trait)
        if len(parts) > 1:
            # /char set Reflex d10 Hacking 2: each in turn (engine.sheets.several).
            return one_by_one(ctx, args, parts, _set_one)
    return _set_one(ctx, args)


def _set_one(ctx: Context, args: SetValue) -> Decision:
    who = own_character(ctx, args.character)
    if args.die is None and args.value is None:
        # /char set Reflex d10, /char set Hacking 2: the rating typed after the name.
        named, typed = named_rating(args.trait)
        if typed is not None and typed.isdigit():
            args = replace(args, trait=named, value=int(typed))
        elif typed is not None:
            args = replace(args, trait=named, die=typed)
    attribute = find_attribute(args.trait)
    if attribute is not None:
        if args.die is None:
            raise Refusal(
                f"{attribute} is rated as a die: die:d6, d8, d10 or d12 (die:- when the frame "
                "lacks it)."
            )
        if args.value is not None:
            raise Refusal(
                f"{attribute} is rated as a die, so value: has no place here: give die: alone "
                f"(die:{args.die.strip()})."
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
        trait, high = word, {"engrams": len(TIERS), "resolve": 9, "stress": MAX_STRESS}[word]
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
            f"Give the new value: /char set character:{pasteable(who.name)} "
            f"trait:{pasteable(trait)} value:<{low}-{high}>."
        )
    if number is not None and not low <= number <= high:
        raise Refusal(f"{trait} is a whole number from {low} to {high}, not {number}.")
    if trait == "stress" and not ctx.require_state().meta.is_gm(ctx.actor.id):
        _owed(who)
    if trait in _OTHER:
        _in_play(ctx, who, trait, number)
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


def _in_play(ctx: Context, who: Character, trait: str, number: int | None) -> None:
    """Engrams, Resolve and Stress move in play once it has started (R58: Resolve starts at
    the Engrams; Stress comes from Mental Saves): by hand, then, only a GM sets them. Nobody
    sets a Resolve maximum below the points already spent and burned."""
    state = ctx.require_state()
    game = cybergod(state)
    if not state.meta.is_gm(ctx.actor.id) and (game.roll_count or game.scene_count):
        raise Refusal(
            f"Play has started: {who.name}'s {trait} is kept by play now (Resolve is the "
            "Engrams, R58; Stress comes from Mental Saves), so only a GM sets it by hand."
        )
    if trait == "stress":
        return
    if trait == "resolve":
        maximum = number if number is not None else who.engrams or 0
    else:
        maximum = who.resolve_max if who.resolve_max is not None else number or 0
    used = who.resolve_spent + who.resolve_burned
    if maximum < used:
        raise Refusal(
            f"{who.name} has {who.resolve_spent} Resolve spent and {who.resolve_burned} burned, "
            f"so Resolve {maximum} cannot hold them: set at least {used}, or refresh first "
            f"(/resolve refresh character:{pasteable(who.name)} scope:downtime)."
        )


def _owed(who: Character) -> None:
    """Setting Stress settles the Stress Saves and breakdowns owed: a GM's waiver, never a
    player's (corebook 07 "Stress"; the board says a GM waives them)."""
    name = pasteable(who.name)
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
