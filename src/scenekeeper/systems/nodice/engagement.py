"""Step 1, Engagement (R28, R30): who is involved with whom this Hand, in clusters.

"The GM identifies which Actors are actually involved with each other *this Hand*. In big
chaotic fights, the GM may split the conflict into smaller interaction groups (clusters)"
(Step 1). An engagement is written ``"Ada, Bo | Brute"`` (sides split by ``|``); with the
``clusters`` mod, clusters are split by ``;``: ``"Ada | Brute; Bo | Wisp"``. Only Actors of one
cluster oppose each other; each cluster has its own Ante Pot and Jackpot; the Hand's six steps
stay one for the whole Conflict (R29), each cluster revealing its own commits (G5).

Pure: plain values in, plain values out; the commands and ``evolve`` use them.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from scenekeeper.engine.errors import Refusal
from scenekeeper.systems.nodice.state import Conflict

#: The mods (``/mods set``), both off by default.
CLUSTERS = "clusters"
ENGAGE = "engage"

#: An engagement: each Actor's (cluster, side).
Engagement = Mapping[str, tuple[int, int]]


def read_groups(text: str, clusters: bool) -> list[list[list[str]]]:
    """The names of an engagement by cluster, then by side, as typed (not yet looked up)."""
    if ";" in text and not clusters:
        raise Refusal(
            "Clusters (split by ;) are the clusters mod's; a GM switches it on with "
            "/mods set mod:clusters enabled:true, or give one engagement: "
            'sides:"Ada | Brute".',
            public=True,
        )
    out = []
    for part in text.split(";"):
        sides = [[n.strip() for n in side.split(",") if n.strip()] for side in part.split("|")]
        sides = [s for s in sides if s]
        if not sides:
            continue
        if len(sides) < 2:
            said = ", ".join(sides[0])
            if clusters:
                raise Refusal(
                    f"Each cluster needs at least two sides, split by |: {said} opposes nobody "
                    '(like sides:"Ada | Brute; Bo | Wisp").',
                    public=True,
                )
            raise Refusal('Give at least two sides, split by |: sides:"Ada, Bo | Brute".')
        out.append(sides)
    if not out:
        raise Refusal('Give at least two sides, split by |: sides:"Ada, Bo | Brute".')
    return out


def regroup(conflict: Conflict, engagement: Engagement) -> Conflict:
    """The Conflict with ``engagement`` in force: the Actors it names (still in) engaged in
    their cluster and side, every other Actor still in standing by. Each Jackpot goes with the
    first Actor (table order) of its cluster who is engaged again, into that Actor's new
    cluster; a Jackpot none of whose Actors is engaged is discarded (``lost_jackpots``)."""
    jackpots: dict[int, int] = {}
    for old, tokens in conflict.jackpots.items():
        heir = _heir(conflict, old, engagement)
        if heir is not None and tokens:
            new = engagement[heir][0]
            jackpots[new] = jackpots.get(new, 0) + tokens
    fighters = {}
    for name, was in conflict.fighters.items():
        if name in engagement and was.status == "in":
            cluster, side = engagement[name]
            now = was.model_copy(update={"cluster": cluster, "side": side, "engaged": True})
        else:
            now = was.model_copy(update={"engaged": False}) if was.engaged else was
        fighters[name] = now
    return conflict.model_copy(update={"fighters": fighters, "planned": None}).with_jackpots(
        jackpots
    )


def _heir(conflict: Conflict, cluster: int, engagement: Engagement) -> str | None:
    return next(
        (
            n
            for n in conflict.order
            if conflict.fighters[n].engaged
            and conflict.fighters[n].cluster == cluster
            and n in engagement
            and conflict.fighters[n].status == "in"
        ),
        None,
    )


def lost_jackpots(conflict: Conflict, engagement: Engagement) -> int:
    """The Jackpot tokens ``regroup`` would discard."""
    return sum(
        tokens
        for old, tokens in conflict.jackpots.items()
        if _heir(conflict, old, engagement) is None
    )


def next_hand(conflict: Conflict, eliminated: Mapping[str, str]) -> Conflict:
    """Step 6 into the next Hand's Step 1: the eliminated out, the planned engagement (R30) in
    force, if a GM gave one, else the same engagement minus those out."""
    for name, why in eliminated.items():
        out = conflict.fighters[name].model_copy(update={"status": "eliminated", "reason": why})
        conflict = conflict.with_fighter(out)
    if conflict.planned is not None:
        conflict = regroup(conflict, conflict.planned)
    return conflict.model_copy(
        update={
            "hand": conflict.hand + 1,
            "step": "ante",
            "antes": {},
            "bids": {},
            "cards": {},
            "damage": (),
            "played": (),
        }
    )


def engagement_text(conflict: Conflict, engagement: Engagement | None = None) -> str:
    """Who opposes whom as the table reads it: "Ada, Bo vs Brute", clusters split by "; "
    and numbered when there are several. Without ``engagement``: this Hand's, as it stands."""
    current = engagement is None
    if engagement is None:
        engagement = {
            n: (conflict.fighters[n].cluster, conflict.fighters[n].side)
            for n in conflict.involved()
        }
    by_cluster: dict[int, dict[int, list[str]]] = {}
    for name in conflict.order:
        if name in engagement:
            cluster, side = engagement[name]
            by_cluster.setdefault(cluster, {}).setdefault(side, []).append(name)
    said = [
        (
            cluster_number(conflict, cluster) if current else i,
            " vs ".join(", ".join(names) for _, names in sorted(sides.items())),
        )
        for i, (cluster, sides) in enumerate(sorted(by_cluster.items()), 1)
    ]
    if len(said) == 1 and (not current or not conflict.clustered()):
        return said[0][1]
    return "; ".join(f"cluster {number}: {text}" for number, text in said)


