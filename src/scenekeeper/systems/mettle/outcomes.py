"""What each Action's Check does once rolled (scenes.md, the Outcomes of each Action).

A failed Check's effects apply at once; a Twist puts the sheets back and applies the re-rolled
result instead (checklist D29), so every outcome here is a function of the Check alone.
"""

from __future__ import annotations

from scenekeeper.engine.upgrades import METTLE_DEAD
from scenekeeper.systems.mettle import events as ev
from scenekeeper.systems.mettle.damage import die, land, set_mettle
from scenekeeper.systems.mettle.initiative import has_action, lose_action
from scenekeeper.systems.mettle.plan import Plan
from scenekeeper.systems.mettle.state import CheckRecord, HeldHit, MettleState, same_side

#: The Outcomes boxes of scenes.md, for the Actions whose effect is the story's.
TOLD = {
    "know": (
        "The Guide answers in line with the character's best understanding; each Edge answers "
        "another question or finer detail.",
        "The Guide tells what their Concept should know outright.",
    ),
    "move": (
        "Obstacle or trap overcome; Edge says who got there first.",
        "Stopped by the obstacle, or the trap is triggered.",
    ),
    "parley": (
        "The social situation sways their way; each Edge adds 1 to the Difficulty of "
        "persuading them otherwise later.",
        "The social situation plays out as it would.",
    ),
    "race": (
        "Kept up the pace and stayed in control; Edge is their lead at the same Speed.",
        "Crash: 1d6 + Speed to the vehicle (no Soak) and to its occupants (Soak with Frame "
        "and armor) -- /mettle damage.",
    ),
    "sneak": (
        "Unnoticed; a surprise attack now leaves the foes a Round without an Action "
        "(/order start surprised:); Edge adds to DM during the Surprise.",
        "They notice.",
    ),
    "travel": (
        "Arrived safely; Edge compares with rival parties.",
        "An encounter on the way; they arrive if they survive it.",
    ),
    "use": (
        "Used it properly; Edge: quicker, better, with flair.",
        "Harder than it looks; let the failure stand.",
    ),
}


def apply_outcome(plan: Plan, check: CheckRecord) -> None:
    success, edge = check.success, check.edge
    action = check.action
    if action == "attack":
        if success and check.hit is not None and check.dm is not None:
            hit = check.hit.model_copy(update={"damage": check.dm + edge, "check": check.id})
            plan.say(f"Hit: DM {check.dm} + Edge {edge} = {hit.damage} damage before Soak.")
            hold_or_land(plan, hit)
        else:
            plan.say("The target dodges or parries: no harm.")
    elif action == "defend" and check.hit is not None:
        # scenes.md, Defend: +2 Soak and 1 per Edge on a success; even a failure gives +1.
        bonus = 2 + edge if success else 1
        plan.say(f"Defend: +{bonus} Soak against this Attack.")
        land(plan, check.hit, defender=check.roller, bonus=bonus)
    elif action == "aid" and check.target:
        aid(plan, check)
    elif action == "rally":
        rally(plan, check)
    elif action == "rattle" and check.target:
        rattle(plan, check)
    elif action in TOLD:
        plan.say(TOLD[action][0 if success else 1])


def hold_or_land(plan: Plan, hit: HeldHit) -> None:
    """The hit waits while someone can still Defend it as the very next Action (checklist
    D12): the target with an Action, or an ally of theirs with one; else it lands now."""
    defenders = defenders_of(plan, hit)
    if not defenders:
        land(plan, hit)
        return
    plan.add(ev.HitHeld(hit=hit))
    plan.say(f"The hit waits for a Defend by {_who_may_defend(plan, hit, defenders)}.")


def _who_may_defend(plan: Plan, hit: HeldHit, defenders: list[str]) -> str:
    """Who may Defend, and how the hit lands otherwise. Outside Initiative the target or any
    ally may (no Zones are tracked): more than three are said as the target and a count."""
    if plan.game.initiative is not None:
        return (
            f"{', '.join(defenders)} (/act action:defend), or lands with /mettle take or the "
            "next other Action"
        )
    if len(defenders) <= 3:
        listed = " or ".join(filter(None, [", ".join(defenders[:-1]), defenders[-1]]))
    else:
        allies = len(defenders) - (1 if hit.target in defenders else 0)
        listed = f"{hit.target} or one of their {allies} allies"
    return (
        f"{listed} (/act action:defend); the next other Action or Check, /mettle take, or a "
        f"change to {hit.target}'s sheet lands it"
    )


