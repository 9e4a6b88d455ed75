"""``/order``: volleyball Initiative at a METTLE table (scenes.md, Initiative, Free Move,
Split Actions), on the engine's handoff order (``engine.turns``).

The one who starts the conflict takes the first Action; Initiative then passes by itself
when there is no choice (``volley``). These commands are for the choices: passing when the
target has no Action, leading a new Round, the Free Move, Waiting, rejoining and splitting.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, NoOptions, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.reply import Reply
from scenekeeper.engine.turns import TurnError, start
from scenekeeper.systems.mettle import events as ev
from scenekeeper.systems.mettle.damage import land
from scenekeeper.systems.mettle.initiative import set_initiative
from scenekeeper.systems.mettle.outcomes import settle
from scenekeeper.systems.mettle.plan import Plan
from scenekeeper.systems.mettle.state import Initiative, character, is_gm, mettle, named
from scenekeeper.systems.mettle.status_text import order_lines
from scenekeeper.systems.mettle.volley import (
    candidates,
    give,
    gm_characters,
    lead_choices,
    new_round,
    next_out,
    pass_on,
)

commands = CommandSet(systems=frozenset({"mettle"}))


NOT_RUNNING = "Initiative is not running; the GM starts it with /order start lead:<name>."


def running(plan: Plan) -> Initiative:
    init = plan.game.initiative
    if init is None:
        raise Refusal(NOT_RUNNING)
    return init


def _may_steer(ctx: Context, name: str, why: str = "it is {name}'s turn") -> None:
    """The acting (or last) character's player, or a GM, moves Initiative on."""
    meta = ctx.require_state().meta
    if meta.is_gm(ctx.actor.id):
        return
    if meta.owner_of(name) != ctx.actor.id:
        said = why.format(name=name)
        raise Refusal(f"{said[0].upper()}{said[1:]}: their player or a GM passes Initiative.")


def _names(ctx: Context, text: str | None) -> list[str]:
    if not text:
        return []
    return [character(ctx, n.strip()).name for n in text.split(",") if n.strip()]


@dataclass(frozen=True)
class StartOrder:
    lead: Annotated[str | None, Opt("who acts first (handoff; the GM decides)")] = None
    characters: Annotated[
        str | None, Opt('who takes part, like "Ada, Ben, Thug" (default: everyone active)')
    ] = None
    surprised: Annotated[
        str | None, Opt('who is Surprised: no Action in Round 1, like "Thug, Boss"')
    ] = None


@commands.command(
    "order start",
    help="Start Initiative: the one who starts the conflict takes the first Action; the "
    "Surprised have none in Round 1.",
    summary="Start Initiative: the one who starts the conflict takes the first Action.",
    permission=Permission.GM,
    examples=("/order start lead:Ada", '/order start lead:Kirin surprised:"Clerk"'),
)
def start_order(ctx: Context, args: StartOrder) -> Decision:
    plan = Plan(ctx)
    game = plan.game
    if game.initiative is not None:
        raise Refusal("Initiative is running; /order end it first.")
    if args.lead is None:
        raise Refusal("Name who starts the conflict: lead:<name> (they take the first Action).")
    names = _names(ctx, args.characters) or [
        n for n, c in game.characters.items() if not c.has("dead")
    ]
    if not names:
        raise Refusal("Nobody is in play for Initiative; make characters with /char new.")
    lead = character(ctx, args.lead).name
    if lead not in names:
        raise Refusal(
            f"{lead} is not among those taking part ({', '.join(names)}): add them to "
            "characters:, or lead: one of those."
        )
    surprised = tuple(dict.fromkeys(_names(ctx, args.surprised)))
    surprised += tuple(
        n for n in names if game.characters[n].has("surprised") and n not in surprised
    )
    probe = Initiative(order=start(tuple(names), names[0]), surprised=surprised)
    out = next_out(game, probe, 1)
    try:
        order = start(tuple(names), lead, out=tuple(out))
    except TurnError:
        raise Refusal(
            f"{lead} has no Action in Round 1 ({out.get(lead, 'no Action')}), so cannot lead "
            f"it; lead: someone with one."
        ) from None
    plan.close_window()
    if game.held_hit is not None:
        plan.say("The held hit lands first (no Defend).")
        land(plan, game.held_hit)
    for name in surprised:
        if not game.characters[name].has("surprised"):
            plan.add(ev.StatusGained(character=name, status="surprised", reason="caught unawares"))
    for name, reason in out.items():
        if reason == "Delay":
            plan.add(ev.DelayChanged(character=name, delayed=False))
    init = Initiative(order=order, lost=out, surprised=surprised)
    set_initiative(plan, init, f"initiative: {lead} leads")
    plan.say(f"Initiative: {lead} starts the conflict and takes the first Action. Round 1.")
    if out:
        plan.say("No Action this Round: " + ", ".join(f"{n} ({r})" for n, r in out.items()) + ".")
    return plan.decision()


