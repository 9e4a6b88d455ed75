"""``/order``: the action order of a scene (Cortex p.98-99).

Handoff: the GM names the action lead; each character, PC or GMC, acts once a round and hands
off to someone who has not acted; when everyone has, the last to act picks the next round's
lead and may pick themselves. The GM may end the order at any time, or interrupt it with the
doom pool (a die at least as large as the next PC's largest trait). With the Taking Initiative
mod the order is rolled or rated instead: everyone rolls, fixed ratings from two traits, or
ratings plus a d6 (d8 with a helping distinction, d4 hindering; a hitch adds nothing).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import Die
from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.turns import TurnError, TurnOrder, hand_off, interrupt, next_round, start
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.doom import D12Players, D12Reward, d12_rewards, take_doom_die
from scenekeeper.systems.cortex.initiative import by_ratings, by_rolls, by_sides
from scenekeeper.systems.cortex.names import character, cortex, mod_on, require_mod
from scenekeeper.systems.cortex.scene_rules import current_scene, scene_change
from scenekeeper.systems.cortex.sheet import Character
from scenekeeper.systems.cortex.state import CortexState, Scene

commands = CommandSet(systems=frozenset({"cortex"}))
METHODS = ("handoff", "sides", "rolls", "ratings", "ratings-roll")


def _order(scene: Scene) -> TurnOrder:
    if scene.action_order is None:
        raise Refusal("There is no action order; the GM starts one with /order start lead:<name>.")
    return scene.action_order


def _with_order(game: CortexState, scene: Scene, order: TurnOrder | None, note: str) -> Event:
    moved = scene.model_copy(update={"action_order": order, "turn_action": None})
    return scene_change(game, moved, note)


def _status(order: TurnOrder) -> str:
    if order.current is None:
        if order.kind == "fixed":
            return (
                f"Round {order.round} is over: /order next starts round {order.round + 1} "
                "in the same order."
            )
        return (
            f"Round {order.round} is over: {order.last_actor()} picks who leads round "
            f"{order.round + 1} (/order next lead:<name>, themselves included)."
        )
    waiting = ", ".join(order.waiting()) or "nobody"
    if order.resume is not None:
        return (
            f"Round {order.round}: {order.current} acts out of turn, then /order handoff "
            f"and {order.resume} takes their turn; yet to act after them: {waiting}."
        )
    if order.kind == "fixed":
        then = "/order handoff (the next in line goes)"
    else:
        then = "hands off (/order handoff to:<name>)" if waiting != "nobody" else "/order handoff"
    return f"Round {order.round}: {order.current} acts, then {then}; yet to act: {waiting}."


@dataclass(frozen=True)
class StartOrder:
    lead: Annotated[str | None, Opt("who acts first (handoff; the GM decides)")] = None
    characters: Annotated[
        str | None, Opt('who takes part, like "Ada, Ben, Thug" (default: everyone active)')
    ] = None
    method: Annotated[
        str,
        Opt("handoff, or with Taking Initiative: rolls, ratings, ratings-roll", choices=METHODS),
    ] = "handoff"
    sides: Annotated[
        str | None,
        Opt('sides: the sides, leader first, like "Ada, Ben | Boss, Thug" (leaders roll first)'),
    ] = None
    traits: Annotated[
        str | None, Opt('ratings: the two traits that make it, like "Agility, Alertness"')
    ] = None
    results: Annotated[str | None, Opt("ratings-roll: the initiative dice faces, in order")] = None


@commands.command(
    "order start",
    help="Start the action order: the GM names the lead (handoff), or with the Taking "
    "Initiative mod the order is rolled or rated.",
    permission=Permission.GM,
    examples=("/order start lead:Thug", '/order start method:ratings traits:"Agility, Alertness"'),
)
def start_order(ctx: Context, args: StartOrder) -> Decision:
    state = ctx.require_state()
    game = cortex(state)
    scene = current_scene(game)
    if scene.action_order is not None:
        raise Refusal("An action order is running; /order end it first.")
    people = _people(ctx, game, args.characters)
    names = tuple(c.name for c in people)
    lines: list[str] = []
    rolled: list[Event] = []
    if args.method == "sides" and args.characters is not None:
        raise Refusal("With sides:, the sides name who takes part; leave out characters:.")
    if args.method == "handoff":
        if args.lead is None:
            raise Refusal("Name the action lead: lead:<name> (the GM decides, Cortex p.98).")
        order = start(names, args.lead)
    else:
        require_mod(state, "taking-initiative")
        if args.method == "sides":
            ranked, lines = by_sides(ctx, game, scene, args.sides)
        elif args.method == "rolls":
            ranked, lines = by_rolls(game, scene, people)
        else:
            ranked, lines, rolled = by_ratings(
                ctx, game, people, args.traits, args.results, roll=args.method == "ratings-roll"
            )
            for event in rolled:
                if isinstance(event, ev.Rolled):
                    game = game.with_roll(event.roll)
        order = start(tuple(n for n, _ in ranked), ranked[0][0], kind="fixed")
    event = _with_order(game, scene, order, f"action order: {order.lead} leads")
    return Decision(
        events=(*rolled, event),
        reply=Reply.say(
            *lines, f"Action order ({args.method}): {order.lead} leads.", _status(order)
        ),
    )


def _people(ctx: Context, game: CortexState, names: str | None) -> list[Character]:
    if names is None:
        people = [c for c in game.characters.values() if c.status == "active"]
    else:
        people = [character(ctx, n.strip()) for n in names.split(",") if n.strip()]
    if not people:
        raise Refusal("Nobody is in play for an action order; make characters with /char new.")
    return people


@dataclass(frozen=True)
class HandOff:
    to: Annotated[str | None, Opt("who acts next (someone who has not acted this round)")] = None


@commands.command(
    "order handoff",
    help="The acting character is done and hands off to someone who has not acted this round "
    "(leave out to: when everyone has acted).",
    permission=Permission.PLAYER,
    examples=("/order handoff to:Thug",),
)
def handoff(ctx: Context, args: HandOff) -> Decision:
    game = cortex(ctx.require_state())
    scene = current_scene(game)
    order = _order(scene)
    if order.current is not None:
        _may_steer(ctx, order.current)
    if scene.pending_action is not None:
        actor, target, _ = scene.pending_action
        raise Refusal(f"{actor}'s action waits for {target}'s reaction first: /react.")
    try:
        moved = hand_off(order, args.to)
    except TurnError as error:
        raise Refusal(str(error)) from None
    event = _with_order(game, scene, moved, f"{order.current} hands off")
    return Decision(events=(event,), reply=Reply.say(_status(moved)))


@dataclass(frozen=True)
class NextRound:
    lead: Annotated[
        str | None, Opt("who leads the next round (the last to act picks; themselves too)")
    ] = None


@commands.command(
    "order next",
    help="Start the next round: the last to act picks its lead, and may pick themselves.",
    permission=Permission.PLAYER,
)
def next_lead(ctx: Context, args: NextRound) -> Decision:
    game = cortex(ctx.require_state())
    scene = current_scene(game)
    order = _order(scene)
    last = order.last_actor()
    if last is not None and order.current is None:
        _may_steer(ctx, last)
    try:
        moved = next_round(order, args.lead)
    except TurnError as error:
        raise Refusal(str(error)) from None
    event = _with_order(game, scene, moved, f"round {moved.round}: {moved.lead} leads")
    return Decision(
        events=(event,),
        reply=Reply.say(f"Round {moved.round}: {moved.lead} leads.", _status(moved)),
    )


@dataclass(frozen=True)
class Interrupt:
    character: Annotated[str, Opt("the GMC who acts now")]
    die: Annotated[
        str, Opt("the doom die spent: at least the next PC's largest trait (Scions: d6)")
    ]
    players: D12Players = None
    reward: D12Reward = None


@commands.command(
    "order interrupt",
    help="Doom pool: spend a doom die at least as large as the next PC's largest trait (in "
    "Scions, any die from d6) to have a GMC act now, out of turn.",
    permission=Permission.GM,
)
def interrupt_order(ctx: Context, args: Interrupt) -> Decision:
    state = ctx.require_state()
    require_mod(state, "doom-pool")
    game = cortex(state)
    scene = current_scene(game)
    order = _order(scene)
    who = character(ctx, args.character)
    die, rest = take_doom_die(game.doom_pool, args.die)
    due = game.find_character(order.current) if order.current else None
    least = game.rules.interrupt_min
    if least is not None and die < least:
        raise Refusal(f"Interrupting takes a doom die of at least {least}.")
    if least is None and due is not None and due.kind == "pc":
        largest = max(
            (d for traits in due.traits.values() for d in traits.values()), default=Die.D4
        )
        if die < largest:
            raise Refusal(
                f"Interrupting {due.name} takes a doom die of at least {largest}, their "
                "largest trait."
            )
    try:
        moved = interrupt(order, who.name)
    except TurnError as error:
        raise Refusal(str(error)) from None
    rewarded, said = d12_rewards(ctx, int(die is Die.D12), args.players, args.reward)
    events = (
        ev.DoomPoolChanged(dice=rest, reason=f"spent {die} to interrupt the action order"),
        _with_order(game, scene, moved, f"{who.name} interrupts"),
        *rewarded,
    )
    return Decision(
        events=events,
        reply=Reply.say(
            f"The GM spends a doom {die}: {who.name} acts now, out of turn.", _status(moved), *said
        ),
    )


@commands.command(
    "order end", help="End the action order (the GM may at any time).", permission=Permission.GM
)
def end_order(ctx: Context, _args: NoOptions) -> Decision:
    game = cortex(ctx.require_state())
    scene = current_scene(game)
    _order(scene)
    return Decision(
        events=(_with_order(game, scene, None, "action order ended"),),
        reply=Reply.say("The action order ends."),
    )


@commands.command(
    "order show", help="Who has acted, who acts now, who may go next.", permission=Permission.ANYONE
)
def show_order(ctx: Context, _args: NoOptions) -> Decision:
    game = cortex(ctx.require_state())
    order = _order(current_scene(game))
    acted = ", ".join(order.acted) or "nobody yet"
    return Decision(
        reply=Reply.say(
            f"Action order ({order.kind}), round {order.round}, led by {order.lead}.",
            f"Acted: {acted}.",
            _status(order),
        )
    )


def _may_steer(ctx: Context, name: str) -> None:
    """The acting character's player (or a GM) moves the order on."""
    state = ctx.require_state()
    meta = state.meta
    if meta.is_gm(ctx.actor.id):
        return
    if meta.owner_of(name) != ctx.actor.id:
        raise Refusal(f"It is {name}'s turn: their player or a GM moves the order on.")


def taking_initiative_on(ctx: Context) -> bool:
    return mod_on(ctx.require_state(), "taking-initiative")