def cluster_label(conflict: Conflict, name: str) -> str:
    """ "cluster 2 " for an Actor when the Hand has clusters, else ""."""
    if not conflict.clustered():
        return ""
    return f"cluster {cluster_number(conflict, conflict.fighters[name].cluster)} "


def cluster_number(conflict: Conflict, cluster: int) -> int:
    """A cluster as the table counts them: 1, 2, ... in the order the engagement gave."""
    numbers = sorted(
        {conflict.fighters[n].cluster for n in conflict.present() if conflict.fighters[n].engaged}
    )
    return numbers.index(cluster) + 1 if cluster in numbers else cluster + 1


def engagement_lines(conflict: Conflict) -> list[str]:
    """S4 (public): the clusters when there are several, who stands by, what a GM planned."""
    lines = []
    by = conflict.standing_by()
    if conflict.clustered() or (by and conflict.involved()):
        lines.append(f"Engaged: {engagement_text(conflict)}.")
    if by:
        lines.append(f"Standing by this Hand (no opponent): {', '.join(by)}.")
    if conflict.planned is not None:
        lines.append(
            f"From Hand {conflict.hand + 1}: {engagement_text(conflict, conflict.planned)} "
            "(/conflict engage)."
        )
    return lines


def commit_status(conflict: Conflict, name: str) -> str:
    """ "Ada has committed (1 of 2)": of the Hand, or of Ada's cluster (R28)."""
    group = conflict.cluster_of(name) if conflict.clustered() else conflict.involved()
    waiting = set(conflict.waiting())
    done = sum(1 for n in group if n not in waiting)
    label = cluster_label(conflict, name).strip()
    return f"{name} has committed ({done} of {len(group)}{f' in {label}' if label else ''})."


def revealed_already(conflict: Conflict, name: str, shown: Collection[str], what: str) -> None:
    """R28: a cluster that revealed waits for the others before the Hand's next step."""
    if name in shown:
        nxt = "Step 3" if conflict.step == "ante" else "Step 5"
        raise Refusal(
            f"{name}'s {what} revealed already ({cluster_label(conflict, name)}is done): {nxt} "
            f"opens when every cluster's are (waiting for {', '.join(conflict.waiting())}).",
            public=True,
        )


def left_alone(before: Conflict, after: Conflict | None, gone: str) -> list[str]:
    """R28, R30: after ``gone`` leaves, whoever has no opponent left stands by for the rest of
    the Hand (its sealed commit discarded unseen) -- said while the Conflict goes on."""
    if after is None or not after.involved():
        return []
    return [
        f"{n} has no opponent left this Hand: {n} stands by"
        f"{', its sealed commit discarded unseen' if n in before.antes else ''}."
        for n in before.involved()
        if n != gone and n in after.standing_by()
    ]


def pot_said(conflict: Conflict, name: str) -> str:
    """The Ante Pot ``name`` antes into, as said at its commit: the Hand's, or its cluster's."""
    group = conflict.cluster_of(name)
    pot = sum(1 for n in conflict.antes if n in group) + conflict.jackpots.get(
        conflict.fighters[name].cluster, 0
    )
    label = cluster_label(conflict, name)
    return f"The {label}pot holds {pot} token{'s' if pot != 1 else ''}."