@dataclass(frozen=True)
class HandOff:
    to: Annotated[str | None, Opt("who acts next (someone who has not acted this round)")] = None


@commands.command(
    "order handoff",
    help="Pass Initiative when there is a choice: to anyone with an Action (gm: the Guide "
    "picks); before acting, it gives up the Action (or the rest of a split).",
    summary="Pass Initiative when there is a choice: to anyone with an Action.",
    permission=Permission.PLAYER,
    examples=("/order handoff to:Thug", "/order handoff to:gm"),
)
def handoff(ctx: Context, args: HandOff) -> Decision:
    plan = Plan(ctx)
    init = running(plan)
    current = init.order.current
    if current is None:
        raise Refusal(f"Round {init.order.round} is over: /order next lead:<name> starts the next.")
    if init.gm_picks:
        if not is_gm(ctx):
            raise Refusal(
                "The Guide picks which of their characters goes next (a GM: /order handoff "
                "to:<name>)."
            )
    else:
        _may_steer(ctx, current)
    plan.close_window()
    if not init.passing and not init.gm_picks:
        parts = init.parts_left(current)
        if parts:
            dropped = ", ".join(f"{p.action} {p.dice}D" for p in parts)
            plan.say(f"{current} drops the rest of the split ({dropped}): those dice are lost.")
            splits = {
                **init.splits,
                current: tuple(p.model_copy(update={"done": True}) for p in init.splits[current]),
            }
            set_initiative(
                plan, init.model_copy(update={"splits": splits}), f"{current} drops the split"
            )
        else:
            plan.say(f"{current} gives up their Action this Round.")
        if args.to is None:
            pass_on(plan, current, None, finished=True)
            settle(plan)
            return plan.decision()
        set_initiative(
            plan,
            running(plan).model_copy(
                update={"passing": True, "target": None, "target_of": current}
            ),
            f"{current} passes",
        )
    _choose(plan, current, args.to, acted=init.passing)
    settle(plan)
    return plan.decision()


