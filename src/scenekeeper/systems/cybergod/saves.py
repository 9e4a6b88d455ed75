"""``/save`` and ``/reload``: saves of every kind the text names, and the weapon's ammo.

Saves: "roll one or more dice to avoid certain effects. If you roll the highest face on the
die, the save will fail" (any die, for several: gaps 3); the difficulty is how many dice. Ammo
(D6), Knockdown (Body), Death (Body per Lethal wound), Evasion (Reflex), Mental (Mind), Stress
(Stress dice); the Ammo marks, Stress and breakdowns follow corebook 07 and 09 (gaps 3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from scenekeeper.dice import DiceError, roll_dice
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.systems import mod_on
from scenekeeper.odds import percent, save_passes
from scenekeeper.systems.cybergod import events as ev
from scenekeeper.systems.cybergod.render import save_data, save_lines
from scenekeeper.systems.cybergod.save_rules import (
    AmmoPlan,
    ammo_after,
    ammo_plan,
    death_after,
    stress_after,
    weapon_named,
)
from scenekeeper.systems.cybergod.sheet import SIZES, Character, find_attribute, pasteable
from scenekeeper.systems.cybergod.state import (
    GM_ROLLER,
    SAVE_KINDS,
    SaveKind,
    SaveRecord,
    acting_character,
    cybergod,
)

commands = CommandSet(systems=frozenset({"cybergod"}))
#: Dice a save may use besides the Attributes' (a Safety rating, a hazard's die).
SAVE_DICE = (4, 6, 8, 10, 12, 20)
#: A save's Attribute by kind, and its dice when none are given.
_ATTRIBUTE = {"knockdown": "Body", "death": "Body", "evasion": "Reflex", "mental": "Mind"}
MAX_SAVE_DICE = 20


@dataclass(frozen=True)
class SaveArgs:
    kind: Annotated[str, Opt("which save", choices=SAVE_KINDS)] = "other"
    count: Annotated[
        int | None,
        Opt("how many dice (the save's difficulty; default by kind)", min_value=1, max_value=20),
    ] = None
    die: Annotated[str | None, Opt("the die: an Attribute (Body, Mind, ...) or d4-d20")] = None
    weapon: Annotated[str | None, Opt("the weapon, for an Ammo Save", max_length=60)] = None
    character: Annotated[str | None, Opt("who saves (default: the character you play)")] = None
    results: Annotated[str | None, Opt("faces you rolled yourself, one per die in order")] = None
    label: Annotated[str | None, Opt("what the save is for", max_length=80)] = None


@commands.command(
    "save",
    help="Roll a save: it fails if any die shows its highest face. Kinds: ammo (D6, one die "
    "more per pass), knockdown (Body), death (Body per Lethal wound), evasion (Reflex), "
    "mental (Mind), stress (Stress dice), breakdown (d12 table), other.",
    summary="Roll a save (ammo, knockdown, death, evasion, mental, stress...): any highest face "
    "fails.",
    permission=Permission.PLAYER,
    examples=(
        "/save kind:ammo weapon:Pistol",
        "/save kind:mental count:3",
        "/save kind:knockdown count:2 character:Marko",
        "/save die:d8 count:2 label:Poison",
    ),
)
def save(ctx: Context, args: SaveArgs) -> Decision:
    state = ctx.require_state()
    game = cybergod(state)
    who = acting_character(ctx, args.character)
    kind: SaveKind = next(k for k in SAVE_KINDS if k == args.kind)
    if who is not None and who.wounds.dead:
        raise Refusal(f"{who.name} is dead; the dead make no saves.")
    dice, die, plan = _dice_for(ctx, kind, who, args)
    try:
        faces = roll_dice(ctx.dice, [die] * dice, args.results)
    except DiceError as error:
        raise Refusal(str(error)) from None
    record = SaveRecord(
        id=game.roll_count + 1,
        save=kind,
        roller=who.name if who else GM_ROLLER,
        by=ctx.actor.name,
        dice=dice,
        die=die,
        faces=faces,
        weapon=plan.name if plan else "",
        label=args.label or "",
        typed=args.results is not None,
    )
    data = save_data(record)
    events, notes = _after(ctx, who, record, plan, data)
    odds = [] if kind == "breakdown" else [f"Odds: {_percent(dice, die)} to pass ({dice} D{die})."]
    return Decision(
        events=(ev.SaveRolled(save=record), *events),
        reply=Reply.say(*odds, *save_lines(record), *notes, data=data),
    )


def _dice_for(
    ctx: Context, kind: SaveKind, who: Character | None, args: SaveArgs
) -> tuple[int, int, AmmoPlan | None]:
    """How many dice of which size the save rolls (and, for ammo, the weapon's plan)."""
    if kind == "breakdown":
        if args.count is not None or args.die is not None:
            raise Refusal("A Mental Breakdown is one d12 on the table; leave out count: and die:.")
        _breakdown_owed(ctx, who)
        return 1, 12, None
    if kind == "ammo":
        plan = ammo_plan(_needs(who, "An Ammo Save"), args.weapon, args.die, args.count)
        return plan.dice, plan.die, plan
    if args.weapon is not None:
        raise Refusal("weapon: is for an Ammo Save; add kind:ammo.")
    if kind == "death":
        return (*_death_dice(ctx, _needs(who, "A Death Save"), args), None)
    if kind == "stress":
        return (*_stress_dice(ctx, who, args), None)
    die = _die(who, _fixed(who, args.die, kind), _ATTRIBUTE.get(kind), kind)
    if kind == "mental" and args.count is None:
        raise Refusal("A Mental Save rolls one die per point of mental damage: add count:<n>.")
    return args.count or 1, die, None


def _after(
    ctx: Context,
    who: Character | None,
    record: SaveRecord,
    plan: AmmoPlan | None,
    data: dict[str, Any],
) -> tuple[list[Event], list[str]]:
    """What the save leaves behind: ammo marks, death, Stress and breakdowns."""
    if plan is not None:
        assert who is not None
        after = ammo_after(plan, record)
        data.update({"weapon": plan.name, "marks": after.marks, "reload": after.reload})
        notes = _ammo_notes(plan.name, after.reload, record, after.marks)
        if plan.new:
            notes.insert(0, f"{plan.name} goes on {who.name}'s sheet (ammo D{plan.die}).")
        return [ev.WeaponChanged(character=who.name, weapon=plan.name, state=after)], notes
    if record.save == "death":
        assert who is not None
        said = f"{who.name} holds on." if record.passed else f"{who.name} dies of their wounds."
        return [death_after(ctx, who, record)], [said]
    if who is not None and record.save in ("mental", "stress", "breakdown"):
        events, notes = stress_after(ctx.require_state(), who, record)
        if record.save == "mental":
            data.update({"stress_gained": record.failed_dice, "stress": _stress(events, who)})
        elif record.save == "stress":
            data["breakdown"] = not record.passed
        return events, notes
    if record.save == "mental" and not record.passed:
        return [], [
            "A minor character who takes Stress rolls on the breakdown table: /save kind:breakdown."
        ]
    return [], []


def _percent(dice: int, die: int) -> str:
    return percent(save_passes(dice, die))


def _stress(changed: list[Event], who: Character) -> int:
    stressed = [e for e in changed if isinstance(e, ev.StressChanged)]
    return stressed[-1].stress if stressed else who.stress


def _needs(who: Character | None, what: str) -> Character:
    if who is None:
        raise Refusal(f"{what} is a character's: add character:<name>.")
    return who


def _fixed(who: Character | None, text: str | None, kind: SaveKind) -> str | None:
    """R52-R55: a knockdown, death, evasion or mental save rolls its Attribute's die, never
    another (R7: an Attribute is D6 to D12, never a d4 or d20). ``die:`` may name that
    Attribute; a die size only stands in for it when there is no sheet to read (no character,
    or a frame that lacks the Attribute)."""
    attribute = _ATTRIBUTE.get(kind)
    if text is None or attribute is None or find_attribute(text) == attribute:
        return text
    name = "A Death Save" if kind == "death" else f"{_a(kind)} {kind.capitalize()} Save"
    size = who.attribute(attribute) if who is not None else None
    if size is not None:
        assert who is not None
        raise Refusal(
            f"{name} rolls {attribute} dice ({who.name}'s {attribute} is D{size}); leave out die:."
        )
    digits = text.strip().casefold().removeprefix("d")
    if not digits.isdigit() or int(digits) not in SIZES:
        raise Refusal(
            f"{name} rolls {attribute} dice, D6 to D12: give die:d6, d8, d10 or d12, not {text}."
        )
    return text


def _a(word: str) -> str:
    return "An" if word[0] in "aeiou" else "A"


def _die(who: Character | None, text: str | None, default: str | None, kind: str) -> int:
    """A save's die: an Attribute of ``who`` (the kind's own by default) or a die size."""
    if text is None and default is None:
        raise Refusal(f"Say which die the {kind} save uses: die:<Attribute or d4-d20>.")
    wanted = text or default or ""
    attribute = find_attribute(wanted)
    if attribute is not None:
        if who is None:
            raise Refusal(
                f"{attribute} is read from a sheet: add character:<name>, or a die like die:d8."
            )
        size = who.attribute(attribute)
        if size is None:
            raise Refusal(f"{who.name}'s frame lacks {attribute} (-); give a die like die:d8.")
        return size
    digits = wanted.strip().casefold().removeprefix("d")
    if not digits.isdigit() or int(digits) not in SAVE_DICE:
        raise Refusal(
            f"die:{wanted}: name an Attribute (Body, Reflex, Mind, Cyber) or a die "
            "(d4, d6, d8, d10, d12, d20)."
        )
    return int(digits)


def _death_dice(ctx: Context, who: Character, args: SaveArgs) -> tuple[int, int]:
    """One Body die per Lethal wound, at the start of each combat round (corebook 07)."""
    die = _die(who, _fixed(who, args.die, "death"), "Body", "death")
    state = ctx.require_state()
    if not mod_on(state, "wounds"):
        if args.count is None:
            raise Refusal("Wounds are not tracked here: say how many Lethal wounds, count:<n>.")
        return args.count, die
    lethal = who.wounds.lethal
    if not lethal:
        raise Refusal(f"{who.name} has no Lethal wound, so no Death Save to roll.")
    if args.count is not None and args.count != lethal:
        raise Refusal(
            f"A Death Save rolls one Body die per Lethal wound: {who.name} has {lethal}; "
            "leave out count:."
        )
    scene = cybergod(state).scene
    if (
        scene is not None
        and scene.mode == "turn-based"
        and who.wounds.death_save_at == (scene.number, scene.round)
    ):
        raise Refusal(
            f"{who.name} rolled a Death Save this round already; the next comes with /scene round."
        )
    return lethal, die


def _breakdown_owed(ctx: Context, who: Character | None) -> None:
    """While the stress mod keeps the books, a character's breakdown is rolled when a failed
    Stress Save owes one; nobody rolls again for a milder result. A GM may call one."""
    state = ctx.require_state()
    if who is None or not mod_on(state, "stress") or who.breakdowns_due:
        return
    if not state.meta.is_gm(ctx.actor.id):
        raise Refusal(
            f"{who.name} owes no Mental Breakdown: one is owed when a Stress Save fails, and "
            "only a GM calls one otherwise."
        )


def _stress_dice(ctx: Context, who: Character | None, args: SaveArgs) -> tuple[int, int]:
    """One Stress die per point of Stress held, of the tier's size (R56, corebook 07
    "Stress"); while the stress mod keeps the books, the save owed, or a GM's call."""
    if who is None:
        if args.count is None or args.die is None:
            raise Refusal("A Stress Save for no character needs count:<n> and die:<d6..d12>.")
        return args.count, _die(None, args.die, None, "stress")
    if who.engrams == 1:
        raise Refusal(f"{who.name} is a Relic: immune to Stress Saves.")
    die = who.stress_die
    if args.die is not None:
        given = _die(who, args.die, None, "stress")
        if die is not None and given != die:
            raise Refusal(f"{who.name}'s Stress die is D{die}, of their tier; leave out die:.")
        die = given
    if die is None:
        raise Refusal(
            f"{who.name} has no Engrams on the sheet, so no Stress die: set them with "
            f"/char set character:{pasteable(who.name)} trait:engrams value:<1-5>, or give die:."
        )
    state = ctx.require_state()
    if not mod_on(state, "stress"):
        dice = args.count or who.stress
    elif who.stress_saves_due:
        dice = who.stress_saves_due[0]
        if args.count is not None and args.count != dice:
            raise Refusal(
                f"{who.name} owes a Stress Save of {dice} D{die}, one die per point of Stress "
                "held; leave out count:."
            )
    else:
        dice = who.stress
        if not state.meta.is_gm(ctx.actor.id):
            raise Refusal(
                f"{who.name} owes no Stress Save: one is owed when a Mental Save gives Stress, "
                "and only a GM calls one otherwise."
            )
        if args.count is not None and args.count != dice:
            raise Refusal(
                f"A Stress Save rolls one die per point of Stress held: {who.name} holds "
                f"{dice}; leave out count:."
            )
    if dice < 1:
        raise Refusal(f"{who.name} holds no Stress, so there is nothing to save against.")
    return dice, die


def _ammo_notes(weapon: str, reload: bool, record: SaveRecord, marks: int) -> list[str]:
    if not reload:
        return [
            f"{weapon}: {marks} mark{'' if marks == 1 else 's'}; the next Ammo Save rolls "
            f"{marks + 1} D{record.die}."
        ]
    if record.passed:
        return [
            f"That was the 6th Ammo Save in a row: {weapon} must reload "
            f"(/reload weapon:{pasteable(weapon)})."
        ]
    return [f"{weapon} is out of ammo: reload it (/reload weapon:{pasteable(weapon)})."]


@dataclass(frozen=True)
class ReloadArgs:
    weapon: Annotated[str | None, Opt("the weapon (default: the only one)", max_length=60)] = None
    character: Annotated[str | None, Opt("whose weapon (default: the character you play)")] = None


@commands.command(
    "reload",
    help="Reload a weapon: its Ammo Save marks are cleared and it may fire again.",
    permission=Permission.PLAYER,
    examples=("/reload weapon:Pistol",),
)
def reload(ctx: Context, args: ReloadArgs) -> Decision:
    who = _needs(acting_character(ctx, args.character), "A weapon")
    name = weapon_named(who, args.weapon)
    weapon = who.weapons[name]
    if not weapon.reload and not weapon.marks:
        raise Refusal(f"{name} is loaded already (no Ammo Save marks).")
    state = weapon.model_copy(update={"marks": 0, "reload": False})
    data: dict[str, Any] = {"weapon": name, "marks": 0, "reload": False}
    return Decision(
        events=(ev.WeaponChanged(character=who.name, weapon=name, state=state),),
        reply=Reply.say(
            f"{who.name} reloads {name}: the next Ammo Save rolls 1 D{weapon.die}.", data=data
        ),
    )
