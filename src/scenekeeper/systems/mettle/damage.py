"""Damage, Soak, felling blows, Fallen and Staggered (engine.md, Taking Damage; scenes.md,
Attack and Defend; resources.md, Specials).

Soak (Frame + armor, + a Defend's bonus against that Attack) comes off the damage first, so a
Defend can undo a felling blow; what is left lowers current Mettle one for one. A hit that
drops Mettle to 0 or below fells: Fallen. A player may deny it by taking Staggered -- one more
damage, and they stay in the fight.
"""

from __future__ import annotations

from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.upgrades import METTLE_STABLE
from scenekeeper.systems.mettle import events as ev
from scenekeeper.systems.mettle.initiative import lose_action, regain_action
from scenekeeper.systems.mettle.plan import Plan
from scenekeeper.systems.mettle.sheet import Character, Gear
from scenekeeper.systems.mettle.state import HeldHit


def half(n: int) -> int:
    """engine.md, Rolls: halving rounds up."""
    return (n + 1) // 2


def soak_of(who: Character, bonus: int = 0) -> tuple[int, str]:
    """Frame plus armor (plus a Defend's bonus), and how it is made."""
    parts = [f"Frame {who.rated('frame')}"]
    parts += [f"{g.name} {g.soak}" for g in who.gear if g.soak]
    if bonus:
        parts.append(f"Defend {bonus}")
    return who.soak + bonus, " + ".join(parts)


def may_stagger(plan: Plan, who: Character) -> bool:
    """engine.md: the *Player* may deny Fallen (GM characters only with the npc-staggered
    mod, checklist D20); again after each later felling hit with the restagger mod (D4)."""
    if who.kind == "gmc" and not plan.mod("npc-staggered"):
        return False
    return not who.has("staggered") or plan.mod("restagger")


def harm(
    plan: Plan,
    name: str,
    damage: int,
    *,
    soak: tuple[int, str] | None,
    halve: bool = False,
    stun: bool = False,
    source: str = "",
    bp: Gear | None = None,
) -> None:
    """``damage`` reaches ``name``: Soak (None: no Soak), halving after Soak, the felling
    blow. ``stun``: a felling blow Incapacitates instead of doing damage. ``bp``: BP armor
    that halves this firearm damage after Soak, its first (resources.md, Armor)."""
    who = plan.get(name)
    if who.has("dead"):
        plan.say(f"{name} is dead; the damage changes nothing.")
        return
    through = max(0, damage - (soak[0] if soak else 0))
    shown = f"{damage} damage"
    if soak:
        shown += f" - Soak {soak[0]} ({soak[1]})"
    if halve:
        through = half(through)
        shown += ", halved (round up)" if soak else " halved (round up)"
    if bp is not None and through > 0:
        through = half(through)
        shown += f", halved by the {bp.name} (BP: its first firearm hit)"
        used = tuple("bp-used" if s == "bp" else s for s in bp.specials)
        worn = bp.model_copy(update={"specials": used})
        plan.add(ev.GearChanged(character=name, name=bp.name, gear=worn))
    intro = f"{source}: " if source else ""
    if soak or halve or (bp is not None and damage):
        shown += f" = {through}"
    after = who.mettle - through
    felling = through > 0 and after <= 0
    if felling and stun:
        plan.say(
            f"{intro}{shown}: a felling blow, but a Stun: {name} is "
            "Incapacitated instead of taking damage (no Free Move, Poise or Action)."
        )
        plan.add(ev.StatusGained(character=name, status="incapacitated", reason="a Stun"))
        lose_action(plan, name, "Incapacitated")
        return
    if not through:
        plan.say(f"{intro}{shown}: no damage gets through.")
        return
    plan.say(f"{intro}{shown}; {name}'s Mettle {who.mettle} -> {after}.")
    plan.add(ev.MettleChanged(character=name, mettle=after, reason=source or "damage"))
    if felling:
        fell(plan, name)


def fell(plan: Plan, name: str) -> None:
    """A felling blow. An Aid made before it does not answer it (checklist D17, D18): a new
    felling ends "stable" and starts the death clock again from this Scene."""
    who = plan.get(name)
    number = plan.game.scene.number if plan.game.scene else 0
    # Before this reading (engine.upgrades), an Aid's "stable" outlived a new felling.
    ends_stable = who.stable and not plan.ctx.before(METTLE_STABLE)
    if ends_stable:
        plan.add(ev.Stabilised(character=name, stable=False))
    if who.has("fallen"):
        if ends_stable:
            plan.add(
                ev.StatusGained(
                    character=name, status="fallen", value=number, reason="felled again"
                )
            )
            plan.say(
                f"{name} stays Fallen, and the earlier Aid no longer holds: {name} is dying "
                "again (Aid them by the end of the next Scene)."
            )
        else:
            plan.say(f"{name} stays Fallen.")
        return
    staggering = may_stagger(plan, who)
    if who.has("staggered"):
        plan.add(ev.StatusLost(character=name, status="staggered", reason="felled again"))
    plan.add(
        ev.StatusGained(
            character=name,
            status="fallen",
            value=number,
            reason="a felling blow",
            may_stagger=staggering,
        )
    )
    plan.say(
        f"Felling blow: {name} is Fallen (no Action, Poise 0 this Scene; presumed dead unless "
        "Aided by the end of the next Scene)."
    )
    if staggering:
        plan.say(
            f"{name}'s player may deny it now: /mettle stagger (1 more damage; {name} stays "
            "in the fight, Staggered)."
        )
    lose_action(plan, name, "Fallen", may_regain=staggering)


