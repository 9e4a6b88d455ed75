"""The Hand moving on by itself (The Contract): a step's one reveal when its last commit is
in, forced damage spreads, Step 6 and the next Hand -- each event applied as it is decided
(pure: the app appends them as usual) and told to the table in one public message (G5)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scenekeeper.engine.events import Event
from scenekeeper.engine.evolve import apply
from scenekeeper.engine.state import TableState
from scenekeeper.systems.nodice import contract
from scenekeeper.systems.nodice import events as ev
from scenekeeper.systems.nodice.engagement import (
    cluster_number,
    engagement_text,
    lost_jackpots,
    next_hand,
)
from scenekeeper.systems.nodice.evolve import nodice
from scenekeeper.systems.nodice.hand import (
    Play,
    elimination,
    forced_spread,
    pairs,
    pay_pot,
    resolve_pair,
    scaled_damage,
    td_wins,
)
from scenekeeper.systems.nodice.sheet import av_text
from scenekeeper.systems.nodice.state import Conflict, Damage
from scenekeeper.systems.nodice.trine import ATTRIBUTES_OF, AV, Aspect, stakes_text


@dataclass
class Flow:
    """Events decided so far, the table as they leave it, and what the table reads: in words
    (``lines``) and as data (``data``: reveals, TD wins, the pot paid, each pair's AD, Sweep,
    Showdown and damage, spreads, the seriously wounded, eliminations -- each public part only
    from its reveal on, as the lines say it; scripts, the board page and tests read it)."""

    state: TableState
    events: list[Event] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)

    def add(self, event: Event, *lines: str) -> None:
        after = apply(self.state, event)
        assert after is not None
        self.state = after
        self.events.append(event)
        self.lines.extend(lines)

    @property
    def conflict(self) -> Conflict | None:
        return nodice(self.state).conflict


def move_on(flow: Flow) -> None:
    """Whatever the Hand can do now without anyone's choice."""
    while (conflict := flow.conflict) is not None:
        if _over(conflict):
            flow.data["conflict_ended"] = {"standing": conflict.present()}
            flow.add(ev.ConflictEnded(reason="no opponents left"), _ended_line(conflict))
            return
        ready = _ready(conflict)
        if conflict.step == "ante" and ready is not None:
            _reveal_aspects(flow, conflict, ready)
        elif conflict.step == "bid" and ready is not None:
            _reveal_bids(flow, conflict, ready)
        elif conflict.step == "spread" and _force_one(flow, conflict):
            continue
        elif conflict.step == "spread" and not conflict.damage:
            _close_hand(flow, conflict)
        else:
            return


def _ready(conflict: Conflict) -> int | None:
    """R28, G5: the first cluster whose every involved Actor has committed in the open step
    and whose commits are not yet revealed (without clusters: the one group, when all are in).
    Each cluster reveals its own commits, never another's."""
    waiting = set(conflict.waiting())
    shown = set(conflict.cards) if conflict.step == "ante" else set(conflict.played)
    for cluster, names in conflict.clusters().items():
        if not waiting & set(names) and not shown & set(names):
            return cluster
    return None


def _over(conflict: Conflict) -> bool:
    """R67: all but one eliminated, or (DEFAULT) no two remaining Actors oppose each other."""
    return not conflict.involved()


def _ended_line(conflict: Conflict) -> str:
    left = conflict.present()
    standing = (
        f"{', '.join(left)} stand{'s' if len(left) == 1 else ''}" if left else "nobody stands"
    )
    return f"The Conflict ends: {standing}. Every AV is back to its sheet."


def _sides(conflict: Conflict) -> dict[str, int]:
    return {n: f.side for n, f in conflict.fighters.items()}


def _of(conflict: Conflict, cluster: int) -> str:
    """ "cluster 2, " in a reveal's first line when the Hand has clusters."""
    return f"cluster {cluster_number(conflict, cluster)}, " if conflict.clustered() else ""


def _reveal_aspects(flow: Flow, conflict: Conflict, cluster: int) -> None:
    """Step 2 (R37-R40): every TA card and ante of the cluster at once; TD pairwise; the
    cluster's pot paid (R28: its own Ante Pot and Jackpot)."""
    order = conflict.clusters()[cluster]
    cards = contract.reveal({n: conflict.antes[n].aspect for n in order})
    antes = {n: conflict.antes[n].ante for n in order}
    sides = _sides(conflict)
    wins = td_wins(order, sides, cards)
    pot = len(order) + conflict.jackpots.get(cluster, 0)
    paid, jackpot = pay_pot(pot, wins, order)
    shown = ", ".join(f"{n} {cards[n]} (ante {antes[n]})" for n in order)
    lines = [f"Hand {conflict.hand}, {_of(conflict, cluster)}TA cards revealed: {shown}."]
    lines.append("TD wins: " + ", ".join(f"{n} {wins[n]}" for n in order) + ".")
    if paid:
        got = ", ".join(f"{n} {k}" for n, k in paid.items())
        lines.append(f"Pot of {pot} paid: {got}.")
        lines.extend(
            f"{n}: put {k} won token{'s' if k != 1 else ''} on Attributes with /hand assign "
            f'tokens:"..." before bidding.'
            for n, k in paid.items()
        )
    else:
        lines.append(f"No TD wins: the pot's {pot} tokens carry over as the Jackpot.")
    flow.data["ta_revealed"] = {
        "hand": conflict.hand,
        "cluster": cluster,
        "cards": cards,
        "antes": antes,
        "td_wins": wins,
        "pot": pot,
        "paid": paid,
        "jackpot": jackpot,
    }
    flow.add(
        ev.AspectsRevealed(
            hand=conflict.hand,
            cards=cards,
            antes=antes,
            wins=wins,
            paid=paid,
            jackpot=jackpot,
            cluster=cluster,
        ),
        *lines,
    )
    after = flow.conflict
    if after is not None and after.step == "bid":
        flow.lines.append("Step 3: seal your Action card and bid with /hand bid.")
    elif after is not None:
        flow.lines.append(
            f"Step 3 opens when every cluster's TA cards are revealed{_still(after)}."
        )


