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

from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.events import Event
from scenekeeper.engine.names import resolve
from scenekeeper.engine.quoting import listed, quoted, split_listed
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.systems import mod_on, require_mod
from scenekeeper.engine.turns import (
    Kind,
    TurnError,
    TurnOrder,
    hand_off,
    next_round,
    start,
)
from scenekeeper.systems.cortex import events as ev
from scenekeeper.systems.cortex.order.initiative import by_ratings, by_rolls, by_sides
from scenekeeper.systems.cortex.procedures.scene_rules import current_scene, scene_change
from scenekeeper.systems.cortex.scene_state import Scene
from scenekeeper.systems.cortex.sheets.sheet import Character
from scenekeeper.systems.cortex.state import CortexState, character, cortex
from scenekeeper.systems.cortex.troubles.out_of_scene import handoff_waits
from scenekeeper.systems.cortex.waiting import called_off

commands = CommandSet(systems=frozenset({"cortex"}))
METHODS = ("handoff", "sides", "rolls", "ratings", "ratings-roll")


NO_ORDER = "There is no action order; the GM starts one with /order start lead:<name>."


def running_order(scene: Scene) -> TurnOrder:
    if scene.action_order is None:
        raise Refusal(NO_ORDER)
    return scene.action_order


def order_change(game: CortexState, scene: Scene, order: TurnOrder | None, note: str) -> Event:
    moved = scene.model_copy(update={"action_order": order, "turn_action": None})
    return scene_change(game, moved, note)


def order_status(order: TurnOrder) -> str:
    if handoff_waits(order):
        waiting = ", ".join(order.waiting())
        return (
            f"Round {order.round}: the one acting left the scene; a GM hands the turn on "
            f"(/order handoff to:<name>); yet to act: {waiting}."
        )
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
    summary="Start the action order: the GM names the lead, or the order is rolled or rated.",
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
        order = _started(names, args.lead)
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
        order = _started(tuple(n for n, _ in ranked), ranked[0][0], kind="fixed")
    event = order_change(game, scene, order, f"action order: {order.lead} leads")
    # The order is settled: the initiative rolls that made it are final (Cortex p.99).
    used = tuple(r for _, r in scene.initiative_rolls if game.roll_by_id(r) is not None)
    if args.method in ("sides", "rolls") and used:
        rolled.append(ev.RollsClosed(roll_ids=used, reason="the action order is settled"))
    return Decision(
        events=(*rolled, event),
        reply=Reply.say(
            *lines, f"Action order ({args.method}): {order.lead} leads.", order_status(order)
        ),
    )


def _started(names: tuple[str, ...], lead: str, kind: Kind = "handoff") -> TurnOrder:
    try:
        return start(names, lead, kind)
    except TurnError as error:
        raise Refusal(f"{error} Name the lead among them: lead:<name>.") from None