def die(plan: Plan, name: str, reason: str) -> None:
    """Dead: out of play (checklist R83). No longer Fallen, Staggered, Incapacitated or
    stable, and no Action (/order show lists them apart, as out of play)."""
    who = plan.get(name)
    for status in ("fallen", "staggered", "incapacitated"):
        if who.has(status):
            plan.add(ev.StatusLost(character=name, status=status, reason="dead"))
    if plan.get(name).stable:
        plan.add(ev.Stabilised(character=name, stable=False))
    plan.add(ev.StatusGained(character=name, status="dead", reason=reason))
    lose_action(plan, name, "Dead")


def stagger(plan: Plan, name: str) -> None:
    """engine.md: Staggered inflicts a point of damage but lets them stay active at 0 or
    negative Mettle."""
    who = plan.get(name)
    after = who.mettle - 1
    plan.add(
        ev.MettleChanged(character=name, mettle=after, reason="taking Staggered"),
        ev.StatusLost(character=name, status="fallen", reason="Staggered instead"),
        ev.StatusGained(character=name, status="staggered", reason="denied Fallen"),
    )
    plan.say(
        f"{name} takes Staggered instead of Fallen: 1 more damage, Mettle {who.mettle} -> "
        f"{after}. Staggered: no Free Move, no Rally, -{max(0, -after)}D on Checks."
    )
    regain_action(plan, name, "Fallen")


def land(plan: Plan, hit: HeldHit, *, defender: str | None = None, bonus: int = 0) -> None:
    """The held hit lands on its target (or the ally who Defended instead), with a Defend's
    bonus to Soak. scenes.md, Attack: Stun Attacks without a Stun weapon and Soft weapons
    do half damage after Soak; a Stun felling blow Incapacitates instead."""
    plan.add(ev.HitHeld(hit=None))
    target = defender or hit.target
    halve = hit.soft or (hit.stun and not hit.stun_weapon)
    harm(
        plan,
        target,
        hit.damage,
        soak=soak_of(plan.get(target), bonus),
        halve=halve,
        stun=hit.stun or hit.stun_only,
        source=f"{hit.attacker}'s hit on {target}",
        bp=_bp_armor(plan, plan.get(target)) if hit.firearm else None,
    )


def _bp_armor(plan: Plan, who: Character) -> Gear | None:
    """The BP armor ``who`` wears that has not yet taken a firearm hit (mod bp-armor)."""
    if not plan.mod("bp-armor"):
        return None
    return next((g for g in who.gear if "bp" in g.specials), None)


def set_mettle(plan: Plan, name: str, value: int, reason: str) -> None:
    """Current Mettle becomes ``value``; Staggered ends once it is above 0 again (checklist
    D17)."""
    who = plan.get(name)
    if value != who.mettle:
        plan.add(ev.MettleChanged(character=name, mettle=value, reason=reason))
    if value > 0 and who.has("staggered"):
        plan.add(ev.StatusLost(character=name, status="staggered", reason="Mettle above 0"))
        if who.stable and not who.has("fallen") and not plan.ctx.before(METTLE_STABLE):
            # The Aid's "stable for the time being" ends with the danger it answered.
            plan.add(ev.Stabilised(character=name, stable=False))
        plan.say(f"{name} is no longer Staggered.")


def land_before_action(plan: Plan, who: Character | None) -> None:
    """Any other Action or Check lands the held hit first (checklist D12), whoever takes it --
    refused if it would fell the one about to act, who would then have no Action to take."""
    hit = plan.game.held_hit
    if hit is None:
        return
    if who is not None and hit.target == who.name:
        soak, _ = soak_of(who)
        through = max(0, hit.damage - soak)
        if hit.soft or (hit.stun and not hit.stun_weapon):
            through = half(through)
        if through > 0 and who.mettle - through <= 0:
            raise Refusal(
                f"{hit.attacker}'s hit ({through} after Soak) lands before any other Action and "
                f"would fell {who.name}: Defend (/act action:defend) or let it land (/mettle take)."
            )
    plan.say("The held hit lands first (no Defend).")
    land(plan, hit)


def land_before_change(plan: Plan, name: str) -> None:
    """A held hit never outlives a change to its target's sheet (Mettle, statuses, ratings,
    gear): it lands first, on the sheet as it was when the hit was made."""
    hit = plan.game.held_hit
    if hit is None or plan.game.key(name) != hit.target:
        return
    plan.say("The held hit lands first (no Defend).")
    land(plan, hit)
