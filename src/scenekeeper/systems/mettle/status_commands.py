"""``/status``: statuses by hand (engine.md, Status Effects; scenes.md, Affliction, Fire,
Cover). Felling blows, Stun, Aid and Rattle set their statuses themselves.

An affliction's Dose is rolled by the Guide and kept secret (scenes.md, Affliction): the
reply shows it only to the one who rolled; poison and tranquilizers subtract the victim's
Frame, and do 1 damage a Round up to what is left (checklist D34).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal, cast

from scenekeeper.dice import DiceError, roll_expression
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.systems.mettle import events as ev
from scenekeeper.systems.mettle.checks import d6_roll
from scenekeeper.systems.mettle.damage import die, land_before_change
from scenekeeper.systems.mettle.initiative import lose_action, regain_action, set_initiative
from scenekeeper.systems.mettle.outcomes import settle
from scenekeeper.systems.mettle.plan import Plan
from scenekeeper.systems.mettle.sheet import (
    MAX_STATUS_VALUE,
    NO_ACTION,
    STATUSES,
    Affliction,
    title,
)
from scenekeeper.systems.mettle.state import character, is_gm

commands = CommandSet(systems=frozenset({"mettle"}))
KINDS = ("disease", "poison", "tranquilizer")
#: What a status's number means, and its default.
VALUES = {"rattled": 2, "partial-cover": 2, "burning": 1}
EFFECT = {
    "afflicted": "cannot Rally; takes ongoing damage until cured or it runs its course",
    "blinded": "+3 Difficulty to Checks, none by sight; others Sneak as if they had Cover",
    "burning": "cannot Rally; takes the fire's damage each Round until put out",
    "dead": "out of play",
    "deafened": "no hearing tasks; others Sneak as if they had Cover",
    "encumbered": "every Zone crossed takes two Moves",
    "fallen": "no Action, Poise 0 for the Scene",
    "incapacitated": "no Free Move, Poise or Action",
    "partial-cover": "adds to the Poise Difficulty of incoming Attacks; half damage from Area",
    "rattled": "adds to the Difficulty of their Rallies",
    "staggered": "no Free Move, no Rally, negative Mettle as a die penalty",
    "surprised": "no Action in the first Round of Initiative",
    "total-cover": "cannot target or be targeted",
}


@dataclass(frozen=True)
class AddStatus:
    character: Annotated[str, Opt("who")]
    status: Annotated[str, Opt("the status", choices=STATUSES)]
    value: Annotated[
        int | None,
        Opt(
            "Rattled: Rally raise; Partial Cover: bonus; Burning: d6s",
            min_value=1,
            max_value=MAX_STATUS_VALUE,
        ),
    ] = None
    kind: Annotated[
        str | None, Opt("afflicted: disease, poison or tranquilizer", choices=KINDS)
    ] = None
    # The Dose is the Guide's secret (scenes.md, Affliction): never shown again.
    dose: Annotated[str | None, Opt("afflicted: the Dose to roll, like 2d6", secret=True)] = None
    results: Annotated[str | None, Opt("the faces you rolled for the Dose", secret=True)] = None


@commands.command(
    "status add",
    help="Give a character a status (Blinded, Burning, Afflicted with a secret Dose, Cover...); "
    "a player may declare their own character dead.",
    summary="Give a character a status: Blinded, Burning, Afflicted with a Dose, in Cover and "
    "more.",
    permission=Permission.OWNER,
    examples=(
        "/status add character:Thug status:blinded",
        "/status add character:Ada status:afflicted kind:poison dose:2d6",
    ),
)
def add(ctx: Context, args: AddStatus) -> Decision:
    plan = Plan(ctx)
    who = character(ctx, args.character)
    status = args.status
    if not is_gm(ctx) and status != "dead":
        raise Refusal("Only a GM gives statuses; a player may declare their own character dead.")
    value = args.value if args.value is not None else VALUES.get(status, 0)
    if status not in VALUES and args.value is not None:
        raise Refusal(f"{title(status)} has no number; leave out value:.")
    if who.has(status) and who.statuses[status] == value and status != "afflicted":
        raise Refusal(f"{who.name} is {title(status)} already.")
    plan.close_window()
    land_before_change(plan, who.name)
    if status == "afflicted":
        _afflict(plan, who.name, args)
        return plan.decision()
    if args.kind or args.dose:
        raise Refusal("kind: and dose: are for status:afflicted.")
    if status == "fallen":
        value = plan.game.scene.number if plan.game.scene else 0
    init = plan.game.initiative
    if status == "surprised" and init is not None and init.order.round > 1:
        raise Refusal(
            f"Surprised takes the Action of an Initiative's first Round; this one is in Round "
            f"{init.order.round}. Give it before the next /order start (or /order start "
            "surprised:<names>)."
        )
    if status == "dead":
        # Out of play (R83): no longer Fallen, Staggered or stable.
        plan.say(f"{who.name} is Dead: {EFFECT[status]}.")
        die(plan, who.name, "the Guide" if is_gm(ctx) else "declared by their player")
        settle(plan)
        return plan.decision()
    plan.add(ev.StatusGained(character=who.name, status=status, value=value, reason="the Guide"))
    shown = f" +{value}" if status in ("rattled", "partial-cover") else ""
    shown = f" ({value}d6 a Round)" if status == "burning" else shown
    plan.say(f"{who.name} is {title(status)}{shown}: {EFFECT[status]}.")
    if status in NO_ACTION:
        lose_action(plan, who.name, title(status))
        settle(plan)
    if status == "surprised" and init is not None:
        _surprised_now(plan, who.name)
    return plan.decision()


def _surprised_now(plan: Plan, name: str) -> None:
    """Surprised in Round 1 of a running Initiative: no Action in it; it ends with Round 1."""
    init = plan.game.initiative
    assert init is not None
    surprised = (*init.surprised, name) if name not in init.surprised else init.surprised
    set_initiative(plan, init.model_copy(update={"surprised": surprised}), f"{name} surprised")
    if name in init.order.participants and init.order.has_turn(name):
        lose_action(plan, name, "Surprised")
        settle(plan)
    else:
        plan.say(f"{name} has no Action left in Round 1 to lose; Surprised ends with it.")


def _afflict(plan: Plan, name: str, args: AddStatus) -> None:
    if args.kind is None or args.dose is None:
        raise Refusal("An affliction needs kind:<disease|poison|tranquilizer> and dose:<dice>.")
    d6_roll(args.dose, "dose")  # METTLE rolls only d6 (R1)
    try:
        rolled = roll_expression(args.dose, plan.ctx.dice, args.results)
    except DiceError as error:
        raise Refusal(str(error)) from None
    faces = tuple(d.face for d in rolled.dice)
    total = max(0, rolled.total)
    who = plan.get(name)
    kind = cast(Literal["disease", "poison", "tranquilizer"], args.kind)
    left = total if kind == "disease" else total - who.rated("frame")
    shown = f"Dose {rolled.expression.text} ({' '.join(map(str, faces))}) = {total}"
    if kind != "disease":
        shown += f" - Frame {who.rated('frame')} = {left}"
    plan.private.append(f"{shown} (kept from the players).")
    if left <= 0:
        plan.add(ev.AfflictionChanged(character=name, affliction=None, dose=args.dose, faces=faces))
        plan.say(f"{name} is exposed to a {kind}, and shrugs it off.")
        return
    affliction = Affliction(kind=kind, left=left, raise_by=left if kind == "tranquilizer" else 0)
    plan.add(
        ev.AfflictionChanged(character=name, affliction=affliction, dose=args.dose, faces=faces)
    )
    per = "a day (the Guide deals it)" if kind == "disease" else "a Round"
    plan.say(f"{name} is Afflicted ({kind}): no Rally, 1 damage {per} until it runs its course.")


@dataclass(frozen=True)
class RemoveStatus:
    character: Annotated[str, Opt("who")]
    status: Annotated[str, Opt("the status", choices=STATUSES)]


@commands.command(
    "status remove",
    help="Take a status away (cured, put out, out of cover...).",
    permission=Permission.GM,
)
def remove(ctx: Context, args: RemoveStatus) -> Decision:
    plan = Plan(ctx)
    who = character(ctx, args.character)
    status = args.status
    if not who.has(status):
        raise Refusal(f"{who.name} is not {title(status)}.")
    plan.close_window()
    land_before_change(plan, who.name)
    if status == "afflicted":
        plan.add(ev.AfflictionChanged(character=who.name, affliction=None))
    else:
        plan.add(ev.StatusLost(character=who.name, status=status, reason="the Guide"))
    plan.say(f"{who.name} is no longer {title(status)}.")
    if status in NO_ACTION:
        regain_action(plan, who.name, title(status))
    return plan.decision()