def settle(plan: Plan) -> None:
    """A held hit nobody can Defend any more (the last who could gave up their Action, fell,
    or used it) lands now."""
    hit = plan.game.held_hit
    if hit is not None and not defenders_of(plan, hit):
        plan.say("Nobody can Defend the held hit any more: it lands.")
        land(plan, hit)


def defenders_of(plan: Plan, hit: HeldHit) -> list[str]:
    return [name for name in plan.game.characters if may_defend(plan.game, hit, name)]


def may_defend(game: MettleState, hit: HeldHit, name: str) -> bool:
    """Whether ``name`` may answer ``hit`` with a Defend as the very next Action: its target or
    an ally of theirs, not felled, with an Action left in Initiative (or a Wait to Defend)."""
    target = game.find(hit.target)
    who = game.find(name)
    if target is None or who is None or who.name == hit.attacker or who.lost_action():
        return False
    if who.name != target.name and not same_side(who, target):
        return False
    init = game.initiative
    if init is None:
        return True
    if init.waiting.get(who.name) == "defend":
        return True
    if who.name not in init.order.participants or not has_action(init, who.name):
        return False
    parts = init.parts_left(who.name)
    # A split Action Defends only with a declared Defend part.
    return not parts or any(p.action == "defend" for p in parts)


def aid(plan: Plan, check: CheckRecord) -> None:
    assert check.target is not None
    patient = plan.get(check.target)
    if not check.success:
        if plan.ctx.before(METTLE_DEAD):
            # As the version before R83's reading decided it (engine.upgrades).
            plan.add(
                ev.StatusLost(character=patient.name, status="staggered", reason="Aid failed"),
                ev.StatusLost(character=patient.name, status="fallen", reason="Aid failed"),
                ev.StatusGained(character=patient.name, status="dead", reason="Aid failed"),
            )
            lose_action(plan, patient.name, "Dead")
        else:
            die(plan, patient.name, "Aid failed")
        plan.say(f"{patient.name} succumbs to their wounds and dies.")
        return
    plan.add(ev.Stabilised(character=patient.name))
    plan.say(f"{patient.name} is alive and somewhat stable.")
    if check.edge:
        # Each Edge restores a point of Mettle (capped at maximum, checklist D38).
        after = min(patient.max_mettle, patient.mettle + check.edge)
        plan.say(f"Edge {check.edge}: Mettle {patient.mettle} -> {after}.")
        set_mettle(plan, patient.name, after, "Aid")


def rally(plan: Plan, check: CheckRecord) -> None:
    who = plan.get(check.roller)
    gain = 2 + check.edge if check.success else 1
    after = who.mettle + gain
    if plan.mod("rally-cap"):
        after = min(after, who.max_mettle)
    capped = " (capped at its maximum)" if after < who.mettle + gain else ""
    plan.say(f"Rally: +{gain} Mettle, {who.mettle} -> {after}{capped}.")
    set_mettle(plan, who.name, after, "Rally")
    if check.success and who.has("rattled"):
        plan.add(ev.StatusLost(character=who.name, status="rattled", reason="a successful Rally"))
        plan.say(f"{who.name} shakes off the Rattle.")


def rattle(plan: Plan, check: CheckRecord) -> None:
    assert check.target is not None
    target = plan.get(check.target)
    rise = 2 + check.edge if check.success else 1
    old = target.statuses.get("rattled", 0)
    if rise <= old:
        # scenes.md, Rattle: several rattlers do not stack; only the most hurtful counts.
        plan.say(f"{target.name} is Rattled +{old} already; +{rise} does not add to it.")
        return
    plan.add(ev.StatusGained(character=target.name, status="rattled", value=rise, reason="Rattle"))
    plan.say(f"{target.name} is Rattled: +{rise} Difficulty to their Rallies this Scene.")
