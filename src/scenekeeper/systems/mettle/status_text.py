"""METTLE in words: a sheet, its statuses, Initiative, the held hit -- for /char show,
/order show, the board and what the table is waiting for."""

from __future__ import annotations

from scenekeeper.engine.sheets.paper import not_yet_rated
from scenekeeper.systems.mettle.initiative import has_action
from scenekeeper.systems.mettle.sheet import ATTRIBUTES, Character, title
from scenekeeper.systems.mettle.state import MettleState, names_list
from scenekeeper.systems.mettle.volley import next_out


def attribute_text(who: Character, attribute: str) -> str:
    rating = who.rating(attribute)
    if rating is None:
        return f"{title(attribute)} -"
    shown = f"{title(attribute)} {rating}"
    if who.current(attribute) != rating:
        shown += f"({who.current(attribute)})"
    descriptor = who.descriptors.get(attribute)
    return f"{shown} ({descriptor})" if descriptor else shown


def rated_line(who: Character) -> list[str]:
    """The Attributes rated, then those not yet (a new sheet's blanks in one line)."""
    rated = [attribute_text(who, a) for a in ATTRIBUTES if who.rating(a) is not None]
    blank = [title(a) for a in ATTRIBUTES if who.rating(a) is None]
    return ([", ".join(rated) + "."] if rated else []) + not_yet_rated(blank)


def status_text(who: Character, status: str) -> str:
    value = who.statuses.get(status, 0)
    if status == "staggered":
        return f"Staggered (-{who.penalty()}D on Checks, no Free Move, no Rally)"
    if status == "fallen":
        return f"Fallen (since Scene {value})" if value else "Fallen"
    if status == "rattled":
        return f"Rattled (+{value} to Rallies)"
    if status == "partial-cover":
        return f"Partial Cover (+{value})"
    if status == "total-cover":
        return "Total Cover (popped out: Partial)" if value else "Total Cover"
    if status == "burning":
        return f"Burning ({value}d6 a Round)"
    if status == "afflicted" and who.affliction is not None:
        return f"Afflicted ({who.affliction.kind})"
    return title(status)


def statuses_line(who: Character) -> str:
    said = [status_text(who, s) for s in sorted(who.statuses)]
    if who.stable:
        said.append("stable (Aided)")
    if who.delayed:
        said.append("loses the next Action (Delay)")
    return ", ".join(said) if said else "none"


def short(who: Character) -> str:
    """One line for the board: Mettle, Soak and statuses."""
    line = f"{who.name}: Mettle {who.mettle}/{who.max_mettle}, Soak {who.soak}"
    state = statuses_line(who)
    return line + ("" if state == "none" else f"; {state}") + "."


def sheet_lines(who: Character, owner: str | None) -> list[str]:
    head = who.name + (" (GM character)" if who.kind == "gmc" else "")
    head += f", played by {owner}" if owner else ""
    if who.pool is not None:
        head += f"; NPC pool {who.pool}D"
    lines = [
        head + ".",
        *rated_line(who),
        f"Mettle {who.mettle} of {who.max_mettle}; Soak {who.soak}.",
        f"Statuses: {statuses_line(who)}.",
    ]
    if who.backstories or who.pool is None:
        listed = "; ".join(who.backstories) or "none yet"
        lines.append(f"Backstories ({len(who.backstories)} of {who.highest}): {listed}.")
    if who.gear:
        load = f" Load {who.load} of Frame {who.rated('frame')}." if who.load else ""
        lines.append("Gear: " + "; ".join(g.describe() for g in who.gear) + "." + load)
    extras = [f"Downtime Vouchers {who.vouchers}"] if who.vouchers or who.spent_vouchers else []
    extras += [f"XP {who.xp}"] if who.xp else []
    extras += [f"Credit {who.credit}"] if who.credit is not None else []
    if extras:
        lines.append(", ".join(extras) + ".")
    return lines


def order_lines(game: MettleState) -> list[str]:
    init = game.initiative
    if init is None:
        return ["Initiative is not running."]
    order = init.order
    lines = [f"Initiative, Round {order.round}, led by {order.lead}."]
    current = order.current
    playing = [p for p in order.participants if p not in next_out(game, init, order.round + 1)]
    if current is None and not playing:
        # The same way on as /order next gives (it refuses a lead when nobody can act).
        lines.append(
            f"Round {order.round} is over, and nobody has an Action for Round {order.round + 1}: "
            "the waiting may /order rejoin (or take their Action), or a GM may /order end."
        )
    elif current is None:
        lines.append(
            f"Round {order.round} is over: {order.last_actor()} picks who leads Round "
            f"{order.round + 1} (/order next lead:<name>)."
        )
    elif init.gm_picks:
        lines.append(f"{current} let the Guide pick which of their characters goes next.")
    elif init.passing and init.parts_left(current):
        left = ", ".join(f"{p.action} {p.dice}D" for p in init.parts_left(current))
        lines.append(
            f"{current} has taken a part of their split Action ({left} left) and passes "
            "Initiative (/order handoff to:<name>); the rest comes back to them."
        )
    elif init.passing and current in init.lost and current not in order.acted:
        lines.append(
            f"{current} has lost their Action ({init.lost[current]}) and passes Initiative "
            "(/order handoff to:<name>)."
        )
    elif init.passing:
        lines.append(f"{current} has acted and passes Initiative (/order handoff to:<name>).")
    else:
        moved = " (Free Move used)" if current in init.moved else ""
        lines.append(f"{current} acts now{moved}.")
    # The Dead are out of play (R83): listed apart, never as acting, acted, waiting or lost.
    dead = [p for p in order.participants if _dead(game, p)]
    others = [
        p for p in order.participants if p != current and has_action(init, p) and p not in dead
    ]
    lines.append(f"With an Action still: {names_list(others)}.")
    acted = [p for p in order.acted if p not in dead]
    lost = {n: r for n, r in init.lost.items() if n not in dead}
    if current is not None and init.passing and not init.parts_left(current):
        # Has acted, and is passing it on -- unless they lost the Action (felled on their turn).
        acted += [] if current in acted or current in lost else [current]
    lines.append(f"Acted: {names_list(acted)}.")
    if lost:
        lines.append(
            "No Action this Round: " + ", ".join(f"{n} ({r})" for n, r in lost.items()) + "."
        )
    waiting = {n: a for n, a in init.waiting.items() if n not in dead}
    if waiting:
        lines.append("Waiting: " + ", ".join(f"{n} to {a}" for n, a in waiting.items()) + ".")
    if dead:
        lines.append(f"Dead (out of play): {names_list(dead)}.")
    for name, parts in init.splits.items():
        shown = ", ".join(f"{p.action} {p.dice}D{' (done)' if p.done else ''}" for p in parts)
        lines.append(f"Split: {name}: {shown}.")
    if game.held_hit is not None:
        lines.append(held_line(game))
    return lines


def _dead(game: MettleState, name: str) -> bool:
    who = game.find(name)
    return who is not None and who.has("dead")


def held_line(game: MettleState) -> str:
    hit = game.held_hit
    assert hit is not None
    return (
        f"{hit.attacker}'s hit on {hit.target} ({hit.damage} damage before Soak) waits for a "
        "Defend (/act action:defend) or /mettle take."
    )