def _people(ctx: Context, game: CortexState, names: str | None) -> list[Character]:
    if names is None:
        people = [c for c in game.characters.values() if c.status == "active"]
    else:
        people = [character(ctx, n) for n in split_listed(names, game.characters)]
        if not people:
            active = [c.name for c in game.characters.values() if c.status == "active"]
            raise Refusal(f"Name who takes part: characters:{quoted(listed(active))}.")
        if len({c.name for c in people}) != len(people):
            raise Refusal("Name each character once in characters:.")
        out = [c.name for c in people if c.status != "active"]
        if out:
            # Cortex p.22, p.40: out of the scene, they take no part in it.
            raise Refusal(
                f"{', '.join(out)} {'is' if len(out) == 1 else 'are'} out of the scene and "
                "cannot take part in the order; leave them out."
            )
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
    summary="The acting character is done and hands off to someone who has not acted this round.",
    permission=Permission.PLAYER,
    examples=("/order handoff to:Thug",),
)
def handoff(ctx: Context, args: HandOff) -> Decision:
    game = cortex(ctx.require_state())
    scene = current_scene(game)
    order = running_order(scene)
    if order.current is not None:
        _may_steer(ctx, order.current)
    if scene.pending_action is not None:
        actor, target, _ = scene.pending_action
        raise Refusal(
            f"{actor}'s action waits for {target}'s reaction first: /react (a GM can "
            "/cancel what:action)."
        )
    if handoff_waits(order):
        moved = _hand_on(ctx, game, order, args.to)
    else:
        try:
            moved = hand_off(order, args.to)
        except TurnError as error:
            raise Refusal(str(error)) from None
        if moved.current is not None and not in_scene(game, moved.current):
            raise Refusal(f"{moved.current} is out of the scene; hand off to someone else.")
    event = order_change(game, scene, moved, f"{order.current} hands off")
    return Decision(events=(event,), reply=Reply.say(order_status(moved)))


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
    order = running_order(scene)
    last = order.last_actor()
    if handoff_waits(order):
        raise Refusal(
            f"Round {order.round} is not over: {', '.join(order.waiting())} yet to act; a GM "
            "hands the turn on with /order handoff to:<name>."
        )
    if last is not None and order.current is None:
        _may_steer(ctx, last)
    try:
        moved = next_round(order, args.lead)
    except TurnError as error:
        raise Refusal(str(error)) from None
    if moved.current is not None and not in_scene(game, moved.current):
        raise Refusal(f"{moved.current} is out of the scene; pick another lead.")
    event = order_change(game, scene, moved, f"round {moved.round}: {moved.lead} leads")
    return Decision(
        events=(event,),
        reply=Reply.say(f"Round {moved.round}: {moved.lead} leads.", order_status(moved)),
    )


@commands.command(
    "order end", help="End the action order (the GM may at any time).", permission=Permission.GM
)
def end_order(ctx: Context, _args: NoOptions) -> Decision:
    game = cortex(ctx.require_state())
    if game.scene is None or game.scene.action_order is None:
        return Decision(reply=Reply.say("There is no action order: nothing to end."))
    scene = current_scene(game)
    running_order(scene)
    if scene.pending_action is None:
        return Decision(
            events=(order_change(game, scene, None, "action order ended"),),
            reply=Reply.say("The action order ends."),
        )
    # An action still waiting for its reaction ends with the order (Cortex p.98: the GM may
    # end it at any time); left waiting, it blocked every action of the next order.
    actor, target, roll_id = scene.pending_action
    moved = scene.model_copy(
        update={"action_order": None, "turn_action": None, "pending_action": None}
    )
    return called_off(
        game,
        moved,
        (roll_id,),
        f"The action order ends, and {actor}'s action against {target} with it: nothing comes "
        "of it.",
    )


@commands.command(
    "order show", help="Who has acted, who acts now, who may go next.", permission=Permission.ANYONE
)
def show_order(ctx: Context, _args: NoOptions) -> Decision:
    game = cortex(ctx.require_state())
    if game.scene is None or game.scene.action_order is None:
        return Decision(reply=Reply.say(NO_ORDER))
    order = running_order(current_scene(game))
    acted = ", ".join(order.acted) or "nobody yet"
    return Decision(
        reply=Reply.say(
            f"Action order ({order.kind}), round {order.round}, led by {order.lead}.",
            f"Acted: {acted}.",
            order_status(order),
        )
    )


def _hand_on(ctx: Context, game: CortexState, order: TurnOrder, to: str | None) -> TurnOrder:
    """The one acting left the scene mid-turn: a GM hands the turn to someone yet to act."""
    if not ctx.require_state().meta.is_gm(ctx.actor.id):
        raise Refusal("The one acting left the scene: a GM hands the turn on.")
    waiting = order.waiting()
    if to is None:
        raise Refusal(f"Hand the turn to someone yet to act: to:<{'|'.join(waiting)}>.")
    target = resolve(waiting, to)
    if target is None:
        raise Refusal(f"{to} is not waiting to act this round; hand off to {', '.join(waiting)}.")
    if not in_scene(game, target):
        raise Refusal(f"{target} is out of the scene; hand off to someone else.")
    return order.model_copy(update={"current": target})


def in_scene(game: CortexState, name: str) -> bool:
    who = game.find_character(name)
    return who is None or who.status == "active"


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
