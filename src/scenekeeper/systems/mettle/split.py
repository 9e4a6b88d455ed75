"""``/order split``: Split Actions (scenes.md, Split Actions).

Take more than one Action by splitting one pool: use the highest of the Actions' pools and
divide it as evenly as possible, never giving a part more dice than its own Action's pool (a
5D Attack makes two Attacks, 3D and 2D). All parts are declared now. Checklist D27: each part
has at least 1D; dice a capped part cannot take go to the others; the player may say which part
gets the odd die (``dice:``). Initiative passes after each part; the splitter keeps their Action
until the last one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from scenekeeper.engine.commands import CommandSet, Context, Decision, Opt, Permission
from scenekeeper.engine.errors import Refusal
from scenekeeper.systems.mettle.initiative import is_turn, set_initiative
from scenekeeper.systems.mettle.order_commands import running
from scenekeeper.systems.mettle.plan import Plan
from scenekeeper.systems.mettle.pools import rated
from scenekeeper.systems.mettle.rules import BASE, weapon_of
from scenekeeper.systems.mettle.sheet import Character, title
from scenekeeper.systems.mettle.state import SplitPart, may_act_for
from scenekeeper.systems.mettle.whose_turn import turn_character

commands = CommandSet(systems=frozenset({"mettle"}))


@dataclass(frozen=True)
class Split:
    parts: Annotated[str, Opt('the Actions, in order, like "attack, move" or "attack, attack"')]
    dice: Annotated[
        str | None, Opt('dice per part, like "3 2" (default: as evenly as possible)')
    ] = None
    character: Annotated[str | None, Opt("who splits (default: the character you play)")] = None
    weapon: Annotated[str | None, Opt("the weapon whose Hit adds to an Attack's pool")] = None


def own_pool(who: Character, action: str, weapon: str | None) -> int:
    pool = rated(who, BASE[action])
    if action in ("attack", "defend"):
        gear = weapon_of(who, weapon)
        # checklist R105: a weapon's Hit is part of the Attack's pool before splitting.
        pool += gear.hit + (gear.defend if action == "defend" else 0)
    return pool


def even(total: int, caps: list[int]) -> list[int]:
    """``total`` dice over parts capped at ``caps``, as evenly as possible, earlier parts
    taking the odd die."""
    dealt = [0] * len(caps)
    for _ in range(total):
        open_ = [i for i in range(len(caps)) if dealt[i] < caps[i]]
        if not open_:
            break
        pick = min(open_, key=lambda i: (dealt[i], i))
        dealt[pick] += 1
    return dealt


def _check_dice(given: list[int], total: int, caps: list[int], actions: list[str]) -> None:
    if len(given) != len(caps) or sum(given) != total:
        raise Refusal(
            f"dice: gives {len(given)} part(s) {sum(given)} dice; the split shares {total} dice "
            f"over {len(caps)} parts."
        )
    for n, cap, action in zip(given, caps, actions, strict=True):
        if not 1 <= n <= cap:
            raise Refusal(f"dice: {action} takes 1 to {cap} dice (its own pool), not {n}.")
    for i, n in enumerate(given):
        for j, m in enumerate(given):
            if n - m > 1 and m < caps[j]:
                fair = " ".join(map(str, even(total, caps)))
                raise Refusal(
                    f"dice: {' '.join(map(str, given))} is not as even as it can be "
                    f"({actions[i]} {n}, {actions[j]} {m}); parts differ by one die at most, like "
                    f'dice:"{fair}" (the odd die may go to another part), or leave out dice:.'
                )


@commands.command(
    "order split",
    help="Split your Action: several Actions share the highest of their pools, divided as "
    "evenly as possible; Initiative passes after each part.",
    summary="Split your Action: several Actions share the highest of their pools.",
    permission=Permission.PLAYER,
    examples=(
        '/order split parts:"attack, attack"',
        '/order split parts:"attack, move" dice:"2 3"',
    ),
)
def split(ctx: Context, args: Split) -> Decision:
    plan = Plan(ctx)
    init = running(plan)
    who = turn_character(ctx, args.character)
    may_act_for(ctx, who)
    if not is_turn(init, who.name):
        raise Refusal(f"{who.name} splits their Action on their own turn, before taking it.")
    if init.splits.get(who.name):
        raise Refusal(f"{who.name} has split their Action this Round already.")
    actions = [a.strip().casefold() for a in args.parts.split(",") if a.strip()]
    wrong = [a for a in actions if a not in BASE]
    if wrong:
        raise Refusal(f"'{wrong[0]}' is not an Action to split; choose from {', '.join(BASE)}.")
    if len(actions) < 2:
        raise Refusal('A split needs two Actions or more: parts:"attack, move".')
    caps = [own_pool(who, a, args.weapon) for a in actions]
    total = max(caps)
    if total < len(actions):
        dice = f"{total} {'die' if total == 1 else 'dice'}"
        raise Refusal(f"{dice} cannot make {len(actions)} parts of at least 1D each.")
    if args.dice is None:
        dealt = even(total, caps)
    else:
        try:
            dealt = [int(n) for n in args.dice.replace(",", " ").split()]
        except ValueError:
            raise Refusal('dice: takes whole numbers, one a part, like dice:"3 2".') from None
        _check_dice(dealt, total, caps, actions)
    parts = tuple(SplitPart(action=a, dice=n) for a, n in zip(actions, dealt, strict=True))
    plan.close_window()
    set_initiative(
        plan,
        init.model_copy(update={"splits": {**init.splits, who.name: parts}}),
        f"{who.name} splits the Action",
    )
    shown = ", ".join(f"{title(p.action)} {p.dice}D" for p in parts)
    plan.say(
        f"{who.name} splits their Action ({total}D, the highest pool): {shown}.",
        "Take each part with /act; Initiative passes after each, and comes back for the rest.",
    )
    return plan.decision()