def _choose(plan: Plan, current: str, to: str | None, *, acted: bool = True) -> None:
    """``current`` passes Initiative ``to`` someone with an Action (``acted``: they had taken
    their Action before this command, not given it up in it)."""
    init = running(plan)
    finished = not init.parts_left(current)
    choice = candidates(init, current, finished=finished)
    if init.gm_picks:
        choice = gm_characters(plan.game, choice)
    if not choice:
        # Nobody else has an Action (they lost it meanwhile): the Round ends.
        if to is not None:
            raise Refusal(
                f"Nobody else has an Action this Round: leave out to: (/order handoff) and "
                f"Round {init.order.round} ends."
            )
        target = init.target if init.target_of == current else None
        pass_on(plan, current, target, finished=True)
        return
    listed = "|".join(choice)
    if to is None:
        if len(choice) == 1:
            give(plan, choice[0], finished=finished, why=" (the only one with an Action)")
            return
        raise Refusal(f"Pass Initiative to someone with an Action: to:<{listed}>.")
    if to.strip().casefold() == "gm" and not init.gm_picks:
        theirs = gm_characters(plan.game, choice)
        if not theirs:
            raise Refusal(f"No GM character has an Action; pass to {listed}.")
        if len(theirs) > 1:
            set_initiative(plan, init.model_copy(update={"gm_picks": True}), "the Guide picks")
            plan.say(f"The Guide picks who goes next: /order handoff to:<{'|'.join(theirs)}>.")
            return
        to = theirs[0]
    found = named(plan.game, to).name
    if found == current and found not in choice:
        if not acted:
            raise Refusal(
                f"It is {found}'s turn already: take the Action (/act), or give it up and pass "
                f"to {listed}."
            )
        raise Refusal(f"{found} has taken their Action this Round; pass to {listed}.")
    if found not in choice:
        why = init.lost.get(found) or ("acted this Round" if found in init.order.acted else "")
        reason = f" ({why})" if why else ""
        raise Refusal(f"{found} has no Action to take now{reason}; pass to {listed}.")
    give(plan, found, finished=finished)


@dataclass(frozen=True)
class NextRound:
    lead: Annotated[
        str | None, Opt("who leads the next round (the last to act picks; themselves too)")
    ] = None


@commands.command(
    "order next",
    help="Start the next Round when the last to act has a choice: their target goes first if "
    "they have an Action; else anyone with one (themselves if they targeted no one).",
    summary="Start the next Round when the last to act has a choice of who goes first.",
    permission=Permission.PLAYER,
)
def next_lead(ctx: Context, args: NextRound) -> Decision:
    plan = Plan(ctx)
    init = running(plan)
    if init.order.current is not None:
        raise Refusal(
            f"Round {init.order.round} is under way: it is {init.order.current}'s turn; "
            "/order next starts a Round once everyone has acted."
        )
    last = init.order.last_actor()
    if last is not None:
        _may_steer(ctx, last, "{name} acted last and picks who leads")
    out = next_out(plan.game, init, init.order.round + 1)
    playing = [p for p in init.order.participants if p not in out]
    if not playing:
        raise Refusal(
            f"Nobody has an Action for Round {init.order.round + 1}; the waiting may /order "
            "rejoin, or a GM may /order end."
        )
    choices = lead_choices(plan, init, playing)
    if args.lead is None and len(choices) > 1:
        raise Refusal(f"Name who leads Round {init.order.round + 1}: lead:<{'|'.join(choices)}>.")
    plan.close_window()
    new_round(plan, args.lead)
    return plan.decision()


@commands.command(
    "order show",
    help="Initiative: the Round, who acts, who has an Action, who lost it, waits and splits.",
    permission=Permission.ANYONE,
)
def show(ctx: Context, _args: NoOptions) -> Decision:
    game = mettle(ctx.require_state())
    if game.initiative is None:
        return Decision(reply=Reply.say(NOT_RUNNING))
    return Decision(reply=Reply.say(*order_lines(game)))


@commands.command(
    "order end",
    help="End Initiative when the conflict is over (a held hit lands first).",
    permission=Permission.GM,
)
def end(ctx: Context, _args: NoOptions) -> Decision:
    plan = Plan(ctx)
    if plan.game.initiative is None:
        return Decision(reply=Reply.say("Initiative is not running: nothing to end."))
    plan.close_window()
    if plan.game.held_hit is not None:
        land(plan, plan.game.held_hit)
    surprised = []
    for name, who in plan.game.characters.items():
        if who.delayed:
            plan.add(ev.DelayChanged(character=name, delayed=False))
        if who.has("surprised"):
            # Surprise is this Initiative's first Round: it never costs the next one's.
            plan.add(ev.StatusLost(character=name, status="surprised", reason="Initiative ended"))
            surprised.append(name)
    set_initiative(plan, None, "initiative ended")
    plan.say("Initiative ends.")
    if surprised:
        plan.say(f"No longer Surprised: {', '.join(surprised)}.")
    return plan.decision()