def _still(conflict: Conflict) -> str:
    waiting = conflict.waiting()
    return f" (waiting for {', '.join(waiting)})" if waiting else ""


def _reveal_bids(flow: Flow, conflict: Conflict, cluster: int) -> None:
    """Steps 3-5 (R47-R55): every Action card, bid and Wildcard of the cluster at once; AD,
    Sweeps, Showdowns and damage per opposing pair."""
    order = conflict.clusters()[cluster]
    plays = {
        n: Play(conflict.cards[n], b.action, b.bid, b.wildcard)
        for n in order
        for b in (conflict.bids[n],)
    }
    shown = ", ".join(
        f"{n} {p.action} bid {p.bid}{' + Wildcard' if p.wildcard else ''}" for n, p in plays.items()
    )
    lines = [f"Hand {conflict.hand}, {_of(conflict, cluster)}Action cards revealed: {shown}."]
    owed: list[Damage] = []
    told: list[dict[str, Any]] = []
    flow.data["bids_revealed"] = {
        "hand": conflict.hand,
        "cluster": cluster,
        "plays": {
            n: {"card": p.aspect, "action": p.action, "bid": p.bid, "wildcard": p.wildcard}
            for n, p in plays.items()
        },
        "pairs": told,
    }
    for first, second in pairs(order, _sides(conflict)):
        result = contract.resolve(resolve_pair(first, second, plays, conflict.es))
        ad = {1: f"{first} wins AD", -1: f"{second} wins AD", 0: "AD tied"}[result.ad]
        sweep = next((w for w in (first, second) if result.sweep(w)), None)
        swept = f", {sweep} sweeps" if sweep else ""
        score = f"Showdown {result.showdown[0]}-{result.showdown[1]}"
        pair: dict[str, Any] = {
            "actors": [first, second],
            "ad": {1: first, -1: second, 0: None}[result.ad],
            "sweep": sweep,
            "showdown": list(result.showdown),
            "winner": result.winner,
            "margin": result.margin if result.winner is not None else 0,
            "damage": None,
        }
        told.append(pair)
        if result.winner is None or result.loser is None or result.aspect is None:
            lines.append(f"{first} vs {second}: {ad}{swept}; {score}: a draw, no damage.")
            continue
        damage = contract.outcome(
            Damage(
                defender=result.loser,
                attacker=result.winner,
                aspect=result.aspect,
                amount=result.damage,
            )
        )
        lines.append(
            f"{first} vs {second}: {ad}{swept}; {score}: {result.winner} wins by "
            f"{result.margin}, {damage.amount} {damage.aspect} damage to {damage.defender}"
            f"{_after_dashes(conflict, damage)}."
        )
        owed.append(damage)
        pair["damage"] = {
            "defender": damage.defender,
            "aspect": damage.aspect,
            "amount": damage.amount,
            "taken": effective(conflict, damage),
        }
    flow.add(
        ev.BidsRevealed(
            hand=conflict.hand,
            plays={n: (p.action, p.bid, p.wildcard) for n, p in plays.items()},
            damage=tuple(owed),
            cluster=cluster,
        ),
        *lines,
    )
    after = flow.conflict
    if after is not None and after.step == "bid":
        flow.lines.append(
            f"Step 5 opens when every cluster's Action cards are revealed{_still(after)}."
        )


