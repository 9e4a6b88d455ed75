"""``/act``: take one of the twelve Actions (scenes.md, Actions).

In Initiative an Action is the character's Action for the Round (or a part of a split one, or
the one they Waited for); a Defend answers a held hit at once, even out of turn. The pool and
Difficulty come from the sheets (``rules``); the Check is rolled with its odds shown first;
the outcome applies (``outcomes``); then Initiative passes by the volleyball rules (``volley``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.turns import sit_out
from scenekeeper.systems.mettle import events as ev
from scenekeeper.systems.mettle.check_making import make_check
from scenekeeper.systems.mettle.checks import Pool
from scenekeeper.systems.mettle.damage import land_before_action
from scenekeeper.systems.mettle.initiative import is_turn, set_initiative
from scenekeeper.systems.mettle.outcomes import apply_outcome, defenders_of, settle
from scenekeeper.systems.mettle.plan import Plan
from scenekeeper.systems.mettle.pools import (
    check_surge,
    finish,
    roller_difficulty,
    with_modifiers,
)
from scenekeeper.systems.mettle.rules import ACTIONS, RULES, Setup
from scenekeeper.systems.mettle.sheet import Character, title
from scenekeeper.systems.mettle.state import CheckRecord, Initiative, SplitPart, may_act_for
from scenekeeper.systems.mettle.volley import pass_on
from scenekeeper.systems.mettle.whose_turn import turn_character

commands = CommandSet(systems=frozenset({"mettle"}))


@dataclass(frozen=True)
class Act:
    action: Annotated[str, Opt("one of the twelve Actions, or other", choices=ACTIONS)]
    character: Annotated[str | None, Opt("who acts (default: the character you play)")] = None
    target: Annotated[
        str | None, Opt('whom it aims at; Parley and Sneak: a group too, like "Thug, Boss"')
    ] = None
    pool: Annotated[
        str | None, Opt("a higher Concept in place of the usual Attribute; other: the Attribute")
    ] = None
    vs: Annotated[
        str | None,
        Opt("the Guide's Difficulty: a number or routine..nigh-impossible (Know, Move, Use...)"),
    ] = None
    modifier: Annotated[
        int,
        Opt(
            "added to the Difficulty, for cover, light, rations and the like",
            min_value=-20,
            max_value=20,
        ),
    ] = 0
    weapon: Annotated[str | None, Opt("the weapon used (default: the one carried, or Unarmed)")] = (
        None
    )
    stun: Annotated[bool, Opt("a Stun Attack: a felling blow Incapacitates instead")] = False
    zones: Annotated[
        int | None, Opt("Zones between attacker and target (ranged Attacks)", min_value=0)
    ] = None
    bonus: Annotated[
        int, Opt("die bonus +nD (tools, good strategy)", min_value=0, max_value=10)
    ] = 0
    penalty: Annotated[
        int, Opt("die penalty -nD (the largest penalty counts)", min_value=0, max_value=10)
    ] = 0
    raises: Annotated[
        int, Opt("Raises: dice set to six before the Check", min_value=0, max_value=20)
    ] = 0
    surge: Annotated[
        int,
        Opt("Mettle spent for +1D each (in Initiative; at most Motive)", min_value=0, max_value=20),
    ] = 0
    offbeat: Annotated[
        bool, Opt("Concept off its Descriptor (or out of character): Difficulty x2 or half pool")
    ] = False
    results: Annotated[str | None, Opt("the faces you rolled, one per die rolled")] = None
    label: Annotated[str | None, Opt("what it is for", max_length=80)] = None


@commands.command(
    "act",
    help="Take one of the twelve Actions (Aid, Attack, Defend, Know, Move, Parley, Race, Rally, "
    "Rattle, Sneak, Travel, Use): the Check from the sheets, its outcome, Initiative passes on.",
    summary="Take one of the twelve Actions: the Check from the sheets, its outcome; Initiative "
    "passes on.",
    permission=Permission.PLAYER,
    examples=(
        "/act action:attack target:Thug weapon:Sword",
        "/act action:defend",
        "/act action:rally",
        "/act action:use vs:daunting",
    ),
)
def act(ctx: Context, args: Act) -> Decision:
    plan = Plan(ctx)
    who = turn_character(ctx, args.character, defending=args.action == "defend")
    may_act_for(ctx, who)
    action = args.action
    lost = who.lost_action()
    if lost:
        raise Refusal(f"{who.name} is {title(lost)}: no Action (engine.md, Taking Damage).")
    mode = _turn(plan, who, action)
    part = _part(plan.game.initiative, who, action, mode)
    plan.close_window()
    if who.statuses.get("total-cover") == 1:
        # scenes.md, Cover: popped out, only Partial "until their next Action".
        plan.add(ev.StatusGained(character=who.name, status="total-cover", reason="back in cover"))
    if action != "defend":
        land_before_action(plan, who)
    setup = RULES[action](plan.game, plan.get(who.name), args)
    if setup.pool is None and args.results:
        raise Refusal(
            f"This {title(action)} makes no Check, so no dice are rolled: leave out results: "
            "(or give vs: when it needs a Check)."
        )
    record = _roll(plan, plan.get(who.name), action, setup, part=part, args=args)
    _after(plan, who.name, setup.target, mode, part)
    settle(plan)
    return plan.decision(data=_data(action, record))


def _roll(
    plan: Plan, who: Character, action: str, setup: Setup, *, part: SplitPart | None, args: Act
) -> CheckRecord | None:
    if setup.pool is None:
        running = plan.game.initiative is not None and who.name in plan.game.initiative.moved
        extra = " With the Free Move first, that is running: two Zones." if running else ""
        plan.say(f"{who.name} takes the {title(action)} Action (no Check).{extra}")
        return None
    check_surge(plan.game, who, args.surge)
    pool = setup.pool
    if part is not None:
        # scenes.md, Split Actions: the part's share of the split pool replaces the Attribute.
        pool = Pool((("dice", part.dice),))
    pool = with_modifiers(pool, who, bonus=args.bonus, penalty=args.penalty, surge=args.surge)
    difficulty = setup.difficulty
    if difficulty is not None:
        difficulty = roller_difficulty(difficulty, who, args.modifier)
    pool, difficulty = finish(plan, pool, difficulty, offbeat=args.offbeat)
    if action == "attack" and "total-cover" in who.statuses:
        plan.add(
            ev.StatusGained(character=who.name, status="total-cover", value=1, reason="popped out")
        )
        plan.say(f"{who.name} pops out of Total Cover: only Partial Cover until their next Action.")
        who = plan.get(who.name)
    record = make_check(
        plan,
        who,
        action,
        pool,
        difficulty,
        raises=args.raises,
        results=args.results,
        surge=args.surge,
        label=args.label or "",
        weapon=", ".join(n for n in (setup.note, "split" if part else "") if n),
        target=setup.target,
        involved=setup.involved,
        dm=setup.dm,
        hit=setup.hit,
    )
    if record.dice > 0:
        apply_outcome(plan, record)
    return record


def _turn(plan: Plan, who: Character, action: str) -> str:
    """How ``who`` may act now: "free" (no Initiative), "turn", "wait" (the Action they held)
    or "defend" (answering a held hit out of turn) -- else a refusal saying why not."""
    init = plan.game.initiative
    if init is None:
        return "free"
    name, order = who.name, init.order
    if name not in order.participants:
        listed = ", ".join(order.participants)
        raise Refusal(f"{name} is not in this Initiative ({listed}); a GM may restart it.")
    if init.waiting.get(name) == action:
        return "wait"
    if is_turn(init, name):
        return "turn"
    hit = plan.game.held_hit
    if action == "defend" and hit is not None and name in defenders_of(plan, hit):
        return "defend"
    if order.current == name and (init.passing or init.gm_picks):
        if init.parts_left(name):
            raise Refusal(
                f"{name} has taken a part of their split Action; pass Initiative first "
                f"(/order handoff to:<name>; to:{name} goes on with the rest)."
            )
        raise Refusal(f"{name} has taken their Action; pass Initiative: /order handoff to:<name>.")
    if name in init.waiting:
        raise Refusal(
            f"{name} waits to {init.waiting[name]} and a Wait cannot change its type; take that "
            "Action when you choose, or /order rejoin at the start of a Round."
        )
    if name in init.lost:
        raise Refusal(f"{name} has no Action this Round ({init.lost[name]}).")
    if name in order.acted or name in order.out:
        raise Refusal(
            f"{name} has acted this Round; their next Action comes in Round {order.round + 1}."
        )
    if order.current is None:
        raise Refusal(f"Round {order.round} is over: /order next lead:<name> starts the next.")
    raise Refusal(
        f"It is {order.current}'s turn; {name} acts when Initiative comes to them "
        "(or Waits for the moment: /order wait on their turn)."
    )


def _part(init: Initiative | None, who: Character, action: str, mode: str) -> SplitPart | None:
    if init is None or mode not in ("turn", "defend"):
        return None
    parts = init.parts_left(who.name)
    if not parts:
        return None
    found = next((p for p in parts if p.action == action), None)
    if found is None:
        left = ", ".join(f"{p.action} {p.dice}D" for p in parts)
        raise Refusal(
            f"{who.name} split their Action ({left} left); take one of those, or /order handoff "
            "to drop the rest."
        )
    return found


def _after(plan: Plan, name: str, target: str | None, mode: str, part: SplitPart | None) -> None:
    init = plan.game.initiative
    if init is None:
        return
    order = init.order
    if mode == "wait":
        waiting = {n: a for n, a in init.waiting.items() if n != name}
        # Between Rounds the Wait was why they had no Action; used, it is no reason any more.
        lost = {n: r for n, r in init.lost.items() if n != name or not r.startswith("waiting")}
        update = {"waiting": waiting, "lost": lost}
        set_initiative(plan, init.model_copy(update=update), f"{name} stops waiting")
        plan.say(_stays(init, name, "takes the Action they waited for"))
    elif mode == "defend":
        if part is not None:
            init = done_part(init, name, part.action)
        if not init.parts_left(name):
            init = init.model_copy(update={"order": sit_out(order, name)})
        moved = init
        set_initiative(plan, moved, f"{name} defends out of turn")
        plan.say(_stays(init, name, "Defends, which uses their Action this Round"))
    elif order.current == name and not init.passing:
        left = False
        if part is not None:
            init = done_part(init, name, part.action)
            set_initiative(plan, init, f"{name} takes a part of the split")
            left = bool(init.parts_left(name))
        pass_on(plan, name, target, finished=not left)


def done_part(init: Initiative, name: str, action: str) -> Initiative:
    """The first part of ``name``'s split still to take for ``action`` is done."""
    parts, marked = [], False
    for p in init.splits.get(name, ()):
        if not marked and not p.done and p.action == action:
            parts.append(p.model_copy(update={"done": True}))
            marked = True
        else:
            parts.append(p)
    return init.model_copy(update={"splits": {**init.splits, name: tuple(parts)}})


def _stays(init: Initiative, name: str, what: str) -> str:
    now = init.order.current
    where = f"Initiative stays with {now}" if now and now != name else "Initiative does not move"
    return f"{name} {what}; {where}."


def _data(action: str, record: CheckRecord | None) -> dict[str, Any]:
    if record is None:
        return {"action": action, "check": None}
    return {
        "action": action,
        "check": {
            "id": record.id,
            "dice": record.dice,
            "faces": list(record.faces),
            "score": record.score,
            "edge": record.edge,
            "difficulty": record.difficulty,
            "success": record.success,
        },
    }
