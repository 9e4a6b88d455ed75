"""``/recover``: recovery tests for stress, trauma and complications (Cortex p.37, p.40-41):
a test against d8 d8 plus the die (for stress and complications d6 d6 in a bridge scene). What
the roll does to the track is
in ``recovery_rules``, decided on the roll's reading and decided again when after-roll spends
change it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, cast

from scenekeeper.dice import Die
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.names import resolve
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.systems import require_mod
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.roll.choices import hitch_count
from scenekeeper.systems.cortex.roll.rolling import (
    BoostOpt,
    CortexRoll,
    HinderOpt,
    PayOpt,
    roll_character,
    rolled_record,
)
from scenekeeper.systems.cortex.sheets.sheet import Character
from scenekeeper.systems.cortex.state import cortex, may_act_for, own_character
from scenekeeper.systems.cortex.troubles.recovery_rules import (
    PURPOSE,
    Kind,
    best_reading,
    decide,
    label,
)

commands = CommandSet(systems=frozenset({"cortex"}))
#: Cortex p.37: the base difficulty of a recovery test.
BASE = "d8 d8"
BRIDGE_BASE = "d6 d6"


@dataclass(frozen=True)
class Recover:
    pool: Annotated[str, Opt("the traits, assets and dice you recover with")]
    stress: Annotated[str | None, Opt("the stress type to recover")] = None
    trauma: Annotated[str | None, Opt("the trauma to recover")] = None
    complication: Annotated[str | None, Opt("the complication to recover from")] = None
    character: Annotated[str | None, Opt("who recovers (default: the character you play)")] = None
    hinder: HinderOpt = None
    pay: PayOpt = 0
    boost: BoostOpt = None
    results: Annotated[str | None, Opt("faces you rolled, in pool order")] = None
    vs_results: Annotated[
        str | None, Opt("faces rolled for the difficulty: d8, d8, then the die")
    ] = None


@commands.command(
    "recover",
    help="A recovery test against d8 d8 plus the stress, trauma or complication die (d6 d6 "
    "for stress or a complication in a bridge scene).",
    summary="A recovery test against d8 d8 plus the stress, trauma or complication die.",
    permission=Permission.PLAYER,
    examples=(
        '/recover stress:Physical pool:"Vitality Medicine"',
        '/recover complication:"Broken Arm" pool:"Vitality Endurance"',
    ),
)
def recover(ctx: Context, args: Recover) -> Decision:
    state = ctx.require_state()
    game = cortex(state)
    who = own_character(ctx, args.character)
    may_act_for(ctx, who)
    kind, name, die = _target(who, args)
    if kind in ("stress", "trauma"):
        require_mod(state, kind)
    if (who.name, kind, name) in game.recovery_locks:
        raise Refusal(
            f"{who.name} tried to recover {label(kind, name)} already; no retry until time passes "
            "(a new scene, a rest or a new session)."
        )
    # Cortex p.95: a bridge scene eliminates complications at reduced difficulty, d6 d6
    # instead of d8 d8 -- stress too, recovered by the complication rules (p.40). Trauma keeps
    # its d8 d8 (p.41: much harder to recover; it never eases with rest).
    scene = game.scene
    bridge = scene is not None and scene.type == "bridge"
    base = BRIDGE_BASE if bridge and kind != "trauma" else BASE
    request = CortexRoll(
        pool=args.pool,
        vs=f"{base} {die}",
        hinder=args.hinder,
        pay=args.pay,
        boost=args.boost,
        results=args.results,
        vs_results=args.vs_results,
    )
    rolled = roll_character(ctx, who, request, side="player", test=True, purpose=PURPOSE)
    record = rolled_record(rolled, who)
    # The player reads the roll to their best: the largest effect die that still beats the
    # difficulty, heroic steps included (Cortex p.17: the player chooses the dice).
    best, chosen_event = best_reading(record)
    record = record.model_copy(
        update={"total_dice": best.total_dice, "effect_dice": best.effect_dice}
    )
    extra: list[Event] = [] if chosen_event is None else [chosen_event]
    if hitch_count(record):
        # The recovery test's own table says what its hitches do; /hitch does not add more.
        extra.append(ev.HitchesActivated(roll_id=record.id, paid=False))
    events, lines, kept = decide(state, who, kind, name, record)
    if chosen_event is not None:
        picked = ", ".join(str(e) for e in best.effects)
        lines.insert(
            0,
            f"{who.name} reads it for the largest effect that still beats it: total "
            f"{best.total}, effect {picked}.",
        )
    return Decision(
        events=(*rolled.events, *extra, *events, ev.RecoveryKept(recovery=kept)),
        reply=Reply(text=(*rolled.reply.text, *lines), data=rolled.reply.data),
    )


def _target(who: Character, args: Recover) -> tuple[Kind, str, Die]:
    given = [
        (k, v)
        for k, v in (
            ("stress", args.stress),
            ("trauma", args.trauma),
            ("complication", args.complication),
        )
        if v
    ]
    if len(given) != 1:
        raise Refusal(
            "Name one thing to recover: stress:<type>, trauma:<type> or complication:<name>."
        )
    kind, wanted = given[0]
    held: dict[str, Die] = {
        "stress": who.stress,
        "trauma": who.trauma,
        "complication": who.complications,
    }[kind]
    name = resolve(held, wanted, kind)
    if name is None:
        known = ", ".join(held) or "none"
        raise Refusal(f"{who.name} has no {kind} called {wanted} ({kind}: {known}).")
    return cast(Kind, kind), name, held[name]
