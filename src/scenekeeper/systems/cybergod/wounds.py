"""``/wound``: damage and wound slots (the wounds mod; corebook 07, gaps 3).

A hit's Damage Class, shifted 2 per step of Damage Scale and reduced by the mitigation spent on
it (Soft -2 but always at least a Bruise, Hard -3, Ultra -4), makes a wound: <= 0 Ineffective,
1 Bruise, 2 Minor (-1D), 3 Major (-2D), 4 Lethal (dying), 5+ Overkill (dead). Wound slots come
from Body; a full tier fills the next higher one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.reply import Reply
from scenekeeper.systems.cybergod import events as ev
from scenekeeper.systems.cybergod.sheet import WOUND_CLASSES, WOUND_SLOTS, Character, Wounds
from scenekeeper.systems.cybergod.sheet_lines import wounds_line
from scenekeeper.systems.cybergod.state import character, require_mod

commands = CommandSet(systems=frozenset({"cybergod"}))
MITIGATION = {"none": 0, "soft": 2, "hard": 3, "ultra": 4}
#: Damage Class -> wound (1 Bruise .. 4 Lethal); 5 and more is Overkill.
OVERKILL = 5
SCALE_STEP = 2


def wound_class(dc: int, mitigation: str, scale: int) -> int:
    """The class of the wound a hit leaves (0: ineffective, 5: overkill)."""
    shifted = dc + SCALE_STEP * scale
    after = shifted - MITIGATION[mitigation]
    if mitigation == "soft":
        after = max(1, after)  # corebook 07: Soft mitigation "will always Bruise"
    return max(0, min(OVERKILL, after))


def take(wounds: Wounds, cls: int, body: int) -> tuple[Wounds, str]:
    """Fill a slot of class ``cls`` (1-4) or the next higher free one; past Lethal is
    Overkill. Returns the wounds after and the wound taken."""
    slots = WOUND_SLOTS[body]
    for tier in range(cls - 1, len(WOUND_CLASSES)):
        wound = WOUND_CLASSES[tier]
        if wounds.count(wound) < slots[tier]:
            return wounds.model_copy(update={wound: wounds.count(wound) + 1}), wound
    return wounds.model_copy(update={"dead": True}), "overkill"


@dataclass(frozen=True)
class AddWound:
    character: Annotated[str, Opt("who is hit")]
    dc: Annotated[int, Opt("the hit's Damage Class", min_value=0, max_value=20)]
    mitigation: Annotated[
        str,
        Opt(
            "mitigation spent on it: none, soft (-2), hard (-3), ultra (-4)",
            choices=tuple(MITIGATION),
        ),
    ] = "none"
    damage_scale: Annotated[
        int,
        Opt(
            "Damage Scale steps of the weapon over the target (each +-2 DC)",
            min_value=-4,
            max_value=4,
        ),
    ] = 0
    hits: Annotated[int, Opt("how many hits of this Damage Class", min_value=1, max_value=10)] = 1


@commands.command(
    "wound add",
    help="Damage a character: DC (+-2 per scale step) minus mitigation makes a Bruise, Minor "
    "(-1D), Major (-2D), Lethal (dying) wound or Overkill (dead); full slots fill the next tier.",
    summary="Damage a character: DC minus mitigation makes a Bruise, Minor, Major, Lethal or "
    "Overkill wound.",
    permission=Permission.GM,
    examples=(
        "/wound add character:Marko dc:4 mitigation:soft",
        "/wound add character:Guard dc:2 hits:2",
    ),
)
def add_wound(ctx: Context, args: AddWound) -> Decision:
    require_mod(ctx.require_state(), "wounds", "Wound tracking")
    who = character(ctx, args.character)
    body = _body(who)
    if who.wounds.dead:
        raise Refusal(f"{who.name} is dead already.")
    cls = wound_class(args.dc, args.mitigation, args.damage_scale)
    wounds = who.wounds
    taken = []
    for _ in range(args.hits):
        if cls == 0 or wounds.dead:
            taken.append("ineffective" if cls == 0 else "overkill")
            continue
        if cls >= OVERKILL:
            wounds, wound = wounds.model_copy(update={"dead": True}), "overkill"
        else:
            wounds, wound = take(wounds, cls, body)
        taken.append(wound)
    dc = _dc_text(args.dc, args.mitigation, args.damage_scale)
    lines = [f"{who.name} is hit ({dc}): {', '.join(_named(w) for w in taken)}."]
    if wounds == who.wounds:
        lines.append("No harm done.")
        return Decision(reply=Reply.say(*lines))
    lines.append(wounds_line(who.model_copy(update={"wounds": wounds})))
    note = f"hit at {dc}: {', '.join(taken)}"
    return Decision(
        events=(ev.WoundsChanged(character=who.name, wounds=wounds, note=note),),
        reply=Reply.say(
            *lines, data={"character": who.name, "taken": taken, "wounds": wounds.model_dump()}
        ),
    )


def _dc_text(dc: int, mitigation: str, scale: int) -> str:
    parts = [f"DC {dc}"]
    if scale:
        parts.append(f"{SCALE_STEP * scale:+d} for scale")
    if mitigation != "none":
        parts.append(f"{mitigation} mitigation -{MITIGATION[mitigation]}")
    return ", ".join(parts)


def _named(wound: str) -> str:
    return {"overkill": "Overkill", "ineffective": "ineffective"}.get(
        wound, f"a {wound.capitalize()} wound"
    )


def _body(who: Character) -> int:
    body = who.attribute("Body")
    if body is None:
        raise Refusal(f"{who.name}'s frame lacks Body (-), so it has no wound slots.")
    return body


@dataclass(frozen=True)
class HealWound:
    character: Annotated[str, Opt("who heals")]
    wound: Annotated[
        str,
        Opt("which wounds: bruise, minor, major, lethal or all", choices=(*WOUND_CLASSES, "all")),
    ]
    count: Annotated[int, Opt("how many of them (default 1)", min_value=1, max_value=20)] = 1


@commands.command(
    "wound heal",
    help="Take wounds off a character (treatment, repair, rest); the dead stay dead.",
    permission=Permission.GM,
    examples=("/wound heal character:Marko wound:minor", "/wound heal character:Marko wound:all"),
)
def heal_wound(ctx: Context, args: HealWound) -> Decision:
    require_mod(ctx.require_state(), "wounds", "Wound tracking")
    who = character(ctx, args.character)
    if who.wounds.dead:
        raise Refusal(f"{who.name} is dead; healing will not bring them back (/undo can).")
    if args.wound == "all":
        if not who.wounds.any:
            raise Refusal(f"{who.name} has no wounds.")
        wounds = Wounds()
    else:
        have = who.wounds.count(args.wound)
        if have < args.count:
            raise Refusal(
                f"{who.name} has {have} {args.wound.capitalize()} wound{'' if have == 1 else 's'}."
            )
        wounds = who.wounds.model_copy(update={args.wound: have - args.count})
    healed = who.model_copy(update={"wounds": wounds})
    return Decision(
        events=(ev.WoundsChanged(character=who.name, wounds=wounds, note=f"healed {args.wound}"),),
        reply=Reply.say(f"{who.name} heals: {wounds_line(healed)}"),
    )
