"""``/check`` and ``/twist``: a Check that is not one of the Actions (a trap to avoid, a
teamwork member, the Guide's "roll Poise"), and the Twist on the newest failed Check.

engine.md, Twists: on a failure with Edge the player may call a Twist: the Edge dice (raised
ones too) are rolled again, the Score stays and the new faces add to it; the default Twist is
Delay -- the next Action is lost. One Twist per Check (gaps 4; mod repeat-twists). A Twist
comes before the next Action, Check or handoff (checklist D29).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.dice import DiceError, roll_dice
from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.systems.mettle import events as ev
from scenekeeper.systems.mettle.check_making import make_check
from scenekeeper.systems.mettle.checks import Difficulty, Pool, reading_lines
from scenekeeper.systems.mettle.damage import land_before_action
from scenekeeper.systems.mettle.initiative import lose_action
from scenekeeper.systems.mettle.outcomes import apply_outcome, settle
from scenekeeper.systems.mettle.plan import Plan
from scenekeeper.systems.mettle.pools import (
    against,
    attribute_pool,
    check_surge,
    finish,
    rated,
    roller_difficulty,
    with_modifiers,
)
from scenekeeper.systems.mettle.sheet import Character, attribute_named, same_name
from scenekeeper.systems.mettle.state import character, is_gm, may_act_for, own_character
from scenekeeper.systems.mettle.team import result_lines

commands = CommandSet(systems=frozenset({"mettle"}))
TWISTS = ("delay", "confuse", "dismay", "expose", "imperil", "waste")
SIDES = 6


@dataclass(frozen=True)
class CheckArgs:
    pool: Annotated[
        str | None, Opt("an Attribute (concept, motive, nature, poise) or a number of dice")
    ] = None
    vs: Annotated[
        str | None,
        Opt('the Difficulty: a number, routine..nigh-impossible, or "Thug poise"'),
    ] = None
    character: Annotated[str | None, Opt("who rolls (default: the character you play)")] = None
    modifier: Annotated[
        int,
        Opt("added to the Difficulty, for cover, light and the like", min_value=-20, max_value=20),
    ] = 0
    bonus: Annotated[int, Opt("die bonus +nD", min_value=0, max_value=10)] = 0
    penalty: Annotated[
        int, Opt("die penalty -nD (the largest penalty counts)", min_value=0, max_value=10)
    ] = 0
    raises: Annotated[
        int, Opt("Raises: dice set to six before the Check", min_value=0, max_value=20)
    ] = 0
    surge: Annotated[
        int, Opt("Mettle spent for +1D each (in Initiative; at most Motive)", min_value=0)
    ] = 0
    offbeat: Annotated[
        bool, Opt("Concept off its Descriptor (or out of character): Difficulty x2 or half pool")
    ] = False
    label: Annotated[str | None, Opt("what it is for", max_length=80)] = None
    results: Annotated[str | None, Opt("the faces you rolled, one per die rolled")] = None


@commands.command(
    "check",
    help="Make a Check that is not one of the Actions: roll an Attribute (or n dice) against a "
    "Difficulty; Score beats it to succeed, Edge rates the success.",
    summary="Make a Check that is not an Action: an Attribute or dice against a Difficulty.",
    permission=Permission.PLAYER,
    examples=("/check pool:poise vs:4 label:Pitfall", '/check pool:3 vs:"Clerk motive"'),
)
def check(ctx: Context, args: CheckArgs) -> Decision:
    plan = Plan(ctx)
    game = plan.game
    who = _roller(ctx, args)
    team = game.team
    in_team = (
        args.pool is None
        and team is not None
        and who is not None
        and who.name in team.members
        and who.name not in team.results
    )
    if args.pool is None and not in_team:
        raise Refusal("Say what to roll: pool:<attribute or number of dice> (and vs:).")
    if who is not None:
        may_act_for(ctx, who)
        if who.lost_action() == "dead":
            raise Refusal(f"{who.name} is dead.")
    if in_team:
        assert team is not None
        assert who is not None
        if args.vs is not None:
            raise Refusal(f"The teamwork Check is against {team.difficulty_text}; leave out vs:.")
        pools = {m: rated(plan.get(m), team.attribute) for m in team.members}
        pool = attribute_pool(who, team.attribute)
        # engine.md, Teamwork: lower pools all get +1D.
        lower = pools[who.name] < max(pools.values()) and team.succeed != "first"
        pool = pool.plus("teamwork", 1 if lower else 0)
        difficulty: Difficulty | None = Difficulty((("", team.difficulty),))
    else:
        assert args.pool is not None
        pool = _pool(who, args.pool)
        difficulty = against(game, args.vs) if args.vs is not None else None
    check_surge(game, who, args.surge)
    pool = with_modifiers(pool, who, bonus=args.bonus, penalty=args.penalty, surge=args.surge)
    if difficulty is not None:
        difficulty = roller_difficulty(difficulty, who, args.modifier)
    pool, difficulty = finish(plan, pool, difficulty, offbeat=args.offbeat)
    plan.close_window()
    land_before_action(plan, who)
    if who is not None:
        who = plan.get(who.name)
    record = make_check(
        plan,
        who,
        "check",
        pool,
        difficulty,
        raises=args.raises,
        results=args.results,
        surge=args.surge,
        label=args.label or "",
        team=in_team,
    )
    if in_team and plan.game.team is not None and plan.game.team.done:
        plan.say(*result_lines(plan.game.team, plan.game, plan.mod("pc-wins-ties")))
    return plan.decision(
        data={
            "id": record.id,
            "score": record.score,
            "edge": record.edge,
            "success": record.success,
        }
    )


def _roller(ctx: Context, args: CheckArgs) -> Character | None:
    if args.character:
        return character(ctx, args.character)
    state = ctx.require_state()
    mine = [c for c, owner in state.meta.owners.items() if owner == ctx.actor.id]
    if not mine and is_gm(ctx) and args.pool is not None and args.pool.strip().isdigit():
        return None  # the Guide rolls a number of dice for no one in particular
    return own_character(ctx, None)


def _pool(who: Character | None, text: str) -> Pool:
    if text.strip().isdigit():
        dice = int(text)
        if dice > 40:
            raise Refusal(f"pool: {dice} dice is more than any Check takes; roll at most 40.")
        return Pool((("dice", dice),))
    if who is None:
        raise Refusal("An Attribute is a character's: add character:<name>, or give a number.")
    attribute = attribute_named(text)
    if attribute == "frame":
        raise Refusal("Frame is never Checked (characters.md, FRAME); it Soaks and carries.")
    return attribute_pool(who, attribute)


@dataclass(frozen=True)
class TwistArgs:
    kind: Annotated[
        str, Opt("the Twist: Delay (lose the next Action) or another agreed", choices=TWISTS)
    ] = "delay"
    what: Annotated[str | None, Opt("the consequence, as agreed", max_length=200)] = None
    character: Annotated[str | None, Opt("whose Check (default: the newest Check's roller)")] = None
    results: Annotated[str | None, Opt("the faces you rolled for the Edge dice")] = None


@commands.command(
    "twist",
    help="Call a Twist on the newest failed Check: re-roll its Edge dice, keep the Score, for a "
    "dramatic consequence (Delay by default: lose your next Action).",
    summary="Call a Twist on the newest failed Check: re-roll its Edge dice for a dramatic "
    "consequence.",
    permission=Permission.PLAYER,
    examples=("/twist", '/twist kind:waste what:"the lockpick snaps"'),
)
def twist(ctx: Context, args: TwistArgs) -> Decision:
    plan = Plan(ctx)
    game = plan.game
    old = game.last_check
    if old is None or not game.window_open:
        raise Refusal(
            "There is no Check to Twist: a Twist re-rolls the newest failed Check, before the "
            "next Action, Check or handoff."
        )
    if args.character and not same_name(args.character, old.roller or "-"):
        raise Refusal(
            f"The newest Check is #{old.id}, {old.roller or 'the GM'}'s; only it can be Twisted."
        )
    owner = ctx.require_state().meta.owner_of(old.roller) if old.roller else None
    if not is_gm(ctx) and owner != ctx.actor.id:
        raise Refusal(
            f"The newest Check is #{old.id}, {old.roller or 'the GM'}'s: only it can be Twisted, "
            f"by {'its player or ' if owner else ''}a GM."
        )
    if old.difficulty is None:
        raise Refusal(f"Check #{old.id} had no Difficulty, so it did not fail; nothing to Twist.")
    if old.success:
        raise Refusal(f"Check #{old.id} succeeded; a Twist is for a failure.")
    if old.edge == 0:
        raise Refusal(
            f"Check #{old.id} has no Edge: a Twist re-rolls Edge dice, and there are none."
        )
    if old.twists and not plan.mod("repeat-twists"):
        raise Refusal(
            f"Check #{old.id} was Twisted already: one Twist per Check (mod repeat-twists)."
        )
    try:
        faces = roll_dice(ctx.dice, [SIDES] * old.edge, args.results)
    except DiceError as error:
        raise Refusal(str(error)) from None
    new = old.model_copy(
        update={
            "kept": (*old.kept, *(f for f in old.faces if f <= 3)),
            "faces": faces,
            "twists": old.twists + 1,
        }
    )
    plan.add(ev.TwistCalled(check=new, kind=args.kind, what=args.what or ""))
    who = old.roller or "The GM"
    told = f": {args.what}" if args.what else ""
    plan.say(
        f"{who} calls a Twist on #{old.id} ({args.kind.capitalize()}{told}): "
        f"{old.edge} Edge {'die' if old.edge == 1 else 'dice'} rolled again."
    )
    plan.say(*reading_lines(new, twist_allowed=plan.mod("repeat-twists")))
    if new.action not in ("check", "other"):
        apply_outcome(plan, new)
    team = plan.game.team
    if new.team and team is not None and team.done:
        plan.say(*result_lines(team, plan.game, plan.mod("pc-wins-ties")))
    if args.kind == "delay" and old.roller:
        _delay(plan, old.roller)
    settle(plan)
    return plan.decision(
        data={"id": new.id, "score": new.score, "edge": new.edge, "success": new.success}
    )


def _delay(plan: Plan, name: str) -> None:
    """engine.md, Twists: Delay loses the next Action -- this Round's if it is still to come,
    else the next Round's (checklist D28); outside Initiative it is only said."""
    init = plan.game.initiative
    if init is None or name not in init.order.participants:
        plan.say(f"Delay: {name} loses their next Action (no Initiative is running to track it).")
        return
    begun = any(p.done for p in init.splits.get(name, ()))
    if (
        init.order.has_turn(name)
        and not begun
        and not (init.order.current == name and init.passing)
    ):
        lose_action(plan, name, "Delay")
        return
    plan.add(ev.DelayChanged(character=name, delayed=True))
    plan.say(f"Delay: {name} loses their Action in the next Round.")