def _after_dashes(conflict: Conflict, damage: Damage) -> str:
    """R58, said where the damage is announced: a TA with dashes takes D x n / 3 of it."""
    avs = conflict.fighters[damage.defender].avs
    numeric = sum(1 for a in ATTRIBUTES_OF[damage.aspect] if avs.get(a) is not None)
    if numeric == 3 or damage.amount <= 0:
        return ""
    taken = max(1, damage.amount * numeric // 3) if numeric else 0
    dashes = 3 - numeric
    return f", {taken} after {dashes} dash{'es' if dashes != 1 else ''}"


def effective(conflict: Conflict, damage: Damage) -> int:
    """R57-R58: the points the defender takes now (dashes scaled, capped by what it has)."""
    return scaled_damage(damage.amount, conflict.fighters[damage.defender].avs, damage.aspect)


def _force_one(flow: Flow, conflict: Conflict) -> bool:
    """R59: apply the first owed damage that has only one possible spread."""
    for damage in conflict.damage:
        avs = conflict.fighters[damage.defender].avs
        points = effective(conflict, damage)
        spread = forced_spread(points, avs, damage.aspect)
        if spread is not None:
            flow.add(
                ev.DamageSpread(
                    character=damage.defender,
                    attacker=damage.attacker,
                    aspect=damage.aspect,
                    spread=spread,
                )
            )
            avs = _avs(flow, damage.defender)
            flow.lines.append(spread_line(damage.defender, damage.aspect, spread, avs))
            told_spread(flow, damage.defender, damage.aspect, spread, avs, forced=True)
            return True
    return False


def _avs(flow: Flow, name: str) -> dict[str, AV]:
    conflict = flow.conflict
    assert conflict is not None
    return conflict.fighters[name].avs


def told_spread(
    flow: Flow,
    name: str,
    aspect: Aspect,
    spread: dict[str, int],
    avs: dict[str, AV],
    *,
    forced: bool,
) -> None:
    """A spread in the flow's data: who, what, the AVs after it, the seriously wounded."""
    flow.data.setdefault("spreads", []).append(
        {
            "character": name,
            "aspect": aspect,
            "spread": spread,
            "forced": forced,
            "avs": {a: avs.get(a) for a in ATTRIBUTES_OF[aspect]},
            "seriously_wounded": [a for a in spread if avs.get(a) == 0],
        }
    )


def spread_line(name: str, aspect: Aspect, spread: dict[str, int], avs: dict[str, AV]) -> str:
    """A spread as the table reads it, with the Aspect's AVs after it; an Attribute it takes
    to 0 makes the Actor seriously wounded (R62)."""
    if not spread:
        return f"{name} has no {aspect} AV left to lose."
    put = ", ".join(f"{a} -{n}" for a, n in spread.items())
    now = " ".join(f"{a} {av_text(avs.get(a))}" for a in ATTRIBUTES_OF[aspect])
    zero = [a for a in spread if avs.get(a) == 0]
    wounded = f" {name} is seriously wounded: no Action card on {', '.join(zero)}." if zero else ""
    return f"{name} takes {aspect} damage: {put} (now {now}).{wounded}"


def owed_lines(conflict: Conflict) -> list[str]:
    """What the defenders still have to spread (R56)."""
    return [
        f"{d.defender}: spread {effective(conflict, d)} {d.aspect} damage from {d.attacker} "
        f'with /hand spread points:"{ATTRIBUTES_OF[d.aspect][0]} ..." '
        f"({'/'.join(ATTRIBUTES_OF[d.aspect])})."
        for d in conflict.damage
    ]


def _close_hand(flow: Flow, conflict: Conflict) -> None:
    """Step 6 (R61-R67): seriously wounded, eliminations, then the next Hand (its engagement,
    R30) or the end."""
    lines: list[str] = []
    out: dict[str, str] = {}
    for name in conflict.involved():
        avs = conflict.fighters[name].avs
        why = elimination(avs)
        if why is not None:
            out[name] = why
            lines.append(f"{name} is eliminated ({why}).")
    out = contract.update_state(out)
    after = next_hand(conflict, out)
    ended = not after.involved()
    if ended:
        left = after.present()
        standing = ", ".join(left) or "nobody"
        lines.append(
            f"The Conflict ends: {standing} stand{'s' if len(left) == 1 else ''}. "
            "Every AV is back to its sheet."
        )
    else:
        if conflict.planned is not None:
            lost = lost_jackpots(conflict, conflict.planned)
            gone = (
                f" (a Jackpot of {lost} discarded: none of its Actors is engaged)" if lost else ""
            )
            lines.append(f"Hand {after.hand}'s engagement: {engagement_text(after)}{gone}.")
        by = after.standing_by()
        if by:
            lines.append(f"Standing by (no opponent this Hand): {', '.join(by)}.")
        lines.append(
            f"Hand {after.hand} ({stakes_text(conflict.es)}{jackpot_text(after)}): seal your TA "
            "card and ante with /hand ante."
        )
    flow.data["hand_closed"] = {"hand": conflict.hand, "eliminated": out, "ended": ended}
    if ended:
        flow.data["conflict_ended"] = {"standing": list(left)}
    flow.add(ev.HandClosed(hand=conflict.hand, eliminated=out, ended=ended), *lines)


def jackpot_text(conflict: Conflict) -> str:
    """ "; Jackpot 2" -- "; Jackpot 2 in cluster 2" when the Hand has clusters (R28)."""
    if not conflict.jackpot:
        return ""
    if not conflict.clustered():
        return f"; Jackpot {conflict.jackpot}"
    said = [
        f"{k} in cluster {cluster_number(conflict, c)}"
        for c, k in sorted(conflict.jackpots.items())
        if k
    ]
    return f"; Jackpot{'s' if len(said) != 1 else ''} {', '.join(said)}"
